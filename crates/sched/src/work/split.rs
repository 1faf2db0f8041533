//! The counting solvers' work: the subproblems of a kernel split
//! ([`Partition`]), and the choice of its depth.

use std::ops::Range;

use nqueens_kernel::{
    split::{Part, Partition},
    Board,
};

use crate::engine::{self, Work, RECORD_BYTES};
use crate::{Error, Found, Hooks, Layout, Options, Outcome};

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
    let want = TASKS_PER_THREAD.saturating_mul(threads);
    (1..=board.n())
        .find(|&d| split_len(d) >= want)
        .unwrap_or(board.n())
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
    fn count(&self, index: usize, scratch: &mut P::Scratch, cap: usize) -> Option<Found> {
        self.0.subproblems()[index]
            .count_capped(self.0.board(), scratch, cap)
            .ok()
            .map(Found::from)
    }
}

/// How a split is made: board, depth, and the window of indices whose
/// subproblems it holds (`None`: all).
pub(crate) type Window = Option<Range<u64>>;

/// The split a splitting solver would make: the requested depth, or the
/// default one; holding the subproblems of `window`.
pub(crate) fn split_for<P: Part>(
    board: Board,
    opts: &Options,
    window: Window,
    make: impl Fn(Board, usize, Window) -> Result<Partition<P>, nqueens_kernel::Error>,
) -> Result<Partition<P>, Error> {
    let depth = opts.depth.unwrap_or_else(|| {
        default_depth(board, opts.threads, |d| {
            make(board, d, Some(0..0)).map_or(0, |s| s.len())
        })
    });
    if let (Some(memory), false) = (opts.memory, window == Some(0..0)) {
        // The split's list and the records of its parts must fit before
        // the list is made: it grows by doubling, so it may take twice
        // its parts' bytes (a split of n = 31 outgrows a 4 GiB address
        // space while it is made).
        let len = make(board, depth, Some(0..0))?.len() as u64;
        let held = window
            .as_ref()
            .map_or(len, |w| w.end.min(len).saturating_sub(w.start));
        let books = held.saturating_mul(2 * std::mem::size_of::<P>() as u64 + RECORD_BYTES);
        if books >= memory {
            return Err(Error::OverBudget {
                index: window.map_or(0, |w| w.start),
                share: 0,
                threads: opts.threads,
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
) -> Result<Outcome, Error> {
    let split = split_for(board, opts, hooks.select.clone(), make)?;
    let total = engine::count_pieces(&Subproblems(&split), opts.threads > 1, opts.memory, hooks)?;
    Ok(Outcome {
        total,
        threads: opts.threads,
        depth: Some(split.depth()),
        subproblems: Some(split.len()),
        ..Outcome::default()
    })
}
