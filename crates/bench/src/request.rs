//! A bench run as its door checked it: the solvers, the boards, the
//! repeats, the programs beside them, where to record the run, and what
//! built the program that runs it.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Result};
use nqueens::Budget;
use nqueens_kernel::Board;
use nqueens_sched::{Kind, Options};
use regex::Regex;

use nqueens::{number, Spelling};

use crate::command::Command;
use crate::export::Exports;
use crate::row::Timing;
use crate::stop::Stop;

/// A checked bench request: typed values, each checked by the door that
/// read them (the command line: `nqueens bench`'s flags), with
/// [`Command::parse`], [`pattern`](crate::command::pattern) and
/// [`check_out`](crate::record::check_out) for the harness's own.
pub struct Request {
    /// The built-in solvers, the baseline first: the speed-ups are its
    /// median over theirs.
    pub solvers: Vec<Arc<dyn Kind>>,
    /// The board sizes, smallest first; at least one.
    pub boards: Vec<Board>,
    /// How many runs each row gets, and what runs around them.
    pub runs: Runs,
    /// How the solvers that use threads count (threads, memory); the
    /// others count on one thread.
    pub run: Options,
    /// The memory budget `run` comes from, to explain a count refused
    /// for want of memory.
    pub budget: Option<Budget>,
    /// A solver (or program) whose median passes this many seconds is
    /// skipped at larger sizes; a program run past it is killed.
    pub max_seconds: f64,
    /// Record the run in a directory of its own under this one.
    pub out: Option<PathBuf>,
    /// Files to export the rows to, as hyperfine does.
    pub exports: Exports,
    /// The switch a door's signal watcher throws to stop the run.
    pub stop: Stop,
    /// Outside programs, timed after the solvers at each size.
    pub commands: Vec<Command>,
    /// How the built-in solvers are timed (the programs always as
    /// processes): [`Timing::for_commands`] gives the default.
    pub timing: Timing,
    /// The `nqueens` program that counts for a built-in solver timed as
    /// a process (`nqueens count N --solver NAME ...`): needed with
    /// [`Timing::Process`].
    pub counter: Option<PathBuf>,
    /// Options given to every such count after its own (`--max-memory
    /// 8G`, as the bench was given).
    pub counter_args: Vec<String>,
    /// Where a program's count is read from its output: the last match's
    /// one capture group; the last whole number printed if `None`.
    pub count_pattern: Option<Regex>,
    /// What built the program that runs the bench, for the README.
    pub build: Build,
    /// The command line as typed, the program first, for the README to
    /// rerun it: `None` for a word that is not UTF-8 (which the README
    /// cannot hold), empty from a door without one (Python).
    pub args: Vec<Option<String>>,
}

impl Request {
    /// How many timed runs the request plans at first, skipped ones
    /// included (a row may then ask for more: [`Show::more`]).
    ///
    /// [`Show::more`]: crate::Show::more
    pub fn planned_runs(&self) -> u64 {
        (self.boards.len() * (self.solvers.len() + self.commands.len()) * self.runs.planned())
            as u64
    }
}

impl std::fmt::Debug for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let solvers: Vec<&str> = self.solvers.iter().map(|s| s.solver()).collect();
        f.debug_struct("Request")
            .field("solvers", &solvers)
            .field("boards", &self.boards)
            .field("runs", &self.runs)
            .field("run", &self.run)
            .field("budget", &self.budget)
            .field("max_seconds", &self.max_seconds)
            .field("out", &self.out)
            .field("exports", &self.exports)
            .field("commands", &self.commands)
            .field("timing", &self.timing)
            .field("counter", &self.counter)
            .field("counter_args", &self.counter_args)
            .field("count_pattern", &self.count_pattern)
            .field("build", &self.build)
            .field("args", &self.args)
            .finish()
    }
}

/// What built the program that runs a bench, as its README records it:
/// the door's own build stamp (the command line's build script).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Build {
    /// The program's name, `nqueens`.
    pub program: String,
    /// Its version.
    pub version: String,
    /// The commit it was built from (`unknown` outside a git checkout).
    pub commit: String,
    /// `rustc -V` of the compiler that built it.
    pub rustc: String,
    /// The cargo profile it was built with.
    pub profile: String,
}

