//! `nqueens count N`, and its variants `--torus` and `--no-three-in-line`.
//!
//! A variant runs its own search ([`nqueens_puzzles::variant::Variant`]) through the
//! same engine and machinery (progress, checkpoint, threads), one piece per
//! first-row column, and is
//! printed as the same record as an ordinary count (one set of keys, the
//! `count` kind of docs/formats.md), with `variant` and, when it has no
//! solution, `note` filled in: `solver` names the variant's search, `depth` is 1 and
//! `subproblems` the `n` first-row columns, `symmetry_nodes` and
//! `symmetry_seconds` are 0 (each solution's symmetries are read off as it
//! is found, no separate search), and `verified` is null (no published
//! table is kept for the variants; the tests check them against OEIS).

use std::process::ExitCode;

use anyhow::Result;
use nqueens_puzzles::variant::Variant;
use nqueens_sched::Report;
use nqueens_tasks::Task;

use crate::export::{self, Format, Record};
use crate::request::Count;
use crate::run::memory::{self, Budget};
use crate::run::session::Session;
use crate::verify::Check;
use crate::verify::Mismatch;

/// `nqueens count`: a variant when one is asked for, else the ordinary count.
pub fn dispatch(req: Count) -> Result<ExitCode> {
    match *req.count.task() {
        Task::Variant(v) => run_variant(v, &req),
        _ => run(req),
    }
}

pub fn run(opts: Count) -> Result<ExitCode> {
    let report = Session {
        count: opts.count,
        budget: opts.budget,
        checkpoint: opts.checkpoint.as_deref(),
        label: format!("n = {}", opts.count.board().n()),
    }
    .count()?;
    let c = report.counts;
    let check = Check::of(c.n, c.total, c.unique);
    let format = Format::from(opts.format);
    let record = record(&report, None, check, opts.budget);
    export::print_one(format, &record)?;
    if let Check::Mismatch { total, unique } = check {
        return Err(Mismatch(format!(
            "n = {}: computed {} total / {} unique, but OEIS A000170 / A002562 say {total} / {unique}",
            c.n, c.total, c.unique
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}

/// The report as one record, an ordinary count's or a variant's: the
/// scheduler's record (but `resumed_nodes`, which `count` does not show),
/// the variant's name after the solver's, and what only this process
/// knows (its memory, the check against OEIS).
fn record(r: &Report, variant: Option<Variant>, check: Check, budget: Option<Budget>) -> Record {
    let mut record = export::cells(r.record());
    record.retain(|(key, _)| *key != "resumed_nodes");
    record.insert(2, ("variant", variant.map(Variant::name).into()));
    // A count is the last thing a `count` process does: the process's
    // peak memory so far is the count's peak.
    record.extend([
        ("peak_memory_bytes", memory::peak().into()),
        ("memory_budget_bytes", budget.map(|b| b.limit).into()),
        ("verified", check.verified().into()),
        (
            "note",
            variant
                .and_then(|v| note(v, r.counts.n, r.counts.total))
                .into(),
        ),
    ]);
    record
}

/// Counts a variant and prints it like an ordinary count.
fn run_variant(variant: Variant, a: &Count) -> Result<ExitCode> {
    let (board, flag) = (a.count.board(), variant.name());
    let report = Session {
        count: a.count,
        budget: a.budget,
        checkpoint: a.checkpoint.as_deref(),
        label: format!("--{flag} {}", board.n()),
    }
    .count()?;
    let total = report.counts.total;
    // Pólya's theorem, as a check on the search (never as its answer).
    crate::verify::work(Task::Variant(variant), board.n(), total)?;
    let record = record(&report, Some(variant), Check::Unknown, a.budget);
    export::print_one(Format::from(a.format), &record)?;
    Ok(ExitCode::SUCCESS)
}

/// Why a variant has no solution, when it has none.
fn note(variant: Variant, n: usize, total: u128) -> Option<String> {
    if total > 0 {
        return None;
    }
    Some(match variant {
        Variant::Torus => {
            let why = if n.is_multiple_of(2) {
                format!("n = {n} is even")
            } else {
                format!("n = {n} is divisible by 3")
            };
            format!(
                "no solution: modular queens exist exactly when gcd(n, 6) = 1 (Pólya, 1918), and {why}"
            )
        }
        Variant::NoThreeInLine if n <= 3 => {
            format!("no solution: n = {n} has no ordinary solution to begin with")
        }
        Variant::NoThreeInLine => {
            format!("no solution: every ordinary solution for n = {n} has three queens on one line")
        }
    })
}
