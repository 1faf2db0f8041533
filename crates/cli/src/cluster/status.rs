//! `nqueens status`: where a sharded run stands. Shards done, running (a
//! live process holds the shard's lock), missing and damaged; the partial
//! count of the shards done; the CPU they spent; and the time left, from
//! `nqueens estimate`'s CPU estimate when given one, else from the CPU per
//! subproblem of the shards done so far.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};

use super::merge::{results_dir, Survey};
use super::plan::Plan;
use super::result::array_syntax;
use crate::export::{self, Cell, Format};
use crate::request;

/// The largest estimate file read (one JSON record).
const ESTIMATE_MAX_BYTES: u64 = 64 * 1024;

pub fn status(a: request::Status) -> Result<ExitCode> {
    let plan = Plan::load(&a.plan)?;
    results_dir(&a.dir)?;
    let estimate = a
        .estimate
        .as_deref()
        .map(|p| estimated_cpu(p, plan.n))
        .transpose()?;
    let mut running = Vec::new();
    let survey = Survey::of(&plan, &a.dir, |i| {
        if is_running(&a.dir, i) {
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
    // CPU seconds still to spend: the estimate's total less what is spent,
    // or what was spent per subproblem, for each one left.
    let (cpu_left, basis) = match estimate {
        Some(total) => ((total - survey.cpu_seconds).max(0.0), "estimate"),
        None if survey.subproblems > 0 => (
            survey.cpu_seconds / survey.subproblems as f64 * left as f64,
            "shards done",
        ),
        None => (f64::NAN, "none yet"),
    };
    let cores = a.cores.unwrap_or(running.len());
    let eta = if left == 0 {
        Cell::Float(0.0)
    } else if cores > 0 && cpu_left.is_finite() {
        Cell::Float(cpu_left / cores as f64)
    } else {
        Cell::Null
    };
    let list = |ids: &[usize]| Cell::Text(array_syntax(ids));
    let damaged: Vec<usize> = survey.damaged.iter().map(|&(i, _)| i).collect();
    let record = vec![
        ("n", plan.n.into()),
        ("work", plan.work.as_str().into()),
        ("shards", plan.ids().into()),
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
        ("cores", cores.into()),
        ("eta_seconds", eta),
        ("plan", plan.hash.as_str().into()),
    ];
    export::print_one(Format::from(a.format), &record)?;
    for (i, why) in &survey.damaged {
        let why = crate::visible::visible(why);
        eprintln!("nqueens: shard {i} is damaged: {why}");
    }
    Ok(ExitCode::SUCCESS)
}

fn finite(x: f64) -> Cell {
    if x.is_finite() {
        Cell::Float(x)
    } else {
        Cell::Null
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
    let text = crate::io::read_to_string_bounded(path, "the estimate", ESTIMATE_MAX_BYTES)?;
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
