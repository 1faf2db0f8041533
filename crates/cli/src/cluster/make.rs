//! `nqueens plan`: a run cut into shards, printed as a versioned, hashed
//! plan (JSON) that names its kind of work.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use nqueens_kernel::Board;
use nqueens_sched::{solvers, Options, Task};

use super::plan::{Plan, MAX_SHARDS, PLAN_FORMAT, VERSION};
use crate::cli::PlanArgs;
use crate::commands::{count, dominate, pawns};
use crate::options;

pub fn plan(a: PlanArgs) -> Result<ExitCode> {
    let k = options::whole(&a.shards, "--shards")?;
    if k == 0 {
        bail!("--shards must be at least 1, not 0");
    }
    // A depth for more shards than this would split the board to its
    // last row only to find fewer subproblems than shards.
    if k > MAX_SHARDS {
        bail!("--shards {k} is more than the {MAX_SHARDS} shards a plan can hold");
    }
    let (task, board) = task(&a)?;
    let depth = a
        .depth
        .as_deref()
        .map(|d| options::whole(d, "--depth"))
        .transpose()?;
    // The default depth for 64 subproblems per shard keeps shards balanced.
    let opts = Options {
        threads: k.max(1),
        depth,
        memory: None,
    };
    let layout = task.layout(board, &opts)?.with_context(|| {
        format!(
            "solver '{}' does not split its work, so it cannot be sharded (use pairs or parallel)",
            task.solver()
        )
    })?;
    if k > layout.subproblems {
        bail!("--shards {k} is more than the {} subproblems at depth {} (ask for fewer shards or a deeper --depth)", layout.subproblems, layout.depth);
    }
    // Only an ordinary count searches its symmetries apart from its total.
    let (half, quarter) = match task {
        Task::Solver(_) => nqueens_sched::symmetric(board),
        _ => Default::default(),
    };
    let plan = Plan {
        format: PLAN_FORMAT.into(),
        version: VERSION,
        kernel: nqueens_kernel::VERSION.into(),
        work: task.work(),
        n: board.n(),
        solver: task.solver().into(),
        depth: layout.depth,
        subproblems: layout.subproblems as u64,
        prefix_nodes: layout.prefix_nodes,
        fixed_180: half.solutions,
        fixed_90: quarter.solutions,
        symmetry_nodes: half.nodes + quarter.nodes,
        shards: Plan::ranges(layout.subproblems as u64, k),
        hash: String::new(),
    }
    .seal();
    let mut out = io::stdout().lock();
    // As an I/O error, so that a failed write is reported as standard
    // output's (and a closed pipe ends quietly).
    serde_json::to_writer_pretty(&mut out, &plan).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(ExitCode::SUCCESS)
}

/// The kind of work the flags name, with its board, checked as the verb
/// that counts it alone checks it.
fn task(a: &PlanArgs) -> Result<(Task<'static>, Board)> {
    if a.dominate {
        let n = dominate::board_size(&a.n)?;
        return Ok((Task::Dominate, Board::new(n)?));
    }
    if let Some(q) = &a.pawns {
        let n = pawns::board_size(&a.n)?;
        let queens = pawns::queens(q, n)?;
        return Ok((Task::Pawns { queens }, Board::new(n)?));
    }
    let board = options::board(&a.n, "n")?;
    match count::variant(&a.variant)? {
        Some(v) => {
            if a.solver.is_some() {
                bail!(
                    "--solver chooses among the ordinary counting methods; --{} has its own search",
                    v.name()
                );
            }
            count::check_size(v, board)?;
            Ok((Task::Variant(v), board))
        }
        None => {
            let solver = match a.solver.as_deref() {
                None => solvers::default(),
                Some(name) => options::solver(name)?,
            };
            Ok((Task::Solver(solver), board))
        }
    }
}
