//! Where a sharded run stands (`nqueens status`): shards done, running (a
//! live process holds the shard's lock), missing and damaged; the partial
//! count of the shards done; the CPU they spent; and the time left, from
//! `nqueens estimate`'s CPU estimate when given one, else from the CPU per
//! subproblem of the shards done so far.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use nqueens_sched::{Fields, Value};

use crate::plan::Plan;
use crate::result::array_syntax;
use crate::survey::{results_dir, Survey};

/// The largest estimate file read (one JSON record).
const ESTIMATE_MAX_BYTES: u64 = 64 * 1024;

/// A run's status to take: its plan, its results, and what the time left
/// is reckoned from.
#[derive(Clone, Debug)]
pub struct ReportStatus {
    /// The plan file.
    pub plan: PathBuf,
    /// Its results directory.
    pub dir: PathBuf,
    /// The JSON of `nqueens estimate` for the plan's board, if any.
    pub estimate: Option<PathBuf>,
    /// Cores the rest of the run will have; `None`: the shards running.
    pub cores: Option<usize>,
}

/// Where a run stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    fields: Fields,
    /// Shards whose result is unusable, and why.
    pub damaged: Vec<(usize, String)>,
}

impl Status {
    /// The `status` record of docs/formats.md.
    pub fn fields(&self) -> Fields {
        self.fields.clone()
    }
}

impl ReportStatus {
    /// Reads the plan (and the estimate) and surveys the results, asking
    /// each missing shard's lock whether a live run holds it.
    pub fn report(&self) -> Result<Status> {
        let plan = Plan::load(&self.plan)?;
        results_dir(&self.dir)?;
        let estimate = self
            .estimate
            .as_deref()
            .map(|p| estimated_cpu(p, plan.n))
            .transpose()?;
        let mut running = Vec::new();
        let survey = Survey::of(&plan, &self.dir, |i| {
            if is_running(&self.dir, i) {
                running.push(i);
            }
        });
        let missing: Vec<usize> = survey
            .missing
            .iter()
            .copied()
            .filter(|i| running.binary_search(i).is_err())
            .collect();
        let left = plan.subproblems - survey.subproblems;
        // Every shard's result is there and valid (the symmetry shard's
        // too): nothing is left to spend, whatever an estimate predicted.
        let finished = survey.done == plan.ids();
        // CPU seconds still to spend: the estimate's total less what is spent,
        // or what was spent per subproblem, for each one left.
        let (cpu_left, basis) = match estimate {
            _ if finished => (0.0, "finished"),
            Some(total) => ((total - survey.cpu_seconds).max(0.0), "estimate"),
            None if survey.subproblems > 0 => (
                survey.cpu_seconds / survey.subproblems as f64 * left as f64,
                "shards done",
            ),
            None => (f64::NAN, "none yet"),
        };
        let cores = self.cores.unwrap_or(running.len());
        let eta = if finished || left == 0 {
            Value::Float(0.0)
        } else if cores > 0 && cpu_left.is_finite() {
            Value::Float(cpu_left / cores as f64)
        } else {
            Value::Null
        };
        // A finished run needs no cores; a list with no id is left out
        // (P20: `status` drew `cores 0` and empty id lines for a finished run).
        let cores = if finished { Value::Null } else { cores.into() };
        let list = |ids: &[usize]| {
            if ids.is_empty() {
                Value::Null
            } else {
                Value::Text(array_syntax(ids))
            }
        };
        let damaged: Vec<usize> = survey.damaged.iter().map(|&(i, _)| i).collect();
        let fields = vec![
            ("n", plan.n.into()),
            ("work", plan.work.as_str().into()),
            ("shards", plan.ids().into()),
            ("finished", finished.into()),
            ("done", survey.done.into()),
            ("running", running.len().into()),
            ("missing", missing.len().into()),
            ("damaged", damaged.len().into()),
            ("running_ids", list(&running)),
            ("missing_ids", list(&missing)),
            ("damaged_ids", list(&damaged)),
            ("subproblems", plan.subproblems.into()),
            ("subproblems_done", survey.subproblems.into()),
            ("partial_total", survey.sums.solutions.into()),
            ("cpu_seconds", survey.cpu_seconds.into()),
            ("cpu_seconds_left", finite(cpu_left)),
            ("eta_basis", basis.into()),
            ("cores", cores),
            ("eta_seconds", eta),
            ("plan", plan.hash.as_str().into()),
        ];
        Ok(Status {
            fields,
            damaged: survey.damaged,
        })
    }
}

fn finite(x: f64) -> Value {
    if x.is_finite() {
        Value::Float(x)
    } else {
        Value::Null
    }
}

/// Whether a live process holds shard `i`'s lock in `dir`. The lock file
/// is opened to read only, never created: a status never leaves files.
fn is_running(dir: &Path, i: usize) -> bool {
    let path = Plan::lock_path(dir, i);
    match std::fs::File::open(&path) {
        Ok(f) => match f.try_lock_shared() {
            Ok(()) => false,
            Err(std::fs::TryLockError::WouldBlock) => true,
            Err(_) => false,
        },
        Err(_) => false,
    }
}

/// The CPU seconds an estimate file predicts for the whole count of `n`.
fn estimated_cpu(path: &Path, n: usize) -> Result<f64> {
    let text = nqueens_files::io::read_to_string_bounded(path, "the estimate", ESTIMATE_MAX_BYTES)?;
    let not_one = || format!("{} is not the JSON of `nqueens estimate`", path.display());
    let v: serde_json::Value = serde_json::from_str(&text).with_context(not_one)?;
    let field = |k: &str| v.get(k).and_then(serde_json::Value::as_f64);
    let (Some(of), Some(cpu)) = (field("n"), field("cpu_seconds_estimate")) else {
        bail!(not_one());
    };
    if of != n as f64 {
        bail!(
            "{} estimates n = {of}, the plan is of n = {n}",
            path.display()
        );
    }
    if !(cpu.is_finite() && cpu >= 0.0) {
        bail!("{} has no usable cpu_seconds_estimate", path.display());
    }
    Ok(cpu)
}
