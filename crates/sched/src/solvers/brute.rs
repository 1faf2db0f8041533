//! Every permutation, checked at the end: the exhaustive brute force.

use nqueens_kernel::{
    reference::{brute_force, BRUTE_MAX_N},
    Board,
};

use super::Solver;
use crate::{Error, Hooks, Options, Outcome, Total};

/// Tries all `n!` one-per-row-and-column placements; nodes are permutations.
#[derive(Clone, Copy, Debug, Default)]
pub struct Brute;

impl Solver for Brute {
    fn name(&self) -> &'static str {
        "brute"
    }
    fn description(&self) -> &'static str {
        "all n! permutations, diagonals checked at the end (nodes = permutations)"
    }
    fn max_n(&self) -> usize {
        BRUTE_MAX_N
    }
    fn total(&self, board: Board, _: &Options, _: &Hooks) -> Result<Outcome, Error> {
        Ok(Outcome::sequential(Total::from(brute_force(board))))
    }
}
