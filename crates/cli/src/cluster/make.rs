//! `nqueens plan`: a run cut into shards, printed as a versioned, hashed
//! plan (JSON) that names its kind of work. Making a plan only enumerates
//! the subproblems (none is held, none counted), so it takes seconds at
//! any number of shards.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use nqueens_sched::{default_depth, Kind, Options};
use nqueens_tasks::Task;

use super::plan::Plan;
use crate::request;

pub fn plan(a: request::Plan) -> Result<ExitCode> {
    let (k, task, board, depth) = (a.shards, a.task, a.board, a.depth);
    // A solver whose depth is a row count cuts deep enough for 64
    // subproblems a shard, which keeps shards balanced; the others cut
    // where they always do.
    let by_rows = matches!(task, Task::Solver(s) if s.name() != "halves");
    let at = |depth| {
        let opts = Options {
            depth,
            ..Options::sequential()
        };
        task.layout(board, &opts)
    };
    let layout = match depth {
        None if by_rows => {
            let (_, layout) = default_depth(board, k, |d| {
                let layout = at(Some(d));
                let len = match &layout {
                    Ok(Some(l)) => l.subproblems,
                    _ => 0,
                };
                (len, layout)
            });
            layout
        }
        _ => at(depth),
    };
    let layout = layout?.with_context(|| {
        format!(
            "solver '{}' does not split its work, so it cannot be sharded (use pairs or parallel)",
            task.solver()
        )
    })?;
    if k > layout.subproblems {
        // A deeper cut helps only the solvers whose depth is a row count.
        let how = if by_rows {
            "ask for fewer shards or a deeper --depth"
        } else {
            "ask for fewer shards"
        };
        bail!(
            "--shards {k} is more than the {} subproblems of n = {} at depth {} ({how})",
            layout.subproblems,
            board.n(),
            layout.depth
        );
    }
    // Only an ordinary count searches its symmetries apart from its
    // total: the symmetry shard, numbered after the others, does it.
    let plan = Plan::new(
        task.work(),
        task.solver().into(),
        board.n(),
        &layout,
        k,
        matches!(task, Task::Solver(_)),
    );
    let mut out = io::stdout().lock();
    // As an I/O error, so that a failed write is reported as standard
    // output's (and a closed pipe ends quietly).
    writeln!(out, "{}", plan.to_json())?;
    Ok(ExitCode::SUCCESS)
}
