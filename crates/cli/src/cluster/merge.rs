//! `nqueens missing` and `nqueens merge`: which shards still lack a valid
//! result, and every result checked against the plan and added up into one
//! report, assembled as `count` assembles it.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use nqueens_kernel::Board;
use nqueens_sched::{summarize, Symmetry, Task, Total};

use super::plan::Plan;
use super::result::{array_syntax, ShardResult};
use crate::cli::{CountFormat, MergeArgs, MissingArgs};
use crate::export::{self, Cell, Format};
use crate::verify::Check;
use crate::verify::Mismatch;

/// Every shard's result, or the lists of missing and damaged ones.
fn gather(plan: &Plan, dir: &Path) -> (Vec<ShardResult>, Vec<usize>, Vec<(usize, String)>) {
    let (mut good, mut missing, mut damaged) = (Vec::new(), Vec::new(), Vec::new());
    for r in &plan.shards {
        match ShardResult::load(dir, plan, r.shard) {
            Ok(Some(result)) => good.push(result),
            Ok(None) => missing.push(r.shard),
            Err(e) => damaged.push((r.shard, format!("{e:#}"))),
        }
    }
    (good, missing, damaged)
}

/// Refuses a results directory that is not one: a typo must not make
/// every shard look missing (and resubmit the whole run).
fn results_dir(dir: &Path) -> Result<()> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => bail!("{} is not a directory of shard results", dir.display()),
        Err(e) => bail!("cannot open the results directory {}: {e}", dir.display()),
    }
}

pub fn missing(a: MissingArgs) -> Result<ExitCode> {
    let plan = Plan::load(&a.plan)?;
    results_dir(&a.dir)?;
    let (_, missing, damaged) = gather(&plan, &a.dir);
    let mut ids: Vec<usize> = missing
        .iter()
        .copied()
        .chain(damaged.iter().map(|&(i, _)| i))
        .collect();
    ids.sort_unstable();
    let array = (!ids.is_empty()).then(|| array_syntax(&ids));
    match a.format {
        // The ids alone, as `sbatch --array=$(nqueens missing ...)` takes
        // them: nothing when every shard is done.
        CountFormat::Text => {
            if let Some(array) = &array {
                let mut out = std::io::stdout().lock();
                writeln!(out, "{array}")?;
                out.flush()?;
            }
        }
        format => {
            let record = vec![
                ("plan", plan.hash.as_str().into()),
                ("shards", plan.shards.len().into()),
                ("missing", missing.len().into()),
                ("damaged", damaged.len().into()),
                ("ids", array.into()),
            ];
            export::print_one(Format::from(format), &record)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn merge(a: MergeArgs) -> Result<ExitCode> {
    let plan = Plan::load(&a.plan)?;
    results_dir(&a.dir)?;
    let (good, missing, damaged) = gather(&plan, &a.dir);
    if !missing.is_empty() || !damaged.is_empty() {
        let mut why = Vec::new();
        if !missing.is_empty() {
            why.push(format!("missing shards {}", array_syntax(&missing)));
        }
        if !damaged.is_empty() {
            let d: Vec<String> = damaged.iter().map(|(i, e)| format!("{i} ({e})")).collect();
            why.push(format!("damaged shards {}", d.join(", ")));
        }
        bail!(
            "cannot merge {}: {}; rerun them (nqueens missing lists their ids)",
            a.dir.display(),
            why.join("; ")
        );
    }
    // Every subproblem exactly once: the plan's ranges tile 0..subproblems,
    // and each result was checked to hold exactly its range.
    let tiles = plan.shards.windows(2).all(|w| w[0].end == w[1].first)
        && plan.shards.first().map(|r| r.first) == Some(0)
        && plan.shards.last().map(|r| r.end) == Some(plan.subproblems);
    if !tiles {
        bail!(
            "plan {} does not cover every subproblem exactly once",
            a.plan.display()
        );
    }
    let task = plan.task()?;
    let board = Board::new(plan.n)?;
    let sums = good.iter().map(ShardResult::sums).sum::<Total>()
        + Total::plain(0, plan.prefix_nodes.into());
    let symmetry = match task {
        Task::Solver(_) => Symmetry::Searched {
            fixed_180: plan.fixed_180,
            fixed_90: plan.fixed_90,
            nodes: plan.symmetry_nodes,
        },
        Task::Variant(_) => Symmetry::Classified,
        _ => Symmetry::Uncounted,
    };
    let s = summarize(board, sums, symmetry);
    let seconds: f64 = good.iter().map(|r| r.seconds).sum();
    // The published tables are of the ordinary count.
    let check = match (task, s.unique) {
        (Task::Solver(_), Some(unique)) => Check::of(plan.n, s.total, unique),
        _ => Check::Unknown,
    };
    let record = vec![
        ("n", plan.n.into()),
        ("work", plan.work.as_str().into()),
        ("solver", plan.solver.as_str().into()),
        ("shards", plan.shards.len().into()),
        ("subproblems", plan.subproblems.into()),
        ("total", s.total.into()),
        ("unique", s.unique.map_or(Cell::Null, Cell::from)),
        ("fixed_180", s.fixed_180.into()),
        ("fixed_90", s.fixed_90.into()),
        ("nodes", s.nodes.into()),
        ("shard_seconds", seconds.into()),
        ("plan", plan.hash.as_str().into()),
        ("verified", check.verified().map_or(Cell::Null, Cell::Bool)),
    ];
    export::print_one(Format::from(a.format), &record)?;
    if let Check::Mismatch {
        total: t,
        unique: u,
    } = check
    {
        return Err(Mismatch(format!(
            "merged n = {}: {} / {}, but OEIS says {t} / {u}",
            plan.n,
            s.total,
            s.unique.unwrap_or(0)
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}
