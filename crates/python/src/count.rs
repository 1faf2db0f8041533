//! `count` and `table`: the library's requests (`nqueens::CountRequest`,
//! `nqueens::TableRequest`, what `nqueens count` and `nqueens table`
//! make), run off the GIL and interruptible, and each record as a Python
//! object.

use std::path::PathBuf;

use nqueens::{Cancel, Control, CountRecord, CountRequest, Fields, Run, Spelling, TableRequest};
use pyo3::prelude::*;

use crate::args::{self, raise};
use crate::interrupt::run_interruptible;
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
    /// The library's record of the count (`nqueens::CountRecord`).
    record: Fields,
}

impl CountResult {
    /// The record, or the library's refusal of a count that disagrees
    /// with what is published: never a footnote, always an error.
    fn checked(r: CountRecord) -> PyResult<CountResult> {
        r.check().map_err(raise)?;
        Ok(CountResult { record: r.fields() })
    }
}

record::record_methods!(
    CountResult,
    "n total unique fixed_180 fixed_90 nodes seconds threads solver verified",
    3
);

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
///     max_memory: the most memory the process may hold, bytes (an int)
///         or a str such as '2G'; default three quarters of the memory
///         available, as ``nqueens count``. A count needing more raises
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
#[pyo3(signature = (n, *, threads=None, solver=None, checkpoint=None, max_memory=None))]
pub fn count(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    solver: Option<&Bound<'_, PyAny>>,
    checkpoint: Option<PathBuf>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<CountResult> {
    let request = CountRequest {
        n: args::int(n, "n")?,
        solver: args::name(solver, "solver")?,
        variant: None,
        depth: None,
        run: Run {
            threads: args::maybe_int(threads, "threads")?,
            max_memory: args::size(max_memory, "max_memory")?,
        },
        checkpoint,
        spelling: Spelling::Keywords,
    };
    // Checked once here, by the library: the same refusals as the CLI's.
    let count = request.check().map_err(raise)?;
    let cancel = Cancel::new();
    let token = cancel.clone();
    let record = run_interruptible(py, cancel, move || count.run(&Control::new().cancel(token)))?
        .map_err(raise)?;
    CountResult::checked(record)
}

/// Count every board from ``first`` to ``last`` with the default solver.
///
/// One CountResult per n, as ``nqueens table`` prints them; a list of
/// their ``to_dict()`` makes a pandas DataFrame.
///
/// >>> [r.total for r in nqueens.table(1, 8)]
/// [1, 0, 0, 2, 10, 4, 40, 92]
#[pyfunction]
#[pyo3(signature = (first=None, last=None, *, threads=None, max_memory=None))]
pub fn table(
    py: Python<'_>,
    first: Option<&Bound<'_, PyAny>>,
    last: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<CountResult>> {
    let default = TableRequest::default();
    let request = TableRequest {
        first: args::maybe_int(first, "first")?.unwrap_or(default.first),
        last: args::maybe_int(last, "last")?.unwrap_or(default.last),
        run: Run {
            threads: args::maybe_int(threads, "threads")?,
            max_memory: args::size(max_memory, "max_memory")?,
        },
        spelling: Spelling::Keywords,
    };
    let table = request.check().map_err(raise)?;
    let cancel = Cancel::new();
    let token = cancel.clone();
    let records = run_interruptible(py, cancel, move || {
        let mut records = Vec::new();
        table
            .run(
                &Control::new().cancel(token),
                |_| {},
                |r| {
                    records.push(r);
                    Ok::<(), nqueens::Error>(())
                },
            )
            .map(|()| records)
    })?
    .map_err(raise)?;
    records.into_iter().map(CountResult::checked).collect()
}
