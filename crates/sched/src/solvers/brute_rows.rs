//! One queen per row, every choice of columns checked whole: the article
//! 003's "une seule dame par rangée", n^n placements.

use nqueens_kernel::{reference::exhaustive::one_per_row, Board};

use super::Solver;
use crate::{Error, Hooks, Options, Outcome, Total};

/// Tries all n^n one-per-row placements; nodes are the placements.
#[derive(Clone, Copy, Debug, Default)]
pub struct BruteRows;

impl Solver for BruteRows {
    fn name(&self) -> &'static str {
        "brute-rows"
    }
    fn description(&self) -> &'static str {
        "one queen per row, all n^n column choices, each checked whole (nodes = placements; 003)"
    }
    /// Measured in a release build: n = 9's 387,420,489 placements take
    /// 1.9 s of CPU; n = 10's 10^10 take 50 s.
    fn max_n(&self) -> usize {
        9
    }
    fn in_default_bench(&self) -> bool {
        false
    }
    fn total(&self, board: Board, _: &Options, _: &Hooks) -> Result<Outcome, Error> {
        let t = one_per_row(board.n()).expect("n <= max_n, within one_per_row's range");
        Ok(Outcome::sequential(Total::plain(
            t.solutions.into(),
            t.candidates.into(),
        )))
    }
}
