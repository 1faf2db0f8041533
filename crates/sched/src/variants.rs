//! The variants of the problem (torus, no three in line) counted on a pool:
//! one task per first-row column, the tallies added up.
//!
//! The columns' work is very uneven for no-three-in-line (and equal on the
//! torus), so rayon's work stealing spreads them; each task is the kernel's
//! [`Variant::count_column`], which also classifies every solution's
//! symmetries, so the unique count needs no search of its own.

use std::time::Instant;

use nqueens_kernel::Board;
use nqueens_puzzles::variant::{Variant, VariantTally};
use rayon::prelude::*;

use crate::{pool, Error};

/// The result of one variant count: plain data, ready to print.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VariantReport {
    /// The variant counted.
    pub variant: Variant,
    /// Board side.
    pub n: usize,
    /// Threads used.
    pub threads: usize,
    /// Number of tasks: one per first-row column.
    pub subproblems: usize,
    /// Solutions, nodes and symmetries, summed over the columns.
    pub tally: VariantTally,
    /// Orbits under the 8 symmetries of the square (Burnside's lemma).
    pub unique: u128,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Counts `variant` on `board` with `threads` threads (1 runs on the
/// calling thread).
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_puzzles::variant::Variant;
/// let r = nqueens_sched::count_variant(Variant::Torus, Board::new(7).unwrap(), 2).unwrap();
/// assert_eq!((r.tally.solutions, r.unique, r.subproblems), (28, 4, 7));
/// ```
pub fn count_variant(
    variant: Variant,
    board: Board,
    threads: usize,
) -> Result<VariantReport, Error> {
    let start = Instant::now();
    let n = board.n();
    let threads = threads.min(n).max(usize::from(threads > 0));
    let tally = pool::run_on(threads, || {
        (0..n)
            .into_par_iter()
            .map(|c| variant.count_column(board, c))
            .sum::<VariantTally>()
    })?;
    Ok(VariantReport {
        variant,
        n,
        threads,
        subproblems: n,
        unique: tally.unique(board),
        tally,
        seconds: start.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_thread_count_gives_the_sequential_tally() {
        for variant in Variant::ALL {
            for n in [1, 5, 8, 11] {
                let board = Board::new(n).unwrap();
                let alone = variant.count(board);
                for threads in [1, 2, 3, 16] {
                    let r = count_variant(variant, board, threads).unwrap();
                    assert_eq!(r.tally, alone, "{variant:?}, n = {n}, {threads} threads");
                    assert!(r.threads <= n.max(1));
                }
            }
        }
    }

    #[test]
    fn zero_threads_is_an_error() {
        let board = Board::new(5).unwrap();
        assert!(matches!(
            count_variant(Variant::Torus, board, 0),
            Err(Error::NoThreads)
        ));
    }
}
