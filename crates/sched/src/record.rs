//! The scheduler's records: named values ([`Fields`] of [`Value`]s), the
//! one shape every format prints and Python reads. A board's counts are
//! named by [`crate::Total::record`] (for a count's record and a merge's
//! alike), an estimate's values by [`Estimate::record`].

use serde::{Serialize, Serializer};

use crate::{solvers, Design, Estimate, Estimator, Interval};

/// A record: named values in the order every format shows them.
pub type Fields = Vec<(&'static str, Value)>;

/// One value of a record: the one value type from what is counted to
/// what every format prints (the command line's exporter writes these,
/// Python reads them into its objects).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A count or a size.
    Int(u128),
    /// Seconds, a rate.
    Float(f64),
    /// A ratio such as a speedup: a JSON number, `1.93x` for people.
    Ratio(f64),
    /// A name or a note.
    Text(String),
    /// A yes or no.
    Bool(bool),
    /// A list of counts or 1-based numbers (`level_sizes`, a level's
    /// lines, blocked rows): a JSON array of integers; `8 42 140`
    /// elsewhere.
    Ints(Vec<u64>),
    /// A placement of one queen per row: 0-based columns, written 1-based
    /// (a JSON array of numbers; `1 5 8 ...` elsewhere).
    Columns(Vec<u32>),
    /// A placement of squares: 0-based `(row, column)`, written 1-based (a
    /// JSON array of `[row, column]` pairs; square names `A1 C2 ...`
    /// elsewhere).
    Squares(Vec<(usize, usize)>),
    /// An integer past `u128` (`space`'s sizes at large n), as its decimal
    /// digits: a JSON number written exactly, digits elsewhere.
    Digits(String),
    /// No value (a field the design does not have).
    Null,
}

/// A value as serde writes it: what the command line's JSON writes
/// (placements 1-based, a float that is not finite and [`Value::Null`] as
/// null), except [`Value::Digits`] past `u128`, which serde has no number
/// for: a string of its digits.
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Int(v) => s.serialize_u128(*v),
            Value::Float(v) | Value::Ratio(v) if v.is_finite() => s.serialize_f64(*v),
            Value::Float(_) | Value::Ratio(_) | Value::Null => s.serialize_none(),
            Value::Text(t) => s.serialize_str(t),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Ints(v) => s.collect_seq(v),
            Value::Columns(c) => s.collect_seq(c.iter().map(|&c| u64::from(c) + 1)),
            Value::Squares(q) => s.collect_seq(q.iter().map(|&(r, c)| [r + 1, c + 1])),
            Value::Digits(d) => match d.parse::<u128>() {
                Ok(v) => s.serialize_u128(v),
                Err(_) => s.serialize_str(d),
            },
        }
    }
}

/// A record's fields as one object for serde: its keys in their order,
/// the null ones left out, as the command line's JSON writes a record.
/// The library's records serialize through it, so a record's keys are
/// written once, by its `fields`.
#[derive(Debug)]
pub struct Object<'a>(pub &'a [(&'static str, Value)]);

impl Serialize for Object<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(
            self.0
                .iter()
                .filter(|(_, v)| *v != Value::Null)
                .map(|(k, v)| (k, v)),
        )
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

macro_rules! ints {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Value {
                Value::Int(v as u128)
            }
        }
    )*};
}
ints!(u64, usize, u128);

impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Float(v)
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Bool(v)
    }
}

