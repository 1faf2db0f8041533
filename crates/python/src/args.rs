//! Python arguments checked against the limits the Rust crates declare,
//! with the command line's one-line messages (`crates/cli/src/request/`):
//! a value of the wrong type is a `TypeError`, a value out of range a
//! `ValueError` that quotes it and names the range. A message names the
//! keyword (`threads`) where the command line names its flag (`--threads`).

use std::ops::RangeInclusive;

use nqueens_kernel::Board;
use nqueens_sched::{solvers, Solver};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

/// The most threads a count starts (the CLI's `MAX_THREADS`): far above
/// any machine, low enough that a typo cannot exhaust the process table.
pub const MAX_THREADS: usize = 1024;

/// A `ValueError` with `message`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// `value` as a whole number in `range`: `what` names it (`n`,
/// `threads`), `owner` says whose limit it is (` for solver halves`) or is
/// empty. A bool or a float is a `TypeError`, as `range(2.0)` is.
pub fn whole(
    value: &Bound<'_, PyAny>,
    what: &str,
    range: RangeInclusive<u64>,
    owner: &str,
) -> PyResult<u64> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not {}",
            value.get_type().name()?
        )));
    }
    // Any int, however large, is quoted as typed: never wrapped or clamped.
    match value.extract::<u64>() {
        Ok(v) if range.contains(&v) => Ok(v),
        _ => {
            let (lo, hi) = (range.start(), range.end());
            let shown = value.str()?;
            if lo == hi {
                return Err(value_error(format!(
                    "{what} must be {lo}{owner}, not {shown}"
                )));
            }
            Err(value_error(format!(
                "{what} must be a whole number from {lo} to {hi}{owner}, not {shown}"
            )))
        }
    }
}

/// [`whole`] for values that count things in memory.
pub fn size(
    value: &Bound<'_, PyAny>,
    what: &str,
    range: RangeInclusive<usize>,
    owner: &str,
) -> PyResult<usize> {
    let range = *range.start() as u64..=*range.end() as u64;
    Ok(whole(value, what, range, owner)? as usize)
}

/// An optional [`whole`]: `None` stays `None`.
pub fn maybe_whole(
    value: Option<&Bound<'_, PyAny>>,
    what: &str,
    range: RangeInclusive<u64>,
) -> PyResult<Option<u64>> {
    value
        .filter(|v| !v.is_none())
        .map(|v| whole(v, what, range, ""))
        .transpose()
}

/// A board of side `n`, from 1 to `max` (the limit of `owner`).
pub fn board(n: &Bound<'_, PyAny>, max: usize, owner: &str) -> PyResult<Board> {
    let n = size(n, "n", 1..=max, owner)?;
    Board::new(n).map_err(|e| value_error(e.to_string()))
}

/// The solver called `name`.
pub fn solver(name: &str) -> PyResult<&'static dyn Solver> {
    solvers::by_name(name).ok_or_else(|| {
        value_error(format!(
            "unknown solver '{name}' (known: {})",
            names(|_| true)
        ))
    })
}

/// The names of the solvers `keep` keeps, for messages.
pub fn names(keep: impl Fn(&dyn Solver) -> bool) -> String {
    let kept: Vec<&str> = solvers::all()
        .iter()
        .filter(|s| keep(**s))
        .map(|s| s.name())
        .collect();
    kept.join(", ")
}

/// The thread count: `threads` checked, or every core the OS gives this
/// process when `None` (one for a solver that does not use threads).
/// `single` says why the work runs on one thread, when it does.
pub fn threads(value: Option<&Bound<'_, PyAny>>, single: Option<String>) -> PyResult<usize> {
    let threads = match value.filter(|v| !v.is_none()) {
        None if single.is_some() => 1,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(t) => size(t, "threads", 1..=MAX_THREADS, "")?,
    };
    if let (Some(why), true) = (single, threads > 1) {
        return Err(value_error(format!(
            "threads {threads} does not apply: {why}"
        )));
    }
    Ok(threads)
}
