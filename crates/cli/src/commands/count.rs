//! `nqueens count N`.

use std::io;
use std::process::ExitCode;

use anyhow::Result;
use nqueens_sched::Report;

use super::Mismatch;
use crate::export::{self, Cell, Column, Format, Record};
use crate::options::Count;
use crate::progress::Bar;
use crate::verify::Check;

pub fn run(opts: Count) -> Result<ExitCode> {
    let bar = Bar::new(format!("n = {}", opts.board.n()));
    let report = nqueens_sched::count(opts.solver, opts.board, &opts.run, &bar);
    bar.finish();
    let report = report?;
    let check = Check::of(report.n, report.total, report.unique);
    let format = Format::from(opts.format);
    let record = record(&report, check);
    let mut sink = export::sink(format, Box::new(io::stdout().lock()));
    let columns: Vec<Column> = record
        .iter()
        .map(|(key, _)| Column { key, width: 0 })
        .collect();
    sink.begin(&columns)?;
    sink.record(&record)?;
    sink.end(&[])?;
    if let Check::Mismatch { total, unique } = check {
        return Err(Mismatch(format!(
            "n = {}: computed {} total / {} unique, but OEIS A000170 / A002562 say {total} / {unique}",
            report.n, report.total, report.unique
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
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
