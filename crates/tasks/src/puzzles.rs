//! The puzzles' counts as kinds of count: minimum dominating sets of
//! queens ([`Dominate`]) and queens separated by the fewest pawns
//! ([`Pawns`]). The kernel cuts each counting search into independent
//! parts; each part is one piece. The minimum itself (γ, the fewest
//! pawns) is found first by the kernel on the calling thread: it is fast
//! next to the count, and the parts depend on it. Neither counts the
//! symmetries of what it finds: a total only.

use nqueens_kernel::Board;
use nqueens_puzzles::{dominate, pawns};
use nqueens_sched::{
    run_pieces, Error, Hooks, Kind, Layout, Limit, Options, Search, Total, UniqueBy, Work,
};

/// How many queens deep the domination search is cut: about `(3n)^2`
/// parts, plenty for a pool and a smooth progress bar.
const DOMINATION_DEPTH: usize = 2;

/// The minimum dominating sets of queens (`dominate --count`), recorded
/// as the work `dominate`.
///
/// ```
/// use nqueens_sched::Kind;
/// use nqueens_tasks::Dominate;
/// assert!(Dominate.sizes().check("n", 14).unwrap_err().to_string()
///     .starts_with("n must be a whole number from 1 to 13 for dominate (its bit sets"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dominate;

impl Kind for Dominate {
    fn work(&self) -> String {
        "dominate".into()
    }
    fn solver(&self) -> &'static str {
        "dominate-search"
    }
    fn description(&self) -> &'static str {
        "the fewest queens that attack every square, and how many such sets there are"
    }
    fn unique_by(&self) -> UniqueBy {
        UniqueBy::Uncounted
    }
    /// The boards its bit sets hold.
    fn sizes(&self) -> Limit {
        Limit::new(
            1..=dominate::MAX_N,
            " for dominate (its bit sets hold 13 x 13, which counts in about 30 s on one thread)",
        )
    }
    fn depths(&self, _board: Board) -> Result<Limit, Error> {
        let d = DOMINATION_DEPTH;
        Ok(Limit::new(d..=d, format!(" for {}", self.work())))
    }
    fn layout(&self, board: Board, _opts: &Options) -> Result<Option<Layout>, Error> {
        Ok(Some(Layout {
            depth: DOMINATION_DEPTH,
            subproblems: Dominating::new(board)?.len(),
            prefix_nodes: 0,
        }))
    }
    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<(Total, Search), Error> {
        let parts = Dominating::new(board)?;
        run_pieces(&parts, DOMINATION_DEPTH, opts, hooks)
    }
}

/// The placements of `queens` queens with the fewest pawns
/// (`pawns --count`), recorded as the work `pawns-with-Q-queens`.
///
/// ```
/// use nqueens_sched::Kind;
/// use nqueens_tasks::Pawns;
/// let nine = Pawns { queens: 9 };
/// assert_eq!((nine.work().as_str(), nine.solver()), ("pawns-with-9-queens", "pawns-search"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pawns {
    /// Queens to place.
    pub queens: usize,
}

impl Kind for Pawns {
    fn work(&self) -> String {
        format!("pawns-with-{}-queens", self.queens)
    }
    fn solver(&self) -> &'static str {
        "pawns-search"
    }
    fn description(&self) -> &'static str {
        "queens kept apart by the fewest pawns, and how many such placements there are"
    }
    fn unique_by(&self) -> UniqueBy {
        UniqueBy::Uncounted
    }
    /// The boards measured to count in seconds.
    fn sizes(&self) -> Limit {
        Limit::new(
            1..=pawns::MEASURED_MAX_N,
            " for pawns (the measured limit: larger boards take minutes)",
        )
    }
    fn depths(&self, _board: Board) -> Result<Limit, Error> {
        Ok(Limit::new(1..=1, format!(" for {}", self.work())))
    }
    fn layout(&self, board: Board, _opts: &Options) -> Result<Option<Layout>, Error> {
        Ok(Some(Layout {
            depth: 1,
            subproblems: WithPawns::new(board, self.queens)?.len(),
            prefix_nodes: 0,
        }))
    }
    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<(Total, Search), Error> {
        run_pieces(&WithPawns::new(board, self.queens)?, 1, opts, hooks)
    }
}

/// The parts of a minimum-dominating-set count.
struct Dominating {
    d: dominate::Domination,
    parts: Vec<dominate::Part>,
}

