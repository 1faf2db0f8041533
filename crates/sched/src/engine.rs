//! The one run loop under every kind of work: pieces with stable indices
//! ([`Work`]) counted on the calling thread or on every thread of a pool,
//! with one stop, one progress, one memory budget and one path for
//! recorded results ([`Hooks`]).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::{Error, Hooks, Total};

/// Bytes a caller may keep per piece, taken off a memory budget with the
/// work's own pieces: a progress bar's weight (8) and a record of a
/// finished piece (24 or 48 bytes in a checkpoint's table and in a
/// shard's journal, which keep its 2 or 5 numbers, not its `Total`).
pub(crate) const RECORD_BYTES: u64 = 64;

/// One kind of work: independent pieces, indexed `0..len()`, each counted
/// on its own.
pub trait Work: Sync {
    /// Working memory a thread keeps from one piece to the next.
    type Scratch: Default;
    /// Number of pieces it holds: those indexed `first()..first() + len()`.
    fn len(&self) -> usize;
    /// The index of its first piece: 0 unless it holds a window of a
    /// larger work (one shard's subproblems).
    fn first(&self) -> u64 {
        0
    }
    /// Whether there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Bytes the work holds per piece (the split itself).
    fn piece_bytes(&self) -> u64;
    /// Nodes spent making the pieces, added once to a whole run's total
    /// (a work holding a window of pieces has none).
    fn prefix_nodes(&self) -> u64 {
        0
    }
    /// A cheap estimate of piece `index`'s work relative to the others.
    fn estimate(&self, _index: usize) -> u64 {
        1
    }
    /// Counts piece `index` in `scratch`, holding at most `cap` bytes of
    /// it: `None` when it would need more.
    fn count(&self, index: usize, scratch: &mut Self::Scratch, cap: usize) -> Option<Total>;
}

/// Counts every wanted piece of `work` (piece `i` has the index
/// `work.first() + i` in the hooks), in index order on the calling
/// thread, or on every thread of the current rayon pool when `parallel`.
/// Each thread's scratch holds at most its share of `memory`; the first
/// piece that needs more stops the run, the way [`crate::Stop`] does, and
/// is reported as [`Error::OverBudget`]. The prefix nodes are added when
/// the run covers every piece.
pub(crate) fn count_pieces<W: Work>(
    work: &W,
    parallel: bool,
    memory: Option<u64>,
    hooks: &Hooks,
) -> Result<Total, Error> {
    let len = work.len();
    let first = work.first();
    let mine = (0..len as u64).filter(|&i| hooks.wanted(first + i)).count();
    hooks.watch.start(mine);
    if hooks.watch.wants_weights() {
        let weights: Vec<u64> = (0..len)
            .map(|i| {
                if hooks.wanted(first + i as u64) {
                    work.estimate(i)
                } else {
                    0
                }
            })
            .collect();
        hooks.watch.weights(first, &weights);
    }
    let threads = if parallel {
        rayon::current_num_threads()
    } else {
        1
    };
    // The work's pieces and the records kept of each come first.
    let books = len as u64 * (work.piece_bytes() + RECORD_BYTES);
    let share = memory.map_or(u64::MAX, |m| m.saturating_sub(books) / threads as u64);
    let cap = usize::try_from(share).unwrap_or(usize::MAX);
    let skipped = AtomicUsize::new(0);
    // The smallest index refused for want of memory (MAX: none).
    let refused = AtomicU64::new(u64::MAX);
    let one = |i: usize, scratch: &mut W::Scratch| {
        let index = first + i as u64;
        if !hooks.wanted(index) {
            return Total::default();
        }
        if let Some(f) = hooks.known.recorded(index) {
            hooks.watch.passed(index);
            return Total {
                resumed_nodes: f.nodes,
                ..f
            };
        }
        if refused.load(Ordering::Relaxed) != u64::MAX || hooks.stop.stop() {
            skipped.fetch_add(1, Ordering::Relaxed);
            return Total::default();
        }
        match work.count(i, scratch, cap) {
            Some(f) => {
                hooks.watch.done(index, f);
                f
            }
            None => {
                skipped.fetch_add(1, Ordering::Relaxed);
                refused.fetch_min(index, Ordering::Relaxed);
                Total::default()
            }
        }
    };
    let total: Total = if parallel {
        // Every thread of the pool takes runs of consecutive pieces from
        // one shared counter until none is left: no fork-join tree, so no
        // thread waits at a join or wakes another. Runs keep what
        // neighbours share in a thread's scratch; they shrink with the
        // work left (up to 64, at most an eighth of a thread's share), so
        // threads finish together.
        let next = AtomicUsize::new(0);
        rayon::broadcast(|_| {
            let mut total = Total::default();
            let mut scratch = W::Scratch::default();
            loop {
                let left = len.saturating_sub(next.load(Ordering::Relaxed));
                let run = (left / (threads * 8)).clamp(1, 64);
                let first = next.fetch_add(run, Ordering::Relaxed);
                if first >= len {
                    return total;
                }
                for i in first..(first + run).min(len) {
                    total = total + one(i, &mut scratch);
                }
            }
        })
        .into_iter()
        .sum()
    } else {
        let mut scratch = W::Scratch::default();
        (0..len).map(|i| one(i, &mut scratch)).sum()
    };
    let done = mine - skipped.into_inner();
    match refused.into_inner() {
        u64::MAX if done == mine => {
            let prefix = if mine == len { work.prefix_nodes() } else { 0 };
            Ok(total + Total::plain(0, prefix.into()))
        }
        u64::MAX => Err(Error::Interrupted { done, total: mine }),
        index => Err(Error::OverBudget {
            index,
            share,
            threads,
            done,
            total: mine,
        }),
    }
}
