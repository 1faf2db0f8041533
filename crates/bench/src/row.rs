//! A bench row: one solver's (or program's) result at one size.

use nqueens::verify::Check;
use nqueens_sched::{Fields, Value};

use crate::request::Timing;
use crate::stats::median;

/// The keys of [`Row::fields`], in order: the columns of every bench
/// table (docs/formats.md, the `bench` record).
pub const KEYS: [&str; 17] = [
    "n",
    "solver",
    "timing",
    "threads",
    "runs",
    "median_s",
    "min_s",
    "max_s",
    "nodes",
    "nodes_per_s",
    "speedup",
    "total",
    "unique",
    "oeis",
    "cpu_s",
    "max_rss_kib",
    "note",
];

/// One solver's result at one size (a built-in solver's or a program's).
#[derive(Clone, Debug)]
pub struct Row {
    pub(crate) n: usize,
    pub(crate) solver: String,
    /// How its runs were timed.
    pub(crate) timing: Timing,
    pub(crate) threads: usize,
    pub(crate) seconds: Vec<f64>,
    /// CPU seconds (user + system) of each timed run.
    pub(crate) cpu: Vec<f64>,
    /// Peak resident memory, KiB, the largest of its runs: a process's
    /// (none for a solver timed in-process).
    pub(crate) max_rss_kib: Option<u64>,
    /// Its count; `unique` and `nodes` from a built-in solver only.
    pub(crate) total: Option<u128>,
    pub(crate) unique: Option<u128>,
    pub(crate) nodes: Option<u128>,
    pub(crate) speedup: Option<f64>,
    pub(crate) check: Check,
    pub(crate) note: Option<String>,
}

impl Row {
    pub(crate) fn new(n: usize, solver: String, timing: Timing, threads: usize) -> Row {
        Row {
            n,
            solver,
            timing,
            threads,
            seconds: Vec::new(),
            cpu: Vec::new(),
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
        median(&self.seconds)
    }

    /// Whether it counted (it was not skipped and did not fail first).
    pub(crate) fn counted(&self) -> bool {
        self.total.is_some()
    }

    /// The row's values under [`KEYS`], in that order: `nodes` and
    /// `unique` where a built-in solver counted (null for a program), and
    /// the timing of its runs. `speedup` is a ratio (the baseline's median
    /// over this one's).
    pub fn fields(&self) -> Fields {
        let min = self.seconds.iter().copied().reduce(f64::min);
        let max = self.seconds.iter().copied().reduce(f64::max);
        let rate = self
            .nodes
            .zip(self.median())
            .filter(|(_, m)| *m > 0.0)
            .map(|(nodes, m)| (nodes as f64 / m).round() as u128);
        let oeis = self.total.map(|_| self.check.mark());
        let values: [Value; 17] = [
            self.n.into(),
            self.solver.as_str().into(),
            self.timing.name().into(),
            self.threads.into(),
            self.seconds.len().into(),
            self.median().into(),
            min.into(),
            max.into(),
            self.nodes.into(),
            rate.into(),
            // A ratio: a JSON number, `1.93x` for people.
            self.speedup.map(Value::Ratio).into(),
            self.total.into(),
            self.unique.into(),
            oeis.into(),
            median(&self.cpu).into(),
            self.max_rss_kib.into(),
            self.note.as_deref().into(),
        ];
        KEYS.into_iter().zip(values).collect()
    }
}
