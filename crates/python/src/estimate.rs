//! `estimate`: a count and its cost predicted from a random sample of the
//! halves split's subproblems (`nqueens_sched::estimate`, what `nqueens
//! estimate` runs), as an object with the CLI's JSON fields.

use std::sync::Arc;
use std::time::Instant;

use nqueens_sched::{
    estimate as sample, fresh_seed, Fields, Run, Sampled, Sampling, Size, ThreadCpu,
};
use pyo3::prelude::*;

use crate::args::{self, value_error};
use crate::interrupt::{run_interruptible, StopFlag};
use crate::record;

/// Subproblems sampled when neither `samples` nor `seconds` is given (the
/// CLI's default).
const DEFAULT_SAMPLES: u64 = 1000;
/// The longest `seconds` taken: a year.
const MOST_SECONDS: f64 = 365.0 * 24.0 * 3600.0;
/// The most cores a prediction is made for.
const MOST_CORES: usize = 1 << 24;

/// What a sample says of a count: the fields of ``nqueens estimate
/// --format json``, each an attribute, and ``to_dict()``.
///
/// ``total_estimate``, ``total_low`` and ``total_high`` are the estimate
/// and the ends of its 95 % interval (ints; equal when every subproblem
/// was counted); likewise ``unique_*``, ``cpu_seconds_*`` (the whole
/// count's CPU) and ``wall_seconds_*`` (CPU over ``cores``).
#[pyclass(module = "nqueens", frozen)]
#[derive(Clone, Debug)]
pub struct EstimateResult {
    /// The scheduler's record, the one the CLI prints.
    record: Fields,
}

record::record_methods!(
    EstimateResult,
    "n design samples subproblems total_estimate total_low total_high cpu_seconds_estimate seed",
    1
);

/// Estimate the count of the n x n board, and the CPU a full count takes,
/// from a stratified random sample of the halves split's subproblems, in
/// the CLI's default design (``thinned``: each sampled row set's longer
/// list thinned to about 4096 keys, 1 in 16 joined whole and timed).
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
    let count = args::counted(n, "n", Sampled)?;
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
    let seed = args::maybe_whole(seed, "seed", 0..=u64::MAX)?.unwrap_or_else(fresh_seed);
    let threads = args::threads(threads, None)?;
    let cores = match cores.filter(|c| !c.is_none()) {
        None => threads.get(),
        Some(c) => args::size(c, "cores", 1..=MOST_CORES, "")?,
    };
    let count = count.with_threads(threads);
    let sampling = Sampling { size, seed };
    let stop = Arc::new(StopFlag::default());
    let flag = Arc::clone(&stop);
    let start = Instant::now();
    let e = run_interruptible(py, stop, move || {
        sample(
            &count,
            &sampling,
            &ThreadCpu,
            &nqueens_sched::NoProgress,
            &*flag,
        )
    })?
    .map_err(|e| value_error(e.to_string()))?;
    let run = Run {
        cores,
        threads: threads.get(),
        seed,
        seconds: start.elapsed().as_secs_f64(),
    };
    Ok(EstimateResult {
        record: e.record(&run),
    })
}
