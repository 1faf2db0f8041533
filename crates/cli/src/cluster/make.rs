//! `nqueens plan`: a run cut into shards, printed as a versioned, hashed
//! plan (JSON) that names its kind of work.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use nqueens_sched::{Options, Task};

use super::plan::{Plan, PLAN_FORMAT, VERSION};
use crate::request;

pub fn plan(a: request::Plan) -> Result<ExitCode> {
    let (k, task, board, depth) = (a.shards, a.task, a.board, a.depth);
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
