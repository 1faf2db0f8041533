//! The textbook table search of the source documents.

use nqueens_kernel::{reference::classic, Board};

use super::Solver;
use crate::{Error, Hooks, Options, Outcome, Search, Total};

/// One queen per row, tables of used columns and diagonals, a loop over
/// every column: reports its calls and loop iterations.
#[derive(Clone, Copy, Debug, Default)]
pub struct Classic;

impl Solver for Classic {
    fn name(&self) -> &'static str {
        "classic"
    }
    fn description(&self) -> &'static str {
        "textbook array search (tables of columns and diagonals), counts calls and loop iterations"
    }
    fn total(&self, board: Board, _: &Options, _: &Hooks) -> Result<Outcome, Error> {
        let t = classic(board);
        Ok(Outcome {
            total: Total::plain(u128::from(t.solutions), u128::from(t.calls)),
            search: Search {
                calls: Some(t.calls),
                iterations: Some(t.iterations),
                ..Search::sequential()
            },
        })
    }
}
