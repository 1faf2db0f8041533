//! `nqueens run-shard`: one shard of a plan, or a run of consecutive
//! shards (one cluster task running many), of any kind of work: each
//! idempotent (a finished shard is not counted again), checkpointed, and
//! saved on SIGTERM/SIGUSR1. The symmetry shard of an ordinary count
//! searches the symmetric solutions instead of subproblems.

use std::ops::RangeInclusive;
use std::path::Path;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use nqueens_kernel::Board;
use nqueens_sched::{count_parts, Checked, Fixed, Kind, Options};
use nqueens_tasks::Task;

use super::plan::{Plan, ShardRange};
use super::result::ShardResult;
use crate::cli::CountFormat;
use crate::export::{self, Format};
use crate::request::RunShard;
use crate::run::checkpoint::{Checkpoint, Header};
use crate::run::journal::Journal;

use crate::run::progress::Bar;
use crate::run::signals;
use crate::visible;

/// What a shard's result file is called in messages.
const RESULT: &str = "the shard result";

/// The checkpoint of the shard in flight, for the signal watcher: a run of
/// many shards installs one watcher and points it at each in turn.
type InFlight = Arc<Mutex<Option<Saving>>>;

/// What the signal watcher says of the shard in flight: its checkpoint,
/// which of the plan's subproblems are the shard's, and how to resume.
#[derive(Clone)]
struct Saving {
    ck: Arc<Checkpoint>,
    /// `the shard's 24 subproblems (shard 1)`: the plan's total would
    /// overstate what is left.
    of: String,
    resume: String,
}

pub fn run_shard(a: RunShard) -> Result<ExitCode> {
    let plan = Plan::load(&a.plan)?;
    let task = plan.task()?;
    let ids = a.shards.ids(plan.ids())?;
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("cannot create --out directory {}", a.out.display()))?;
    let in_flight: InFlight = Arc::new(Mutex::new(None));
    let watcher = Arc::clone(&in_flight);
    signals::on_stop(move || {
        let current = watcher.lock().unwrap_or_else(|e| e.into_inner()).clone();
        match current {
            Some(s) => s.ck.exit_interrupted_of(&s.of, &s.resume),
            None => {
                // Between shards: every finished one is saved already.
                eprintln!("nqueens: interrupted between shards; every finished shard is saved");
                std::process::exit(130)
            }
        }
    })?;
    for i in ids {
        let range = plan.shard(i)?;
        let shard = Shard {
            plan: &plan,
            task,
            range,
            a: &a,
            in_flight: &in_flight,
        };
        shard.count_locked()?;
    }
    Ok(ExitCode::SUCCESS)
}

struct Shard<'a> {
    plan: &'a Plan,
    task: Task<'static>,
    range: ShardRange,
    a: &'a RunShard,
    in_flight: &'a InFlight,
}

