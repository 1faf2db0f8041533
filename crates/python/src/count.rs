//! `count` and `table`: a board counted by the scheduler
//! (`nqueens_sched::count_task`, what `nqueens count` runs), off the GIL
//! and interruptible, and the result as a Python object.

use std::path::PathBuf;
use std::sync::Arc;

use nqueens_kernel::{oeis, Board, MAX_N};
use nqueens_sched::{count_task, solvers, Hooks, Options, Report, Task};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::{self, value_error};
use crate::interrupt::{run_interruptible, StopFlag};

/// The counts of one board, with how they were made.
///
/// ``total``, ``unique``, ``fixed_180`` and ``fixed_90`` are exact Python
/// ints (the kernel counts in 128 bits); ``verified`` is True when they
/// equal OEIS A000170 / A002562 (known for n <= 27), None past the tables.
///
/// >>> r = nqueens.count(8, threads=1)
/// >>> (r.total, r.unique, r.verified)
/// (92, 12, True)
/// >>> r.to_dict()["fixed_180"]
/// 4
#[pyclass(module = "nqueens", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct CountResult {
    /// Board side.
    pub n: usize,
    /// All solutions.
    pub total: u128,
    /// Solutions up to rotation and reflection (Burnside's lemma).
    pub unique: u128,
    /// Solutions a half turn leaves unchanged.
    pub fixed_180: u128,
    /// Solutions a quarter turn leaves unchanged.
    pub fixed_90: u128,
    /// Nodes (queens placed) of the total's search.
    pub nodes: u128,
    /// Nodes of the searches for the symmetric solutions.
    pub symmetry_nodes: u128,
    /// Nodes read back from a checkpoint rather than searched now.
    pub resumed_nodes: u128,
    /// Wall seconds of the count.
    pub seconds: f64,
    /// Threads the count used.
    pub threads: usize,
    /// The solver's name.
    pub solver: String,
    /// Split depth, for the solvers that split.
    pub depth: Option<usize>,
    /// Subproblems of the split, for the solvers that split.
    pub subproblems: Option<usize>,
    /// True when total and unique equal OEIS, None for n past the tables.
    pub verified: Option<bool>,
}

impl CountResult {
    fn of(r: Report) -> CountResult {
        let verified = oeis::known(r.n).map(|known| known == (r.total, r.unique));
        CountResult {
            n: r.n,
            total: r.total,
            unique: r.unique,
            fixed_180: r.fixed_180,
            fixed_90: r.fixed_90,
            nodes: r.nodes,
            symmetry_nodes: r.symmetry_nodes,
            resumed_nodes: r.resumed_nodes,
            seconds: r.seconds,
            threads: r.threads,
            solver: r.solver,
            depth: r.depth,
            subproblems: r.subproblems,
            verified,
        }
    }

    /// The CLI's refusal of a count that disagrees with OEIS: never a
    /// footnote, always an error.
    fn checked(self) -> PyResult<CountResult> {
        match oeis::known(self.n) {
            Some((total, unique)) if self.verified == Some(false) => Err(PyRuntimeError::new_err(
                format!(
                    "n = {}: computed {} total / {} unique, but OEIS A000170 / A002562 say {total} / {unique}",
                    self.n, self.total, self.unique
                ),
            )),
            _ => Ok(self),
        }
    }
}

#[pymethods]
impl CountResult {
    /// The fields as a dict (a list of them makes a pandas DataFrame).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("n", self.n)?;
        d.set_item("total", self.total)?;
        d.set_item("unique", self.unique)?;
        d.set_item("fixed_180", self.fixed_180)?;
        d.set_item("fixed_90", self.fixed_90)?;
        d.set_item("nodes", self.nodes)?;
        d.set_item("symmetry_nodes", self.symmetry_nodes)?;
        d.set_item("resumed_nodes", self.resumed_nodes)?;
        d.set_item("seconds", self.seconds)?;
        d.set_item("threads", self.threads)?;
        d.set_item("solver", &self.solver)?;
        d.set_item("depth", self.depth)?;
        d.set_item("subproblems", self.subproblems)?;
        d.set_item("verified", self.verified)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let verified = match self.verified {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!(
            "CountResult(n={}, total={}, unique={}, fixed_180={}, fixed_90={}, nodes={}, seconds={:.3}, threads={}, solver='{}', verified={verified})",
            self.n,
            self.total,
            self.unique,
            self.fixed_180,
            self.fixed_90,
            self.nodes,
            self.seconds,
            self.threads,
            self.solver
        )
    }
}

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
    let board = args::board(n, s.max_n(), &format!(" for solver {}", s.name()))?;
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
    let opts = Options {
        threads,
        depth: None,
        memory,
    };
    let task = Task::Solver(s);
    let stop = Arc::new(StopFlag::default());
    let flag = Arc::clone(&stop);
    let report = run_interruptible(py, stop, move || match checkpoint {
        None => count_task(task, board, &opts, &stopping(&flag)).map_err(raise),
        Some(path) => crate::checkpoint::count(task, board, opts, &path, &flag),
    })??;
    CountResult::of(report).checked()
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
    let solver = solvers::default();
    let owner = format!(" for solver {}", solver.name());
    let max = solver.max_n().min(MAX_N);
    let side = |v: Option<&Bound<'_, PyAny>>, what: &str, default: usize| match v {
        Some(v) if !v.is_none() => args::size(v, what, 1..=max, &owner),
        _ => Ok(default),
    };
    let (first, last) = (side(first, "first", 1)?, side(last, "last", 12)?);
    if first > last {
        return Err(value_error(format!(
            "empty range: first {first} is after last {last}"
        )));
    }
    let threads = args::threads(threads, None)?;
    let opts = Options {
        threads,
        ..Options::sequential()
    };
    let stop = Arc::new(StopFlag::default());
    let flag = Arc::clone(&stop);
    let reports = run_interruptible(py, stop, move || {
        (first..=last)
            .map(|n| {
                let board = Board::new(n).expect("checked range");
                count_task(Task::Solver(solver), board, &opts, &stopping(&flag)).map_err(raise)
            })
            .collect::<PyResult<Vec<Report>>>()
    })??;
    reports
        .into_iter()
        .map(|r| CountResult::of(r).checked())
        .collect()
}
