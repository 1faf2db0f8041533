//! `plan` and `run-shard`: the work to cut and the shard to count.
//! (`missing` and `merge` take only files, which their readers check.)

use anyhow::{Context, Result};
use nqueens_kernel::Board;
use nqueens_sched::{Options, Task};

use super::count;
use super::number;
use super::puzzles;
use super::run::{self, Unused};
use crate::cli::{CountFormat, PlanArgs, RunShardArgs};
use crate::cluster::plan::MAX_SHARDS;
use crate::run::memory::Budget;

/// A validated `plan` request.
pub struct Plan {
    pub task: Task<'static>,
    pub board: Board,
    pub shards: usize,
    pub depth: Option<usize>,
}

impl TryFrom<PlanArgs> for Plan {
    type Error = anyhow::Error;
    fn try_from(a: PlanArgs) -> Result<Plan> {
        let shards = number::size(&a.shards, "--shards", 1..=MAX_SHARDS, "")?;
        let (task, board) = if a.dominate {
            let n = puzzles::dominate_size(&a.n)?;
            (Task::Dominate, Board::new(n)?)
        } else if let Some(q) = &a.pawns {
            let n = puzzles::pawns_size(&a.n)?;
            let queens = puzzles::queens(q, n)?;
            (Task::Pawns { queens }, Board::new(n)?)
        } else {
            count::task(&a.n, a.solver.as_deref(), &a.variant)?
        };
        let depth = count::depth(task, board, a.depth.as_deref())?;
        Ok(Plan {
            task,
            board,
            shards,
            depth,
        })
    }
}

/// A validated `run-shard` request (the plan is read by the verb).
pub struct RunShard {
    pub plan: std::path::PathBuf,
    pub shard: usize,
    pub out: std::path::PathBuf,
    /// The run options; the depth is the plan's.
    pub run: Options,
    pub budget: Option<Budget>,
    pub format: CountFormat,
}

impl TryFrom<RunShardArgs> for RunShard {
    type Error = anyhow::Error;
    fn try_from(a: RunShardArgs) -> Result<RunShard> {
        let shard = match a.shard.as_deref() {
            Some(s) => number::size(s, "--shard", 0..=MAX_SHARDS - 1, "")?,
            None => {
                let id = std::env::var("SLURM_ARRAY_TASK_ID")
                    .context("no --shard given and SLURM_ARRAY_TASK_ID is not set")?;
                number::size(&id, "SLURM_ARRAY_TASK_ID", 0..=MAX_SHARDS - 1, "")?
            }
        };
        // Every plan's work splits and runs on threads with a budget.
        let (run, budget) = run::run(&a.run, None, Unused::default())?;
        Ok(RunShard {
            plan: a.plan,
            shard,
            out: a.out,
            run,
            budget,
            format: a.format,
        })
    }
}