/// The most timed runs per row: a typo must not keep the machine busy
/// for days.
pub const MAX_RUNS: usize = 1000;
/// The most warm-up runs per row.
pub const MAX_WARMUP: usize = 1000;
/// Runs shorter than this get an untimed warm-up run first, unless
/// `--warmup` says how many.
pub const WARM_UP_BELOW_SECONDS: f64 = 1.0;
/// The default of `--min-runs` (`--max-runs`'s is [`MAX_RUNS`]).
pub const MIN_RUNS: usize = 3;
/// The default of `--target-seconds`.
pub const TARGET_SECONDS: f64 = 0.2;
/// The most `--target-seconds`: a day.
const MAX_TARGET_SECONDS: f64 = 86_400.0;

/// How many runs each row gets, and what runs around them, as hyperfine
/// plans them: warm-up runs (untimed), then exactly `--runs`, or else as
/// many as fit in `--target-seconds` by the first run's time, within
/// `--min-runs` and `--max-runs`; `--prepare` before every run (warm-ups
/// too), `--cleanup` after a row's last.
#[derive(Clone, Debug, PartialEq)]
pub struct Runs {
    /// Untimed runs first; `None`: one while the previous size's median
    /// was under [`WARM_UP_BELOW_SECONDS`].
    pub warmup: Option<usize>,
    /// Exactly this many timed runs.
    pub exact: Option<usize>,
    /// The fewest timed runs when not exact.
    pub min: usize,
    /// The most timed runs when not exact.
    pub max: usize,
    /// Seconds of timed runs to aim for per row, when not exact.
    pub target_seconds: f64,
    /// A shell command (`sh -c`) run before each run, `{n}` replaced.
    pub prepare: Option<String>,
    /// A shell command run after each row's runs, `{n}` replaced.
    pub cleanup: Option<String>,
}

/// The run options as a door read them, each still as typed (a number
/// from Python as its digits), so every door gets the same refusal.
#[derive(Clone, Debug, Default)]
pub struct RunsText {
    /// `--warmup`.
    pub warmup: Option<String>,
    /// `--runs` (or `--repeat`).
    pub runs: Option<String>,
    /// `--min-runs`.
    pub min_runs: Option<String>,
    /// `--max-runs`.
    pub max_runs: Option<String>,
    /// `--target-seconds`.
    pub target_seconds: Option<String>,
    /// `--prepare`.
    pub prepare: Option<String>,
    /// `--cleanup`.
    pub cleanup: Option<String>,
}

impl Runs {
    /// Exactly `k` timed runs, warm-ups as by default, nothing around
    /// them.
    pub fn exactly(k: usize) -> Runs {
        Runs {
            warmup: None,
            exact: Some(k),
            min: MIN_RUNS,
            max: MAX_RUNS,
            target_seconds: TARGET_SECONDS,
            prepare: None,
            cleanup: None,
        }
    }

    /// Checks the options as typed: counts in range, `--runs` not with
    /// `--min-runs` or `--max-runs`, the fewest not above the most.
    pub fn parse(t: RunsText, sp: Spelling) -> Result<Runs> {
        let count = |text: &Option<String>, key: &str, lo: usize, hi: usize| {
            text.as_deref()
                .map(|v| number::size(v, &sp.of(key), lo..=hi, ""))
                .transpose()
        };
        let warmup = count(&t.warmup, "warmup", 0, MAX_WARMUP)?;
        let exact = count(&t.runs, "runs", 1, MAX_RUNS)?;
        let min = count(&t.min_runs, "min_runs", 1, MAX_RUNS)?;
        let max = count(&t.max_runs, "max_runs", 1, MAX_RUNS)?;
        let (runs, min_runs, max_runs) = (sp.of("runs"), sp.of("min_runs"), sp.of("max_runs"));
        if exact.is_some() && (min.is_some() || max.is_some()) {
            bail!("{runs} sets the number of runs; {min_runs} and {max_runs} bound it otherwise: give one or the other");
        }
        let (min, max) = match (min, max) {
            (Some(lo), Some(hi)) if lo > hi => {
                bail!("{min_runs} {lo} is more than {max_runs} {hi}")
            }
            (lo, hi) => {
                let lo = lo.unwrap_or(MIN_RUNS.min(hi.unwrap_or(MAX_RUNS)));
                (lo, hi.unwrap_or(MAX_RUNS))
            }
        };
        let target = sp.of("target_seconds");
        let target_seconds = match &t.target_seconds {
            Some(s) if exact.is_some() => {
                bail!("{target} {s} chooses the number of runs, which {runs} sets")
            }
            Some(s) => number::seconds(s, &target, MAX_TARGET_SECONDS)?,
            None => TARGET_SECONDS,
        };
        let shell = |c: &Option<String>, key: &str| -> Result<Option<String>> {
            match c {
                Some(c) if c.trim().is_empty() => {
                    bail!("{} is empty: give a shell command", sp.of(key))
                }
                c => Ok(c.clone()),
            }
        };
        Ok(Runs {
            warmup,
            exact,
            min,
            max,
            target_seconds,
            prepare: shell(&t.prepare, "prepare")?,
            cleanup: shell(&t.cleanup, "cleanup")?,
        })
    }

