//! `count` and `table`: a board counted by the scheduler
//! (`nqueens_sched::count_task`, what `nqueens count` runs), off the GIL
//! and interruptible, and the result as a Python object.

use std::path::PathBuf;
use std::sync::Arc;

use nqueens_kernel::{oeis, Board};
use nqueens_sched::{count_task, solvers, Checked, Fields, Hooks, Options, Report};
use nqueens_tasks::Task;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;

use crate::args::{self, value_error};
use crate::interrupt::{run_interruptible, StopFlag};
use crate::record;

/// The counts of one board, with how they were made: the fields of
/// ``nqueens count --format json`` (the scheduler's record), each an
/// attribute, and ``to_dict()``.
///
/// ``total``, ``unique``, ``fixed_180`` and ``fixed_90`` are exact Python
/// ints (the kernel counts in 128 bits); ``resumed_nodes`` the nodes read
/// back from a checkpoint; ``verified`` is True when total and unique
/// equal OEIS A000170 / A002562 (known for n <= 27), None past the tables.
///
/// >>> r = nqueens.count(8, threads=1)
/// >>> (r.total, r.unique, r.verified)
/// (92, 12, True)
/// >>> r.to_dict()["fixed_180"]
/// 4
#[pyclass(module = "nqueens", frozen)]
#[derive(Clone, Debug)]
pub struct CountResult {
    /// The scheduler's record of the count, and `verified`.
    record: Fields,
}

impl CountResult {
    /// The report's record, or the CLI's refusal of a count that
    /// disagrees with OEIS: never a footnote, always an error.
    fn checked(r: Report) -> PyResult<CountResult> {
        let c = r.counts;
        let known = oeis::known(c.n);
        if let Some((total, unique)) = known.filter(|&k| k != (c.total, c.unique)) {
            return Err(PyRuntimeError::new_err(format!(
                "n = {}: computed {} total / {} unique, but OEIS A000170 / A002562 say {total} / {unique}",
                c.n, c.total, c.unique
            )));
        }
        let mut record = r.record();
        record.push(("verified", known.map(|_| true).into()));
        Ok(CountResult { record })
    }
}

record::record_methods!(
    CountResult,
    "n total unique fixed_180 fixed_90 nodes seconds threads solver verified",
    3
);

/// A scheduler error as a Python exception: a refusal for want of memory
/// is a `MemoryError`, a pool the OS would not give a `RuntimeError`, the
/// rest are bad input.
pub fn raise(e: nqueens_sched::Error) -> PyErr {
    match e {
        nqueens_sched::Error::OverBudget { .. } => PyMemoryError::new_err(format!(
            "{e}; raise max_memory, count on fewer threads, or use solver='mirror', which keeps no lists"
        )),
        nqueens_sched::Error::Pool { .. } | nqueens_sched::Error::Interrupted { .. } => {
            PyRuntimeError::new_err(e.to_string())
        }
        e => value_error(e.to_string()),
    }
}

