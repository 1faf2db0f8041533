//! `nqueens run-shard`: one shard of a plan, of any kind of work:
//! idempotent (a finished shard is not counted again), checkpointed, and
//! saved on SIGTERM/SIGUSR1.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use nqueens_kernel::Board;
use nqueens_sched::count_parts;

use super::plan::Plan;
use super::result::ShardResult;
use crate::cli::CountFormat;
use crate::export::{self, Format};
use crate::request::RunShard;
use crate::run::checkpoint::{Checkpoint, Header};
use crate::run::journal::Journal;
use crate::run::memory;
use crate::run::progress::Bar;
use crate::run::signals;

/// What a shard's result file is called in messages.
const RESULT: &str = "the shard result";

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
    let lock = crate::io::open_lock(&lock_path, "the shard lock")?;
    if lock.try_lock().is_err() {
        eprintln!("nqueens: shard {i} is running elsewhere; waiting for it to finish");
        lock.lock()
            .with_context(|| format!("cannot lock {}", lock_path.display()))?;
    }
    let path = Plan::result_path(&a.out, i);
    // A device or a FIFO where the result goes would swallow it or block.
    crate::io::refuse_special(&path, RESULT)?;
    match ShardResult::load(&a.out, &plan, i) {
        Ok(Some(done)) => {
            eprintln!("nqueens: shard {i} is already done: {}", path.display());
            print(a.format, &done, &path, true)?;
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
    ck.sync()
        .with_context(|| format!("cannot sync checkpoint {}", ckpt_path.display()))?;
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
    let json = serde_json::to_string(&result).context("cannot serialize the shard result")?;
    crate::io::write_whole(&path, RESULT, (json + "\n").as_bytes())?;
    let _ = std::fs::remove_file(&ckpt_path);
    print(a.format, &result, &path, false)?;
    Ok(ExitCode::SUCCESS)
}

/// The shard's record on stdout: what it found and where it lies.
fn print(format: CountFormat, r: &ShardResult, path: &Path, already_done: bool) -> Result<()> {
    let record = vec![
        ("shard", r.shard.into()),
        ("first", r.first.into()),
        ("end", r.end.into()),
        ("total", r.total.into()),
        ("nodes", r.nodes.into()),
        ("seconds", r.seconds.into()),
        ("result", path.display().to_string().into()),
        ("already_done", already_done.into()),
    ];
    export::print_one(Format::from(format), &record)?;
    Ok(())
}
