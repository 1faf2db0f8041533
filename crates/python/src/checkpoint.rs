//! `count(..., checkpoint=PATH)`: not yet wired to the CLI's checkpoint
//! files.

use std::path::Path;

use nqueens_kernel::Board;
use nqueens_sched::{Options, Report, Task};
use pyo3::exceptions::PyNotImplementedError;
use pyo3::prelude::*;

use crate::interrupt::StopFlag;

/// Counts through the checkpoint at `path`.
pub fn count(
    _task: Task<'static>,
    _board: Board,
    _opts: Options,
    _path: &Path,
    _stop: &StopFlag,
) -> PyResult<Report> {
    Err(PyNotImplementedError::new_err(
        "checkpoint= is not implemented yet",
    ))
}
