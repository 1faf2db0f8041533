//! The hooks of a checkpointed run, whole or one shard of it: every
//! finished piece goes to the checkpoint and the watcher (the command's
//! progress bar), recorded ones are
//! taken from the checkpoint instead of counted, and a failed write stops
//! the run (the records before it are safe).

use std::collections::BTreeMap;
use std::io;
use std::ops::Range;
use std::sync::Mutex;

use nqueens_sched::{Hooks, Known, Stop, Total, Watch};

use crate::checkpoint::Checkpoint;
use crate::recorded::Recorded;

/// A checkpointed run's [`Watch`], [`Known`] and [`Stop`] in one.
pub struct Journal<'a> {
    bar: &'a dyn Watch,
    ck: &'a Checkpoint,
    /// The pieces of this run; `None` for all of them.
    range: Option<Range<u64>>,
    /// What each piece counted in this run found: kept for a run over a
    /// range (a shard, whose result lists its pieces), not for a whole
    /// count, whose results are in the checkpoint (a whole n = 25 count
    /// would hold 16.9 million of them here, over a gigabyte), kept as
    /// compactly as the checkpoint keeps them (24 or 48 bytes a piece).
    done: Mutex<Recorded>,
    failed: Mutex<Option<io::Error>>,
}

impl<'a> Journal<'a> {
    /// The journal of a run over `range` (`None`: every piece), writing
    /// to `ck`, telling `bar` as well.
    pub fn new(bar: &'a dyn Watch, ck: &'a Checkpoint, range: Option<Range<u64>>) -> Journal<'a> {
        Journal {
            bar,
            ck,
            range,
            done: Mutex::new(Recorded::new(ck.width())),
            failed: Mutex::new(None),
        }
    }

    /// The journal in every role, over its range.
    pub fn hooks(&self) -> Hooks<'_> {
        Hooks::all(self, self.range.clone())
    }

    /// The first write error, if any: after the run, it is the run's error.
    pub fn failure(&self) -> Option<io::Error> {
        self.failed.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// What each of this run's pieces found: recorded before, or counted
    /// now. For a run over a range only: a whole count keeps none.
    pub fn tallies(self) -> BTreeMap<u64, Total> {
        let mut done = self.done.into_inner().unwrap_or_else(|e| e.into_inner());
        // Each piece is counted once in a run: no index repeats.
        let _ = done.sort();
        let mut all: BTreeMap<u64, Total> = done.records().collect();
        if let Some(range) = &self.range {
            for index in range.clone() {
                if let Some(t) = self.ck.recorded(index) {
                    all.insert(index, t);
                }
            }
        }
        all
    }
}

impl std::fmt::Debug for Journal<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Journal")
            .field("ck", &self.ck)
            .field("range", &self.range)
            .finish_non_exhaustive()
    }
}

impl Watch for Journal<'_> {
    fn start(&self, pieces: usize) {
        self.bar.start(pieces);
    }
    fn wants_weights(&self) -> bool {
        self.bar.wants_weights()
    }
    fn weights(&self, first: u64, weights: &[u64]) {
        self.bar.weights(first, weights);
    }
    fn done(&self, index: u64, found: Total) {
        if let Err(e) = self.ck.append(index, found) {
            self.failed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
        }
        if self.range.is_some() {
            self.done
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(index, found);
        }
        self.bar.done(index, found);
    }
    fn passed(&self, index: u64) {
        self.bar.passed(index);
    }
}

impl Known for Journal<'_> {
    fn recorded(&self, index: u64) -> Option<Total> {
        self.ck.recorded(index)
    }
}

impl Stop for Journal<'_> {
    fn stop(&self) -> bool {
        self.failed.lock().map_or(true, |f| f.is_some())
    }
}
