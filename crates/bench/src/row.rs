//! A bench row: one solver's (or program's) result at one size.

use nqueens::verify::Check;
use nqueens_sched::{Fields, Report, Value};

use crate::stats::median;

/// The keys of [`Row::fields`], in order: the columns of every bench
/// table (docs/formats.md, the `bench` record).
pub const KEYS: [&str; 16] = [
    "n",
    "solver",
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
    pub(crate) threads: usize,
    pub(crate) seconds: Vec<f64>,
    /// CPU seconds (user + system) of each timed run.
    pub(crate) cpu: Vec<f64>,
    /// A program's peak resident memory, KiB, the largest of its runs.
    pub(crate) max_rss_kib: Option<u64>,
    pub(crate) report: Option<Report>,
    /// A program's count (it reports no unique count and no nodes).
    pub(crate) counted: Option<u128>,
    pub(crate) speedup: Option<f64>,
    pub(crate) check: Check,
    pub(crate) note: Option<String>,
}

impl Row {
    pub(crate) fn new(n: usize, solver: String, threads: usize) -> Row {
        Row {
            n,
            solver,
            threads,
            seconds: Vec::new(),
            cpu: Vec::new(),
            max_rss_kib: None,
            report: None,
            counted: None,
            speedup: None,
            check: Check::Unknown,
            note: None,
        }
    }

    /// The median of its timed runs' wall seconds; `None` if none ran.
    pub fn median(&self) -> Option<f64> {
        median(&self.seconds)
    }

    /// The total counted, by a solver or a program.
    fn total(&self) -> Option<u128> {
        self.report
            .as_ref()
            .map(|r| r.counts.total)
            .or(self.counted)
    }

    /// The row's values under [`KEYS`], in that order: `nodes` and
    /// `unique` from the solver's record where a built-in solver counted
    /// (null for a program), and the timing of its runs. `speedup` is a
    /// ratio (the baseline's median over this one's).
    pub fn fields(&self) -> Fields {
        let min = self.seconds.iter().copied().reduce(f64::min);
        let max = self.seconds.iter().copied().reduce(f64::max);
        let counted = self.report.as_ref().map(Report::record).unwrap_or_default();
        let from_record = |key: &str| {
            counted
                .iter()
                .find(|(k, _)| *k == key)
                .map_or(Value::Null, |(_, v)| v.clone())
        };
        let rate = self
            .report
            .as_ref()
            .zip(self.median())
            .filter(|(_, m)| *m > 0.0)
            .map(|(r, m)| (r.counts.nodes as f64 / m).round() as u128);
        let oeis = self.total().map(|_| self.check.mark());
        let values: [Value; 16] = [
            self.n.into(),
            self.solver.as_str().into(),
            self.threads.into(),
            self.seconds.len().into(),
            self.median().into(),
            min.into(),
            max.into(),
            from_record("nodes"),
            rate.into(),
            // A ratio: a JSON number, `1.93x` for people.
            self.speedup.map(Value::Ratio).into(),
            self.total().into(),
            from_record("unique"),
            oeis.into(),
            median(&self.cpu).into(),
            self.max_rss_kib.into(),
            self.note.as_deref().into(),
        ];
        KEYS.into_iter().zip(values).collect()
    }
}
