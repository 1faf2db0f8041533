//! Choosing a split depth and counting the subproblems of a split.

use nqueens_kernel::{Board, Split, Subproblem};

use crate::{Progress, Total};
use rayon::prelude::*;

/// Subproblems wanted per thread: enough that the last ones to finish are
/// small against the whole, so threads end close together even though
/// subtree sizes differ by orders of magnitude.
const TASKS_PER_THREAD: usize = 64;

/// The split depth the scheduler picks: the shallowest with at least
/// 64 subproblems per thread (and never past `n`). One thread gets depth 1:
/// splitting buys it nothing.
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_sched::default_depth;
/// let board = Board::new(16).unwrap();
/// assert_eq!(default_depth(board, 1), 1);
/// assert_eq!(default_depth(board, 2), 3);
/// assert!(default_depth(Board::new(4).unwrap(), 8) <= 4);
/// ```
pub fn default_depth(board: Board, threads: usize) -> usize {
    if threads <= 1 {
        return 1;
    }
    let want = TASKS_PER_THREAD * threads;
    (1..=board.n())
        .find(|&d| Split::new(board, d).map_or(true, |s| s.len() >= want))
        .unwrap_or(board.n())
}

/// Counts every subproblem of `split`, telling `progress` as each one
/// finishes (from whichever thread finished it), and adds the prefix nodes.
/// Sums are carried in `u128`: totals pass `u64` from n = 29 on.
///
/// On the calling thread it goes in index order; inside a rayon pool each
/// subproblem is its own task, so idle threads steal the remaining ones.
pub(crate) fn count_split(split: &Split, parallel: bool, progress: &dyn Progress) -> Total {
    let board = split.board();
    let one = |s: &Subproblem| {
        let t = s.count(board);
        progress.done(s, t);
        Total::from(t)
    };
    let total = if parallel {
        split
            .subproblems()
            .par_iter()
            .with_max_len(1)
            .map(one)
            .reduce(Total::default, |a, b| a + b)
    } else {
        split
            .subproblems()
            .iter()
            .map(one)
            .fold(Total::default(), |a, b| a + b)
    };
    total
        + Total {
            solutions: 0,
            nodes: u128::from(split.prefix_nodes()),
        }
}
