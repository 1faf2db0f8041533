//! `estimate`: a count and its cost predicted from a random sample of the
//! halves split's subproblems (`nqueens_sched::estimate`, what `nqueens
//! estimate` runs), as an object with the CLI's JSON fields.

use std::sync::Arc;
use std::time::{Duration, Instant};

use nqueens_sched::{estimate as sample, solvers, Clock, Design, Interval, Sampling, Size};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::{self, value_error, MAX_THREADS};
use crate::interrupt::{run_interruptible, StopFlag};

/// Subproblems sampled when neither `samples` nor `seconds` is given (the
/// CLI's default).
const DEFAULT_SAMPLES: u64 = 1000;
/// The longest `seconds` taken: a year.
const MOST_SECONDS: f64 = 365.0 * 24.0 * 3600.0;
/// The most cores a prediction is made for.
const MOST_CORES: usize = 1 << 24;

/// The CPU clock of the calling thread, as the CLI reads it
/// (`bench/os.rs`): each subproblem's cost is the CPU its thread spent.
struct ThreadCpu;

impl Clock for ThreadCpu {
    fn now(&self) -> f64 {
        thread_cpu().as_secs_f64()
    }
}

/// CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`); zero if the
/// OS will not say.
#[allow(unsafe_code)]
fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: the pointer is to a live local `timespec`, written by the call.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    if ok {
        Duration::new(
            t.tv_sec.max(0) as u64,
            t.tv_nsec.clamp(0, 999_999_999) as u32,
        )
    } else {
        Duration::ZERO
    }
}

/// What a sample says of a count: the fields of ``nqueens estimate
/// --format json``, each an attribute, and ``to_dict()``.
///
/// ``total_estimate``, ``total_low`` and ``total_high`` are the estimate
/// and the ends of its 95 % interval (ints; equal when every subproblem
/// was counted); likewise ``unique_*``, ``cpu_seconds_*`` (the whole
/// count's CPU) and ``wall_seconds_*`` (CPU over ``cores``).
#[pyclass(module = "nqueens", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct EstimateResult {
    pub n: usize,
    pub solver: String,
    pub design: String,
    pub strata: Option<u64>,
    pub samples: u64,
    pub subproblems: u64,
    pub row_sets: u64,
    pub total_estimate: u128,
    pub total_low: u128,
    pub total_high: u128,
    pub unique_estimate: u128,
    pub unique_low: u128,
    pub unique_high: u128,
    pub cpu_seconds_estimate: f64,
    pub cpu_seconds_low: f64,
    pub cpu_seconds_high: f64,
    pub wall_seconds_estimate: f64,
    pub wall_seconds_low: f64,
    pub wall_seconds_high: f64,
    pub cores: usize,
    pub relative_half_width: f64,
    pub degrees_of_freedom: Option<u64>,
    pub fixed_180: u64,
    pub fixed_90: u64,
    pub split_cpu_seconds: f64,
    pub symmetry_cpu_seconds: f64,
    pub peak_memory_bytes: u64,
    pub threads: usize,
    pub seed: u64,
    pub seconds: f64,
    pub stopped: bool,
    pub note: String,
}

/// An interval's estimate, low and high ends, rounded to counts.
fn counts(i: Interval) -> [u128; 3] {
    [i.estimate, i.low, i.high].map(|x| x.max(0.0).round() as u128)
}

/// What the record's figures are (the CLI's note).
fn note(design: Design, stopped: bool) -> String {
    let what = match design {
        Design::Exact => "every subproblem counted: the exact count",
        Design::Stratified { .. } => {
            "95 % intervals from a stratified random sample of the subproblems"
        }
    };
    let stop = if stopped {
        "; stopped early, from the subproblems sampled so far"
    } else {
        ""
    };
    format!("{what}{stop}; wall seconds = cpu seconds / cores, an ideal-scaling prediction")
}

#[pymethods]
impl EstimateResult {
    /// The fields as a dict, in the CLI's JSON order.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("n", self.n)?;
        d.set_item("solver", &self.solver)?;
        d.set_item("design", &self.design)?;
        d.set_item("strata", self.strata)?;
        d.set_item("samples", self.samples)?;
        d.set_item("subproblems", self.subproblems)?;
        d.set_item("row_sets", self.row_sets)?;
        d.set_item("total_estimate", self.total_estimate)?;
        d.set_item("total_low", self.total_low)?;
        d.set_item("total_high", self.total_high)?;
        d.set_item("unique_estimate", self.unique_estimate)?;
        d.set_item("unique_low", self.unique_low)?;
        d.set_item("unique_high", self.unique_high)?;
        d.set_item("cpu_seconds_estimate", self.cpu_seconds_estimate)?;
        d.set_item("cpu_seconds_low", self.cpu_seconds_low)?;
        d.set_item("cpu_seconds_high", self.cpu_seconds_high)?;
        d.set_item("wall_seconds_estimate", self.wall_seconds_estimate)?;
        d.set_item("wall_seconds_low", self.wall_seconds_low)?;
        d.set_item("wall_seconds_high", self.wall_seconds_high)?;
        d.set_item("cores", self.cores)?;
        d.set_item("relative_half_width", self.relative_half_width)?;
        d.set_item("degrees_of_freedom", self.degrees_of_freedom)?;
        d.set_item("fixed_180", self.fixed_180)?;
        d.set_item("fixed_90", self.fixed_90)?;
        d.set_item("split_cpu_seconds", self.split_cpu_seconds)?;
        d.set_item("symmetry_cpu_seconds", self.symmetry_cpu_seconds)?;
        d.set_item("peak_memory_bytes", self.peak_memory_bytes)?;
        d.set_item("threads", self.threads)?;
        d.set_item("seed", self.seed)?;
        d.set_item("seconds", self.seconds)?;
        d.set_item("stopped", self.stopped)?;
        d.set_item("note", &self.note)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "EstimateResult(n={}, samples={}, subproblems={}, total_estimate={}, total_low={}, total_high={}, cpu_seconds_estimate={:.1}, design='{}', seed={})",
            self.n,
            self.samples,
            self.subproblems,
            self.total_estimate,
            self.total_low,
            self.total_high,
            self.cpu_seconds_estimate,
            self.design,
            self.seed
        )
    }
}

