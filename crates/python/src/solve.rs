//! `solve`: one solution by a named method (the library's
//! `nqueens::SolveRequest`, what `nqueens solve` runs), for any n the CLI
//! accepts.

use nqueens::{SolveRequest, Spelling};
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;

use crate::args::{self, raise, value_error};
use crate::interrupt::run_interruptible;

/// Find one solution of the n x n board.
///
/// Returns a uint32 NumPy array of n entries: entry r is the 0-based
/// column of the queen on row r.
///
/// Args:
///     n: the board side, up to 10,000,000 for construct, construct-mod6,
///         min-conflicts and swap (smaller for the searching methods).
///     method: construct, construct-mod6, min-conflicts, swap, heuristic,
///         random, backtrack or accessibility (``nqueens solve --help``).
///     seed: the seed of min-conflicts, swap and random (default 0).
///
/// Raises:
///     ValueError: no solution (n = 2, 3), the method gave up, or an
///         argument out of range (the CLI's message).
///
/// >>> nqueens.solve(8).tolist()
/// [5, 0, 4, 1, 7, 2, 6, 3]
/// >>> len(nqueens.solve(1_000_000, method="min-conflicts", seed=1))
/// 1000000
#[pyfunction]
#[pyo3(signature = (n, method="construct", seed=None))]
pub fn solve<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    method: &str,
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let request = SolveRequest {
        n: args::int(n, "n")?,
        method: method.to_string(),
        seed: args::maybe_int(seed, "seed")?,
        spelling: Spelling::Keywords,
        ..SolveRequest::default()
    };
    // Checked once here, by the library: the same refusals as the CLI's.
    let solve = request.check().map_err(raise)?;
    let found = run_interruptible(py, nqueens::Cancel::new(), move || solve.run())?;
    let solution = found.map_err(|e| value_error(e.to_string()))?;
    Ok(solution.columns.into_pyarray(py))
}