impl From<Vec<u64>> for Value {
    fn from(v: Vec<u64>) -> Value {
        Value::Ints(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_string())
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

/// How the sample was run: the record names these beside the estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// Cores the wall-time prediction is for.
    pub cores: usize,
    /// Worker threads that sampled.
    pub threads: usize,
    /// The draw's seed.
    pub seed: u64,
    /// Wall seconds the sampling took.
    pub seconds: f64,
}

impl Estimate {
    /// The record: its fields in the order the JSON shows them (see
    /// docs/formats.md).
    ///
    /// ```
    /// use std::time::Instant;
    /// use nqueens_sched::{estimate, Checked, NoProgress, Options, Run, Sampled, Sampling, Size, Value, WallClock};
    /// let board = nqueens_kernel::Board::new(8).unwrap();
    /// let count = Checked::new(Sampled, board, Options::sequential()).unwrap();
    /// let all = Sampling { size: Size::Samples(1 << 20), seed: 1 };
    /// let e = estimate(&count, &all, &WallClock(Instant::now()), &NoProgress, &NoProgress).unwrap();
    /// let run = Run { cores: 1, threads: 1, seed: 1, seconds: 0.0 };
    /// let record = e.record(&run);
    /// assert_eq!(record[0], ("n", Value::Int(8)));
    /// assert!(record.contains(&("total_estimate", Value::Int(92))));
    /// ```
    pub fn record(&self, run: &Run) -> Fields {
        let (design, strata) = match self.design {
            Design::Exact => ("exact", None),
            Design::Stratified { strata } => ("stratified", Some(strata)),
            Design::Thinned { strata, .. } => ("thinned", Some(strata)),
            Design::Descended { strata, .. } => ("descended", Some(strata)),
        };
        let (thin_keys, whole_every, whole_samples) = match self.design {
            Design::Thinned {
                keys,
                whole_every,
                whole,
                ..
            } => (Some(keys), Some(whole_every), Some(whole)),
            Design::Descended { whole, .. } => (None, None, Some(whole)),
            Design::Stratified { .. } => (None, None, Some(self.samples)),
            Design::Exact => (None, None, Some(self.samples)),
        };
        let whole = |x: f64| Value::Int(x.max(0.0).round() as u128);
        let (total, unique) = match self.exact {
            Some((t, u)) => (
                [t.into(), t.into(), t.into()],
                [u.into(), u.into(), u.into()],
            ),
            None => (ends(self.total, whole), ends(self.unique, whole)),
        };
        let cores = run.cores as f64;
        let per_core = Interval {
            estimate: self.cpu_seconds.estimate / cores,
            low: self.cpu_seconds.low / cores,
            high: self.cpu_seconds.high / cores,
        };
        let [te, tl, th] = total;
        let [ue, ul, uh] = unique;
        let [ce, cl, ch] = ends(self.cpu_seconds, Value::Float);
        let [we, wl, wh] = ends(per_core, Value::Float);
        vec![
            ("n", self.n.into()),
            ("solver", solvers::default().solver().into()),
            ("design", design.into()),
            ("strata", strata.into()),
            ("samples", self.samples.into()),
            ("subproblems", self.subproblems.into()),
            ("row_sets", self.population.into()),
            ("total_estimate", te),
            ("total_low", tl),
            ("total_high", th),
            ("unique_estimate", ue),
            ("unique_low", ul),
            ("unique_high", uh),
            ("cpu_seconds_estimate", ce),
            ("cpu_seconds_low", cl),
            ("cpu_seconds_high", ch),
            ("wall_seconds_estimate", we),
            ("wall_seconds_low", wl),
            ("wall_seconds_high", wh),
            ("cores", run.cores.into()),
            (
                "relative_half_width",
                finite(self.total.relative_half_width(), Value::Float),
            ),
            (
                "degrees_of_freedom",
                (self.degrees_of_freedom > 0)
                    .then_some(self.degrees_of_freedom)
                    .into(),
            ),
            (
                "cpu_degrees_of_freedom",
                (self.cpu_degrees_of_freedom > 0)
                    .then_some(self.cpu_degrees_of_freedom)
                    .into(),
            ),
            (
                "varying_strata",
                (self.design != Design::Exact)
                    .then_some(self.varying_strata)
                    .into(),
            ),
            ("total_estimator", self.total_estimator.name().into()),
            ("cpu_estimator", self.cpu_estimator.name().into()),
            ("thin_keys", thin_keys.into()),
            ("whole_every", whole_every.into()),
            ("whole_samples", whole_samples.into()),
            ("fixed_180", self.fixed_180.into()),
            ("fixed_90", self.fixed_90.into()),
            ("split_cpu_seconds", self.split_cpu_seconds.into()),
            ("symmetry_cpu_seconds", self.symmetry_cpu_seconds.into()),
            ("peak_memory_bytes", self.peak_memory_bytes.into()),
            ("threads", run.threads.into()),
            ("seed", run.seed.into()),
            ("seconds", run.seconds.into()),
            ("stopped", self.stopped.into()),
            ("note", self.note().as_str().into()),
        ]
    }

    /// What the record's figures are.
    fn note(&self) -> String {
        let descent;
        let what = match self.design {
            Design::Descended { depth, .. } => {
                descent = format!("95 % intervals from a stratified random sample of the subproblems, each joined by a random descent through its first {depth} cuts on whole keys (unbiased estimates of its solutions and CPU time; whole_samples of them had no such cut and were joined whole)");
                descent.as_str()
            }
            Design::Exact => "every subproblem counted: the exact count",
            Design::Stratified { .. } => {
                "95 % intervals from a stratified random sample of the subproblems"
            }
            Design::Thinned { .. } => {
                "95 % intervals from a stratified random sample of the subproblems, each with more than thin_keys keys a side joined on a random share of its longer key list (1 in whole_every joined whole and timed)"
            }
        };
        let phases = match (self.total_estimator, self.cpu_estimator) {
            (Estimator::Regression, Estimator::Regression) => {
                "; the total and the CPU by a two-phase regression on the sampled row sets' key counts"
            }
            (Estimator::Regression, _) => {
                "; the total by a two-phase regression on the sampled row sets' key counts"
            }
            (_, Estimator::Regression) => {
                "; the CPU by a two-phase regression on the sampled row sets' key counts"
            }
            _ => "",
        };
        let stop = if self.stopped {
            "; cut short (stopped, or at the time bound), from the subproblems counted by then"
        } else {
            ""
        };
        let searches = if self.fixed_180.is_none() {
            "; the symmetric searches were cut short: fixed_180 and fixed_90 are not known, so the unique count is bounded by total / 8 and total / 2, and the CPU leaves the searches out"
        } else {
            ""
        };
        let spread = match self.varying_strata {
            _ if self.design == Design::Exact => "",
            _ if self.total.high.is_infinite() => {
                "; no two sampled subproblems differ: the sample has no spread to bound the total by, so it is bounded below only, by the solutions counted exactly (total_high null)"
            }
            0 | 1 => {
                "; fewer than two strata vary: the interval is also taken as from one simple random sample, the wider kept"
            }
            _ => "",
        };
        format!(
            "{what}{phases}{stop}{searches}{spread}; wall seconds = cpu seconds / cores, an ideal-scaling prediction"
        )
    }
}

/// An interval's estimate, low and high ends (the low end at least 0; an
/// unbounded end none).
fn ends(i: Interval, value: impl Fn(f64) -> Value) -> [Value; 3] {
    [
        finite(i.estimate, &value),
        finite(i.low.max(0.0), &value),
        finite(i.high, &value),
    ]
}

/// `x` as a value, none if it is not finite.
fn finite(x: f64, value: impl Fn(f64) -> Value) -> Value {
    if x.is_finite() {
        value(x)
    } else {
        Value::Null
    }
}
