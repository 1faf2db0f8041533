//! `estimate`: a count and its cost predicted from a random sample of the
//! halves split's subproblems (the library's `nqueens::EstimateRequest`,
//! what `nqueens estimate` runs), as an object with the CLI's JSON fields.

use nqueens::{Cancel, Control, EstimateRequest, Fields, Run, Spelling};
use pyo3::prelude::*;

use crate::args::{self, raise};
use crate::interrupt::run_interruptible;
use crate::record;

/// What a sample says of a count: the fields of ``nqueens estimate
/// --format json``, each an attribute, and ``to_dict()``.
///
/// ``total_estimate``, ``total_low`` and ``total_high`` are the estimate
/// and the ends of its 95 % interval (ints; equal when every subproblem
/// was counted; ``total_high`` None when no two sampled subproblems
/// differ, the sample then bounding the total below only); likewise ``unique_*``, ``cpu_seconds_*`` (the whole
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
///     seconds: take at most this many seconds of wall time in all (the
///         sample and the exact symmetric searches) instead; searches cut
///         short leave ``fixed_180`` None and the unique count bounded by
///         the total, and a subproblem still being counted is dropped (its
///         thread finishes it in the background).
///     seed: the draw's seed (default random, reported in ``seed``).
///     threads: worker threads (default every core).
///     cores: the cores the wall-time prediction is for (default threads).
///     design: ``"thinned"`` (the default), ``"stratified"`` or ``"descended"``.
///     max_memory: the most memory the process may hold, bytes or a str
///         such as '2G' (default three quarters of the memory available);
///         a sampled subproblem needing more raises MemoryError.
///
/// >>> e = nqueens.estimate(16, samples=200, seed=1)
/// >>> e.total_low <= 14772512 <= e.total_high
/// True
/// >>> nqueens.estimate(10, samples=10**6).total_estimate
/// 724
#[pyfunction]
#[pyo3(signature = (n, *, samples=None, seconds=None, seed=None, threads=None, cores=None, design=None, max_memory=None))]
#[allow(clippy::too_many_arguments)]
pub fn estimate(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    samples: Option<&Bound<'_, PyAny>>,
    seconds: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    cores: Option<&Bound<'_, PyAny>>,
    design: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<EstimateResult> {
    let request = EstimateRequest {
        n: args::int(n, "n")?,
        samples: args::maybe_int(samples, "samples")?,
        seconds: args::seconds(seconds, "seconds")?,
        seed: args::maybe_int(seed, "seed")?,
        cores: args::maybe_int(cores, "cores")?,
        design: args::name(design, "design")?,
        solver: None,
        run: Run {
            threads: args::maybe_int(threads, "threads")?,
            max_memory: args::size(max_memory, "max_memory")?,
        },
        spelling: Spelling::Keywords,
    };
    let estimate = request.check().map_err(raise)?;
    let cancel = Cancel::new();
    let token = cancel.clone();
    let record = run_interruptible(py, cancel, move || {
        estimate.run(&Control::new().cancel(token))
    })?
    .map_err(raise)?;
    Ok(EstimateResult {
        record: record.fields,
    })
}
