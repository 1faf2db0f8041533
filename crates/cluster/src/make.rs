//! Making a plan (`nqueens plan`): a run cut into shards. Making one only
//! enumerates the subproblems (none is held, none counted), so it takes
//! seconds at any number of shards.

use std::sync::Arc;

use anyhow::{bail, Context, Result};
use nqueens_kernel::Board;
use nqueens_sched::{default_depth, solvers, Kind, Options, UniqueBy};

use crate::plan::Plan;

/// A plan to make: the work, its board and depth checked where they were
/// asked for, and the number of shards (1 to [`crate::MAX_SHARDS`]).
#[derive(Clone, Debug)]
pub struct MakePlan {
    /// The kind of work.
    pub task: Arc<dyn Kind>,
    /// Its board, checked against the work's limit.
    pub board: Board,
    /// Shards of subproblems (the symmetry shard aside).
    pub shards: usize,
    /// The split depth, one the work declares; `None` chooses.
    pub depth: Option<usize>,
}

impl MakePlan {
    /// The plan: its split enumerated, its shards cut evenly, sealed with
    /// its hash. Refused when the work does not split, or has fewer
    /// subproblems than shards.
    pub fn make(&self) -> Result<Plan> {
        let (k, task, board, depth) = (self.shards, &*self.task, self.board, self.depth);
        // A solver whose depth is a row count cuts deep enough for 64
        // subproblems a shard, which keeps shards balanced; the others cut
        // where they always do.
        let by_rows = solvers::is_solver(task) && task.solver() != "halves";
        let at = |depth| {
            let opts = Options {
                depth,
                ..Options::sequential()
            };
            task.layout(board, &opts)
        };
        let layout = match depth {
            None if by_rows => {
                let (_, layout) = default_depth(board, k, |d| {
                    let layout = at(Some(d));
                    let len = match &layout {
                        Ok(Some(l)) => l.subproblems,
                        _ => 0,
                    };
                    (len, layout)
                });
                layout
            }
            _ => at(depth),
        };
        let layout = layout?.with_context(|| {
            format!(
                "solver '{}' does not split its work, so it cannot be sharded (use pairs or parallel)",
                task.solver()
            )
        })?;
        if k > layout.subproblems {
            // A deeper cut helps only the solvers whose depth is a row count.
            let how = if by_rows {
                "ask for fewer shards or a deeper --depth"
            } else {
                "ask for fewer shards"
            };
            bail!(
                "--shards {k} is more than the {} subproblems of n = {} at depth {} ({how})",
                layout.subproblems,
                board.n(),
                layout.depth
            );
        }
        // Only an ordinary count searches its symmetries apart from its
        // total: the symmetry shard, numbered after the others, does it.
        Ok(Plan::new(
            task.work(),
            task.solver().into(),
            board,
            &layout,
            k,
            task.unique_by() == UniqueBy::Searched,
        ))
    }
}
