//! `solvers`: the counting methods as the library lists them
//! (`nqueens::solvers()`, what `nqueens solvers --format json` prints).

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::record;

/// The counting methods, the default first: one dict each, with the keys
/// of ``nqueens solvers --format json`` (``name``, ``min_n``, ``max_n``,
/// ``default``, ``threads``, ``splits``, ``budgeted``, ``description``).
///
/// >>> nqueens.solvers()[0]["name"]
/// 'halves'
#[pyfunction]
pub fn solvers(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    nqueens::solvers()
        .iter()
        .map(|fields| record::dict(py, fields))
        .collect()
}