impl Dominating {
    /// The parts of `board`'s count, or the puzzle's refusal of it (in
    /// its own words).
    fn new(board: Board) -> Result<Dominating, Error> {
        let d = dominate::Domination::new(board).map_err(|e| Error::Kind(Box::new(e)))?;
        let parts = d.parts(&d.minimum(), DOMINATION_DEPTH);
        Ok(Dominating { d, parts })
    }
}

impl Work for Dominating {
    type Scratch = ();
    fn len(&self) -> usize {
        self.parts.len()
    }
    fn piece_bytes(&self) -> u64 {
        std::mem::size_of::<dominate::Part>() as u64
    }
    fn count(&self, index: usize, _: &mut (), _: usize) -> Option<Total> {
        Some(self.d.count_part(&self.parts[index]).into())
    }
}

/// The parts of a count of queens with the fewest pawns.
struct WithPawns {
    problem: pawns::Problem,
    parts: Vec<pawns::Part>,
}

impl WithPawns {
    /// The parts of the count of `queens` queens on `board`, or the
    /// puzzle's refusal of them (in its own words).
    fn new(board: Board, queens: usize) -> Result<WithPawns, Error> {
        let problem = pawns::Problem::new(board, queens).map_err(|e| Error::Kind(Box::new(e)))?;
        let parts = problem.parts(&problem.minimum());
        Ok(WithPawns { problem, parts })
    }
}

impl Work for WithPawns {
    type Scratch = ();
    fn len(&self) -> usize {
        self.parts.len()
    }
    fn piece_bytes(&self) -> u64 {
        std::mem::size_of::<pawns::Part>() as u64
    }
    fn count(&self, index: usize, _: &mut (), _: usize) -> Option<Total> {
        Some(self.problem.count_part(&self.parts[index]).into())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use nqueens_kernel::Board;

    use nqueens_sched::{
        count_task, Checked, Error, Hooks, NoProgress, Options, Stop, Threads, Watch,
    };

    use super::{Dominate, Pawns};

    fn count(
        task: impl nqueens_sched::Kind + 'static,
        n: usize,
        threads: usize,
        hooks: &Hooks,
    ) -> Result<u128, Error> {
        let opts = Options {
            threads: Threads::new(threads).unwrap(),
            ..Options::sequential()
        };
        count_task(
            &Checked::new(task, Board::new(n).unwrap(), opts).unwrap(),
            hooks,
        )
        .map(|(r, _)| r.solutions)
    }

    #[test]
    fn threads_do_not_change_the_counts() {
        let none = Hooks::watching(&NoProgress);
        for n in 1..=9 {
            let d = super::dominate::Domination::new(Board::new(n).unwrap()).unwrap();
            let one = u128::from(d.count(&d.minimum()).solutions);
            for threads in [1, 2, 3] {
                assert_eq!(count(Dominate, n, threads, &none).unwrap(), one, "n = {n}");
            }
        }
        let p = super::pawns::Problem::new(Board::new(9).unwrap(), 10).unwrap();
        let one = u128::from(p.count(&p.minimum()).solutions);
        for threads in [1, 2, 4] {
            let t = count(Pawns { queens: 10 }, 9, threads, &none).unwrap();
            assert_eq!((t, one), (396, 396));
        }
    }

    /// Records what the engine reports.
    #[derive(Default)]
    struct Seen {
        started: Mutex<usize>,
        done: Mutex<Vec<u64>>,
    }

    impl Watch for Seen {
        fn start(&self, n: usize) {
            *self.started.lock().unwrap() = n;
        }
        fn done(&self, i: u64, _: nqueens_sched::Total) {
            self.done.lock().unwrap().push(i);
        }
    }

    #[test]
    fn every_part_is_reported_once() {
        let seen = Seen::default();
        count(Dominate, 7, 2, &Hooks::watching(&seen)).unwrap();
        let mut done = seen.done.into_inner().unwrap();
        done.sort_unstable();
        let started = seen.started.into_inner().unwrap();
        assert_eq!(done, (0..started as u64).collect::<Vec<_>>());
        assert!(started > 1);
    }

    #[test]
    fn a_stop_request_interrupts() {
        struct Halt;
        impl Stop for Halt {
            fn stop(&self) -> bool {
                true
            }
        }
        let hooks = Hooks {
            stop: &Halt,
            ..Hooks::watching(&NoProgress)
        };
        let e = count(Dominate, 6, 1, &hooks).unwrap_err();
        assert!(matches!(e, Error::Interrupted { done: 0, .. }), "{e}");
    }
}
