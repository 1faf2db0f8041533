//! The kernel's one-thread count, unsplit.

use nqueens_kernel::{count_total, Board};

use super::Solver;
use crate::{Error, Hooks, Options, Outcome, Total};

/// The bitmask kernel with first-row half-mirroring, on one thread.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mirror;

impl Solver for Mirror {
    fn name(&self) -> &'static str {
        "mirror"
    }
    fn description(&self) -> &'static str {
        "bitmask kernel with first-row half-mirroring, one thread, no split"
    }
    fn total(&self, board: Board, _: &Options, _: &Hooks) -> Result<Outcome, Error> {
        Ok(Outcome::sequential(Total::from(count_total(board))))
    }
}
