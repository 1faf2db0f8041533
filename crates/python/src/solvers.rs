//! `solvers`: the scheduler's registry of counting methods
//! (`nqueens_sched::solvers::all`, what `nqueens solvers` lists).

use nqueens_kernel::Board;
use nqueens_sched::solvers::all;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The counting methods ``count(solver=...)`` takes, the default first.
///
/// Each is a dict: ``name``, ``description``, ``min_n`` and ``max_n``
/// (the boards it counts), ``threads`` (whether it uses more than one),
/// ``splits`` (whether it splits its work, so takes a checkpoint) and
/// ``budgeted`` (whether max_memory caps it).
///
/// >>> s = nqueens.solvers()
/// >>> s[0]["name"], s[0]["max_n"]
/// ('halves', 32)
#[pyfunction]
pub fn solvers(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let probe = Board::new(8).expect("8 is a board");
    all()
        .iter()
        .map(|s| {
            let d = PyDict::new(py);
            d.set_item("name", s.name())?;
            d.set_item("description", s.description())?;
            d.set_item("min_n", 1)?;
            d.set_item("max_n", s.max_n())?;
            d.set_item("threads", s.uses_threads())?;
            d.set_item("splits", s.depths(probe).is_some())?;
            d.set_item("budgeted", s.budgeted())?;
            Ok(d)
        })
        .collect()
}
