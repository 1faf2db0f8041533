//! Pair subproblems of the bitmask kernel (first-row and last-row queens,
//! one pair per orbit of the mirrors and the half turn) on a thread pool.

use nqueens_kernel::{pairs::PairSplit, Board};

use super::Solver;
use crate::{work::split, Error, Hooks, Options, Outcome};

/// Splits the board into canonical first-row/last-row pair subproblems and
/// counts them on all threads.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pairs;

impl Solver for Pairs {
    fn name(&self) -> &'static str {
        "pairs"
    }
    fn description(&self) -> &'static str {
        "bitmask kernel over canonical first-row/last-row column pairs (mirrors and half turn), fanned out over threads"
    }
    fn layout(&self, board: Board, opts: &Options) -> Result<Option<crate::Layout>, Error> {
        split::layout(board, opts, PairSplit::new).map(Some)
    }
    fn uses_threads(&self) -> bool {
        true
    }
    fn depths(&self, board: Board) -> Option<std::ops::RangeInclusive<usize>> {
        Some(1..=board.n())
    }
    fn budgeted(&self) -> bool {
        true
    }
    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<Outcome, Error> {
        split::run(board, opts, hooks, PairSplit::new)
    }
}
