//! The bitmask kernel without any symmetry: the whole tree.

use nqueens_kernel::{
    search::{count_from, State},
    Board,
};

use super::Solver;
use crate::{Error, Hooks, Options, Outcome, Total};

/// Bitmask depth-first search over the whole board, no mirroring.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bitmask;

impl Solver for Bitmask {
    fn name(&self) -> &'static str {
        "bitmask"
    }
    fn description(&self) -> &'static str {
        "bitmask depth-first search of the whole tree, no mirroring, one thread"
    }
    fn total(&self, board: Board, _: &Options, _: &Hooks) -> Result<Outcome, Error> {
        Ok(Outcome::sequential(Total::from(count_from(
            board,
            State::empty(),
        ))))
    }
}
