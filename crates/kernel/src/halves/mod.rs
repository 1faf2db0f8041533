//! Counting by joining half boards: a meet-in-the-middle method.
//!
//! Cut the columns into a left part of width `a` and a right part of width
//! `n - a`. In a solution every row has its queen on one side, so the rows
//! split into a set `L` of `a` rows whose queens stand on the left and the
//! `n - a` others. For a fixed `L` the two sides are independent except for
//! the diagonals they share:
//!
//! 1. list every placement of the left queens (rows `L`, columns `0..a`, no
//!    shared column or diagonal among them) and every placement of the right
//!    queens (the other rows, columns `a..n`) — each side itself by a meet
//!    in the middle: its upper rows' placements (over every set of columns)
//!    joined with its lower rows' on the remaining columns, which places
//!    five times fewer queens than searching the side row by row;
//! 2. keep of each placement only the diagonals both sides can reach: the
//!    `n - 1` diagonals and `n - 1` anti-diagonals numbered `a..=n + a - 2`
//!    (with a diagonal numbered `c - r + n - 1` and an anti-diagonal `r + c`)
//!    — a key of `2 (n - 1)` bits;
//! 3. count the pairs of keys with no bit in common: each is one solution.
//!
//! The pair count is the expensive part, and it is done without looking at
//! most pairs: both lists are cut on one key bit at a time (the bit that
//! rules out the most pairs first); pairs where both sides hold the bit are
//! dropped unseen, the rest recurse, and small blocks are compared pair by
//! pair, branch-free (with AVX2, four keys of one list against eight of the
//! other at a time).
//!
//! Symmetry: turning the board upside down maps the solutions with left rows
//! `L` to those with left rows `L` reversed; for even `n` the left-right
//! mirror maps them to those with the complementary rows on the left. Only
//! the smallest row set of each orbit is counted, times the orbit's size.
//! The row sets are the subproblems of a [`HalfSplit`]: stable indices (in
//! increasing order of the row bit set), countable on their own.
//!
//! Memory is what one row set's lists take (a few thousand to a few
//! hundred thousand keys for the boards this method is for: 18 MB for the
//! whole process at n = 20 on two threads), and it can be capped:
//! [`RowSet::count_capped`] grows every buffer through one ledger and stops
//! before passing the cap.

mod join;
mod merge;
mod rows;
mod side;
mod unreduced;

use crate::ledger::{Ledger, OverCap};
use crate::split::Part;
use crate::{Board, Error, Tally};
use join::{disjoint_pairs, JoinScratch};
use rows::low_bits;

pub use rows::RowSet;
use side::{QuarterScratch, Side};

pub use rows::HalfSplit;

impl RowSet {
    /// Its solutions times its orbit's size, and the queens placed while
    /// listing both sides.
    ///
    /// ```
    /// use nqueens_kernel::{halves::HalfSplit, Board};
    /// let board = Board::new(6).unwrap();
    /// let split = HalfSplit::new(board, 3).unwrap();
    /// let total: u64 = split.subproblems().iter().map(|s| s.count(board).solutions).sum();
    /// assert_eq!(total, 4);
    /// ```
    pub fn count(&self, board: Board) -> Tally {
        self.count_in(board, &mut HalfScratch::default())
    }

    /// [`RowSet::count`] in working memory kept from one row set to the
    /// next (a thread counting many row sets allocates nothing after the
    /// first few).
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfScratch, HalfSplit}, Board};
    /// let board = Board::new(7).unwrap();
    /// let mut scratch = HalfScratch::default();
    /// let split = HalfSplit::new(board, 3).unwrap();
    /// let total: u64 = split.subproblems().iter().map(|s| s.count_in(board, &mut scratch).solutions).sum();
    /// assert_eq!(total, 40);
    /// ```
    pub fn count_in(&self, board: Board, scratch: &mut HalfScratch) -> Tally {
        self.count_capped(board, scratch, usize::MAX)
            .expect("without a cap, memory runs out before the cap does")
    }

    /// [`RowSet::count_in`] with the buffers of `scratch` holding at most
    /// `cap` bytes between them: every buffer grows through one ledger,
    /// which refuses the growth that would pass the cap. The count then
    /// stops at once with [`Error::OverBudget`], having held no more than
    /// `cap`; the scratch stays usable (with a larger cap, say).
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfScratch, HalfSplit}, Board, Error};
    /// let board = Board::new(12).unwrap();
    /// let split = HalfSplit::new(board, 6).unwrap();
    /// let first = &split.subproblems()[0];
    /// let mut scratch = HalfScratch::default();
    /// assert_eq!(first.count_capped(board, &mut scratch, 1000), Err(Error::OverBudget { cap: 1000 }));
    /// let roomy = first.count_capped(board, &mut scratch, 1 << 20).unwrap();
    /// assert_eq!(roomy, first.count(board));
    /// assert!(scratch.held() <= 1 << 20);
    /// ```
    pub fn count_capped(
        &self,
        board: Board,
        scratch: &mut HalfScratch,
        cap: usize,
    ) -> Result<Tally, Error> {
        let n = board.n();
        let a = usize::from(self.left);
        let all = low_bits(n) as u32;
        let mut nodes = 0;
        let (side, right_rows, right_from) = match self.middle {
            Some(m) => {
                nodes += 1;
                let m = usize::from(m);
                (Side::around(n, a, m), all & !self.rows & !(1 << m), a + 1)
            }
            None => (Side::between(n, a), all & !self.rows, a),
        };
        let HalfScratch {
            left,
            right,
            quarters,
            join,
            ledger,
        } = scratch;
        ledger.cap = cap;
        let over = |_: OverCap| Error::OverBudget { cap: cap as u64 };
        let lefts = side
            .list_joined(self.rows, 0, a, left, quarters, ledger, 0, &mut nodes)
            .map_err(over)?;
        let mut rights = 0;
        if lefts > 0 {
            rights = side
                .list_joined(
                    right_rows, right_from, n, right, quarters, ledger, 1, &mut nodes,
                )
                .map_err(over)?;
        }
        join.reserve(lefts.max(rights), ledger).map_err(over)?;
        let (left, right) = (&mut left[..lefts], &mut right[..rights]);
        let pairs = disjoint_pairs(left, right, side.key_bits(), join, ledger).map_err(over)?;
        Ok(Tally {
            solutions: pairs * u64::from(self.weight),
            nodes,
        })
    }
}