/// Count the solutions of the n-queens problem on an n x n board.
///
/// The count runs on the same engine as ``nqueens count`` (the halves
/// join by default), with the GIL released: other Python threads keep
/// running, and Ctrl-C raises KeyboardInterrupt within a fraction of a
/// second (with ``checkpoint=``, every finished subproblem is kept there
/// and the same call resumes from them). After the interrupt no new
/// subproblem starts; those in flight (one per thread at most) finish in
/// the background, and until they do the checkpoint stays locked.
///
/// Args:
///     n: the board side, 1 to 32 (the solver's limit).
///     threads: worker threads; default every core of this machine.
///     solver: a name from ``nqueens.solvers()``.
///     checkpoint: a file recording each finished subproblem (the CLI's
///         ``--checkpoint`` format): created, or resumed when it exists.
///     max_memory: bytes of working memory the count may hold (the
///         halves' lists); default no cap. A count needing more raises
///         MemoryError.
///
/// Returns:
///     a CountResult.
///
/// Raises:
///     ValueError: n, threads or solver out of range (the CLI's message).
///     TypeError: an argument of the wrong type.
///
/// >>> nqueens.count(8).total
/// 92
/// >>> nqueens.count(10, threads=2, solver="pairs").unique
/// 92
#[pyfunction]
#[pyo3(signature = (n, *, threads=None, solver="halves", checkpoint=None, max_memory=None))]
pub fn count(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    solver: &str,
    checkpoint: Option<PathBuf>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<CountResult> {
    let s = args::solver(solver)?;
    // Checked once here: the scheduler takes it as it is.
    let count = args::counted(n, "n", Task::Solver(s))?;
    let board = count.board();
    let single = (!s.uses_threads()).then(|| {
        format!(
            "solver {} runs on one thread (solvers that use threads: {})",
            s.name(),
            args::names(|s| s.uses_threads())
        )
    });
    let threads = args::threads(threads, single)?;
    let memory = args::maybe_whole(max_memory, "max_memory", 1..=u64::MAX)?;
    if let (false, Some(_)) = (s.budgeted(), memory) {
        return Err(value_error(format!(
            "max_memory does not apply: solver {} keeps no lists for a memory budget to cap (budgeted solvers: {})",
            s.name(),
            args::names(|s| s.budgeted())
        )));
    }
    if let (Some(_), None) = (&checkpoint, s.depths(board)) {
        return Err(value_error(format!(
            "checkpoint does not apply: solver {} does not split its work, so it has no parts to record",
            s.name()
        )));
    }
    let count = count.with_threads(threads).with_memory(memory);
    let stop = Arc::new(StopFlag::default());
    let flag = Arc::clone(&stop);
    let report = run_interruptible(py, stop, move || match checkpoint {
        None => count_task(&count, &stopping(&flag)).map_err(raise),
        Some(path) => crate::checkpoint::count(count, &path, &flag),
    })??;
    CountResult::checked(report)
}

/// Hooks that only stop: no progress, nothing recorded.
fn stopping(stop: &StopFlag) -> Hooks<'_> {
    Hooks {
        stop,
        ..Hooks::watching(&nqueens_sched::NoProgress)
    }
}

/// Count every board from ``first`` to ``last`` with the default solver.
///
/// One CountResult per n, as ``nqueens table`` prints them; a list of
/// their ``to_dict()`` makes a pandas DataFrame.
///
/// >>> [r.total for r in nqueens.table(1, 8)]
/// [1, 0, 0, 2, 10, 4, 40, 92]
#[pyfunction]
#[pyo3(signature = (first=None, last=None, *, threads=None))]
pub fn table(
    py: Python<'_>,
    first: Option<&Bound<'_, PyAny>>,
    last: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<CountResult>> {
    // Each board checked once here: the scheduler takes them as they are.
    let task = Task::Solver(solvers::default());
    let at = |n: usize| {
        let board = Board::new(n).map_err(|e| value_error(e.to_string()))?;
        Checked::new(task, board, Options::sequential()).map_err(raise)
    };
    let side = |v: Option<&Bound<'_, PyAny>>, what: &str, default: usize| match v {
        Some(v) if !v.is_none() => args::counted(v, what, task),
        _ => at(default),
    };
    let (first, last) = (side(first, "first", 1)?, side(last, "last", 12)?);
    let (from, to) = (first.board().n(), last.board().n());
    if from > to {
        return Err(value_error(format!(
            "empty range: first {from} is after last {to}"
        )));
    }
    let threads = args::threads(threads, None)?;
    let mut counts = vec![first];
    for n in from + 1..to {
        counts.push(at(n)?);
    }
    if to > from {
        counts.push(last);
    }
    let counts: Vec<_> = counts
        .into_iter()
        .map(|c| c.with_threads(threads))
        .collect();
    let stop = Arc::new(StopFlag::default());
    let flag = Arc::clone(&stop);
    let reports = run_interruptible(py, stop, move || {
        counts
            .iter()
            .map(|count| count_task(count, &stopping(&flag)).map_err(raise))
            .collect::<PyResult<Vec<Report>>>()
    })??;
    reports.into_iter().map(CountResult::checked).collect()
}
