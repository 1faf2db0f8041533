//! `plan` and `run-shard`: the work to cut and the shard to count.
//! (`missing` and `merge` take only files, which their readers check.)

use anyhow::{bail, Context, Result};
use nqueens_kernel::Board;
use nqueens_sched::Options;
use nqueens_tasks::Task;

use super::count;
use super::puzzles;
use super::run::{self, Unused};
use crate::cli::{CountFormat, MergeArgs, PlanArgs, RunShardArgs, StatusArgs};
use crate::cluster::plan::MAX_SHARDS;
use crate::cluster::shard::Shards;
use nqueens::number;
use nqueens::Budget;

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
            (Task::Dominate, puzzles::dominate_board(&a.n)?)
        } else if let Some(q) = &a.pawns {
            let board = puzzles::pawns_board(&a.n)?;
            let queens = puzzles::queens(q, "--pawns", board.n())?;
            (Task::Pawns { queens }, board)
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
    pub shards: Shards,
    pub out: std::path::PathBuf,
    /// The run options; the depth is the plan's.
    pub run: Options,
    pub budget: Option<Budget>,
    pub format: CountFormat,
}

impl TryFrom<RunShardArgs> for RunShard {
    type Error = anyhow::Error;
    fn try_from(a: RunShardArgs) -> Result<RunShard> {
        let ids = 0..=MAX_SHARDS;
        let (spec, what) = match a.shard {
            Some(s) => (s, "--shard"),
            None => (
                std::env::var("SLURM_ARRAY_TASK_ID")
                    .context("no --shard given and SLURM_ARRAY_TASK_ID is not set")?,
                "SLURM_ARRAY_TASK_ID",
            ),
        };
        // A leading '-' is a sign, not a range: "-3" is refused as a number.
        let range = (!spec.starts_with('-'))
            .then(|| spec.split_once('-'))
            .flatten();
        let shards = match (range, a.per_task.as_deref()) {
            (Some((first, last)), None) => {
                let first = number::size(first, what, ids.clone(), "")?;
                let last = number::size(last, what, ids, "")?;
                if first > last {
                    bail!("{what} {spec}: the first shard comes after the last");
                }
                Shards::Ids(first..=last)
            }
            (Some(_), Some(_)) => {
                bail!("--per-task takes one task id, not a range ({what} {spec})")
            }
            (None, None) => {
                let i = number::size(&spec, what, ids, "")?;
                Shards::Ids(i..=i)
            }
            (None, Some(p)) => Shards::Task {
                task: number::size(&spec, what, ids, "")?,
                per_task: number::size(p, "--per-task", 1..=MAX_SHARDS, "")?,
            },
        };
        // Every plan's work splits and runs on threads with a budget.
        let (run, budget) = run::options(&a.run, None, Unused::default())?;
        Ok(RunShard {
            plan: a.plan,
            shards,
            out: a.out,
            run,
            budget,
            format: a.format,
        })
    }
}

/// A validated `merge` request (the plan and results are read by the verb).
pub struct Merge {
    pub plan: std::path::PathBuf,
    pub dir: std::path::PathBuf,
    pub format: CountFormat,
    /// Shards to recount, and the seed that chooses them.
    pub recount: Option<(usize, u64)>,
    /// The recount's run options.
    pub run: Options,
}

impl TryFrom<MergeArgs> for Merge {
    type Error = anyhow::Error;
    fn try_from(a: MergeArgs) -> Result<Merge> {
        let recount = match a.recount.as_deref() {
            Some(k) => {
                let k = number::size(k, "--recount", 1..=MAX_SHARDS, "")?;
                let seed = match a.seed.as_deref() {
                    Some(s) => number::whole(s, "--seed", 0..=u64::MAX, "")?,
                    None => clock_seed(),
                };
                Some((k, seed))
            }
            None => None,
        };
        let (run, _) = run::options(&a.run, None, Unused::default())?;
        Ok(Merge {
            plan: a.results.plan,
            dir: a.results.dir,
            format: a.format,
            recount,
            run,
        })
    }
}

/// A seed from the clock, for a choice that need not repeat (it is
/// printed, so it can).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A validated `status` request.
pub struct Status {
    pub plan: std::path::PathBuf,
    pub dir: std::path::PathBuf,
    pub estimate: Option<std::path::PathBuf>,
    pub cores: Option<usize>,
    pub format: CountFormat,
}

impl TryFrom<StatusArgs> for Status {
    type Error = anyhow::Error;
    fn try_from(a: StatusArgs) -> Result<Status> {
        let cores = a
            .cores
            .as_deref()
            .map(|c| number::size(c, "--cores", 1..=1 << 24, ""))
            .transpose()?;
        Ok(Status {
            plan: a.results.plan,
            dir: a.results.dir,
            estimate: a.estimate,
            cores,
            format: a.format,
        })
    }
}
