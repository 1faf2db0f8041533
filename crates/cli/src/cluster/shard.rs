//! `nqueens run-shard`: one shard of a plan, of any kind of work:
//! idempotent (a finished shard is not counted again), checkpointed, and
//! saved on SIGTERM/SIGUSR1.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use nqueens_kernel::Board;
use nqueens_sched::count_parts;

use super::plan::Plan;
use super::result::ShardResult;
use crate::request::RunShard;
use crate::run::checkpoint::{Checkpoint, Header};
use crate::run::journal::Journal;
use crate::run::memory;
use crate::run::progress::Bar;
use crate::run::signals;

pub fn run_shard(a: RunShard) -> Result<ExitCode> {
    let plan = Plan::load(&a.plan)?;
    let task = plan.task()?;
    let i = a.shard;
    let range = plan.shard(i)?.clone();
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("cannot create --out directory {}", a.out.display()))?;
    // One run of a shard at a time: a rerun (a requeue, a retry after a
    // crashed driver whose shards live on) waits for the live one, then
    // finds its result below. The lock file stays: removing it would let a
    // waiter lock a different file.
    let lock_path = a.out.join(format!("shard-{i}.lock"));
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .with_context(|| format!("cannot create {}", lock_path.display()))?;
    if lock.try_lock().is_err() {
        eprintln!("nqueens: shard {i} is running elsewhere; waiting for it to finish");
        lock.lock()
            .with_context(|| format!("cannot lock {}", lock_path.display()))?;
    }
    match ShardResult::load(&a.out, &plan, i) {
        Ok(Some(_)) => {
            eprintln!(
                "nqueens: shard {i} is already done: {}",
                Plan::result_path(&a.out, i).display()
            );
            return Ok(ExitCode::SUCCESS);
        }
        Ok(None) => {}
        Err(e) => eprintln!(
            "nqueens: shard {i}: the result in {} is unusable ({e:#}); counting it again",
            a.out.display()
        ),
    }
    let board = Board::new(plan.n)?;
    let (opts, budget) = (
        nqueens_sched::Options {
            depth: Some(plan.depth),
            ..a.run
        },
        a.budget,
    );
    let layout = task
        .layout(board, &opts)?
        .context("the plan's solver does not split")?;
    if layout.subproblems as u64 != plan.subproblems {
        bail!(
            "this nqueens splits n = {} at depth {} into {} subproblems, the plan says {}",
            plan.n,
            plan.depth,
            layout.subproblems,
            plan.subproblems
        );
    }
    let header = Header::new(task, plan.n, layout);
    let ckpt_path = Plan::checkpoint_path(&a.out, i);
    let ck = Arc::new(Checkpoint::open(&ckpt_path, &header)?);
    let resume = format!(
        "nqueens run-shard --plan {} --shard {i} --out {}",
        a.plan.display(),
        a.out.display()
    );
    let watcher = Arc::clone(&ck);
    signals::on_stop(move || watcher.exit_interrupted(&resume))?;
    let bar = Bar::new(format!("shard {i}"));
    let journal = Journal::new(&bar, &ck, Some(range.first..range.end));
    let start = Instant::now();
    let outcome = count_parts(task, board, &opts, &journal.hooks());
    bar.finish();
    ck.sync()?;
    if let Some(e) = journal.failure() {
        return Err(e)
            .with_context(|| format!("cannot write to checkpoint {}", ckpt_path.display()));
    }
    outcome.map_err(|e| {
        let e = memory::explain(e, budget, plan.n);
        anyhow::anyhow!(
            "shard {i}: {e:#}; its finished subproblems are kept in {}",
            ckpt_path.display()
        )
    })?;
    // Whole microseconds: few enough digits that serde_json reads the
    // number back exactly, as the checksum needs (17-digit floats do not
    // always round-trip through its default parser).
    let micros = start.elapsed().as_micros() as f64;
    let result = ShardResult {
        seconds: micros / 1e6,
        ..ShardResult::of(&plan, &range, task.width(), &journal.tallies())
    }
    .seal();
    let path = Plan::result_path(&a.out, i);
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, serde_json::to_string(&result)? + "\n")
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, &path).with_context(|| format!("cannot write {}", path.display()))?;
    let _ = std::fs::remove_file(&ckpt_path);
    println!(
        "shard {i}: subproblems {}..{}, {} solutions, {} nodes, {:.3} s -> {}",
        range.first,
        range.end,
        result.total,
        result.nodes,
        result.seconds,
        path.display()
    );
    Ok(ExitCode::SUCCESS)
}
