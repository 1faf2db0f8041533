//! Prefix subproblems of the half-mirrored bitmask kernel on a thread pool.

use nqueens_kernel::{split::Split, Board};

use super::Solver;
use crate::{work::split, Error, Hooks, Options, Outcome};

/// Splits the board into prefix subproblems (the placements of the first
/// rows, first row halved by the mirror) and counts them on all threads.
#[derive(Clone, Copy, Debug, Default)]
pub struct Parallel;

impl Solver for Parallel {
    fn name(&self) -> &'static str {
        "parallel"
    }
    fn description(&self) -> &'static str {
        "bitmask kernel with first-row half-mirroring, prefix subproblems fanned out over threads"
    }
    fn layout(&self, board: Board, opts: &Options) -> Result<Option<crate::Layout>, Error> {
        split::layout(board, opts, Split::new).map(Some)
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
        split::run(board, opts, hooks, Split::new)
    }
}
