//! One counting run of any kind of work with its machinery: a progress
//! bar, and with a checkpoint file the journal that records each finished
//! piece and the signal watcher that saves and exits.

use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, Result};
use nqueens_sched::{count_task, Checked, Hooks, Kind, Options, Report};
use nqueens_tasks::Task;

use super::checkpoint::{Checkpoint, Header};
use super::journal::Journal;
use super::memory::{self, Budget};
use super::progress::Bar;
use super::signals;

/// What to count and how.
pub struct Session<'a> {
    /// The count, checked where it was asked for.
    pub count: Checked<Task<'a>>,
    pub budget: Option<Budget>,
    pub checkpoint: Option<&'a Path>,
    /// The progress bar's label.
    pub label: String,
}

impl Session<'_> {
    /// Counts, behind a progress bar, through the checkpoint when there is
    /// one; a refusal for want of memory is explained against the budget.
    pub fn count(&self) -> Result<Report> {
        let bar = Bar::new(self.label.clone());
        let report = match self.checkpoint {
            None => count_task(&self.count, &Hooks::watching(&bar)),
            Some(path) => self.with_checkpoint(path, &bar)?,
        };
        bar.finish();
        report.map_err(|e| {
            let refused = matches!(e, nqueens_sched::Error::OverBudget { .. });
            let e = memory::explain(e, self.budget, self.count.board().n());
            match self.checkpoint {
                Some(path) if refused => anyhow::anyhow!(
                    "{e:#}; the finished subproblems are kept in {}, and the same command with more memory resumes from them",
                    path.display()
                ),
                _ => e,
            }
        })
    }

    /// Counts with every finished piece recorded in `path`, resuming from
    /// what it already holds.
    fn with_checkpoint(
        &self,
        path: &Path,
        bar: &Bar,
    ) -> Result<Result<Report, nqueens_sched::Error>> {
        let (task, board) = (*self.count.task(), self.count.board());
        let mut count = self.count;
        // Resuming adopts the checkpoint's depth unless one is asked for:
        // the default depth depends on the thread count, which may have
        // changed. The file's depth is checked as a typed one is.
        // (A checkpoint of another kind is refused below, naming it.)
        let recorded = Checkpoint::recorded_header(path)?
            .filter(|h| h.work == task.work())
            .map(|h| h.depth);
        if let (None, Some(depth)) = (count.opts().depth, recorded) {
            let opts = Options {
                depth: Some(depth),
                ..*count.opts()
            };
            count = Checked::new(task, board, opts)?;
        }
        let (count, layout) = count.pinned()?;
        let layout = layout.with_context(|| {
            format!(
                "solver '{}' does not split its work, so it cannot checkpoint (use pairs or parallel)",
                task.solver()
            )
        })?;
        let header = Header::new(&task, board.n(), layout);
        let ck = Arc::new(Checkpoint::open(path, &header)?);
        // args_os: a path need not be UTF-8 (`--checkpoint $'a\xffb'`),
        // and std::env::args() panics on one that is not.
        let resume: Vec<String> = std::env::args_os()
            .map(|a| crate::visible::visible(&a.to_string_lossy()).into_owned())
            .map(|a| if a.contains(' ') { format!("'{a}'") } else { a })
            .collect();
        let resume = resume.join(" ");
        let watcher = Arc::clone(&ck);
        signals::on_stop(move || watcher.exit_interrupted(&resume))?;
        let journal = Journal::new(bar, &ck, None);
        let report = count_task(&count, &journal.hooks());
        ck.sync()
            .with_context(|| format!("cannot sync checkpoint {}", path.display()))?;
        if let Some(e) = journal.failure() {
            return Err(e).with_context(|| {
                format!(
                    "cannot write to checkpoint {} (the records before this error are safe)",
                    path.display()
                )
            });
        }
        Ok(report)
    }
}
