//! One row's runs, wherever the row's program comes from (a built-in
//! solver, a `--command`): what one run measured ([`Sample`]), how many
//! runs a row takes once its first is timed, and `--prepare` /
//! `--cleanup` around them.

use std::time::Duration;

use anyhow::Result;

use crate::process;
use crate::request::{Request, Runs};
use crate::row::Row;
use crate::show::Show;

/// The timed runs of a row after its first took `first` seconds, the
/// runs beyond `planned` told to `show`.
pub(crate) fn more(runs: &Runs, first: f64, planned: usize, show: &mut dyn Show) -> usize {
    let now = runs.after_first(first);
    if now > planned {
        show.more((now - planned) as u64);
    }
    now
}

/// `--prepare` before a run at size `n`.
pub(crate) fn prepare(runs: &Runs, n: usize, opts: &Request) -> Result<()> {
    match &runs.prepare {
        Some(c) => process::shell(c, n, "--prepare", guard(opts), &opts.stop),
        None => Ok(()),
    }
}

/// `--cleanup` after a row's runs at size `n`.
pub(crate) fn cleanup(runs: &Runs, n: usize, opts: &Request) -> Result<()> {
    match &runs.cleanup {
        Some(c) => process::shell(c, n, "--cleanup", guard(opts), &opts.stop),
        None => Ok(()),
    }
}

/// How long a process the harness waits for may run before it is
/// stopped: a guard against a hang, not a limit (a built-in solver is
/// skipped past --max-seconds at the next size, as in-process).
pub(crate) fn guard(opts: &Request) -> Duration {
    Duration::from_secs_f64(opts.max_seconds.max(1.0) * 10.0)
}

/// One run: wall seconds, user and system CPU seconds, peak memory (a
/// process's).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sample {
    pub seconds: f64,
    pub user: f64,
    pub system: f64,
    pub max_rss_kib: Option<u64>,
}

impl Sample {
    pub fn of(done: &process::Finished) -> Sample {
        Sample {
            seconds: done.wall.as_secs_f64(),
            user: done.usage.user.as_secs_f64(),
            system: done.usage.system.as_secs_f64(),
            max_rss_kib: Some(done.usage.max_rss_kib),
        }
    }
}

impl Row {
    /// Adds one timed run.
    pub(crate) fn push(&mut self, s: &Sample) {
        self.seconds.push(s.seconds);
        self.user.push(s.user);
        self.system.push(s.system);
        self.max_rss_kib = self.max_rss_kib.max(s.max_rss_kib);
    }
}
