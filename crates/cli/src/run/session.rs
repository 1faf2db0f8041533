//! One counting run of any kind of work with its machinery: a progress
//! bar, and with a checkpoint file the journal that records each finished
//! piece and the signal watcher that saves and exits.

use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, Result};
use nqueens_kernel::Board;
use nqueens_sched::{count_task, Hooks, Kind, Options, Report, Task};

use super::checkpoint::{Checkpoint, Header};
use super::journal::Journal;
use super::memory::{self, Budget};
use super::progress::Bar;
use super::signals;

/// What to count and how.
pub struct Session<'a> {
    pub task: Task<'a>,
    pub board: Board,
    pub opts: Options,
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
            None => count_task(self.task, self.board, &self.opts, &Hooks::watching(&bar)),
            Some(path) => self.with_checkpoint(path, &bar)?,
        };
        bar.finish();
        report.map_err(|e| {
            let refused = matches!(e, nqueens_sched::Error::OverBudget { .. });
            let e = memory::explain(e, self.budget, self.board.n());
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
        let mut run = self.opts;
        // Resuming adopts the checkpoint's depth unless one is asked for:
        // the default depth depends on the thread count, which may have
        // changed.
        // (A checkpoint of another kind is refused below, naming it.)
        if run.depth.is_none() {
            run.depth = Checkpoint::recorded_header(path)?
                .filter(|h| h.work == self.task.work())
                .map(|h| h.depth);
        }
        let layout = self.task.layout(self.board, &run)?.with_context(|| {
            format!(
                "solver '{}' does not split its work, so it cannot checkpoint (use pairs or parallel)",
                self.task.solver()
            )
        })?;
        run.depth = Some(layout.depth);
        let header = Header::new(self.task, self.board.n(), layout);
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
        let report = count_task(self.task, self.board, &run, &journal.hooks());
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
