//! Python arguments checked against the limits the Rust crates declare,
//! with the command line's one-line messages (`crates/cli/src/request/`):
//! a value of the wrong type is a `TypeError`, a value out of range a
//! `ValueError` that quotes it and names the range. A message names the
//! keyword (`threads`) where the command line names its flag (`--threads`).

use std::ops::RangeInclusive;

use nqueens_kernel::Board;
use nqueens_sched::{solvers, Checked, Kind, Limit, Options, Solver, Threads};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

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
    let limit = Limit {
        range,
        owner: owner.into(),
    };
    typed(value, what, &limit, |v| {
        limit.range.contains(&v).then_some(v)
    })
}

/// `value` as what `make` builds of a whole number, which is the one check
/// of it (`Threads::new`): an int it refuses has `limit`'s refusal, the
/// command line's words with `what` for the flag.
pub fn typed<T>(
    value: &Bound<'_, PyAny>,
    what: &str,
    limit: &Limit,
    make: impl FnOnce(u64) -> Option<T>,
) -> PyResult<T> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not {}",
            value.get_type().name()?
        )));
    }
    // Any int, however large, is quoted as typed: never wrapped or clamped.
    match value.extract::<u64>().ok().and_then(make) {
        Some(v) => Ok(v),
        None => {
            let shown = value.str()?.to_string();
            Err(value_error(limit.refusal(what, &shown).to_string()))
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

/// The count of `task` on the board `n` (`what`: `n`, `first`), on one
/// thread until the other arguments are read: checked once, by
/// [`Checked::new`], with the refusal of the kind's sizes.
pub fn counted<K: Kind + Copy>(n: &Bound<'_, PyAny>, what: &str, task: K) -> PyResult<Checked<K>> {
    typed(n, what, &task.sizes(), |v| {
        let board = Board::new(usize::try_from(v).ok()?).ok()?;
        Checked::new(task, board, Options::sequential()).ok()
    })
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

/// The names of the solvers a filter keeps, for messages.
pub use nqueens_sched::solvers::names;

/// The thread count: `threads` checked, or every core the OS gives this
/// process when `None` (one for a solver that does not use threads).
/// `single` says why the work runs on one thread, when it does.
pub fn threads(value: Option<&Bound<'_, PyAny>>, single: Option<String>) -> PyResult<Threads> {
    let threads = match value.filter(|v| !v.is_none()) {
        None if single.is_some() => Threads::ONE,
        None => Threads::available(),
        Some(t) => typed(t, "threads", &Threads::limit(), |t| {
            usize::try_from(t).ok().and_then(Threads::new)
        })?,
    };
    if let (Some(why), true) = (single, threads > Threads::ONE) {
        return Err(value_error(format!(
            "threads {threads} does not apply: {why}"
        )));
    }
    Ok(threads)
}
