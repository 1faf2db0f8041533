//! The two placement puzzles beside the n-queens count, fanned out over a
//! pool: minimum dominating sets of queens ([`count_dominating`]) and
//! queens separated by the fewest pawns ([`count_with_pawns`]).
//!
//! The kernel cuts each counting search into independent parts; here each
//! part is one task (idle threads steal the rest), reported to the
//! caller's [`Progress`] as it finishes. The minimum itself (γ, the fewest
//! pawns) is found first by the kernel on the calling thread: it is fast
//! next to the count, and the parts depend on it.
//!
//! ```
//! use nqueens_puzzles::dominate::Domination;
//! use nqueens_sched::{puzzles, NoProgress};
//! let d = Domination::new(8).unwrap();
//! let min = d.minimum();
//! assert_eq!(puzzles::count_dominating(&d, &min, 2, &NoProgress).unwrap().solutions, 4860);
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};

use nqueens_kernel::Tally;
use nqueens_puzzles::{dominate, pawns};
use rayon::prelude::*;

use crate::{pool, Error, Progress, Total};

/// How many queens deep the domination search is cut: about `(3n)^2`
/// parts, plenty for a pool and a smooth progress bar.
const DOMINATION_DEPTH: usize = 2;

/// Counts the minimum dominating sets of `d` (`minimum` from
/// [`dominate::Domination::minimum`]) on `threads` threads.
///
/// ```
/// use nqueens_puzzles::dominate::Domination;
/// use nqueens_sched::{puzzles, NoProgress};
/// let d = Domination::new(6).unwrap();
/// let t = puzzles::count_dominating(&d, &d.minimum(), 1, &NoProgress).unwrap();
/// assert_eq!(t.solutions, 4);
/// ```
pub fn count_dominating(
    d: &dominate::Domination,
    minimum: &dominate::Minimum,
    threads: usize,
    progress: &dyn Progress,
) -> Result<Total, Error> {
    let parts = d.parts(minimum, DOMINATION_DEPTH);
    run_parts(&parts, threads, progress, |p| d.count_part(p))
}

/// Counts the placements of `problem`'s queens with the fewest pawns
/// (`minimum` from [`pawns::Problem::minimum`]) on `threads` threads.
///
/// ```
/// use nqueens_puzzles::pawns::Problem;
/// use nqueens_sched::{puzzles, NoProgress};
/// let p = Problem::new(8, 9).unwrap();
/// let t = puzzles::count_with_pawns(&p, &p.minimum(), 2, &NoProgress).unwrap();
/// assert_eq!(t.solutions, 128);
/// ```
pub fn count_with_pawns(
    problem: &pawns::Problem,
    minimum: &pawns::Minimum,
    threads: usize,
    progress: &dyn Progress,
) -> Result<Total, Error> {
    let parts = problem.parts(minimum);
    run_parts(&parts, threads, progress, |p| problem.count_part(p))
}

/// Counts every part, in index order on one thread, one task per part on
/// more; asks [`Progress::stop`] before each.
fn run_parts<P: Sync>(
    parts: &[P],
    threads: usize,
    progress: &dyn Progress,
    count: impl Fn(&P) -> Tally + Sync,
) -> Result<Total, Error> {
    progress.start(parts.len());
    let skipped = AtomicUsize::new(0);
    let one = |(i, part): (usize, &P)| {
        if progress.stop() {
            skipped.fetch_add(1, Ordering::Relaxed);
            return Total::default();
        }
        let t = count(part);
        progress.done(i as u64, t);
        Total::from(t)
    };
    let total = pool::run_on(threads, || {
        if threads > 1 {
            parts
                .par_iter()
                .enumerate()
                .with_max_len(1)
                .map(one)
                .reduce(Total::default, |a, b| a + b)
        } else {
            parts
                .iter()
                .enumerate()
                .map(one)
                .fold(Total::default(), |a, b| a + b)
        }
    })?;
    match skipped.into_inner() {
        0 => Ok(total),
        k => Err(Error::Interrupted {
            done: parts.len() - k,
            total: parts.len(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoProgress;
    use std::sync::Mutex;

    /// Records what the scheduler reports.
    #[derive(Default)]
    struct Seen {
        started: Mutex<usize>,
        done: Mutex<Vec<u64>>,
    }

    impl Progress for Seen {
        fn start(&self, n: usize) {
            *self.started.lock().unwrap() = n;
        }
        fn done(&self, i: u64, _: Tally) {
            self.done.lock().unwrap().push(i);
        }
    }

    #[test]
    fn threads_do_not_change_the_counts() {
        for n in 1..=9 {
            let d = dominate::Domination::new(n).unwrap();
            let min = d.minimum();
            let one = d.count(&min);
            for threads in [1, 2, 3] {
                let t = count_dominating(&d, &min, threads, &NoProgress).unwrap();
                assert_eq!(t.solutions, u128::from(one.solutions), "n = {n}");
            }
        }
        let p = pawns::Problem::new(9, 10).unwrap();
        let min = p.minimum();
        for threads in [1, 2] {
            let t = count_with_pawns(&p, &min, threads, &NoProgress).unwrap();
            assert_eq!(t.solutions, 396);
        }
    }

    #[test]
    fn every_part_is_reported_once() {
        let d = dominate::Domination::new(7).unwrap();
        let seen = Seen::default();
        count_dominating(&d, &d.minimum(), 2, &seen).unwrap();
        let mut done = seen.done.into_inner().unwrap();
        done.sort_unstable();
        let started = seen.started.into_inner().unwrap();
        assert_eq!(done, (0..started as u64).collect::<Vec<_>>());
        assert!(started > 1);
    }

    #[test]
    fn a_stop_request_interrupts() {
        struct Stop;
        impl Progress for Stop {
            fn stop(&self) -> bool {
                true
            }
        }
        let d = dominate::Domination::new(6).unwrap();
        let e = count_dominating(&d, &d.minimum(), 1, &Stop).unwrap_err();
        assert!(matches!(e, Error::Interrupted { done: 0, .. }), "{e}");
        assert!(matches!(
            count_dominating(&d, &d.minimum(), 0, &NoProgress),
            Err(Error::NoThreads)
        ));
    }
}
