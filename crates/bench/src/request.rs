//! A bench run as its door checked it: the solvers, the boards, the
//! repeats, the programs beside them, where to record the run, and what
//! built the program that runs it.

use std::path::PathBuf;

use nqueens::Budget;
use nqueens_kernel::Board;
use nqueens_sched::{Options, Solver};
use regex::Regex;

use crate::command::Command;

/// A checked bench request: typed values, each checked by the door that
/// read them (the command line: `nqueens bench`'s flags), with
/// [`Command::parse`], [`pattern`](crate::command::pattern) and
/// [`check_out`](crate::record::check_out) for the harness's own.
pub struct Request {
    /// The built-in solvers, the baseline first: the speed-ups are its
    /// median over theirs.
    pub solvers: Vec<&'static dyn Solver>,
    /// The board sizes, smallest first; at least one.
    pub boards: Vec<Board>,
    /// Timed runs per solver and size, at least one.
    pub repeat: usize,
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
    /// The command line after the program's name, as typed, for the
    /// README.
    pub args: Vec<String>,
}

impl Request {
    /// How many timed runs the request plans, skipped ones included.
    pub fn planned_runs(&self) -> u64 {
        (self.boards.len() * (self.solvers.len() + self.commands.len()) * self.repeat) as u64
    }
}

impl std::fmt::Debug for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let solvers: Vec<&str> = self.solvers.iter().map(|s| s.name()).collect();
        f.debug_struct("Request")
            .field("solvers", &solvers)
            .field("boards", &self.boards)
            .field("repeat", &self.repeat)
            .field("run", &self.run)
            .field("budget", &self.budget)
            .field("max_seconds", &self.max_seconds)
            .field("out", &self.out)
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

/// How a row's runs were timed: the same way for every row it is
/// compared with, so a speed-up compares like with like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// From spawn to exit of a process (`nqueens count` for a built-in
    /// solver, the program itself for a `--command`): start-up included.
    Process,
    /// The count alone, inside the bench process.
    InProcess,
}

impl Timing {
    /// The default: processes when a `--command` is timed beside the
    /// solvers (a program can only be timed as a process), the count
    /// alone otherwise.
    pub fn for_commands(any: bool) -> Timing {
        if any {
            Timing::Process
        } else {
            Timing::InProcess
        }
    }

    /// `process` or `in-process`, as rows and `--timing` name it.
    pub fn name(self) -> &'static str {
        match self {
            Timing::Process => "process",
            Timing::InProcess => "in-process",
        }
    }
}
