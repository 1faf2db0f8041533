//! A results directory surveyed against its plan, one shard at a time (a
//! million results are never held at once): what `missing`, `merge` and
//! `status` read; and `missing`, which shards still lack a valid result.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use nqueens_sched::{Fields, Total};

use crate::plan::Plan;
use crate::result::{array_syntax, ShardResult};

/// What a survey of a results directory found.
#[derive(Debug, Default)]
pub struct Survey {
    /// The sums of the valid results of subproblem shards.
    pub sums: Total,
    /// Their subproblems.
    pub subproblems: u64,
    /// Their wall seconds.
    pub seconds: f64,
    /// Their CPU seconds (wall where a version 2 result has no CPU time).
    pub cpu_seconds: f64,
    /// Shards with a valid result (the symmetry shard included).
    pub done: usize,
    /// The symmetry shard's result, when valid.
    pub symmetric: Option<ShardResult>,
    /// Shards with no result.
    pub missing: Vec<usize>,
    /// Shards whose result is unusable, and why.
    pub damaged: Vec<(usize, String)>,
}

impl Survey {
    /// Every shard of `plan` in `dir`; `absent` is told of each shard with
    /// no result (`status` asks whether it runs).
    pub fn of(plan: &Plan, dir: &Path, mut absent: impl FnMut(usize)) -> Survey {
        let mut s = Survey::default();
        for i in 0..plan.ids() {
            match ShardResult::load(dir, plan, i) {
                Ok(Some(r)) => {
                    s.done += 1;
                    if Some(i) == plan.symmetry_shard() {
                        s.symmetric = Some(r);
                        continue;
                    }
                    s.sums = s.sums + r.sums();
                    s.subproblems += r.end - r.first;
                    s.seconds += r.seconds;
                    s.cpu_seconds += r.cpu_seconds.unwrap_or(r.seconds);
                }
                Ok(None) => {
                    absent(i);
                    s.missing.push(i);
                }
                Err(e) => s.damaged.push((i, format!("{e:#}"))),
            }
        }
        s
    }

    /// The ids of every shard still to run, or of every array task of
    /// `per_task` shards that holds one, in Slurm array syntax.
    pub fn to_run(&self, per_task: usize) -> Option<String> {
        let mut ids: Vec<usize> = self
            .missing
            .iter()
            .copied()
            .chain(self.damaged.iter().map(|&(i, _)| i))
            .map(|i| i / per_task)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        (!ids.is_empty()).then(|| array_syntax(&ids))
    }
}

/// Refuses a results directory that is not one: a typo must not make
/// every shard look missing (and resubmit the whole run).
pub fn results_dir(dir: &Path) -> Result<()> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => bail!("{} is not a directory of shard results", dir.display()),
        Err(e) => bail!("cannot open the results directory {}: {e}", dir.display()),
    }
}

/// Which shards of a plan still lack a valid result (`nqueens missing`).
#[derive(Clone, Debug)]
pub struct ListMissing {
    /// The plan file.
    pub plan: PathBuf,
    /// Its results directory.
    pub dir: PathBuf,
    /// Shards per array task: the tasks to rerun are listed (1: the shards).
    pub per_task: usize,
}

/// The shards (or array tasks) still to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    /// The plan's hash.
    pub plan: String,
    /// Shards in the plan, the symmetry shard included.
    pub shards: usize,
    /// Shards with no result.
    pub missing: usize,
    /// Shards whose result is unusable.
    pub damaged: usize,
    /// The shards or tasks to run again, in Slurm array syntax; `None`
    /// when every shard is done.
    pub ids: Option<String>,
}

impl ListMissing {
    /// Reads the plan and surveys its results.
    pub fn list(&self) -> Result<Missing> {
        let plan = Plan::load(&self.plan)?;
        results_dir(&self.dir)?;
        let survey = Survey::of(&plan, &self.dir, |_| {});
        Ok(Missing {
            shards: plan.ids(),
            missing: survey.missing.len(),
            damaged: survey.damaged.len(),
            ids: survey.to_run(self.per_task),
            plan: plan.hash,
        })
    }
}

impl Missing {
    /// The `missing` record of docs/formats.md.
    pub fn fields(&self) -> Fields {
        vec![
            ("plan", self.plan.as_str().into()),
            ("shards", self.shards.into()),
            ("missing", self.missing.into()),
            ("damaged", self.damaged.into()),
            ("ids", self.ids.as_deref().into()),
        ]
    }
}
