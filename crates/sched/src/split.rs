//! Choosing a split depth and counting the subproblems of a split.

use nqueens_kernel::{
    split::{Part, Partition},
    Board,
};

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::{Error, Layout, Options, Outcome, Progress, Total};

/// Bytes a caller may keep per subproblem, taken off a memory budget with
/// the split itself: a progress bar's weight (8) and a checkpoint's or a
/// shard's record of a finished tally (an ordered map entry, about 40).
const RECORD_BYTES: u64 = 64;

/// Subproblems wanted per thread: enough that the last ones to finish are
/// small against the whole, so threads end close together even though
/// subtree sizes differ by orders of magnitude.
const TASKS_PER_THREAD: usize = 64;

/// The split depth the scheduler picks: the shallowest whose split (made by
/// `split_len(depth)`, the number of parts) has at least 64 subproblems per
/// thread, and never past `n`. One thread gets depth 1: splitting buys it
/// nothing.
///
/// ```
/// use nqueens_kernel::{split::Split, Board};
/// use nqueens_sched::default_depth;
/// let board = Board::new(16).unwrap();
/// let len = |d| Split::new(board, d).map_or(0, |s| s.len());
/// assert_eq!(default_depth(board, 1, len), 1);
/// assert_eq!(default_depth(board, 2, len), 3);
/// ```
pub fn default_depth(board: Board, threads: usize, split_len: impl Fn(usize) -> usize) -> usize {
    if threads <= 1 {
        return 1;
    }
    let want = TASKS_PER_THREAD * threads;
    (1..=board.n())
        .find(|&d| split_len(d) >= want)
        .unwrap_or(board.n())
}

/// Counts every subproblem of `split`, telling `progress` as each one
/// finishes (from whichever thread finished it), and adds the prefix nodes.
/// Sums are carried in `u128`: totals pass `u64` from n = 29 on.
///
/// On the calling thread it goes in index order; inside a rayon pool every
/// thread takes the next subproblem as soon as it is free. Each thread's
/// working memory holds at most its share of `memory`; the first
/// subproblem that needs more stops the count, the way [`Progress::stop`]
/// does, and is reported as [`Error::OverBudget`].
pub(crate) fn count_split<P: Part>(
    split: &Partition<P>,
    parallel: bool,
    memory: Option<u64>,
    progress: &dyn Progress,
) -> Result<Total, Error> {
    let board = split.board();
    progress.start(split.len());
    if progress.wants_weights() {
        let weights: Vec<u64> = split
            .subproblems()
            .iter()
            .map(|s| s.estimate(board))
            .collect();
        progress.weights(&weights);
    }
    let threads = if parallel {
        rayon::current_num_threads()
    } else {
        1
    };
    // The split and the records kept of each subproblem come first.
    let books = split.len() as u64 * (std::mem::size_of::<P>() as u64 + RECORD_BYTES);
    let share = memory.map_or(u64::MAX, |m| m.saturating_sub(books) / threads as u64);
    let cap = usize::try_from(share).unwrap_or(usize::MAX);
    let skipped = AtomicUsize::new(0);
    // The smallest index refused for want of memory (MAX: none).
    let refused = AtomicU64::new(u64::MAX);
    let one = |s: &P, scratch: &mut P::Scratch| {
        let i = s.index();
        if !progress.wanted(i) {
            return Total::default();
        }
        if let Some(t) = progress.recorded(i) {
            return Total::from(t);
        }
        if refused.load(Ordering::Relaxed) != u64::MAX || progress.stop() {
            skipped.fetch_add(1, Ordering::Relaxed);
            return Total::default();
        }
        match s.count_capped(board, scratch, cap) {
            Ok(t) => {
                progress.done(i, t);
                Total::from(t)
            }
            Err(_) => {
                skipped.fetch_add(1, Ordering::Relaxed);
                refused.fetch_min(i, Ordering::Relaxed);
                Total::default()
            }
        }
    };
    let total = if parallel {
        // Every thread of the pool takes the next subproblems in index order
        // from one shared counter until none is left: no fork-join tree, so
        // no thread waits at a join or wakes another.
        // Runs of consecutive subproblems keep what neighbours share in a
        // thread's scratch; runs shrink with the work left (up to 64, at
        // most an eighth of a thread's share), so threads finish together.
        let parts = split.subproblems();
        let next = AtomicUsize::new(0);
        rayon::broadcast(|_| {
            let mut total = Total::default();
            let mut scratch = P::Scratch::default();
            loop {
                let left = parts.len().saturating_sub(next.load(Ordering::Relaxed));
                let run = (left / (threads * 8)).clamp(1, 64);
                let first = next.fetch_add(run, Ordering::Relaxed);
                if first >= parts.len() {
                    return total;
                }
                for s in &parts[first..(first + run).min(parts.len())] {
                    total = total + one(s, &mut scratch);
                }
            }
        })
        .into_iter()
        .fold(Total::default(), |a, b| a + b)
    } else {
        let mut scratch = P::Scratch::default();
        split
            .subproblems()
            .iter()
            .map(|s| one(s, &mut scratch))
            .fold(Total::default(), |a, b| a + b)
    };
    let (done, total_parts) = (split.len() - skipped.into_inner(), split.len());
    match refused.into_inner() {
        u64::MAX if done == total_parts => Ok(total
            + Total {
                solutions: 0,
                nodes: u128::from(split.prefix_nodes()),
            }),
        u64::MAX => Err(Error::Interrupted {
            done,
            total: total_parts,
        }),
        index => Err(Error::OverBudget {
            index,
            share,
            threads,
            done,
            total: total_parts,
        }),
    }
}

/// The split a splitting solver would make: the requested depth, or the
/// default one.
pub(crate) fn split_for<P: Part>(
    board: Board,
    opts: &Options,
    make: impl Fn(Board, usize) -> Result<Partition<P>, nqueens_kernel::Error>,
) -> Result<Partition<P>, Error> {
    let depth = opts.depth.unwrap_or_else(|| {
        default_depth(board, opts.threads, |d| {
            make(board, d).map_or(0, |s| s.len())
        })
    });
    Ok(make(board, depth)?)
}

/// The layout of that split.
pub(crate) fn layout<P: Part>(
    board: Board,
    opts: &Options,
    make: impl Fn(Board, usize) -> Result<Partition<P>, nqueens_kernel::Error>,
) -> Result<Layout, Error> {
    let split = split_for(board, opts, make)?;
    Ok(Layout {
        depth: split.depth(),
        subproblems: split.len(),
        prefix_nodes: split.prefix_nodes(),
    })
}

/// Runs a splitting solver: the split at the requested depth (or the
/// default one), counted sequentially on one thread and as one task per
/// subproblem otherwise.
pub(crate) fn run<P: Part>(
    board: Board,
    opts: &Options,
    progress: &dyn Progress,
    make: impl Fn(Board, usize) -> Result<Partition<P>, nqueens_kernel::Error>,
) -> Result<Outcome, Error> {
    let split = split_for(board, opts, make)?;
    let total = count_split(&split, opts.threads > 1, opts.memory, progress)?;
    Ok(Outcome {
        total,
        threads: opts.threads,
        depth: Some(split.depth()),
        subproblems: Some(split.len()),
        ..Outcome::default()
    })
}
