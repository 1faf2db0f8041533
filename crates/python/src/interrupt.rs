//! Long work from Python: run on a thread of its own with the GIL
//! released, while the calling thread wakes every [`POLL`] to run
//! Python's signal handlers, so Ctrl-C raises `KeyboardInterrupt` and
//! other Python threads keep running.
//!
//! On a signal the work's [`Cancel`] token is raised: the library starts
//! no further piece, and pieces already finished are kept (a checkpoint
//! has them). The exception is raised at once, without waiting for the
//! pieces in flight, which finish on their own thread — the way the CLI
//! abandons them when it exits on a signal.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use nqueens::Cancel;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the calling thread looks for signals.
pub const POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a new thread, waiting for it with the GIL released and
/// checking Python's signals every [`POLL`]; a signal handler's exception
/// (`KeyboardInterrupt`) raises `cancel` and is returned at once.
pub fn run_interruptible<T, F>(py: Python<'_>, cancel: Cancel, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (tx, mut rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("nqueens-python".into())
        .spawn(move || {
            // The receiver is gone only after an interruption.
            let _ = tx.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the counting thread: {e}")))?;
    loop {
        // A Receiver is not Sync: it moves into the closure and back.
        let (back, got) = py.detach(move || {
            let got = rx.recv_timeout(POLL);
            (rx, got)
        });
        rx = back;
        match got {
            Ok(value) => return Ok(value),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the counting thread panicked"))
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    cancel.cancel();
                    return Err(e);
                }
            }
        }
    }
}
