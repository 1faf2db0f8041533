//! `nqueens count N`, and its variants `--torus` and `--no-three-in-line`.
//!
//! A variant runs its own search ([`nqueens_puzzles::variant::Variant`]) through the
//! same engine and machinery (progress, checkpoint, threads), one piece per
//! first-row column, and is
//! printed with the same keys as an ordinary count plus `variant` and
//! `note`: `solver` names the variant's search, `depth` is 1 and
//! `subproblems` the `n` first-row columns, `symmetry_nodes` and
//! `symmetry_seconds` are 0 (each solution's symmetries are read off as it
//! is found, no separate search), and `verified` is null (no published
//! table is kept for the variants; the tests check them against OEIS).

use std::process::ExitCode;

use anyhow::{bail, Result};
use nqueens_kernel::Board;
use nqueens_puzzles::variant::Variant;
use nqueens_sched::{Report, Task};

use crate::cli::{CountArgs, VariantArgs};
use crate::export::{self, Cell, Format, Record};
use crate::options::{self, Count};
use crate::run::memory::{self, Budget};
use crate::run::session::Session;
use crate::verify::Check;
use crate::verify::Mismatch;

/// `nqueens count`: a variant when one is asked for, else the ordinary count.
pub fn dispatch(args: CountArgs) -> Result<ExitCode> {
    match variant(&args.variant)? {
        None => run(args.try_into()?),
        Some(v) => run_variant(v, &args),
    }
}

pub fn run(opts: Count) -> Result<ExitCode> {
    let report = Session {
        task: Task::Solver(opts.solver),
        board: opts.board,
        opts: opts.run,
        budget: opts.budget,
        checkpoint: opts.checkpoint.as_deref(),
        label: format!("n = {}", opts.board.n()),
    }
    .count()?;
    let check = Check::of(report.n, report.total, report.unique);
    let format = Format::from(opts.format);
    let record = record(&report, check, opts.budget);
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

/// The process's peak memory so far, for a record (a count is the last
/// thing a `count` process does, so this is the count's peak).
fn peak_memory() -> Cell {
    memory::peak().map_or(Cell::Null, |b| Cell::Int(b.into()))
}

/// The levels solver's level sizes, `8 42 140 ...` (004's lists).
fn level_sizes(r: &Report) -> Cell {
    r.level_sizes.as_ref().map_or(Cell::Null, |sizes| {
        let words: Vec<String> = sizes.iter().map(u64::to_string).collect();
        Cell::Text(words.join(" "))
    })
}

/// The report as one record: the JSON keys, in order.
fn record(r: &Report, check: Check, budget: Option<Budget>) -> Record {
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
        ("level_sizes", level_sizes(r)),
        ("seconds", r.seconds.into()),
        ("symmetry_seconds", r.symmetry_seconds.into()),
        ("nodes_per_second", Cell::Int(rate.round() as u128)),
        ("peak_memory_bytes", peak_memory()),
        ("memory_budget_bytes", budget.map(|b| b.limit).into()),
        ("verified", check.verified().map_or(Cell::Null, Cell::Bool)),
    ]
}

/// The largest board each variant counts or lists: chosen by measurement so
/// that a run takes about a minute at most on two threads (release build,
/// 2-core machine; README, "Variants"): torus n = 19 takes 53 to 72 s on
/// one thread and each size up costs 4 to 10 times more; no-three-in-line
/// n = 17 takes 34 to 38 s and n = 18 about 5 times more.
pub(super) fn max_n(variant: Variant) -> usize {
    match variant {
        Variant::Torus => 19,
        Variant::NoThreeInLine => 17,
    }
}

/// The variant asked for by the flags, if any.
pub(crate) fn variant(a: &VariantArgs) -> Result<Option<Variant>> {
    match (a.torus, a.no_three_in_line) {
        (true, true) => bail!(
            "--torus and --no-three-in-line cannot be combined: on a torus lines wrap around too, which is a different problem this tool does not count"
        ),
        (true, false) => Ok(Some(Variant::Torus)),
        (false, true) => Ok(Some(Variant::NoThreeInLine)),
        (false, false) => Ok(None),
    }
}

/// Refuses a board the variant's search would take too long on.
pub(crate) fn check_size(variant: Variant, board: Board) -> Result<()> {
    let max = max_n(variant);
    if board.n() > max {
        bail!(
            "--{} handles n up to {max} (n = {max} takes about a minute), not {}",
            variant.name(),
            board.n()
        );
    }
    Ok(())
}

/// Counts a variant and prints it like an ordinary count.
fn run_variant(variant: Variant, a: &CountArgs) -> Result<ExitCode> {
    let board = options::board(&a.n, "n")?;
    let flag = variant.name();
    if a.solver.is_some() {
        bail!("--solver chooses among the ordinary counting methods; --{flag} has its own search");
    }
    check_size(variant, board)?;
    let depth = a
        .depth
        .as_deref()
        .map(|d| options::whole(d, "--depth"))
        .transpose()?;
    let (opts, budget) = options::run(&a.run, depth)?;
    let report = Session {
        task: Task::Variant(variant),
        board,
        opts,
        budget,
        checkpoint: a.checkpoint.as_deref(),
        label: format!("--{flag} {}", board.n()),
    }
    .count()?;
    let total = report.total;
    // Pólya's theorem, as a check on the search (never as its answer).
    if variant == Variant::Torus && (total > 0) != prime_to_6(board.n()) {
        return Err(Mismatch(format!(
            "n = {}: the torus search found {total} solutions, which contradicts Pólya's theorem (solutions exist exactly when gcd(n, 6) = 1)",
            board.n()
        ))
        .into());
    }
    export::print_one(Format::from(a.format), &variant_record(variant, &report))?;
    Ok(ExitCode::SUCCESS)
}

fn prime_to_6(n: usize) -> bool {
    !n.is_multiple_of(2) && !n.is_multiple_of(3)
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

/// A variant's report as one record: the ordinary count's keys, with
/// `variant` after `solver` and `note` at the end.
fn variant_record(variant: Variant, r: &Report) -> Record {
    let rate = if r.seconds > 0.0 {
        r.nodes as f64 / r.seconds
    } else {
        0.0
    };
    vec![
        ("n", r.n.into()),
        ("solver", r.solver.as_str().into()),
        ("variant", variant.name().into()),
        ("threads", r.threads.into()),
        ("depth", r.depth.into()),
        ("subproblems", r.subproblems.into()),
        ("total", r.total.into()),
        ("unique", r.unique.into()),
        ("fixed_180", r.fixed_180.into()),
        ("fixed_90", r.fixed_90.into()),
        ("nodes", r.nodes.into()),
        ("symmetry_nodes", 0u64.into()),
        ("calls", Cell::Null),
        ("iterations", Cell::Null),
        ("seconds", r.seconds.into()),
        ("symmetry_seconds", 0.0.into()),
        ("nodes_per_second", Cell::Int(rate.round() as u128)),
        ("peak_memory_bytes", peak_memory()),
        ("verified", Cell::Null),
        (
            "note",
            note(variant, r.n, r.total).map_or(Cell::Null, Cell::Text),
        ),
    ]
}
