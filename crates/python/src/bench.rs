//! `nqueens.bench(...)`: the benchmark harness (`nqueens_bench`) from
//! Python, through the same code as `nqueens bench`: the keywords fill
//! the harness's [`Spec`] (checked once, by the harness, with the command
//! line's refusals in keyword spelling), [`nqueens_bench::run`] times it
//! off the GIL, and the rows come back as dicts under the command line's
//! JSON keys, or as a pandas (else polars) DataFrame where one is
//! installed. Ctrl-C ends every child the bench started, marks an `out`
//! record interrupted and raises `KeyboardInterrupt`.

use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use nqueens::{ErrorKind, Fields, Spelling};
use nqueens_bench::{Build, Exports, Row, RunsText, Show, Spec};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::args::{self, raise};
use crate::interrupt::POLL;
use crate::record;

/// How long a stopped bench may take to return (and mark its record):
/// within the second Ctrl-C is promised to take everywhere.
const GRACE: Duration = Duration::from_secs(1);

/// Benchmark solvers (and programs) against each other, every count
/// checked: the rows ``nqueens bench --format json`` prints.
///
/// Each row is a dict under the command line's keys (``solver``,
/// ``timing``, ``runs``, ``mean_s``, ``stddev_s``, ``median_s``,
/// ``speedup``, ``speedup_stddev``, ``total``, ``oeis``...); the rows are
/// a pandas DataFrame where pandas is installed (else a polars one where
/// polars is), unless ``frame=False``. ``commands`` are
/// ``"NAME=PROGRAM ARGS {n}"`` specs, as ``--command`` takes. Timing the
/// built-in solvers as processes (``timing="process"``, the default with
/// a command) runs ``nqueens count``: the program is ``nqueens_bin``, else
/// ``$NQUEENS_BIN``, else ``nqueens`` on the ``PATH``.
///
/// >>> rows = nqueens.bench(6, 7, solvers=["pairs"], runs=3, frame=False)
/// >>> [(r["n"], r["solver"], r["total"]) for r in rows]
/// [(6, 'mirror', 4), (6, 'pairs', 4), (7, 'mirror', 40), (7, 'pairs', 40)]
#[pyfunction]
#[pyo3(signature = (
    first=None, last=None, *, solvers=None, baseline=None, runs=None, warmup=None,
    min_runs=None, max_runs=None, target_seconds=None, prepare=None, cleanup=None,
    commands=None, count_pattern=None, timing=None, threads=None, max_memory=None,
    max_seconds=None, out=None, export_json=None, export_markdown=None, nqueens_bin=None,
    frame=None
))]
#[allow(clippy::too_many_arguments)]
pub fn bench<'py>(
    py: Python<'py>,
    first: Option<&Bound<'py, PyAny>>,
    last: Option<&Bound<'py, PyAny>>,
    solvers: Option<&Bound<'py, PyAny>>,
    baseline: Option<&Bound<'py, PyAny>>,
    runs: Option<&Bound<'py, PyAny>>,
    warmup: Option<&Bound<'py, PyAny>>,
    min_runs: Option<&Bound<'py, PyAny>>,
    max_runs: Option<&Bound<'py, PyAny>>,
    target_seconds: Option<&Bound<'py, PyAny>>,
    prepare: Option<&Bound<'py, PyAny>>,
    cleanup: Option<&Bound<'py, PyAny>>,
    commands: Option<&Bound<'py, PyAny>>,
    count_pattern: Option<&Bound<'py, PyAny>>,
    timing: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    max_memory: Option<&Bound<'py, PyAny>>,
    max_seconds: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
    export_json: Option<&Bound<'py, PyAny>>,
    export_markdown: Option<&Bound<'py, PyAny>>,
    nqueens_bin: Option<&Bound<'py, PyAny>>,
    frame: Option<bool>,
) -> PyResult<Bound<'py, PyAny>> {
    let defaults = Spec::new(Spelling::Keywords, build());
    let spec = Spec {
        solvers: names(solvers, "solvers")?,
        from: args::maybe_int(first, "first")?.unwrap_or(defaults.from.clone()),
        to: args::maybe_int(last, "last")?.unwrap_or(defaults.to.clone()),
        baseline: args::name(baseline, "baseline")?.unwrap_or(defaults.baseline.clone()),
        runs: RunsText {
            warmup: args::maybe_int(warmup, "warmup")?,
            runs: args::maybe_int(runs, "runs")?,
            min_runs: args::maybe_int(min_runs, "min_runs")?,
            max_runs: args::maybe_int(max_runs, "max_runs")?,
            target_seconds: args::seconds(target_seconds, "target_seconds")?,
            prepare: args::name(prepare, "prepare")?,
            cleanup: args::name(cleanup, "cleanup")?,
        },
        run: nqueens::Run {
            threads: args::maybe_int(threads, "threads")?,
            max_memory: args::size(max_memory, "max_memory")?,
        },
        max_seconds: args::seconds(max_seconds, "max_seconds")?
            .unwrap_or(defaults.max_seconds.clone()),
        out: path(out, "out")?,
        exports: Exports {
            json: path(export_json, "export_json")?,
            markdown: path(export_markdown, "export_markdown")?,
        },
        commands: names(commands, "commands")?.unwrap_or_default(),
        count_pattern: args::name(count_pattern, "count_pattern")?,
        timing: args::name(timing, "timing")?,
        counter: match path(nqueens_bin, "nqueens_bin")? {
            Some(p) => Some(p),
            None => counter(),
        },
        ..defaults
    };
    let request = spec.check().map_err(refusal)?;
    let stop = request.stop.clone();
    let (tx, mut rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("nqueens-bench".into())
        .spawn(move || {
            let mut rows = Rows::default();
            let done = nqueens_bench::run(&request, &mut rows);
            let _ = tx.send(done.map(|()| rows.0));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the bench thread: {e}")))?;
    let mut stopped_at: Option<(Instant, PyErr)> = None;
    let rows = loop {
        let (back, got) = py.detach(move || {
            let got = rx.recv_timeout(POLL);
            (rx, got)
        });
        rx = back;
        match got {
            Ok(Ok(rows)) => break rows,
            Ok(Err(e)) => {
                return Err(match stopped_at {
                    Some((_, signal)) => signal,
                    None => refusal(e),
                })
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the bench thread panicked"))
            }
            Err(RecvTimeoutError::Timeout) => match &stopped_at {
                // A count in flight in-process cannot be stopped midway:
                // the record is marked, and the signal raised.
                Some((at, _)) if at.elapsed() > GRACE => {
                    stop.mark_record();
                    return Err(stopped_at.take().expect("stopped").1);
                }
                Some(_) => {}
                None => {
                    if let Err(e) = py.check_signals() {
                        py.detach(|| stop.now());
                        stopped_at = Some((Instant::now(), e));
                    }
                }
            },
        }
    };
    let dicts = PyList::empty(py);
    for fields in &rows {
        dicts.append(record::dict(py, fields)?)?;
    }
    if frame != Some(false) {
        for (module, class) in [("pandas", "DataFrame"), ("polars", "DataFrame")] {
            if let Ok(m) = py.import(module) {
                return m.getattr(class)?.call1((dicts,));
            }
        }
    }
    Ok(dicts.into_any())
}

/// The rows as they complete; nothing shown.
#[derive(Default)]
struct Rows(Vec<Fields>);

impl Show for Rows {
    fn start(&mut self, _runs: u64) -> std::io::Result<()> {
        Ok(())
    }
    fn running(&mut self, _label: String) {}
    fn ran(&mut self) {}
    fn skipped(&mut self, _runs: u64) {}
    fn row(&mut self, row: &Row) -> std::io::Result<()> {
        self.0.push(row.fields());
        Ok(())
    }
    fn summary(&mut self, rows: &[Row], notes: &[String]) -> String {
        nqueens_bench::summary_markdown(rows, notes)
    }
    fn end(&mut self, _notes: &[String]) -> std::io::Result<()> {
        Ok(())
    }
}

/// A harness error as the exception its kind calls for (a refusal the
/// harness words itself is bad input: a `ValueError`).
fn refusal(e: anyhow::Error) -> PyErr {
    match e.downcast_ref::<nqueens::Error>() {
        Some(err) if err.kind() == ErrorKind::Interrupted => {
            PyKeyboardInterrupt::new_err(err.to_string())
        }
        Some(err) => raise(err.clone()),
        None => args::value_error(nqueens::one_line(&e)),
    }
}

/// A list (or tuple) of str, or one str.
fn names(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<Vec<String>>> {
    match value.filter(|v| !v.is_none()) {
        None => Ok(None),
        Some(v) if v.is_instance_of::<PyString>() => Ok(Some(vec![v.extract()?])),
        Some(v) => v
            .extract::<Vec<String>>()
            .map(Some)
            .map_err(|_| PyTypeError::new_err(format!("{what} must be a list of str"))),
    }
}

/// A path: a str or an `os.PathLike`.
fn path(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<PathBuf>> {
    match value.filter(|v| !v.is_none()) {
        None => Ok(None),
        Some(v) => v
            .extract::<PathBuf>()
            .map(Some)
            .map_err(|_| PyTypeError::new_err(format!("{what} must be a str or a path"))),
    }
}

/// The `nqueens` program for solvers timed as processes: `$NQUEENS_BIN`,
/// else `nqueens` on the `PATH`.
fn counter() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("NQUEENS_BIN").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join("nqueens"))
        .find(|p| p.is_file())
}

/// What built this module, for a recorded run's README.
fn build() -> Build {
    Build {
        program: "nqueens (Python module)".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        commit: "unknown".into(),
        rustc: "unknown".into(),
        profile: "release".into(),
    }
}
