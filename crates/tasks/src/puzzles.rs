//! The puzzles' counting work: minimum dominating sets of queens and
//! queens separated by the fewest pawns. The kernel cuts each counting
//! search into independent parts; each part is one piece. The minimum
//! itself (γ, the fewest pawns) is found first by the kernel on the
//! calling thread: it is fast next to the count, and the parts depend on
//! it.

use nqueens_puzzles::{dominate, pawns};
use nqueens_sched::{Error, Found, Work};

/// How many queens deep the domination search is cut: about `(3n)^2`
/// parts, plenty for a pool and a smooth progress bar.
pub(crate) const DOMINATION_DEPTH: usize = 2;

/// The parts of a minimum-dominating-set count.
pub(crate) struct Dominating {
    d: dominate::Domination,
    parts: Vec<dominate::Part>,
}

impl Dominating {
    /// The parts of `n`'s count, or the puzzle's refusal of the board
    /// (in its own words).
    pub(crate) fn new(n: usize) -> Result<Dominating, Error> {
        let d = dominate::Domination::new(n).map_err(|e| Error::Kind(Box::new(e)))?;
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
    fn count(&self, index: usize, _: &mut (), _: usize) -> Option<Found> {
        Some(self.d.count_part(&self.parts[index]).into())
    }
}

/// The parts of a count of queens with the fewest pawns.
pub(crate) struct WithPawns {
    problem: pawns::Problem,
    parts: Vec<pawns::Part>,
}

impl WithPawns {
    /// The parts of the count of `queens` queens on `n`, or the puzzle's
    /// refusal of them (in its own words).
    pub(crate) fn new(n: usize, queens: usize) -> Result<WithPawns, Error> {
        let problem = pawns::Problem::new(n, queens).map_err(|e| Error::Kind(Box::new(e)))?;
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
    fn count(&self, index: usize, _: &mut (), _: usize) -> Option<Found> {
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

    use crate::Task;

    fn count(task: Task, n: usize, threads: usize, hooks: &Hooks) -> Result<u128, Error> {
        let opts = Options {
            threads: Threads::new(threads).unwrap(),
            ..Options::sequential()
        };
        count_task(
            &Checked::new(task, Board::new(n).unwrap(), opts).unwrap(),
            hooks,
        )
        .map(|r| r.counts.total)
    }

    #[test]
    fn threads_do_not_change_the_counts() {
        let none = Hooks::watching(&NoProgress);
        for n in 1..=9 {
            let d = super::dominate::Domination::new(n).unwrap();
            let one = u128::from(d.count(&d.minimum()).solutions);
            for threads in [1, 2, 3] {
                assert_eq!(
                    count(Task::Dominate, n, threads, &none).unwrap(),
                    one,
                    "n = {n}"
                );
            }
        }
        let p = super::pawns::Problem::new(9, 10).unwrap();
        let one = u128::from(p.count(&p.minimum()).solutions);
        for threads in [1, 2, 4] {
            let t = count(Task::Pawns { queens: 10 }, 9, threads, &none).unwrap();
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
        fn done(&self, i: u64, _: nqueens_sched::Found) {
            self.done.lock().unwrap().push(i);
        }
    }

    #[test]
    fn every_part_is_reported_once() {
        let seen = Seen::default();
        count(Task::Dominate, 7, 2, &Hooks::watching(&seen)).unwrap();
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
        let e = count(Task::Dominate, 6, 1, &hooks).unwrap_err();
        assert!(matches!(e, Error::Interrupted { done: 0, .. }), "{e}");
    }
}
