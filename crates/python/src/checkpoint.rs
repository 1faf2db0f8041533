//! `count(..., checkpoint=PATH)`: the CLI's checkpoint files
//! (`nqueens_files::checkpoint`), written and resumed the same way as
//! `nqueens count --checkpoint` (`crates/cli/src/run/session.rs`): a file
//! made by one resumes in the other.

use std::path::Path;

use nqueens_files::checkpoint::{Checkpoint, Header};
use nqueens_files::journal::Journal;
use nqueens_kernel::Board;
use nqueens_sched::{count_task, Hooks, Kind, NoProgress, Options, Report, Stop, Task};
use pyo3::exceptions::{PyOSError, PyRuntimeError};
use pyo3::prelude::*;

use crate::args::value_error;
use crate::interrupt::StopFlag;

/// Stops on a failed write (the journal) or on Ctrl-C (the flag).
struct Either<'a>(&'a Journal<'a>, &'a StopFlag);

impl Stop for Either<'_> {
    fn stop(&self) -> bool {
        self.0.stop() || self.1.stop()
    }
}

/// Counts `board` with every finished piece recorded in `path`, resuming
/// from what it already holds; `stop` ends the run early (what finished
/// is kept).
pub fn count(
    task: Task<'static>,
    board: Board,
    mut opts: Options,
    path: &Path,
    stop: &StopFlag,
) -> PyResult<Report> {
    let refused = |e: anyhow::Error| value_error(format!("{e:#}"));
    // Resuming adopts the checkpoint's depth: the default depth may depend
    // on the thread count, which may have changed (another kind's file is
    // refused below, naming it).
    opts.depth = Checkpoint::recorded_header(path)
        .map_err(refused)?
        .filter(|h| h.work == task.work())
        .map(|h| h.depth);
    let layout = task
        .layout(board, &opts)
        .map_err(|e| value_error(e.to_string()))?
        .ok_or_else(|| value_error(format!("solver '{}' cannot checkpoint", task.solver())))?;
    opts.depth = Some(layout.depth);
    let ck = Checkpoint::open(path, &Header::new(task, board.n(), layout)).map_err(refused)?;
    let journal = Journal::new(&NoProgress, &ck, None);
    let hooks = Hooks {
        stop: &Either(&journal, stop),
        ..journal.hooks()
    };
    let report = count_task(task, board, &opts, &hooks);
    let shown = path.display();
    ck.sync()
        .map_err(|e| PyOSError::new_err(format!("cannot sync checkpoint {shown}: {e}")))?;
    if let Some(e) = journal.failure() {
        return Err(PyOSError::new_err(format!(
            "cannot write to checkpoint {shown} (the records before this error are safe): {e}"
        )));
    }
    report.map_err(|e| match e {
        nqueens_sched::Error::OverBudget { .. } => crate::count::raise(e),
        e => PyRuntimeError::new_err(format!("{e}; the finished subproblems are kept in {shown}")),
    })
}
