//! The Python module `nqueens`: the engine behind the `nqueens` command,
//! called from Python. A door to the `nqueens` library, as the command
//! line is another: each function checks its arguments' Python types,
//! hands their values to the library's request (which checks them once,
//! with the command line's messages, and runs them under the same memory
//! budget), runs it off the GIL and interruptible, and returns Python
//! objects (exact ints, NumPy arrays); a library error becomes the
//! exception its kind calls for (`args::raise`).
//!
//! ```text
//! >>> import nqueens
//! >>> nqueens.count(8)
//! CountResult(n=8, total=92, unique=12, ...)
//! ```
//!
//! Built by maturin from `pyproject.toml` (`pip install ./crates/python`);
//! tested by `tests/` (pytest); typed by `nqueens.pyi`.

mod args;
mod bench;
mod count;
mod estimate;
mod interrupt;
mod record;
mod solutions;
mod solve;
mod solvers;

use pyo3::prelude::*;

/// Count, list and solve n-queens boards with the nqueens engine (Rust).
///
/// >>> import nqueens
/// >>> nqueens.count(8).total
/// 92
/// >>> nqueens.solutions(6).tolist()[0]
/// [1, 3, 5, 0, 2, 4]
///
/// Functions: count, table, solutions, iter_solutions, solve, solvers,
/// estimate, bench. Columns are 0-based throughout.
#[pymodule]
fn nqueens(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // NumPy is imported with the module, not by the first call that makes
    // an array: rust-numpy imports it on first use and panics if that
    // import fails, so a Ctrl-C landing in it (the first `solutions()` or
    // `iter_solutions()`) raised PanicException instead of
    // KeyboardInterrupt. Here a failed import is an ordinary exception.
    m.py().import("numpy")?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<count::CountResult>()?;
    m.add_class::<estimate::EstimateResult>()?;
    m.add_class::<solutions::SolutionIterator>()?;
    m.add_function(wrap_pyfunction!(count::count, m)?)?;
    m.add_function(wrap_pyfunction!(count::table, m)?)?;
    m.add_function(wrap_pyfunction!(solutions::solutions, m)?)?;
    m.add_function(wrap_pyfunction!(solutions::iter_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solvers::solvers, m)?)?;
    m.add_function(wrap_pyfunction!(estimate::estimate, m)?)?;
    m.add_function(wrap_pyfunction!(bench::bench, m)?)?;
    Ok(())
}
