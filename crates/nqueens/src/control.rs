//! [`Control`]: how the caller steers running work: the token that stops
//! it, the callback told of its progress, and what a door does with a
//! checkpoint once it is open.

use std::sync::Arc;

use nqueens_files::checkpoint::Checkpoint;
use nqueens_sched::{NoProgress, Watch};

use crate::{Cancel, Error};

/// What the caller gives running work besides the request.
///
/// ```
/// use nqueens::{Cancel, Control, CountRequest, ErrorKind};
/// let cancel = Cancel::new();
/// cancel.cancel();
/// let e = CountRequest::new(14).check()?.run(&Control::new().cancel(cancel)).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::Interrupted);
/// # Ok::<(), nqueens::Error>(())
/// ```
pub struct Control<'a> {
    /// Raised to stop the work: no new piece starts, what finished is kept.
    pub cancel: Cancel,
    /// Told of the pieces as they finish (a progress bar).
    pub progress: &'a dyn Watch,
    /// Called with the checkpoint once it is open and locked, before any
    /// piece is counted: the command line's signal watcher keeps it, to
    /// sync it and say how to resume when the process is stopped. An
    /// error it returns ends the count before it starts.
    pub opened: Option<&'a dyn Fn(Arc<Checkpoint>) -> Result<(), Error>>,
}

impl std::fmt::Debug for Control<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("cancel", &self.cancel)
            .finish_non_exhaustive()
    }
}

impl Default for Control<'_> {
    fn default() -> Self {
        Control {
            cancel: Cancel::new(),
            progress: &NoProgress,
            opened: None,
        }
    }
}

impl<'a> Control<'a> {
    /// No progress, a token nobody raises yet.
    pub fn new() -> Control<'a> {
        Control::default()
    }

    /// The same, stopped by `cancel`.
    pub fn cancel(self, cancel: Cancel) -> Control<'a> {
        Control { cancel, ..self }
    }

    /// The same, telling `progress` of each finished piece.
    pub fn progress(self, progress: &'a dyn Watch) -> Control<'a> {
        Control { progress, ..self }
    }

    /// The same, handing the open checkpoint to `opened`.
    pub fn opened(self, opened: &'a dyn Fn(Arc<Checkpoint>) -> Result<(), Error>) -> Control<'a> {
        Control {
            opened: Some(opened),
            ..self
        }
    }
}
