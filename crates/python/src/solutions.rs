//! `solutions` and `iter_solutions`: the listing behind `nqueens
//! solutions` (`nqueens::solutions`), as a NumPy array or a
//! Python iterator that holds the Rust iterator.

use nqueens::solutions::{Fundamentals, PrefixError, Solution, Solutions};
use nqueens::{Board, MAX_N};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::prelude::*;

use crate::args::{self, value_error};
use crate::interrupt::run_interruptible;

/// Rows gathered between two checks for Ctrl-C while an array is filled:
/// at n = 17 about 6 ms of listing, so Ctrl-C is answered within 100 ms.
const CHECK_EVERY: usize = 1 << 13;

/// Boards from this side on are counted before a whole listing is
/// collected (n = 16: 14.8 million solutions, 237 MB).
const COUNTED_FIRST: usize = 16;

/// All solutions, or only the fundamental ones (one per orbit).
enum Listing {
    All(Solutions),
    Unique(Fundamentals),
}

impl Iterator for Listing {
    type Item = Solution;
    fn next(&mut self) -> Option<Solution> {
        match self {
            Listing::All(it) => it.next(),
            Listing::Unique(it) => it.next().map(|(s, _orbit)| s),
        }
    }
}

/// The listing the arguments ask for, checked as the CLI checks them.
fn listing(
    n: &Bound<'_, PyAny>,
    unique: bool,
    prefix: Option<Vec<i64>>,
    limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Board, Listing, Option<u64>)> {
    let board = args::board(n, MAX_N, "")?;
    let limit = args::maybe_whole(limit, "limit", 1..=u64::MAX)?;
    let prefix = prefix.map(|p| columns(&p, board.n())).transpose()?;
    let prefix = prefix.as_deref().unwrap_or(&[]);
    let refused = |e: PrefixError| match e {
        // The kernel's message counts rows and columns from 1; here they
        // are 0-based, as the prefix was given.
        PrefixError::Attack(a) => value_error(format!(
            "prefix: queens on rows {} and {} (columns {} and {}) attack along {}",
            a.rows[0], a.rows[1], a.columns[0], a.columns[1], a.line
        )),
        e => value_error(format!("prefix: {e}")),
    };
    let it = if unique {
        Listing::Unique(Fundamentals::with_prefix(board, prefix).map_err(refused)?)
    } else {
        Listing::All(Solutions::with_prefix(board, prefix).map_err(refused)?)
    };
    Ok((board, it, limit))
}

/// A prefix of 0-based columns, with the CLI's messages for `--base 0`
/// (rows counted from 0 too).
fn columns(prefix: &[i64], n: usize) -> PyResult<Vec<u8>> {
    if prefix.len() > n {
        return Err(value_error(format!(
            "prefix: the prefix has {} columns, more than the {n} rows of the board",
            prefix.len()
        )));
    }
    prefix
        .iter()
        .enumerate()
        .map(|(row, &c)| match u8::try_from(c) {
            Ok(c) if usize::from(c) < n => Ok(c),
            _ => Err(value_error(format!(
                "prefix: row {row}: column {c} is off the board (columns run from 0 to {})",
                n - 1
            ))),
        })
        .collect()
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
    let whole = prefix.as_ref().is_none_or(|p| p.is_empty());
    let (board, it, limit) = listing(n, unique, prefix, limit)?;
    let width = board.n();
    let run = nqueens::Run {
        threads: None,
        max_memory: args::size(max_memory, "max_memory")?,
    };
    let what = format!("n = {width} has more solutions");
    let mut flat = nqueens::Collected::new(board, &run, nqueens::Spelling::Keywords, &what)
        .map_err(args::raise)?;
    // A whole listing of a large board is counted first (by the engine:
    // about a thousandth of the listing's time), so one too large for the
    // budget is refused before it starts, not once it has filled memory.
    if whole && width >= COUNTED_FIRST {
        let count = nqueens::CountRequest::new(width)
            .check()
            .map_err(args::raise)?;
        let cancel = nqueens::Cancel::new();
        let token = cancel.clone();
        let record = run_interruptible(py, cancel, move || {
            count.run(&nqueens::Control::new().cancel(token))
        })?
        .map_err(args::raise)?;
        let c = record.total;
        let rows = if unique { c.unique } else { c.solutions };
        flat.expect(rows.min(u128::from(limit.unwrap_or(u64::MAX))))
            .map_err(args::raise)?;
    }
    let mut it = it.take(usize::try_from(limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX));
    loop {
        // Batches off the GIL, with Ctrl-C looked at between them.
        let (back, batch, more) = py.detach(move || {
            let mut batch = Vec::new();
            let mut more = true;
            for _ in 0..CHECK_EVERY {
                match it.next() {
                    Some(s) => batch.extend_from_slice(s.columns()),
                    None => {
                        more = false;
                        break;
                    }
                }
            }
            (it, batch, more)
        });
        it = back;
        flat.extend(&batch).map_err(args::raise)?;
        if !more {
            break;
        }
        py.check_signals()?;
    }
    let rows = flat.rows();
    let array = Array2::from_shape_vec((rows, width), flat.into_flat()).expect("rows of n columns");
    Ok(array.into_pyarray(py))
}

/// The solutions one at a time: ``iter_solutions`` takes the arguments of
/// ``solutions`` and yields each row as a uint8 array of n 0-based
/// columns, holding only the search's state (a few hundred bytes).
#[pyclass(module = "nqueens", unsendable)]
pub struct SolutionIterator {
    it: std::iter::Take<Listing>,
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
        Ok(slf.it.next().map(|s| PyArray1::from_slice(py, s.columns())))
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
    let (_, it, limit) = listing(n, unique, prefix, limit)?;
    let limit = usize::try_from(limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX);
    Ok(SolutionIterator {
        it: it.take(limit),
        given: 0,
    })
}
