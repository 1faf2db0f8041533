//! A bench request as a door read it, every value still as typed, and
//! its one check into a [`Request`]: the command line (`nqueens bench`'s
//! flags) and Python (`nqueens.bench`'s keywords) fill a [`Spec`] and get
//! the same refusals, named in their own spelling.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use nqueens::{number, Spelling, Unused};
use nqueens_kernel::{Board, MAX_N};
use nqueens_sched::{solvers, Kind};

use crate::command::{self, Command};
use crate::export::Exports;
use crate::request::{Build, Request, Runs, RunsText};
use crate::row::Timing;
use crate::stop::Stop;

/// The default `baseline`, `from`, `to` and `max_seconds`.
pub const DEFAULT_BASELINE: &str = "mirror";
/// The default first board size.
pub const DEFAULT_FROM: &str = "8";
/// The default last board size.
pub const DEFAULT_TO: &str = "12";
/// The default `--max-seconds`.
pub const DEFAULT_MAX_SECONDS: &str = "60";

/// A bench request as typed.
#[derive(Clone, Debug)]
pub struct Spec {
    /// How the door names its values in messages (`--runs`, `runs`).
    pub spelling: Spelling,
    /// The solvers named; `None`: every solver `in_default_bench`.
    pub solvers: Option<Vec<String>>,
    /// The first and last board sizes (`--from`, `--to`; `first`, `last`).
    pub from: String,
    /// The last board size.
    pub to: String,
    /// The solver the others are compared with; added if not named.
    pub baseline: String,
    /// The runs of each row.
    pub runs: RunsText,
    /// Threads and memory budget.
    pub run: nqueens::Run,
    /// Seconds past which a solver is skipped at larger sizes.
    pub max_seconds: String,
    /// Record the run under this directory.
    pub out: Option<PathBuf>,
    /// hyperfine's exports.
    pub exports: Exports,
    /// `NAME=PROGRAM ARGS {n}` specs.
    pub commands: Vec<String>,
    /// Where a program's count is read from.
    pub count_pattern: Option<String>,
    /// `process` or `in-process`; `None`: processes with a command.
    pub timing: Option<String>,
    /// The `nqueens` program to time the built-in solvers as processes
    /// with; needed only then.
    pub counter: Option<PathBuf>,
    /// What built the program, for the README.
    pub build: Build,
    /// The command line as typed, program first (empty from Python).
    pub args: Vec<Option<String>>,
}

impl Spec {
    /// The defaults, as `nqueens bench` with no flags.
    pub fn new(spelling: Spelling, build: Build) -> Spec {
        Spec {
            spelling,
            solvers: None,
            from: DEFAULT_FROM.into(),
            to: DEFAULT_TO.into(),
            baseline: DEFAULT_BASELINE.into(),
            runs: RunsText::default(),
            run: nqueens::Run::default(),
            max_seconds: DEFAULT_MAX_SECONDS.into(),
            out: None,
            exports: Exports::default(),
            commands: Vec::new(),
            count_pattern: None,
            timing: None,
            counter: None,
            build,
            args: Vec::new(),
        }
    }

    /// Checks every value, and how they go together, before anything
    /// runs.
    pub fn check(self) -> Result<Request> {
        let sp = self.spelling;
        let (from, to) = (sp.of("first"), sp.of("last"));
        let first = number::board(&self.from, &from, MAX_N, "")?;
        let last = number::board(&self.to, &to, MAX_N, "")?;
        if first.n() > last.n() {
            bail!(
                "empty range: {from} {} is after {to} {}",
                first.n(),
                last.n()
            );
        }
        let boards: Vec<Board> = (first.n()..=last.n())
            .map(|n| Board::new(n).expect("checked range"))
            .collect();
        let smallest = first.n();
        let baseline = nqueens::solver(&self.baseline)?;
        if baseline.sizes().largest() < smallest {
            bail!(
                "baseline '{}' handles n up to {}, and the range starts at {smallest}",
                baseline.solver(),
                baseline.sizes().largest(),
            );
        }
        let mut chosen: Vec<Arc<dyn Kind>> = vec![baseline];
        let named: Vec<Arc<dyn Kind>> = match &self.solvers {
            // The exhaustive references take seconds from n = 8 on: they
            // run when named.
            None => solvers::all()
                .iter()
                .filter(|s| s.in_default_bench())
                .cloned()
                .collect(),
            Some(names) => {
                let named = names
                    .iter()
                    .map(|n| nqueens::solver(n).map_err(anyhow::Error::from))
                    .collect::<Result<Vec<_>>>()?;
                if let Some(s) = named.iter().find(|s| s.sizes().largest() < smallest) {
                    bail!(
                        "solver '{}' handles n up to {}, and the range starts at {smallest}",
                        s.solver(),
                        s.sizes().largest()
                    );
                }
                named
            }
        };
        for s in named {
            if !chosen.iter().any(|t| t.solver() == s.solver()) {
                chosen.push(s);
            }
        }
        let runs = Runs::parse(self.runs, sp)?;
        let max_seconds: f64 = self
            .max_seconds
            .trim()
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s > 0.0)
            .with_context(|| {
                format!(
                    "{} must be a positive number of seconds, not '{}'",
                    sp.of("max_seconds"),
                    self.max_seconds
                )
            })?;
        if let Some(out) = &self.out {
            crate::record::check_out(out)?;
        }
        self.exports.check()?;
        let mut commands: Vec<Command> = Vec::new();
        for spec in &self.commands {
            let taken: Vec<&str> = solvers::all()
                .iter()
                .map(|s| s.solver())
                .chain(commands.iter().map(|c| c.name.as_str()))
                .collect();
            commands.push(Command::parse(spec, &taken)?);
        }
        let count_pattern = match &self.count_pattern {
            Some(p) if commands.is_empty() => bail!(
                "{} '{p}' reads the output of a {}; there is none",
                sp.of("count_pattern"),
                sp.of("command")
            ),
            Some(p) => Some(command::pattern(p)?),
            None => None,
        };
        let (run, budget) = self.run.options(sp, None, &Unused::default())?;
        let timing = match self.timing.as_deref() {
            Some("process") => Timing::Process,
            Some("in-process") => Timing::InProcess,
            Some(other) => bail!(
                "{} must be process or in-process, not '{other}'",
                sp.of("timing")
            ),
            None => Timing::for_commands(!commands.is_empty()),
        };
        let counter = match (timing, self.counter) {
            (Timing::Process, None) => bail!(
                "timing process times the built-in solvers as `nqueens count` processes, and no nqueens program was found (give its path, or timing in-process)"
            ),
            (Timing::Process, counter) => counter,
            (Timing::InProcess, _) => None,
        };
        // The child counts under the memory budget the bench was given.
        let counter_args = match &self.run.max_memory {
            Some(m) => vec!["--max-memory".to_string(), m.clone()],
            None => Vec::new(),
        };
        Ok(Request {
            solvers: chosen,
            boards,
            runs,
            run,
            budget,
            max_seconds,
            out: self.out,
            exports: self.exports,
            stop: Stop::new(),
            commands,
            timing,
            counter,
            counter_args,
            count_pattern,
            build: self.build,
            args: self.args,
        })
    }
}