/// A seed no two calls are likely to share (the CLI's: the clock's
/// nanoseconds and the process id, mixed).
fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nqueens_puzzles::solve::Rng::new(nanos ^ u64::from(std::process::id()).rotate_left(32))
        .next_u64()
}

/// Estimate the count of the n x n board, and the CPU a full count takes,
/// from a stratified random sample of the halves split's subproblems.
///
/// Args:
///     n: the board side, 1 to 32.
///     samples: subproblems to count (at least 2; default 1000). At least
///         the split's size counts them all: the exact count.
///     seconds: sample for this many seconds of wall time instead.
///     seed: the draw's seed (default random, reported in ``seed``).
///     threads: worker threads (default every core).
///     cores: the cores the wall-time prediction is for (default threads).
///
/// >>> e = nqueens.estimate(16, samples=200, seed=1)
/// >>> e.total_low <= 14772512 <= e.total_high
/// True
/// >>> nqueens.estimate(10, samples=10**6).total_estimate
/// 724
#[pyfunction]
#[pyo3(signature = (n, *, samples=None, seconds=None, seed=None, threads=None, cores=None))]
#[allow(clippy::too_many_arguments)]
pub fn estimate(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    samples: Option<&Bound<'_, PyAny>>,
    seconds: Option<f64>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    cores: Option<&Bound<'_, PyAny>>,
) -> PyResult<EstimateResult> {
    let board = args::board(n, solvers::default().max_n(), "")?;
    let samples = samples
        .filter(|k| !k.is_none())
        .map(|k| args::whole(k, "samples", 2..=u64::MAX, " (an interval needs two)"))
        .transpose()?;
    let size = match (samples, seconds) {
        (Some(_), Some(_)) => {
            return Err(value_error(
                "samples and seconds exclude each other: give one",
            ))
        }
        (_, Some(s)) if s > 0.0 && s <= MOST_SECONDS => Size::Seconds(s),
        (_, Some(s)) => {
            return Err(value_error(format!(
                "seconds must be a number of seconds above 0 and at most {MOST_SECONDS}, not {s}"
            )))
        }
        (Some(k), None) => Size::Samples(k),
        (None, None) => Size::Samples(DEFAULT_SAMPLES),
    };
    let seed = args::maybe_whole(seed, "seed", 0..=u64::MAX)?.unwrap_or_else(random_seed);
    let threads = match threads.filter(|t| !t.is_none()) {
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(t) => args::size(t, "threads", 1..=MAX_THREADS, "")?,
    };
    let cores = match cores.filter(|c| !c.is_none()) {
        None => threads,
        Some(c) => args::size(c, "cores", 1..=MOST_CORES, "")?,
    };
    let sampling = Sampling {
        size,
        seed,
        threads,
    };
    let stop = Arc::new(StopFlag::default());
    let flag = Arc::clone(&stop);
    let start = Instant::now();
    let e = run_interruptible(py, stop, move || {
        sample(
            board,
            &sampling,
            &ThreadCpu,
            &nqueens_sched::NoProgress,
            &*flag,
        )
    })?
    .map_err(|e| value_error(e.to_string()))?;
    let seconds = start.elapsed().as_secs_f64();
    let (design, strata) = match e.design {
        Design::Exact => ("exact", None),
        Design::Stratified { strata } => ("stratified", Some(strata)),
    };
    let (total, unique) = match e.exact {
        Some((t, u)) => ([t; 3], [u; 3]),
        None => (counts(e.total), counts(e.unique)),
    };
    let per_core = |x: f64| x / cores as f64;
    Ok(EstimateResult {
        n: e.n,
        solver: solvers::default().name().to_string(),
        design: design.to_string(),
        strata,
        samples: e.samples,
        subproblems: e.subproblems,
        row_sets: e.population,
        total_estimate: total[0],
        total_low: total[1],
        total_high: total[2],
        unique_estimate: unique[0],
        unique_low: unique[1],
        unique_high: unique[2],
        cpu_seconds_estimate: e.cpu_seconds.estimate,
        cpu_seconds_low: e.cpu_seconds.low.max(0.0),
        cpu_seconds_high: e.cpu_seconds.high,
        wall_seconds_estimate: per_core(e.cpu_seconds.estimate),
        wall_seconds_low: per_core(e.cpu_seconds.low).max(0.0),
        wall_seconds_high: per_core(e.cpu_seconds.high),
        cores,
        relative_half_width: e.total.relative_half_width(),
        degrees_of_freedom: (e.degrees_of_freedom > 0).then_some(e.degrees_of_freedom),
        fixed_180: e.fixed_180,
        fixed_90: e.fixed_90,
        split_cpu_seconds: e.split_cpu_seconds,
        symmetry_cpu_seconds: e.symmetry_cpu_seconds,
        peak_memory_bytes: e.peak_memory_bytes,
        threads,
        seed,
        seconds,
        stopped: e.stopped,
        note: note(e.design, e.stopped),
    })
}
