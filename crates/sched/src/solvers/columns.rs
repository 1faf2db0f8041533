//! The Turbo Pascal design: the free columns passed down the recursion.

use nqueens_kernel::{reference::free_columns, Board};

use super::Solver;
use crate::{Error, Hooks, Options, Outcome, Total};

/// Passes down the array of columns still free, so only diagonals are tested.
#[derive(Clone, Copy, Debug, Default)]
pub struct Columns;

impl Solver for Columns {
    fn name(&self) -> &'static str {
        "columns"
    }
    fn description(&self) -> &'static str {
        "free-column array passed down the recursion, only diagonals tested (Turbo Pascal design)"
    }
    fn total(&self, board: Board, _: &Options, _: &Hooks) -> Result<Outcome, Error> {
        Ok(Outcome::sequential(Total::from(free_columns(board))))
    }
}
