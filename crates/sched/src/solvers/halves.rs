//! Half-board join (meet in the middle): for each set of rows whose queens
//! stand in the left half, the left and right placements are listed and
//! the pairs with no shared diagonal counted. One row set per symmetry
//! orbit; each row set a subproblem with a stable index.

use nqueens_kernel::{halves::HalfSplit, Board};

use crate::{work::split, Error, Hooks, Kind, Limit, Options, Search, Total, UniqueBy};

/// Counts by joining left and right half boards, one task per row set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Halves;

impl Halves {
    /// The left part is `depth` columns wide; by default `n / 2`, which
    /// measured fastest: on odd boards it is the cut around the middle
    /// column (n = 17: 3.8 s against 5.0 s for 9 columns and 32 s for 8
    /// without the middle column, one thread).
    fn options(board: Board, opts: &Options) -> Options {
        let n = board.n();
        Options {
            depth: Some(opts.depth.unwrap_or((n / 2).max(1))),
            ..*opts
        }
    }
}

impl Kind for Halves {
    fn work(&self) -> String {
        super::WORK.into()
    }
    fn solver(&self) -> &'static str {
        "halves"
    }
    fn description(&self) -> &'static str {
        "meet in the middle: left and right half boards per row set, joined on their diagonals (--depth = left width)"
    }
    fn unique_by(&self) -> UniqueBy {
        UniqueBy::Searched
    }
    fn sizes(&self) -> Limit {
        super::sizes(self.solver(), nqueens_kernel::MAX_N)
    }
    fn depths(&self, board: Board) -> Result<Limit, Error> {
        let most = board.n().saturating_sub(1).max(1);
        Ok(super::depths(self.solver(), board, 1..=most))
    }
    fn layout(&self, board: Board, opts: &Options) -> Result<Option<crate::Layout>, Error> {
        split::layout(board, &Halves::options(board, opts), HalfSplit::within).map(Some)
    }
    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<(Total, Search), Error> {
        split::count_split(
            board,
            &Halves::options(board, opts),
            hooks,
            HalfSplit::within,
        )
    }
}
