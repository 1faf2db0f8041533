//! The level-by-level design: all placements of k queens, then k + 1.

use nqueens_kernel::{
    reference::{levels_capped, LEVELS_MAX_N},
    Board,
};

use super::Solver;
use crate::{Error, Hooks, Options, Outcome, Search, Total};

/// Breadth-first: keeps one whole level of partial placements in memory.
#[derive(Clone, Copy, Debug, Default)]
pub struct Levels;

impl Solver for Levels {
    fn name(&self) -> &'static str {
        "levels"
    }
    fn description(&self) -> &'static str {
        "level by level: every valid placement of k queens, then k + 1 (reports every level's size: 8, 42, 140, 344, 568, 550, 312, 92 at n = 8)"
    }
    fn max_n(&self) -> usize {
        LEVELS_MAX_N
    }
    fn budgeted(&self) -> bool {
        true
    }
    fn total(&self, board: Board, opts: &Options, _: &Hooks) -> Result<Outcome, Error> {
        let cap = opts
            .memory
            .map_or(usize::MAX, |m| usize::try_from(m).unwrap_or(usize::MAX));
        let l = levels_capped(board, cap).map_err(|_| Error::OverBudget {
            index: 0,
            share: opts.memory.unwrap_or(u64::MAX),
            threads: 1,
            done: 0,
            total: 1,
        })?;
        Ok(Outcome {
            total: Total::from(l.tally),
            search: Search {
                level_sizes: Some(l.sizes),
                ..Search::sequential()
            },
        })
    }
}
