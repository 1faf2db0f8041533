//! A count run from the command line: the library's count
//! ([`nqueens::Count::run`]) behind a progress bar, and with a checkpoint
//! the signal watcher that saves it and says how to resume.

use std::path::Path;
use std::sync::Arc;

use anyhow::Result;
use nqueens::{Control, Count, CountRecord};
use nqueens_files::checkpoint::Checkpoint;
use nqueens_sched::{Checked, Total};

use super::progress::Bar;
use super::signals;
use nqueens::Budget;

/// What to count and how.
pub struct Session<'a> {
    /// The count, checked where it was asked for.
    pub count: Checked,
    pub budget: Option<Budget>,
    pub checkpoint: Option<&'a Path>,
    /// The progress bar's label.
    pub label: String,
}

impl Session<'_> {
    /// Counts, behind a progress bar, through the checkpoint when there is
    /// one.
    pub fn count(&self) -> Result<Total> {
        let count = Count::of(
            self.count.clone(),
            self.budget,
            self.checkpoint.map(Path::to_path_buf),
        );
        Ok(run(&count, self.label.clone())?.total)
    }
}

/// Runs `count` behind a progress bar labelled `label`; on SIGINT, SIGTERM
/// or SIGUSR1 a checkpointed count syncs its file, says how to resume and
/// exits 130 at once (a long subproblem in flight is abandoned, not waited
/// for).
pub fn run(count: &Count, label: String) -> Result<CountRecord> {
    let bar = Bar::new(label);
    let watch = |ck: Arc<Checkpoint>| {
        // args_os: a path need not be UTF-8 (`--checkpoint $'a\xffb'`),
        // and std::env::args() panics on one that is not.
        let resume: Vec<String> = std::env::args_os()
            .map(|a| nqueens_files::visible::visible(&a.to_string_lossy()).into_owned())
            .map(|a| if a.contains(' ') { format!("'{a}'") } else { a })
            .collect();
        let resume = resume.join(" ");
        signals::on_stop(move || ck.exit_interrupted(&resume))
            .map_err(|e| nqueens::Error::new(nqueens::ErrorKind::System, format!("{e:#}")))
    };
    let control = Control::new().progress(&bar).opened(&watch);
    let record = count.run(&control);
    bar.finish();
    Ok(record?)
}
