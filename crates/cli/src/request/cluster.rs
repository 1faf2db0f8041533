//! The cluster's verbs: their flags checked into the runner's values
//! (`nqueens_cluster`): the work to cut (`plan`), the shards to count
//! (`run-shard`), and the numbers `missing`, `merge` and `status` take
//! beside their files, which the runner's readers check.

use anyhow::{bail, Context, Result};
use nqueens_cluster::{
    ListMissing, MakePlan, MergeShards, ReportStatus, RunShards, Shards, MAX_SHARDS,
};

use super::count;
use super::run::{self, Unused};
use crate::cli::{CountFormat, MergeArgs, MissingArgs, PlanArgs, RunShardArgs, StatusArgs};
use nqueens::number;

impl TryFrom<PlanArgs> for MakePlan {
    type Error = anyhow::Error;
    fn try_from(a: PlanArgs) -> Result<MakePlan> {
        let shards = number::size(&a.shards, "--shards", 1..=MAX_SHARDS, "")?;
        let puzzle = if a.dominate {
            Some(nqueens::dominate::checked(&a.n)?)
        } else if let Some(q) = &a.pawns {
            Some(nqueens::pawns::checked(&a.n, q, "--pawns")?)
        } else {
            None
        };
        let (task, board) = if let Some(c) = puzzle {
            (c.shared().clone(), c.board())
        } else {
            count::task(&a.n, a.solver.as_deref(), &a.variant)?
        };
        let depth = count::depth(&*task, board, a.depth.as_deref())?;
        Ok(MakePlan {
            task,
            board,
            shards,
            depth,
        })
    }
}

/// A validated `run-shard` request (the plan is read by the runner).
pub struct RunShard {
    pub shards: RunShards,
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
            shards: RunShards {
                plan: a.plan,
                shards,
                out: a.out,
                run,
                budget,
            },
            format: a.format,
        })
    }
}

/// A validated `missing` request (the plan and results are read by the
/// runner).
pub struct Missing {
    pub missing: ListMissing,
    pub format: CountFormat,
}

impl TryFrom<MissingArgs> for Missing {
    type Error = anyhow::Error;
    fn try_from(a: MissingArgs) -> Result<Missing> {
        let per_task = a
            .per_task
            .as_deref()
            .map(|p| number::size(p, "--per-task", 1..=MAX_SHARDS, ""))
            .transpose()?
            .unwrap_or(1);
        Ok(Missing {
            missing: ListMissing {
                plan: a.results.plan,
                dir: a.results.dir,
                per_task,
            },
            format: a.format,
        })
    }
}

/// A validated `merge` request (the plan and results are read by the
/// runner).
pub struct Merge {
    pub merge: MergeShards,
    pub format: CountFormat,
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
            merge: MergeShards {
                plan: a.results.plan,
                dir: a.results.dir,
                recount,
                independent: a.independent,
                run,
            },
            format: a.format,
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
    pub status: ReportStatus,
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
            status: ReportStatus {
                plan: a.results.plan,
                dir: a.results.dir,
                estimate: a.estimate,
                cores,
            },
            format: a.format,
        })
    }
}
