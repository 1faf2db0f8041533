//! `nqueens count N`.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use nqueens_sched::Report;

use super::Mismatch;
use crate::checkpoint::{Checkpoint, Header};
use crate::export::{self, Cell, Format, Record};
use crate::journal::Journal;
use crate::options::Count;
use crate::progress::Bar;
use crate::signals;
use crate::verify::Check;

pub fn run(opts: Count) -> Result<ExitCode> {
    let bar = Bar::new(format!("n = {}", opts.board.n()));
    let report = match &opts.checkpoint {
        None => nqueens_sched::count(opts.solver, opts.board, &opts.run, &bar),
        Some(path) => with_checkpoint(&opts, path, &bar)?,
    };
    bar.finish();
    let report = report?;
    let check = Check::of(report.n, report.total, report.unique);
    let format = Format::from(opts.format);
    let record = record(&report, check);
    export::print_one(format, &record)?;
    if let Check::Mismatch { total, unique } = check {
        return Err(Mismatch(format!(
            "n = {}: computed {} total / {} unique, but OEIS A000170 / A002562 say {total} / {unique}",
            report.n, report.total, report.unique
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}

/// Counts with every finished subproblem recorded in `path`, resuming from
/// what it already holds.
fn with_checkpoint(
    opts: &Count,
    path: &Path,
    bar: &Bar,
) -> Result<Result<Report, nqueens_sched::Error>> {
    let mut run = opts.run;
    // Resuming adopts the checkpoint's depth unless one is asked for: the
    // default depth depends on the thread count, which may have changed.
    if run.depth.is_none() {
        run.depth = Checkpoint::recorded_depth(path)?;
    }
    let layout = opts.solver.layout(opts.board, &run)?.with_context(|| {
        format!(
            "solver '{}' does not split its work, so it cannot checkpoint (use pairs or parallel)",
            opts.solver.name()
        )
    })?;
    run.depth = Some(layout.depth);
    let header = Header {
        n: opts.board.n(),
        solver: opts.solver.name().to_string(),
        depth: layout.depth,
        subproblems: layout.subproblems,
        kernel: nqueens_kernel::VERSION.to_string(),
    };
    let ck = Arc::new(Checkpoint::open(path, &header)?);
    let resume: Vec<String> = std::env::args()
        .map(|a| if a.contains(' ') { format!("'{a}'") } else { a })
        .collect();
    let resume = resume.join(" ");
    let watcher = Arc::clone(&ck);
    signals::on_stop(move || watcher.exit_interrupted(&resume))?;
    let journal = Journal::new(bar, &ck, None);
    let report = nqueens_sched::count(opts.solver, opts.board, &run, &journal);
    ck.sync()
        .with_context(|| format!("cannot sync checkpoint {}", path.display()))?;
    if let Some(e) = journal.failure() {
        return Err(e).with_context(|| {
            format!(
                "cannot write to checkpoint {} (the records before this error are safe)",
                path.display()
            )
        });
    }
    Ok(report)
}

/// The report as one record: the JSON keys, in order.
fn record(r: &Report, check: Check) -> Record {
    let rate = if r.seconds > 0.0 {
        r.nodes as f64 / r.seconds
    } else {
        0.0
    };
    vec![
        ("n", r.n.into()),
        ("solver", r.solver.as_str().into()),
        ("threads", r.threads.into()),
        ("depth", r.depth.into()),
        ("subproblems", r.subproblems.into()),
        ("total", r.total.into()),
        ("unique", r.unique.into()),
        ("fixed_180", r.fixed_180.into()),
        ("fixed_90", r.fixed_90.into()),
        ("nodes", r.nodes.into()),
        ("symmetry_nodes", r.symmetry_nodes.into()),
        ("calls", r.calls.into()),
        ("iterations", r.iterations.into()),
        ("seconds", r.seconds.into()),
        ("symmetry_seconds", r.symmetry_seconds.into()),
        ("nodes_per_second", Cell::Int(rate.round() as u128)),
        ("verified", check.verified().map_or(Cell::Null, Cell::Bool)),
    ]
}