impl Shard<'_> {
    /// Counts the shard under its lock file: a rerun waits for a live run of
    /// the same shard, then keeps the result that run wrote.
    fn count_locked(&self) -> Result<()> {
        let (a, i) = (self.a, self.range.shard);
        // One run of a shard at a time: a rerun (a requeue, a retry after a
        // crashed driver whose shards live on) waits for the live one, then
        // finds its result below. The lock file stays: removing it would let
        // a waiter lock a different file.
        let lock_path = Plan::lock_path(&a.out, i);
        // Our own names in the results directory: a symbolic link there
        // (shard-1.json -> shard-0.json) would have us write another file.
        crate::io::refuse_link(&lock_path, "the shard lock")?;
        let lock = crate::io::open_lock(&lock_path, "the shard lock")?;
        if lock.try_lock().is_err() {
            eprintln!("nqueens: shard {i} is running elsewhere; waiting for it to finish");
            lock.lock()
                .with_context(|| format!("cannot lock {}", lock_path.display()))?;
        }
        let path = Plan::result_path(&a.out, i);
        // A device or a FIFO where the result goes would swallow it or block.
        crate::io::refuse_special(&path, RESULT)?;
        match ShardResult::load(&a.out, self.plan, i) {
            Ok(Some(done)) => {
                eprintln!(
                    "nqueens: shard {i} is already done: {}",
                    visible::path(&path)
                );
                return print(a.format, &done, &path, true);
            }
            Ok(None) => {}
            Err(e) => eprintln!(
                "nqueens: shard {i}: the result in {} is unusable ({}); counting it again",
                visible::path(&a.out),
                visible::visible(&format!("{e:#}"))
            ),
        }
        let start = Instant::now();
        let cpu = crate::bench::os::own_cpu();
        let result = if Some(i) == self.plan.symmetry_shard() {
            self.symmetric()?
        } else {
            self.count()?
        };
        // Whole microseconds: few enough digits that serde_json reads the
        // number back exactly, as the checksum needs (17-digit floats do not
        // always round-trip through its default parser).
        let whole_micros = |d: std::time::Duration| d.as_micros() as f64 / 1e6;
        let result = ShardResult {
            seconds: whole_micros(start.elapsed()),
            cpu_seconds: Some(whole_micros(
                crate::bench::os::own_cpu().saturating_sub(cpu),
            )),
            ..result
        }
        .seal();
        let json = serde_json::to_string(&result).context("cannot serialize the shard result")?;
        // A link in its place is replaced, never written through.
        crate::io::replace_whole(&path, RESULT, (json + "\n").as_bytes())?;
        let _ = std::fs::remove_file(Plan::checkpoint_path(&a.out, i));
        print(a.format, &result, &path, false)
    }

    /// The symmetry shard: the solutions fixed by the half and the quarter
    /// turn (one search each; no checkpoint, as neither can be cut).
    fn symmetric(&self) -> Result<ShardResult> {
        let board = Board::new(self.plan.n)?;
        let (half, quarter) = nqueens_sched::symmetric(board);
        let fixed = Fixed::of(half, quarter);
        Ok(ShardResult::symmetric(self.plan, &self.range, fixed))
    }

    /// A shard of subproblems, counted through its checkpoint.
    fn count(&self) -> Result<ShardResult> {
        let (a, i, plan, task) = (self.a, self.range.shard, self.plan, self.task);
        let board = Board::new(plan.n)?;
        let opts = Options {
            depth: Some(plan.depth),
            ..a.run
        };
        // The plan's board and depth, checked as typed ones are.
        let count = Checked::new(task, board, opts)?;
        let layout = task
            .layout(board, count.opts())?
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
        let header = Header::new(&task, plan.n, layout);
        let ckpt_path = Plan::checkpoint_path(&a.out, i);
        crate::io::refuse_link(&ckpt_path, "the shard checkpoint")?;
        let ck = Arc::new(Checkpoint::open(&ckpt_path, &header)?);
        let resume = format!(
            "nqueens run-shard --plan {} --shard {i} --out {}",
            visible::path(&a.plan),
            visible::path(&a.out)
        );
        let saving = Saving {
            ck: Arc::clone(&ck),
            of: format!(
                "the shard's {} subproblems (shard {i})",
                self.range.end - self.range.first
            ),
            resume,
        };
        *self.in_flight.lock().unwrap_or_else(|e| e.into_inner()) = Some(saving);
        let bar = Bar::new(format!("shard {i}"));
        let journal = Journal::new(&bar, &ck, Some(self.range.first..self.range.end));
        let outcome = count_parts(&count, &journal.hooks());
        bar.finish();
        ck.sync()
            .with_context(|| format!("cannot sync checkpoint {}", ckpt_path.display()))?;
        *self.in_flight.lock().unwrap_or_else(|e| e.into_inner()) = None;
        if let Some(e) = journal.failure() {
            return Err(e)
                .with_context(|| format!("cannot write to checkpoint {}", ckpt_path.display()));
        }
        outcome.map_err(|e| {
            let e = nqueens::budget::explain(e, a.budget, plan.n);
            anyhow::anyhow!(
                "shard {i}: {e:#}; its finished subproblems are kept in {}",
                ckpt_path.display()
            )
        })?;
        Ok(ShardResult::of(
            plan,
            &self.range,
            task.width(),
            &journal.tallies(),
        ))
    }
}

/// The shard's record on stdout: what it found and where it lies.
fn print(format: CountFormat, r: &ShardResult, path: &Path, already_done: bool) -> Result<()> {
    let mut record = r.record();
    record.extend([
        ("result", path.display().to_string().into()),
        ("already_done", already_done.into()),
    ]);
    export::print_one(Format::from(format), &record)?;
    Ok(())
}

/// Which shards one `run-shard` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shards {
    /// `--shard A-B` (or one id).
    Ids(RangeInclusive<usize>),
    /// Task `task` of an array whose tasks run `per_task` shards each.
    Task { task: usize, per_task: usize },
}

impl Shards {
    /// The ids of a plan with `ids` shards: refused when they fall outside.
    pub fn ids(&self, ids: usize) -> Result<RangeInclusive<usize>> {
        let last = ids - 1;
        match *self {
            Shards::Ids(ref r) => {
                if *r.end() > last {
                    bail!(
                        "--shard {} is outside the plan (its shards are 0 to {last})",
                        if r.start() == r.end() {
                            r.start().to_string()
                        } else {
                            format!("{}-{}", r.start(), r.end())
                        }
                    );
                }
                Ok(r.clone())
            }
            Shards::Task { task, per_task } => {
                let first = task.saturating_mul(per_task);
                if first > last {
                    bail!(
                        "task {task} of {per_task} shards each is outside the plan (its shards are 0 to {last}: tasks 0 to {})",
                        last / per_task
                    );
                }
                Ok(first..=(first + per_task - 1).min(last))
            }
        }
    }
}
