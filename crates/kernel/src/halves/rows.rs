//! The row sets of a half-board split: every set of rows whose queens
//! stand in the left columns, one per symmetry orbit, and the bit-set
//! helpers the listing shares.

use crate::split::Partition;
use crate::{Board, Error};

/// One row set of a [`HalfSplit`]: the rows whose queens stand in the left
/// columns (and, on an odd board cut around its middle column, the row of
/// the middle column's queen), the smallest of its symmetry orbit, and the
/// orbit's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowSet {
    /// Stable index in its split.
    pub index: u64,
    /// The rows (bit `r` for row `r`) whose queens stand left.
    pub rows: u32,
    /// The row of the middle column's queen, when there is a middle column.
    pub middle: Option<u8>,
    /// How many row sets its orbit holds (1, 2 or 4).
    pub weight: u8,
    /// Width of the left part.
    pub(crate) left: u8,
}

/// The board cut into row sets: `depth` is the width of the left part.
pub type HalfSplit = Partition<RowSet>;

impl Partition<RowSet> {
    /// Every row set of `left` rows of `board`, one per symmetry orbit, in
    /// increasing order (of the middle queen's row, then of the bit set).
    /// `left` is the width of the left part, from 1 to `n - 1`; a 1 x 1
    /// board takes `left = 1` and has one row set.
    ///
    /// An odd board with `left = (n - 1) / 2` is cut into equal halves
    /// around its middle column, whose queen's row is then part of each
    /// row set: the mirror symmetry applies again, and each row set counts
    /// one queen fewer. That is the fastest cut for odd boards, as
    /// `left = n / 2` is for even ones.
    ///
    /// ```
    /// use nqueens_kernel::{halves::HalfSplit, Board};
    /// let board = Board::new(8).unwrap();
    /// let split = HalfSplit::new(board, 4).unwrap();
    /// // C(8, 4) = 70 row sets: 12 orbits of 4 and 11 of 2.
    /// assert_eq!(split.len(), 23);
    /// assert_eq!(split.count(board).solutions, 92);
    /// assert!(HalfSplit::new(board, 8).is_err());
    /// let odd = Board::new(9).unwrap();
    /// assert_eq!(HalfSplit::new(odd, 4).unwrap().count(odd).solutions, 352);
    /// ```
    pub fn new(board: Board, left: usize) -> Result<HalfSplit, Error> {
        HalfSplit::within(board, left, None)
    }

    /// [`HalfSplit::new`] holding only the row sets whose index is in
    /// `window` (all for `None`): every row set is enumerated, few are kept.
    ///
    /// ```
    /// use nqueens_kernel::{halves::HalfSplit, Board};
    /// let board = Board::new(11).unwrap();
    /// let window = HalfSplit::within(board, 5, Some(100..104)).unwrap();
    /// let whole = HalfSplit::new(board, 5).unwrap();
    /// assert_eq!((window.len(), window.subproblems()), (whole.len(), &whole.subproblems()[100..104]));
    /// ```
    pub fn within(
        board: Board,
        left: usize,
        window: Option<std::ops::Range<u64>>,
    ) -> Result<HalfSplit, Error> {
        let n = board.n();
        let widest = n.saturating_sub(1).max(1);
        if left == 0 || left > widest {
            return Err(Error::DepthOutOfRange { depth: left, n });
        }
        let mut split = Partition::empty(board, left, window)?;
        if n == 1 {
            split.keep(|index| RowSet {
                index,
                rows: 0,
                middle: None,
                weight: 1,
                left: 0,
            });
            return Ok(split);
        }
        let all = low_bits(n) as u32;
        if 2 * left + 1 == n {
            for m in 0..n {
                let others = all & !(1 << m);
                for_subsets(left, n - 1, |s| {
                    let rows = (s & low_bits(m) as u32) | ((s >> m) << (m + 1));
                    let flip = |rows: u32| rows.reverse_bits() >> (32 - n);
                    let (right, top) = (others & !rows, (n - 1 - m) as u8);
                    let m = m as u8;
                    let orbit = [(m, rows), (top, flip(rows)), (m, right), (top, flip(right))];
                    split.push_if_least(orbit, Some(m), left);
                });
            }
        } else {
            let mirror = 2 * left == n;
            for_subsets(left, n, |rows| {
                let flip = rows.reverse_bits() >> (32 - n);
                let orbit = if mirror {
                    [rows, flip, all & !rows, all & !flip]
                } else {
                    [rows, flip, rows, flip]
                };
                split.push_if_least(orbit.map(|o| (0, o)), None, left);
            });
        }
        Ok(split)
    }

    /// Adds the first of `orbit` (middle row, left rows) as a subproblem if
    /// no other image is smaller, weighted by the number of distinct ones.
    fn push_if_least(&mut self, orbit: [(u8, u32); 4], middle: Option<u8>, left: usize) {
        let first = orbit[0];
        if orbit.iter().any(|&o| o < first) {
            return;
        }
        let mut distinct = orbit;
        distinct.sort_unstable();
        let weight = 1 + distinct.windows(2).filter(|w| w[0] != w[1]).count();
        self.keep(|index| RowSet {
            index,
            rows: first.1,
            middle,
            weight: weight as u8,
            left: left as u8,
        });
    }
}

/// Calls `f` with every bit set of `k` bits among the low `bits`, in
/// increasing order (Gosper's rule).
pub(super) fn for_subsets(k: usize, bits: usize, mut f: impl FnMut(u32)) {
    let all = low_bits(bits);
    let mut s = low_bits(k);
    while s <= all {
        f(s as u32);
        let low = s & s.wrapping_neg();
        let ripple = s + low;
        s = (((ripple ^ s) >> 2) / low) | ripple;
    }
}

/// The numbers of the rows in the bit set `rows`, in increasing order, in
/// an array the searches index `& 31` (no bounds checks).
pub(super) fn row_numbers(rows: u32) -> [usize; 32] {
    let mut row = [0usize; 32];
    let mut left = rows;
    for r in row.iter_mut().take(rows.count_ones() as usize) {
        *r = left.trailing_zeros() as usize;
        left &= left - 1;
    }
    row
}

pub(super) fn low_bits(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1u64 << k) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_row_set_once() {
        for n in 2..=12usize {
            let board = Board::new(n).unwrap();
            for left in 1..n {
                let split = HalfSplit::new(board, left).unwrap();
                let weights: u64 = split
                    .subproblems()
                    .iter()
                    .map(|s| u64::from(s.weight))
                    .sum();
                let choose =
                    |n: usize| (0..left).fold(1u64, |c, i| c * (n - i) as u64 / (i + 1) as u64);
                // Around a middle column: its queen's row, then the left rows of the others.
                let sets = if 2 * left + 1 == n {
                    n as u64 * choose(n - 1)
                } else {
                    choose(n)
                };
                assert_eq!(weights, sets, "n = {n}, left = {left}");
            }
        }
    }
}