    #[cfg(test)]
    fn parse_flags(t: RunsText) -> Result<Runs> {
        Runs::parse(t, Spelling::Flags)
    }

    /// The timed runs planned for a row before its first.
    pub fn planned(&self) -> usize {
        self.exact.unwrap_or(self.min)
    }

    /// The timed runs of a row whose first took `first` seconds: as
    /// many as fill the target, within the bounds (hyperfine's count).
    pub fn after_first(&self, first: f64) -> usize {
        match self.exact {
            Some(k) => k,
            None if first <= 0.0 => self.max,
            None => {
                let fit = (self.target_seconds / first).ceil();
                (fit.min(self.max as f64) as usize).clamp(self.min, self.max)
            }
        }
    }

    /// The warm-up runs of a row whose previous size's median was
    /// `previous`.
    pub fn warmups(&self, previous: Option<f64>) -> usize {
        self.warmup.unwrap_or(usize::from(
            previous.is_none_or(|p| p < WARM_UP_BELOW_SECONDS),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(pairs: &[(&str, &str)]) -> RunsText {
        let mut t = RunsText::default();
        for (k, v) in pairs {
            let v = Some(v.to_string());
            match *k {
                "warmup" => t.warmup = v,
                "runs" => t.runs = v,
                "min" => t.min_runs = v,
                "max" => t.max_runs = v,
                "target" => t.target_seconds = v,
                "prepare" => t.prepare = v,
                _ => t.cleanup = v,
            }
        }
        t
    }

    #[test]
    fn runs_fill_the_target_within_bounds() {
        let r = Runs::parse_flags(text(&[("min", "2"), ("max", "50"), ("target", "1")])).unwrap();
        assert_eq!(
            (r.planned(), r.after_first(0.1), r.after_first(0.3)),
            (2, 10, 4)
        );
        assert_eq!((r.after_first(0.001), r.after_first(5.0)), (50, 2));
        let r = Runs::parse_flags(text(&[("runs", "7")])).unwrap();
        assert_eq!((r.planned(), r.after_first(0.0001)), (7, 7));
        let r = Runs::parse_flags(text(&[])).unwrap();
        assert_eq!(
            (r.min, r.max, r.target_seconds),
            (MIN_RUNS, MAX_RUNS, TARGET_SECONDS)
        );
        assert_eq!(
            (r.warmups(None), r.warmups(Some(0.5)), r.warmups(Some(2.0))),
            (1, 1, 0)
        );
        let r = Runs::parse_flags(text(&[("warmup", "0"), ("max", "2")])).unwrap();
        assert_eq!((r.warmups(None), r.min, r.max), (0, 2, 2));
    }

    #[test]
    fn bad_run_options_are_refused() {
        for (t, why) in [
            (
                text(&[("runs", "0")]),
                "--runs must be a whole number from 1 to 1000, not 0",
            ),
            (
                text(&[("runs", "2"), ("min", "3")]),
                "give one or the other",
            ),
            (
                text(&[("min", "5"), ("max", "4")]),
                "--min-runs 5 is more than --max-runs 4",
            ),
            (text(&[("warmup", "-1")]), "--warmup must be"),
            (text(&[("target", "0")]), "--target-seconds must be"),
            (text(&[("runs", "3"), ("target", "2")]), "which --runs sets"),
            (text(&[("prepare", " ")]), "--prepare is empty"),
        ] {
            let e = Runs::parse(t, Spelling::Flags).unwrap_err().to_string();
            assert!(e.contains(why), "{e}");
        }
    }
}
