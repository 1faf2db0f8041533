//! Running shards (`nqueens run-shard`): one shard of a plan, or a run of
//! consecutive shards (one cluster task running many), of any kind of
//! work, each idempotent (a finished shard is not counted again) and
//! checkpointed. The symmetry shard of an ordinary count searches the
//! symmetric solutions instead of subproblems.
//!
//! The caller steers each shard's count with a [`Control`]: its progress
//! watch, its cancellation token, and the hook handed the shard's
//! checkpoint once it is open (the command line's signal watcher keeps
//! it, to save it and say how to resume when the process is stopped).

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use nqueens::{Budget, Cancel, Control};
use nqueens_files::checkpoint::{Checkpoint, Header};
use nqueens_files::io;
use nqueens_files::journal::Journal;
use nqueens_kernel::Board;
use nqueens_sched::{count_parts, Checked, Fields, Hooks, Kind, Options, Stop, Total};

use crate::note::Note;
use crate::plan::{Plan, ShardRange};
use crate::result::ShardResult;

/// What a shard's result file is called in messages.
const RESULT: &str = "the shard result";

/// Which shards one run counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shards {
    /// Shards `A-B` (or one id).
    Ids(RangeInclusive<usize>),
    /// Task `task` of an array whose tasks run `per_task` shards each.
    Task {
        /// The array task's id.
        task: usize,
        /// Shards a task.
        per_task: usize,
    },
}

impl Shards {
    /// The ids of a plan with `ids` shards: refused when they fall outside.
    ///
    /// ```
    /// use nqueens_cluster::Shards;
    /// assert_eq!(Shards::Task { task: 2, per_task: 4 }.ids(10).unwrap(), 8..=9);
    /// assert!(Shards::Ids(3..=10).ids(10).is_err());
    /// ```
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

/// Shards to run: the plan's file, which of its shards, where their
/// results and checkpoints go, and how to count them.
#[derive(Clone, Debug)]
pub struct RunShards {
    /// The plan file (read by [`Runner::open`]).
    pub plan: PathBuf,
    /// Which of its shards.
    pub shards: Shards,
    /// The results directory (created if need be).
    pub out: PathBuf,
    /// The run options; the depth is the plan's.
    pub run: Options,
    /// The memory budget the run options come from, to explain a refusal.
    pub budget: Option<Budget>,
}

/// What a result records of the machine that ran it: its name, and the
/// process's CPU time so far (read before and after each shard).
#[derive(Clone, Debug)]
pub struct Machine {
    /// The host name.
    pub host: String,
    /// The CPU time the process has spent.
    pub cpu: fn() -> Duration,
}

/// A shard run: its result and where it lies.
#[derive(Clone, Debug, PartialEq)]
pub struct Ran {
    /// The result, as written (or found).
    pub result: ShardResult,
    /// Its file.
    pub path: PathBuf,
    /// Whether the result was there before this run.
    pub already_done: bool,
}

impl Ran {
    /// The `shard` record of docs/formats.md: what it found, where it
    /// lies, whether it was done before.
    pub fn fields(&self) -> Fields {
        let mut fields = self.result.fields();
        fields.extend([
            ("result", self.path.display().to_string().as_str().into()),
            ("already_done", self.already_done.into()),
        ]);
        fields
    }
}

/// A plan read and checked, its shards to run chosen, its results
/// directory made.
#[derive(Debug)]
pub struct Runner {
    plan: Plan,
    task: std::sync::Arc<dyn Kind>,
    ids: RangeInclusive<usize>,
    request: RunShards,
    machine: Machine,
}

impl Runner {
    /// Reads the plan, checks the shards asked for against it, and makes
    /// the results directory.
    pub fn open(request: RunShards, machine: Machine) -> Result<Runner> {
        let plan = Plan::load(&request.plan)?;
        let task = plan.task()?;
        let ids = request.shards.ids(plan.ids())?;
        std::fs::create_dir_all(&request.out)
            .with_context(|| format!("cannot create --out directory {}", request.out.display()))?;
        Ok(Runner {
            plan,
            task,
            ids,
            request,
            machine,
        })
    }

    /// The plan.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The shards to run, in order.
    pub fn ids(&self) -> RangeInclusive<usize> {
        self.ids.clone()
    }

