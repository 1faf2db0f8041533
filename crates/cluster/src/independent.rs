//! The independent recount (`merge --recount K --independent`): a halves
//! plan's row sets counted again by a method that shares nothing with the
//! halves join but the subproblem's definition, the kernel's
//! [`RowSet::recount`] (a depth-first search of the whole board, each
//! row's queen kept to the columns its row set gives it).
//!
//! `merge --recount` alone counts a shard again with the join that counted
//! it: it catches a node that computed wrong, not a defect of the join, of
//! its keys or of its listing of the half boards, which would give the same
//! wrong count twice. This search catches those too; it is far slower
//! (docs/cost.md: 75 to 160 times the join per row set at n = 24 to 28).
//!
//! It runs as a kind of work of its own through the scheduler's one engine
//! (its pool, its threads, its memory budget), one piece per row set of
//! the shard recounted, each piece's solutions weighted as the join
//! weights them; its nodes are the queens this search placed, not
//! comparable with the join's.

use nqueens_kernel::halves::{HalfSplit, RowSet};
use nqueens_kernel::Board;
use nqueens_sched::{
    run_pieces, Error, Hooks, Kind, Layout, Limit, Options, Search, Total, UniqueBy, Work,
};

/// The solver whose plans the independent recount takes: its subproblems
/// are the row sets of a [`HalfSplit`] whose left part is the plan's
/// depth.
pub(crate) const SOLVER: &str = "halves";

/// The row sets of a halves split, each recounted by the plain search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Independent;

impl Kind for Independent {
    fn work(&self) -> String {
        "count".into()
    }

    fn solver(&self) -> &'static str {
        "halves-recount"
    }

    fn description(&self) -> &'static str {
        "every row set of the halves split counted again by a depth-first search"
    }

    fn unique_by(&self) -> UniqueBy {
        UniqueBy::Uncounted
    }

    /// The halves solver's widths of the left part.
    fn depths(&self, board: Board) -> Result<Limit, Error> {
        Ok(Limit::new(
            1..=board.n().saturating_sub(1).max(1),
            " for solver halves",
        ))
    }

    fn layout(&self, board: Board, opts: &Options) -> Result<Option<Layout>, Error> {
        let split = HalfSplit::within(board, left(board, opts), Some(0..0))?;
        Ok(Some(Layout {
            depth: split.depth(),
            subproblems: split.len(),
            prefix_nodes: split.prefix_nodes(),
        }))
    }

    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<(Total, Search), Error> {
        let left = left(board, opts);
        let split = HalfSplit::within(board, left, hooks.select.clone())?;
        run_pieces(&RowSets(&split), left, opts, hooks)
    }
}

/// The left part's width: the plan's depth (the halves solver's default,
/// `n / 2`, for a run that names none).
fn left(board: Board, opts: &Options) -> usize {
    opts.depth.unwrap_or((board.n() / 2).max(1))
}

/// The row sets a split holds, as the engine's pieces, numbered as the
/// split numbers them.
struct RowSets<'a>(&'a HalfSplit);

impl Work for RowSets<'_> {
    type Scratch = ();

    fn len(&self) -> usize {
        self.0.subproblems().len()
    }

    fn first(&self) -> u64 {
        self.0.held().start
    }

    fn piece_bytes(&self) -> u64 {
        std::mem::size_of::<RowSet>() as u64
    }

    fn count(&self, index: usize, _: &mut (), _: usize) -> Option<Total> {
        let again = self.0.subproblems()[index].recount(self.0.board());
        Some(Total::plain(again.solutions.into(), again.nodes.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_sched::{count_parts, Checked, NoProgress, Threads};

    #[test]
    fn a_window_recounts_to_the_join_on_every_thread_count() {
        let board = Board::new(12).unwrap();
        for threads in [1, 2] {
            let opts = Options {
                threads: Threads::new(threads).unwrap(),
                depth: Some(6),
                memory: None,
            };
            let count = Checked::new(Independent, board, opts).unwrap();
            let hooks = Hooks {
                select: Some(10..30),
                ..Hooks::watching(&NoProgress)
            };
            let again = count_parts(&count, &hooks).unwrap().0.solutions;
            let split = HalfSplit::within(board, 6, Some(10..30)).unwrap();
            let joined: u128 = split
                .subproblems()
                .iter()
                .map(|s| u128::from(s.count(board).solutions))
                .sum();
            assert!(joined > 0);
            assert_eq!(again, joined, "{threads} threads");
        }
    }

    #[test]
    fn a_depth_past_the_board_is_refused_as_the_halves_solver_refuses_it() {
        let board = Board::new(8).unwrap();
        let opts = Options {
            depth: Some(8),
            ..Options::sequential()
        };
        let e = Checked::new(Independent, board, opts).err().unwrap();
        assert!(e.to_string().contains("for solver halves"), "{e}");
    }
}
