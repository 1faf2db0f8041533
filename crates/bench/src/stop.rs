//! Stopping a bench run from outside (Ctrl-C, SIGTERM, Python's
//! `KeyboardInterrupt`): a [`Stop`] handle the door clones into its signal
//! watcher. [`Stop::now`] ends every child the run has started, their
//! whole process groups (each program runs in a group of its own, so the
//! terminal's SIGINT never reaches it), and the run then ends with an
//! [`ErrorKind::Interrupted`](nqueens::ErrorKind) error after marking its
//! record interrupted; the door exits 130.
//!
//! A child's group id is the child's pid, which stays its own until the
//! child is reaped: a child is registered before it can be waited for and
//! leaves the register before it is reaped (`process` waits with
//! `WNOWAIT` first), and the register is locked while groups are
//! signalled, so a signal never reaches a group id the system reused.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::os;

/// How long the children have to end on SIGTERM before SIGKILL.
const TERM_GRACE: Duration = Duration::from_millis(200);

/// A run's stop switch and the children it has running; clones share it.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    raised: AtomicBool,
    /// Process group ids of the children started and not yet reaped.
    live: Mutex<Vec<u32>>,
    /// The recorded run's README and its text, to mark it interrupted.
    record: Mutex<Option<(PathBuf, String)>>,
}

impl Stop {
    /// A switch not yet thrown.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Stops the run: no new child starts, and every child running gets
    /// SIGTERM, then SIGKILL after a short grace, whole process group.
    /// Safe from any thread; returns once the signals are sent.
    pub fn now(&self) {
        self.0.raised.store(true, Ordering::SeqCst);
        if self.signal_all(libc::SIGTERM) > 0 {
            std::thread::sleep(TERM_GRACE);
            self.signal_all(libc::SIGKILL);
        }
    }

    /// Whether [`Stop::now`] was called.
    pub fn raised(&self) -> bool {
        self.0.raised.load(Ordering::SeqCst)
    }

    /// Marks the recorded run (if any) interrupted, for a door that ends
    /// the process itself because the run did not return in time (a
    /// built-in solver counting in-process cannot be stopped midway).
    pub fn mark_record(&self) {
        if let Some((path, text)) = lock(&self.0.record).as_ref() {
            let _ = std::fs::write(
                path,
                interrupted(text, "a built-in solver counting in-process"),
            );
        }
    }

    /// Keeps the README to mark on an interrupt.
    pub(crate) fn set_record(&self, readme: PathBuf, text: String) {
        *lock(&self.0.record) = Some((readme, text));
    }

    /// Forgets the README: the run marked it itself.
    pub(crate) fn clear_record(&self) {
        *lock(&self.0.record) = None;
    }

    /// Registers a child just spawned; `false` (and the child's group
    /// killed) when the run was stopped meanwhile.
    pub(crate) fn enter(&self, pgid: u32) -> bool {
        let mut live = lock(&self.0.live);
        if self.raised() {
            let _ = os::signal_group(pgid, libc::SIGKILL);
            return false;
        }
        live.push(pgid);
        true
    }

    /// The child has ended and is about to be reaped.
    pub(crate) fn leave(&self, pgid: u32) {
        lock(&self.0.live).retain(|&p| p != pgid);
    }

    /// Signals every live child's group; how many there were.
    fn signal_all(&self, sig: libc::c_int) -> usize {
        let live = lock(&self.0.live);
        for &pgid in live.iter() {
            let _ = os::signal_group(pgid, sig);
        }
        live.len()
    }
}

/// A lock that a panicked holder does not poison for the signal watcher.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The README text with its status line saying the run was interrupted
/// at `where_`.
pub(crate) fn interrupted(readme: &str, where_: &str) -> String {
    readme.replace(
        STATUS_RUNNING,
        &format!("- status: INTERRUPTED during {where_}: the rows recorded are the runs that finished; this run is not whole"),
    )
}

/// The README's status line while the run goes on (a run that never
/// ends, killed outright, keeps it: never presented as whole).
pub(crate) const STATUS_RUNNING: &str =
    "- status: running (a record left saying so was stopped before it ended: not whole)";
/// The README's status line once every row is in.
pub(crate) const STATUS_COMPLETE: &str = "- status: complete";

/// The error a stopped run ends with.
pub(crate) fn interrupted_error() -> anyhow::Error {
    nqueens::Error::new(nqueens::ErrorKind::Interrupted, "the bench was interrupted").into()
}
