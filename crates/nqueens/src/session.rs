//! One counting run of any kind of work, through a checkpoint when there
//! is one: the journal records each finished piece, and a resumed run
//! counts only what the file does not hold. The same code for every door,
//! so a file one door made resumes in the other.

use std::path::Path;
use std::sync::Arc;

use nqueens_files::checkpoint::{Checkpoint, Header};
use nqueens_files::journal::Journal;
use nqueens_sched::{count_task, Checked, Hooks, Options, Search, Stop, Total};

use crate::{budget, Budget, Control, Error, ErrorKind};

/// Stops on a failed write (the journal) or when the caller cancels.
struct Either<'a>(&'a Journal<'a>, &'a crate::Cancel);

impl Stop for Either<'_> {
    fn stop(&self) -> bool {
        self.0.stop() || self.1.stop()
    }
}

/// Counts `count`, through the checkpoint at `path` when there is one; a
/// refusal for want of memory is explained against the budget.
pub(crate) fn count(
    count: &Checked,
    budget: Option<Budget>,
    path: Option<&Path>,
    control: &Control,
) -> Result<(Total, Search), Error> {
    let report = match path {
        None => {
            let hooks = Hooks {
                stop: &control.cancel,
                ..Hooks::watching(control.progress)
            };
            count_task(count, &hooks)
        }
        Some(path) => with_checkpoint(count, path, control)?,
    };
    report.map_err(|e| {
        let refused = matches!(e, nqueens_sched::Error::OverBudget { .. });
        let e = budget::explain(e, budget, count.board());
        match path {
            Some(path) if refused => e.and(format!(
                "the finished subproblems are kept in {}, and the same command with more memory resumes from them",
                path.display()
            )),
            Some(path) if e.kind() == ErrorKind::Interrupted => e.and(format!(
                "the finished subproblems are kept in {}",
                path.display()
            )),
            _ => e,
        }
    })
}

/// Counts with every finished piece recorded in `path`, resuming from
/// what it already holds.
fn with_checkpoint(
    count: &Checked,
    path: &Path,
    control: &Control,
) -> Result<Result<(Total, Search), nqueens_sched::Error>, Error> {
    let input = |e: anyhow::Error| Error::file(&e, ErrorKind::Input);
    let (task, board) = (count.task(), count.board());
    let mut count = count.clone();
    // Resuming adopts the checkpoint's depth unless one is asked for:
    // the default depth depends on the thread count, which may have
    // changed. The file's depth is checked as a typed one is.
    // (A checkpoint of another kind is refused below, naming it.)
    let recorded = Checkpoint::recorded_header(path)
        .map_err(input)?
        .filter(|h| h.work == task.work())
        .map(|h| h.depth);
    if let (None, Some(depth)) = (count.opts().depth, recorded) {
        let opts = Options {
            depth: Some(depth),
            ..*count.opts()
        };
        count = Checked::of(count.shared().clone(), board, opts)?;
    }
    let (count, layout) = count.pinned()?;
    let layout = layout.ok_or_else(|| {
        Error::input(format!(
            "solver '{}' does not split its work, so it cannot checkpoint (use pairs or parallel)",
            task.solver()
        ))
    })?;
    let header = Header::new(task, board, layout);
    let ck = Arc::new(Checkpoint::open(path, &header).map_err(input)?);
    if let Some(opened) = control.opened {
        opened(Arc::clone(&ck))?;
    }
    let journal = Journal::new(control.progress, &ck, None);
    let hooks = Hooks {
        stop: &Either(&journal, &control.cancel),
        ..journal.hooks()
    };
    let report = count_task(&count, &hooks);
    let shown = path.display();
    ck.sync().map_err(|e| {
        Error::new(
            ErrorKind::File,
            format!("cannot sync checkpoint {shown}: {e}"),
        )
    })?;
    if let Some(e) = journal.failure() {
        return Err(Error::new(
            ErrorKind::File,
            format!(
                "cannot write to checkpoint {shown} (the records before this error are safe): {e}"
            ),
        ));
    }
    Ok(report)
}
