//! A count run from the command line: the library's count
//! ([`nqueens::Count::run`], or a puzzle's that counts) behind a progress
//! bar, and with a checkpoint the signal watcher that saves it and says
//! how to resume.

use std::sync::Arc;

use anyhow::Result;
use nqueens::Checkpoint;
use nqueens::Control;

use super::progress::Bar;
use super::signals;

/// Runs `work` (a library's count, or a puzzle that counts) behind a
/// progress bar labelled `label`; on SIGINT, SIGTERM or SIGUSR1 a
/// checkpointed count syncs its file, says how to resume and exits 130 at
/// once (a long subproblem in flight is abandoned, not waited for).
pub fn run<T>(
    label: String,
    work: impl FnOnce(&Control) -> Result<T, nqueens::Error>,
) -> Result<T> {
    let bar = Bar::new(label);
    let watch = |ck: Arc<Checkpoint>| {
        // args_os: a path need not be UTF-8 (`--checkpoint $'a\xffb'`),
        // and std::env::args() panics on one that is not.
        let resume: Vec<String> = std::env::args_os()
            .map(|a| nqueens::visible::visible(&a.to_string_lossy()).into_owned())
            .map(|a| if a.contains(' ') { format!("'{a}'") } else { a })
            .collect();
        let resume = resume.join(" ");
        signals::on_stop(move || ck.exit_interrupted(&resume))
            .map_err(|e| nqueens::Error::new(nqueens::ErrorKind::System, format!("{e:#}")))
    };
    let control = Control::new().progress(&bar).opened(&watch);
    let record = work(&control);
    bar.finish();
    Ok(record?)
}
