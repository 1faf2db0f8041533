//! The level-by-level design: all placements of k queens, then k + 1.

use nqueens_kernel::{levels, Board, LEVELS_MAX_N};

use super::Solver;
use crate::{Error, Options, Outcome, Progress, Total};

/// Breadth-first: keeps one whole level of partial placements in memory.
#[derive(Clone, Copy, Debug, Default)]
pub struct Levels;

impl Solver for Levels {
    fn name(&self) -> &'static str {
        "levels"
    }
    fn description(&self) -> &'static str {
        "level by level: every valid placement of k queens, then k + 1 (reports its peak list)"
    }
    fn max_n(&self) -> usize {
        LEVELS_MAX_N
    }
    fn total(&self, board: Board, _: &Options, _: &dyn Progress) -> Result<Outcome, Error> {
        let l = levels(board);
        Ok(Outcome {
            peak_list: Some(l.peak),
            ..Outcome::sequential(Total::from(l.tally))
        })
    }
}
