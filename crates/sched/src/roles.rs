//! The caller's say in a run, one role each: a [`Watch`] sees the work as
//! it completes (progress bars, checkpoint journals), a [`Known`] supplies
//! results recorded before (a checkpoint), a [`Stop`] asks to stop (a
//! signal, a failed write), and [`Hooks::select`] keeps one shard's pieces.
//! All are called from worker threads.

use std::ops::Range;

use crate::Total;

/// Sees a run's work as it completes.
pub trait Watch: Sync {
    /// The run is about to start on `pieces` pieces of work (those of its
    /// shard, when it runs one).
    fn start(&self, _pieces: usize) {}
    /// Whether to call [`Watch::weights`]: estimating costs a little, so
    /// only a progress bar someone sees asks for it.
    fn wants_weights(&self) -> bool {
        false
    }
    /// After `start`, the estimated relative work of each piece the work
    /// holds: `weights[i]` is that of piece `first + i` (0 for pieces
    /// outside the run's shard).
    fn weights(&self, _first: u64, _weights: &[u64]) {}
    /// Piece `index` is finished, with what it found.
    fn done(&self, _index: u64, _found: Total) {}
    /// Piece `index` needed no counting: [`Known`] had it.
    fn passed(&self, _index: u64) {}
}

/// Results already known (from a checkpoint): used instead of counting.
pub trait Known: Sync {
    /// What piece `index` found, if recorded.
    fn recorded(&self, _index: u64) -> Option<Total> {
        None
    }
}

/// Asks a run to stop.
pub trait Stop: Sync {
    /// Asked before each piece: `true` leaves the rest uncounted and the
    /// run ends with [`crate::Error::Interrupted`] (finished pieces were
    /// already reported to [`Watch::done`]).
    fn stop(&self) -> bool {
        false
    }
}

/// Watches nothing, knows nothing, never stops.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Watch for NoProgress {}
impl Known for NoProgress {}
impl Stop for NoProgress {}

/// The roles of one run together.
#[derive(Clone)]
pub struct Hooks<'a> {
    /// Sees the work as it completes.
    pub watch: &'a dyn Watch,
    /// Supplies recorded results.
    pub known: &'a dyn Known,
    /// Asks to stop.
    pub stop: &'a dyn Stop,
    /// The pieces of this run (a shard's range); `None` for all.
    pub select: Option<Range<u64>>,
}

impl std::fmt::Debug for Hooks<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hooks")
            .field("select", &self.select)
            .finish_non_exhaustive()
    }
}

impl<'a> Hooks<'a> {
    /// Only a watcher: a whole run, nothing recorded, never stopped.
    ///
    /// ```
    /// let h = nqueens_sched::Hooks::watching(&nqueens_sched::NoProgress);
    /// assert!(h.wanted(7) && h.known.recorded(7).is_none() && !h.stop.stop());
    /// ```
    pub fn watching(watch: &'a dyn Watch) -> Hooks<'a> {
        Hooks {
            watch,
            known: &NoProgress,
            stop: &NoProgress,
            select: None,
        }
    }

    /// One caller in every role (a checkpoint journal), over `select`.
    ///
    /// ```
    /// use nqueens_sched::{Hooks, NoProgress};
    /// let h = Hooks::all(&NoProgress, Some(2..4));
    /// assert!(h.wanted(3) && !h.wanted(4));
    /// ```
    pub fn all<T: Watch + Known + Stop>(caller: &'a T, select: Option<Range<u64>>) -> Hooks<'a> {
        Hooks {
            watch: caller,
            known: caller,
            stop: caller,
            select,
        }
    }

    /// Whether piece `index` belongs to this run.
    ///
    /// ```
    /// let h = nqueens_sched::Hooks::watching(&nqueens_sched::NoProgress);
    /// assert!(h.wanted(u64::MAX));
    /// ```
    pub fn wanted(&self, index: u64) -> bool {
        self.select.as_ref().is_none_or(|r| r.contains(&index))
    }
}
