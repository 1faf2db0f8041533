//! The progress of a checkpointed count, whole or one shard of it: every
//! finished subproblem goes to the checkpoint and the bar, recorded ones are
//! taken from the checkpoint instead of counted, and a failed write stops
//! the count (the records before it are safe).

use std::collections::BTreeMap;
use std::io;
use std::ops::Range;
use std::sync::Mutex;

use nqueens_kernel::Tally;
use nqueens_sched::Progress;

use crate::checkpoint::Checkpoint;
use crate::progress::Bar;

pub struct Journal<'a> {
    bar: &'a Bar,
    ck: &'a Checkpoint,
    /// The subproblems of this run; `None` for all of them.
    range: Option<Range<u64>>,
    done: Mutex<BTreeMap<u64, Tally>>,
    failed: Mutex<Option<io::Error>>,
}

impl<'a> Journal<'a> {
    pub fn new(bar: &'a Bar, ck: &'a Checkpoint, range: Option<Range<u64>>) -> Journal<'a> {
        Journal {
            bar,
            ck,
            range,
            done: Mutex::new(BTreeMap::new()),
            failed: Mutex::new(None),
        }
    }

    /// The first write error, if any: after the count, it is the count's error.
    pub fn failure(&self) -> Option<io::Error> {
        self.failed.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// Every tally of this run's subproblems: recorded before, or counted now.
    pub fn tallies(self) -> BTreeMap<u64, Tally> {
        let mut all = self.done.into_inner().unwrap_or_else(|e| e.into_inner());
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

impl Progress for Journal<'_> {
    fn start(&self, subproblems: usize) {
        let mine = self
            .range
            .as_ref()
            .map_or(subproblems, |r| (r.end - r.start) as usize);
        self.bar.start(mine);
    }
    fn wants_weights(&self) -> bool {
        self.bar.wants_weights()
    }
    fn weights(&self, weights: &[u64]) {
        // The bar covers this run's subproblems only.
        let mine: Vec<u64> = (0u64..)
            .zip(weights)
            .map(|(i, &w)| if self.wanted(i) { w } else { 0 })
            .collect();
        self.bar.weights(&mine);
    }
    fn done(&self, index: u64, tally: Tally) {
        if let Err(e) = self.ck.append(index, tally) {
            self.failed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
        }
        self.done
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(index, tally);
        self.bar.done(index, tally);
    }
    fn recorded(&self, index: u64) -> Option<Tally> {
        let r = self.ck.recorded(index);
        if r.is_some() {
            self.bar.passed(index);
        }
        r
    }
    fn wanted(&self, index: u64) -> bool {
        self.range.as_ref().is_none_or(|r| r.contains(&index))
    }
    fn stop(&self) -> bool {
        self.failed.lock().map_or(true, |f| f.is_some())
    }
}