impl Part for RowSet {
    type Scratch = HalfScratch;
    fn index(&self) -> u64 {
        self.index
    }
    fn count(&self, board: Board) -> Tally {
        RowSet::count(self, board)
    }
    fn count_in(&self, board: Board, scratch: &mut HalfScratch) -> Tally {
        RowSet::count_in(self, board, scratch)
    }
    fn count_capped(
        &self,
        board: Board,
        scratch: &mut HalfScratch,
        cap: usize,
    ) -> Result<Tally, Error> {
        RowSet::count_capped(self, board, scratch, cap)
    }
    fn estimate(&self, _board: Board) -> u64 {
        u64::from(self.weight)
    }
}

/// Working memory for counting row sets one after another: the two sides'
/// keys and the buffers of the listing and the join.
#[derive(Clone, Debug, Default)]
pub struct HalfScratch {
    left: Vec<u64>,
    right: Vec<u64>,
    quarters: QuarterScratch,
    join: JoinScratch,
    ledger: Ledger,
}

impl HalfScratch {
    /// Bytes its buffers hold (their capacity, used or not).
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfScratch, HalfSplit}, Board};
    /// let board = Board::new(10).unwrap();
    /// let mut scratch = HalfScratch::default();
    /// assert_eq!(scratch.held(), 0);
    /// HalfSplit::new(board, 5).unwrap().subproblems()[0].count_in(board, &mut scratch);
    /// assert!(scratch.held() > 0);
    /// ```
    pub fn held(&self) -> usize {
        self.ledger.held
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oeis;

    fn total(n: usize, left: usize) -> u64 {
        let board = Board::new(n).unwrap();
        HalfSplit::new(board, left).unwrap().count(board).solutions
    }

    #[test]
    fn every_width_gives_the_published_totals() {
        for n in 1..=11 {
            for left in 1..n.max(2) {
                assert_eq!(
                    u128::from(total(n, left)),
                    oeis::TOTAL[n],
                    "n = {n}, left = {left}"
                );
            }
        }
    }

    #[test]
    fn a_capped_count_holds_at_most_its_cap_or_counts_right() {
        for (n, left) in [(12, 6), (13, 6), (14, 7), (13, 4)] {
            let board = Board::new(n).unwrap();
            let split = HalfSplit::new(board, left).unwrap();
            let mut free = HalfScratch::default();
            let expected: Vec<Tally> = split
                .subproblems()
                .iter()
                .map(|s| s.count_in(board, &mut free))
                .collect();
            let most = free.held();
            let (mut refused, mut counted) = (0, 0);
            for cap in [
                0,
                100,
                most / 64,
                most / 8,
                most / 2,
                most - 1,
                most,
                2 * most,
            ] {
                // One scratch through every row set, as a thread keeps it.
                let mut scratch = HalfScratch::default();
                for (s, want) in split.subproblems().iter().zip(&expected) {
                    match s.count_capped(board, &mut scratch, cap) {
                        Ok(t) => {
                            assert_eq!(t, *want, "n = {n}, cap {cap}");
                            counted += 1;
                        }
                        Err(e) => {
                            assert_eq!(e, Error::OverBudget { cap: cap as u64 });
                            refused += 1;
                        }
                    }
                    assert!(scratch.held() <= cap, "n = {n}: {} > {cap}", scratch.held());
                }
                // Refused or not, the scratch counts right with room enough.
                let s = &split.subproblems()[split.len() / 2];
                assert_eq!(
                    s.count_capped(board, &mut scratch, usize::MAX),
                    Ok(expected[split.len() / 2])
                );
            }
            assert!(
                refused > 0 && counted > 0,
                "n = {n}: {refused} refused, {counted} counted"
            );
        }
    }
}
