//! `solutions` and `iter_solutions`: the listing behind `nqueens
//! solutions` (`nqueens::solutions`), as a NumPy array or a
//! Python iterator that holds the Rust iterator.

use nqueens::listing::{Iter, Prefix, SolutionsRequest};
use nqueens::Listing;
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::prelude::*;

use crate::args;
use crate::interrupt::run_interruptible;

/// The listing the arguments ask for, checked by the library as the CLI
/// checks it.
fn listing(
    n: &Bound<'_, PyAny>,
    unique: bool,
    prefix: Option<Vec<i64>>,
    limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<Listing> {
    SolutionsRequest {
        n: args::int(n, "n")?,
        variant: None,
        prefix: prefix.map(Prefix::Columns),
        unique,
        limit: args::maybe_int(limit, "limit")?,
        verify: false,
        spelling: nqueens::Spelling::Keywords,
    }
    .check()
    .map_err(args::raise)
}

/// Every solution of the n x n board, as a NumPy array.
///
/// Row i of the result is one solution: ``a[i, r]`` is the column of the
/// queen on row r, both counted from 0 (as NumPy indexes), in
/// lexicographic order. dtype uint8, shape (solutions, n).
///
/// Args:
///     n: the board side, 1 to 32.
///     unique: only the fundamental solutions, one per orbit under the 8
///         symmetries of the square (each the smallest of its orbit).
///     prefix: the 0-based columns of the first rows' queens: only the
///         solutions that start so.
///     limit: at most this many rows.
///
/// >>> a = nqueens.solutions(6)
/// >>> a.shape, a.dtype
/// ((4, 6), dtype('uint8'))
/// >>> a[0].tolist()
/// [1, 3, 5, 0, 2, 4]
/// >>> len(nqueens.solutions(8, unique=True))
/// 12
#[pyfunction]
#[pyo3(signature = (n, *, unique=false, prefix=None, limit=None, max_memory=None))]
pub fn solutions<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    unique: bool,
    prefix: Option<Vec<i64>>,
    limit: Option<&Bound<'py, PyAny>>,
    max_memory: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let listing = listing(n, unique, prefix, limit)?;
    let width = listing.board.n();
    let run = nqueens::Run {
        threads: None,
        max_memory: args::size(max_memory, "max_memory")?,
    };
    // Off the GIL, with Ctrl-C looked at while the library lists.
    let cancel = nqueens::Cancel::new();
    let token = cancel.clone();
    let flat = run_interruptible(py, cancel, move || {
        listing.collect(&run, &nqueens::Control::new().cancel(token))
    })?
    .map_err(args::raise)?;
    let rows = flat.rows();
    let array = Array2::from_shape_vec((rows, width), flat.into_flat()).expect("rows of n columns");
    Ok(array.into_pyarray(py))
}

/// The solutions one at a time: ``iter_solutions`` takes the arguments of
/// ``solutions`` and yields each row as a uint8 array of n 0-based
/// columns, holding only the search's state (a few hundred bytes).
#[pyclass(module = "nqueens", unsendable)]
pub struct SolutionIterator {
    it: Iter,
    /// Solutions handed out so far.
    given: u64,
}

/// How many solutions an iterator hands out between two looks at
/// Python's signals: at n = 17 about 2 ms of listing.
const SIGNALS_EVERY: u64 = 1024;

impl std::fmt::Debug for SolutionIterator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SolutionIterator")
    }
}

#[pymethods]
impl SolutionIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next solution. Every [`SIGNALS_EVERY`] solutions Python's
    /// signal handlers run, so Ctrl-C stops a consumer that runs no
    /// bytecode between items (`deque(it, maxlen=0)`, `sum`, `max`) as
    /// it stops a `for` loop.
    fn __next__<'py>(
        mut slf: PyRefMut<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyArray1<u8>>>> {
        slf.given += 1;
        if slf.given.is_multiple_of(SIGNALS_EVERY) {
            py.check_signals()?;
        }
        Ok(slf
            .it
            .next()
            .map(|(s, _orbit)| PyArray1::from_slice(py, s.columns())))
    }
}

/// Stream the solutions of the n x n board without holding them all.
///
/// Yields one uint8 array per solution (0-based column of each row's
/// queen), in the order of ``solutions``, with the same arguments.
///
/// >>> it = nqueens.iter_solutions(8, prefix=[0])
/// >>> next(it).tolist()
/// [0, 4, 7, 5, 2, 6, 1, 3]
/// >>> sum(1 for _ in nqueens.iter_solutions(10))
/// 724
#[pyfunction]
#[pyo3(signature = (n, *, unique=false, prefix=None, limit=None))]
pub fn iter_solutions(
    n: &Bound<'_, PyAny>,
    unique: bool,
    prefix: Option<Vec<i64>>,
    limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<SolutionIterator> {
    let it = listing(n, unique, prefix, limit)?
        .iter()
        .map_err(args::raise)?;
    Ok(SolutionIterator { it, given: 0 })
}