    /// Counts shard `i` under its lock file and writes its result: a rerun
    /// waits for a live run of the same shard, then keeps the result that
    /// run wrote; a shard whose valid result is there is not counted
    /// again. `control` steers the count of its subproblems; `note` hears
    /// what is worth a line.
    pub fn count_shard(&self, i: usize, control: &Control, note: &dyn Fn(Note)) -> Result<Ran> {
        let out = &self.request.out;
        let range = self.plan.shard(i)?;
        // One run of a shard at a time: a rerun (a requeue, a retry after a
        // crashed driver whose shards live on) waits for the live one, then
        // finds its result below. The lock file stays: removing it would let
        // a waiter lock a different file.
        let lock_path = Plan::lock_path(out, i);
        // Our own names in the results directory: a symbolic link there
        // (shard-1.json -> shard-0.json) would have us write another file.
        io::refuse_link(&lock_path, "the shard lock")?;
        let lock = io::open_lock(&lock_path, "the shard lock")?;
        if lock.try_lock().is_err() {
            note(Note::Waiting { shard: i });
            lock.lock()
                .with_context(|| format!("cannot lock {}", lock_path.display()))?;
        }
        let path = Plan::result_path(out, i);
        // A device or a FIFO where the result goes would swallow it or block.
        io::refuse_special(&path, RESULT)?;
        match ShardResult::load(out, &self.plan, i) {
            Ok(Some(done)) => {
                note(Note::AlreadyDone {
                    shard: i,
                    result: path.clone(),
                });
                return Ok(Ran {
                    result: done,
                    path,
                    already_done: true,
                });
            }
            Ok(None) => {}
            Err(e) => note(Note::Unusable {
                shard: i,
                dir: out.clone(),
                why: format!("{e:#}"),
            }),
        }
        let start = Instant::now();
        let cpu = (self.machine.cpu)();
        let result = if Some(i) == self.plan.symmetry_shard() {
            self.symmetric(&range)?
        } else {
            self.count(&range, control)?
        };
        // Whole microseconds: few enough digits that serde_json reads the
        // number back exactly, as the checksum needs (17-digit floats do not
        // always round-trip through its default parser).
        let whole_micros = |d: Duration| d.as_micros() as f64 / 1e6;
        let result = ShardResult {
            host: self.machine.host.clone(),
            seconds: whole_micros(start.elapsed()),
            cpu_seconds: Some(whole_micros((self.machine.cpu)().saturating_sub(cpu))),
            ..result
        }
        .seal();
        let json = serde_json::to_string(&result).context("cannot serialize the shard result")?;
        // A link in its place is replaced, never written through.
        io::replace_whole(&path, RESULT, (json + "\n").as_bytes())?;
        let _ = std::fs::remove_file(Plan::checkpoint_path(out, i));
        Ok(Ran {
            result,
            path,
            already_done: false,
        })
    }

    /// The symmetry shard: the solutions fixed by the half and the quarter
    /// turn (one search each; no checkpoint, as neither can be cut).
    fn symmetric(&self, range: &ShardRange) -> Result<ShardResult> {
        let board = Board::new(self.plan.n)?;
        let (half, quarter) = nqueens_sched::symmetric(board);
        let fixed = Total::fixed(half, quarter);
        Ok(ShardResult::symmetric(&self.plan, range, fixed))
    }

    /// A shard of subproblems, counted through its checkpoint.
    fn count(&self, range: &ShardRange, control: &Control) -> Result<ShardResult> {
        let (a, i, plan, task) = (&self.request, range.shard, &self.plan, &self.task);
        let board = Board::new(plan.n)?;
        let opts = Options {
            depth: Some(plan.depth),
            ..a.run
        };
        // The plan's board and depth, checked as typed ones are.
        let count = Checked::of(task.clone(), board, opts)?;
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
        let header = Header::new(&**task, board, layout);
        let ckpt_path = Plan::checkpoint_path(&a.out, i);
        io::refuse_link(&ckpt_path, "the shard checkpoint")?;
        let ck = Arc::new(Checkpoint::open(&ckpt_path, &header)?);
        if let Some(opened) = control.opened {
            opened(Arc::clone(&ck))?;
        }
        let journal = Journal::new(control.progress, &ck, Some(range.first..range.end));
        let hooks = Hooks {
            stop: &Either(&journal, &control.cancel),
            ..journal.hooks()
        };
        let outcome = count_parts(&count, &hooks);
        ck.sync()
            .with_context(|| format!("cannot sync checkpoint {}", ckpt_path.display()))?;
        if let Some(e) = journal.failure() {
            return Err(e)
                .with_context(|| format!("cannot write to checkpoint {}", ckpt_path.display()));
        }
        outcome.map_err(|e| {
            let e = nqueens::budget::explain(e, a.budget, board);
            anyhow::anyhow!(
                "shard {i}: {e:#}; its finished subproblems are kept in {}",
                ckpt_path.display()
            )
        })?;
        Ok(ShardResult::of(
            plan,
            range,
            task.width(),
            &journal.tallies(),
        ))
    }
}

/// Stops on a failed write (the journal) or when the caller cancels.
struct Either<'a>(&'a Journal<'a>, &'a Cancel);

impl Stop for Either<'_> {
    fn stop(&self) -> bool {
        self.0.stop() || self.1.stop()
    }
}
