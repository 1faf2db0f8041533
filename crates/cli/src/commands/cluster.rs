//! The cluster's verbs: `plan`, `run-shard`, `missing`, `merge` and
//! `status`. The runner (`nqueens_cluster`) does the work and answers with
//! values; here they are printed, and `run-shard` gets its progress bars
//! and the signal watcher that saves the shard in flight on SIGINT,
//! SIGTERM or SIGUSR1 (what `sbatch --signal=B:USR1@60` sends).

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::Result;
use nqueens::Checkpoint;
use nqueens::Control;
use nqueens::{Total, Watch};
use nqueens_cluster::{Machine, MakePlan, Note, Runner};

use crate::cli::CountFormat;
use crate::export::{self, Format};
use crate::request::{Merge, Missing, RunShard, Status};
use crate::run::progress::Bar;
use crate::run::signals;
use nqueens::visible;

/// `nqueens plan`: the plan file's text on stdout.
pub fn plan(request: MakePlan) -> Result<ExitCode> {
    let plan = request.make()?;
    let mut out = io::stdout().lock();
    // As an I/O error, so that a failed write is reported as standard
    // output's (and a closed pipe ends quietly).
    writeln!(out, "{}", plan.to_json())?;
    Ok(ExitCode::SUCCESS)
}

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

/// `nqueens run-shard`: each shard asked for, one after the other, its
/// record printed as it ends.
pub fn run_shard(a: RunShard) -> Result<ExitCode> {
    let (plan, out) = (visible::path(&a.shards.plan), visible::path(&a.shards.out));
    // The bench harness's: the host name and the process's CPU clock.
    let machine = Machine {
        host: nqueens::machine::host(),
        cpu: nqueens::machine::own_cpu,
    };
    let runner = Runner::open(a.shards, machine)?;
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
    for i in runner.ids() {
        let range = runner.plan().shard(i)?;
        let bar = ShardBar::new(format!("shard {i}"));
        let keep = |ck: Arc<Checkpoint>| {
            bar.draw();
            let saving = Saving {
                ck,
                of: format!(
                    "the shard's {} subproblems (shard {i})",
                    range.end - range.first
                ),
                resume: format!("nqueens run-shard --plan {plan} --shard {i} --out {out}"),
            };
            *in_flight.lock().unwrap_or_else(|e| e.into_inner()) = Some(saving);
            Ok(())
        };
        let control = Control::new().progress(&bar).opened(&keep);
        let ran = runner.count_shard(i, &control, &note);
        bar.finish();
        *in_flight.lock().unwrap_or_else(|e| e.into_inner()) = None;
        export::print_one(Format::from(a.format), &ran?.fields())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A line on stderr.
fn note(note: Note) {
    eprintln!("nqueens: {note}");
}

/// A shard's progress bar, drawn once its checkpoint is open: not while
/// the shard waits for another run's lock, finds its result done, or is
/// the symmetry shard (whose two searches report no progress).
struct ShardBar {
    label: String,
    bar: OnceLock<Bar>,
}

impl ShardBar {
    fn new(label: String) -> ShardBar {
        ShardBar {
            label,
            bar: OnceLock::new(),
        }
    }

    fn draw(&self) -> &Bar {
        self.bar.get_or_init(|| Bar::new(self.label.clone()))
    }

    fn finish(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish();
        }
    }
}

impl Watch for ShardBar {
    fn start(&self, pieces: usize) {
        self.draw().start(pieces);
    }
    fn wants_weights(&self) -> bool {
        self.draw().wants_weights()
    }
    fn weights(&self, first: u64, weights: &[u64]) {
        self.draw().weights(first, weights);
    }
    fn done(&self, index: u64, found: Total) {
        self.draw().done(index, found);
    }
    fn passed(&self, index: u64) {
        self.draw().passed(index);
    }
}

/// `nqueens missing`: the ids alone in text, as `sbatch
/// --array=$(nqueens missing ...)` takes them (nothing when every shard
/// is done); a record in the other formats.
pub fn missing(a: Missing) -> Result<ExitCode> {
    let missing = a.missing.list()?;
    match a.format {
        CountFormat::Text => {
            if let Some(ids) = &missing.ids {
                let mut out = io::stdout().lock();
                writeln!(out, "{ids}")?;
                out.flush()?;
            }
        }
        format => export::print_one(Format::from(format), &missing.fields())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `nqueens merge`: the merged record, then its check against OEIS (a
/// mismatch fails with exit code 1 after the record is shown).
pub fn merge(a: Merge) -> Result<ExitCode> {
    let merged = a.merge.merge(&note)?;
    export::print_one(Format::from(a.format), &merged.fields())?;
    merged.check()?;
    Ok(ExitCode::SUCCESS)
}

/// `nqueens status`: the record, then a line on stderr for each damaged
/// shard, saying why.
pub fn status(a: Status) -> Result<ExitCode> {
    let status = a.status.report()?;
    export::print_one(Format::from(a.format), &status.fields())?;
    for (i, why) in &status.damaged {
        let why = visible::visible(why);
        eprintln!("nqueens: shard {i} is damaged: {why}");
    }
    Ok(ExitCode::SUCCESS)
}
