//! `count(..., checkpoint=PATH)`: the CLI's checkpoint files
//! (`nqueens_files::checkpoint`), written and resumed the same way as
//! `nqueens count --checkpoint` (`crates/cli/src/run/session.rs`): a file
//! made by one resumes in the other.

use std::path::Path;

use nqueens_files::checkpoint::{Checkpoint, Header};
use nqueens_files::journal::Journal;
use nqueens_sched::{count_task, Checked, Hooks, Kind, NoProgress, Options, Report, Stop};
use nqueens_tasks::Task;
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

/// Counts `count` with every finished piece recorded in `path`, resuming
/// from what it already holds; `stop` ends the run early (what finished
/// is kept).
pub fn count(count: Checked<Task<'static>>, path: &Path, stop: &StopFlag) -> PyResult<Report> {
    let refused = |e: anyhow::Error| value_error(format!("{e:#}"));
    let (task, board) = (*count.task(), count.board());
    // Resuming adopts the checkpoint's depth: the default depth may depend
    // on the thread count, which may have changed (another kind's file is
    // refused below, naming it). The file's depth is checked as a typed
    // one is.
    let recorded = Checkpoint::recorded_header(path)
        .map_err(refused)?
        .filter(|h| h.work == task.work())
        .map(|h| h.depth);
    let count = match recorded {
        Some(depth) => {
            let opts = Options {
                depth: Some(depth),
                ..*count.opts()
            };
            Checked::new(task, board, opts).map_err(|e| value_error(e.to_string()))?
        }
        None => count,
    };
    let (count, layout) = count.pinned().map_err(|e| value_error(e.to_string()))?;
    let layout = layout
        .ok_or_else(|| value_error(format!("solver '{}' cannot checkpoint", task.solver())))?;
    let ck = Checkpoint::open(path, &Header::new(&task, board.n(), layout)).map_err(refused)?;
    let journal = Journal::new(&NoProgress, &ck, None);
    let hooks = Hooks {
        stop: &Either(&journal, stop),
        ..journal.hooks()
    };
    let report = count_task(&count, &hooks);
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
