//! [`Cancel`]: a token the caller raises to stop long work. Every loop of
//! the library that can run long looks at it: the engine between pieces,
//! the sampler between subproblems, a listing between solutions. Work
//! stopped by it ends with [`ErrorKind::Interrupted`](crate::ErrorKind),
//! and a checkpointed count keeps every piece it finished.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use nqueens_sched::Stop;

/// A cancellation token: cheap to clone, every clone the same token.
///
/// ```
/// use nqueens::Cancel;
/// let token = Cancel::new();
/// let other = token.clone();
/// assert!(!token.is_cancelled());
/// other.cancel();
/// assert!(token.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token not yet raised.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the work to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] was called on this token or a clone.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Stop for Cancel {
    fn stop(&self) -> bool {
        self.is_cancelled()
    }
}
