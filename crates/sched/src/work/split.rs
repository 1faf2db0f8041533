//! The counting solvers' work: the subproblems of a kernel split
//! ([`Partition`]), and the choice of its depth.

use std::ops::Range;

use nqueens_kernel::{
    split::{Part, Partition},
    Board,
};

use crate::engine::{self, Work, RECORD_BYTES};
use crate::{Error, Hooks, Layout, Options, Search, Threads, Total};

/// Subproblems wanted per thread: enough that the last ones to finish are
/// small against the whole, so threads end close together even though
/// subtree sizes differ by orders of magnitude.
const TASKS_PER_THREAD: usize = 64;

/// The split depth the scheduler picks for `workers` (threads, or the
/// shards of a plan): the shallowest whose split has at least 64
/// subproblems per worker, and never past `n`. One worker gets depth 1:
/// splitting buys it nothing. `split(depth)` makes the split at `depth`
/// and says how many subproblems it has; the one made at the depth chosen
/// comes back with it, so the caller need not make it again.
///
/// ```
/// use nqueens_kernel::{split::Split, Board};
/// use nqueens_sched::default_depth;
/// let board = Board::new(16).unwrap();
/// let split = |d| {
///     let s = Split::new(board, d).unwrap();
///     (s.len(), s)
/// };
/// assert_eq!(default_depth(board, 1, split).0, 1);
/// let (depth, s) = default_depth(board, 2, split);
/// assert_eq!((depth, s.depth()), (3, 3));
/// assert!(s.len() >= 128);
/// ```
pub fn default_depth<S>(
    board: Board,
    workers: usize,
    split: impl Fn(usize) -> (usize, S),
) -> (usize, S) {
    let want = TASKS_PER_THREAD.saturating_mul(workers);
    let mut depth = 1;
    loop {
        let (len, made) = split(depth);
        if workers <= 1 || len >= want || depth >= board.n() {
            return (depth, made);
        }
        depth += 1;
    }
}

/// How many of a split's `len` subproblems `window` holds (all for
/// `None`): the pieces of a run, for its memory and its threads.
pub(crate) fn held(window: Option<&Range<u64>>, len: u64) -> u64 {
    window.map_or(len, |w| w.end.min(len).saturating_sub(w.start))
}

/// A split's subproblems as pieces of work, numbered as the split numbers
/// them: the pieces of a split that holds a window start at its first index.
struct Subproblems<'a, P>(&'a Partition<P>);

impl<P: Part> Work for Subproblems<'_, P> {
    type Scratch = P::Scratch;
    fn len(&self) -> usize {
        self.0.subproblems().len()
    }
    fn first(&self) -> u64 {
        self.0.held().start
    }
    fn piece_bytes(&self) -> u64 {
        std::mem::size_of::<P>() as u64
    }
    fn prefix_nodes(&self) -> u64 {
        if self.0.subproblems().len() == self.0.len() {
            self.0.prefix_nodes()
        } else {
            0
        }
    }
    fn estimate(&self, index: usize) -> u64 {
        self.0.subproblems()[index].estimate(self.0.board())
    }
    #[inline]
    fn count(&self, index: usize, scratch: &mut P::Scratch, cap: usize) -> Option<Total> {
        self.0.subproblems()[index]
            .count_capped(self.0.board(), scratch, cap)
            .ok()
            .map(Total::from)
    }
}

/// How a split is made: board, depth, and the window of indices whose
/// subproblems it holds (`None`: all).
pub(crate) type Window = Option<Range<u64>>;

/// The split a splitting solver would make: the requested depth, or the
/// default one; holding the subproblems of `window`. A split holding none
/// (`Some(0..0)`, what a layout needs) is made once; one that holds some
/// is made after the empty one has shown that its list fits the memory.
pub(crate) fn split_for<P: Part>(
    board: Board,
    opts: &Options,
    window: Window,
    make: impl Fn(Board, usize, Window) -> Result<Partition<P>, nqueens_kernel::Error>,
) -> Result<Partition<P>, Error> {
    let empty = |depth| make(board, depth, Some(0..0));
    let (depth, made) = match opts.depth {
        Some(depth) => (depth, None),
        None => {
            let (depth, made) = default_depth(board, opts.threads.get(), |d| {
                let s = empty(d);
                (s.as_ref().map_or(0, |s| s.len()), s)
            });
            (depth, Some(made))
        }
    };
    if window == Some(0..0) {
        return Ok(match made {
            Some(made) => made?,
            None => empty(depth)?,
        });
    }
    if let Some(memory) = opts.memory {
        // The split's list and the records of its parts must fit before
        // the list is made: it grows by doubling, so it may take twice
        // its parts' bytes (a split of n = 31 outgrows a 4 GiB address
        // space while it is made).
        let len = match made {
            Some(made) => made?.len(),
            None => empty(depth)?.len(),
        } as u64;
        let held = held(window.as_ref(), len);
        let books = held.saturating_mul(2 * std::mem::size_of::<P>() as u64 + RECORD_BYTES);
        if books >= memory {
            return Err(Error::OverBudget {
                index: window.map_or(0, |w| w.start),
                share: 0,
                threads: opts.threads.get(),
                done: 0,
                total: usize::try_from(held).unwrap_or(usize::MAX),
            });
        }
    }
    Ok(make(board, depth, window)?)
}

/// The layout of that split (made holding no subproblem: a layout needs
/// only their number).
pub(crate) fn layout<P: Part>(
    board: Board,
    opts: &Options,
    make: impl Fn(Board, usize, Window) -> Result<Partition<P>, nqueens_kernel::Error>,
) -> Result<Layout, Error> {
    let split = split_for(board, opts, Some(0..0), make)?;
    Ok(Layout {
        depth: split.depth(),
        subproblems: split.len(),
        prefix_nodes: split.prefix_nodes(),
    })
}

/// Runs a splitting solver: the split at the requested depth (or the
/// default one), counted by the engine, sequentially on one thread. A run
/// of one shard (`hooks.select`) holds only that shard's subproblems.
pub(crate) fn count_split<P: Part>(
    board: Board,
    opts: &Options,
    hooks: &Hooks,
    make: impl Fn(Board, usize, Window) -> Result<Partition<P>, nqueens_kernel::Error>,
) -> Result<(Total, Search), Error> {
    let split = split_for(board, opts, hooks.select.clone(), make)?;
    let parallel = opts.threads > Threads::ONE;
    let total = engine::count_pieces(&Subproblems(&split), parallel, opts.memory, hooks)?;
    Ok((
        total,
        Search::split(opts.threads, split.depth(), split.len()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_holds_the_subproblems_it_shares_with_the_split() {
        assert_eq!(held(None, 15), 15);
        assert_eq!(held(Some(&(10..20)), 15), 5);
        assert_eq!(held(Some(&(20..30)), 15), 0);
        assert_eq!(held(Some(&(0..0)), 15), 0);
    }
}
