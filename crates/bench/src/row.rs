//! A bench row: one solver's (or program's) result at one size.

use nqueens::verify::Check;
use nqueens_sched::{Fields, Value};

use crate::stats::{self, Warning};

/// The keys of [`Row::fields`], in order: the columns of every bench
/// table (docs/formats.md, the `bench` record).
pub const KEYS: [&str; 21] = [
    "n",
    "solver",
    "timing",
    "threads",
    "runs",
    "mean_s",
    "stddev_s",
    "median_s",
    "min_s",
    "max_s",
    "user_s",
    "system_s",
    "max_rss_kib",
    "nodes",
    "nodes_per_s",
    "speedup",
    "speedup_stddev",
    "total",
    "unique",
    "oeis",
    "note",
];

/// One solver's result at one size (a built-in solver's or a program's).
#[derive(Clone, Debug)]
pub struct Row {
    pub(crate) n: usize,
    pub(crate) solver: String,
    /// What was run, for `--export-json`: the words of a process,
    /// shell-quoted, or `SOLVER N (in-process)`.
    pub(crate) command: String,
    /// How its runs were timed.
    pub(crate) timing: Timing,
    pub(crate) threads: usize,
    /// Wall seconds of each timed run, in the order they ran.
    pub(crate) seconds: Vec<f64>,
    /// User and system CPU seconds of each timed run.
    pub(crate) user: Vec<f64>,
    pub(crate) system: Vec<f64>,
    /// Peak resident memory, KiB, the largest of its runs: a process's
    /// (none for a solver timed in-process).
    pub(crate) max_rss_kib: Option<u64>,
    /// Its count; `unique` and `nodes` from a built-in solver only.
    pub(crate) total: Option<u128>,
    pub(crate) unique: Option<u128>,
    pub(crate) nodes: Option<u128>,
    /// Against the baseline: the ratio of the means and its deviation.
    pub(crate) speedup: Option<(f64, Option<f64>)>,
    pub(crate) check: Check,
    pub(crate) note: Option<String>,
}

impl Row {
    pub(crate) fn new(n: usize, solver: String, timing: Timing, threads: usize) -> Row {
        Row {
            n,
            command: format!("{solver} {n} ({})", timing.name()),
            solver,
            timing,
            threads,
            seconds: Vec::new(),
            user: Vec::new(),
            system: Vec::new(),
            max_rss_kib: None,
            total: None,
            unique: None,
            nodes: None,
            speedup: None,
            check: Check::Unknown,
            note: None,
        }
    }

    /// The median of its timed runs' wall seconds; `None` if none ran.
    pub fn median(&self) -> Option<f64> {
        stats::median(&self.seconds)
    }

    /// The mean of its timed runs' wall seconds and their sample standard
    /// deviation (none below two runs); `None` if none ran.
    pub fn mean(&self) -> Option<(f64, Option<f64>)> {
        Some((stats::mean(&self.seconds)?, stats::stddev(&self.seconds)))
    }

    /// The row's name and size, `pairs at n = 9`.
    pub fn name(&self) -> String {
        format!("{} at n = {}", self.solver, self.n)
    }

    /// Whether it counted (it was not skipped and did not fail first).
    pub(crate) fn counted(&self) -> bool {
        self.total.is_some()
    }

    /// What its runs warn of (outliers, a slow first run).
    pub fn warning(&self) -> Option<Warning> {
        stats::warning(&self.seconds)
    }

    /// Its wall seconds, one per timed run, in the order they ran.
    pub fn times(&self) -> &[f64] {
        &self.seconds
    }

    /// The row's values under [`KEYS`], in that order: `nodes` and
    /// `unique` where a built-in solver counted (null for a program), and
    /// the statistics of its runs. `speedup` is a ratio (the baseline's
    /// mean over this one's).
    pub fn fields(&self) -> Fields {
        let min = self.seconds.iter().copied().reduce(f64::min);
        let max = self.seconds.iter().copied().reduce(f64::max);
        let mean = stats::mean(&self.seconds);
        let rate = self
            .nodes
            .zip(mean)
            .filter(|(_, m)| *m > 0.0)
            .map(|(nodes, m)| (nodes as f64 / m).round() as u128);
        let oeis = self.total.map(|_| self.check.mark());
        let values: [Value; 21] = [
            self.n.into(),
            self.solver.as_str().into(),
            self.timing.name().into(),
            self.threads.into(),
            self.seconds.len().into(),
            mean.into(),
            stats::stddev(&self.seconds).into(),
            self.median().into(),
            min.into(),
            max.into(),
            stats::mean(&self.user).into(),
            stats::mean(&self.system).into(),
            self.max_rss_kib.into(),
            self.nodes.into(),
            rate.into(),
            // A ratio: a JSON number, `1.93x` for people.
            self.speedup.map(|(r, _)| Value::Ratio(r)).into(),
            self.speedup.and_then(|(_, s)| s).into(),
            self.total.into(),
            self.unique.into(),
            oeis.into(),
            self.note.as_deref().into(),
        ];
        KEYS.into_iter().zip(values).collect()
    }
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
