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
    /// `window` (all for `None`): the row sets before the window are
    /// enumerated or, where their number is known, skipped, and those
    /// after it counted.
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
        let flip = |rows: u32| rows.reverse_bits() >> (32 - n);
        let row_set = |rows, middle, weight| {
            move |index| RowSet {
                index,
                rows,
                middle,
                weight,
                left: left as u8,
            }
        };
        if 2 * left + 1 == n {
            // The orbit of (m, rows) is (m, rows), (n - 1 - m, rows
            // flipped) and the same for the other rows but m (`right`):
            // its least has the middle queen in the upper half. Below the
            // middle row, (m, rows) is the least if `rows < right`: half
            // of the row sets, each of an orbit of four, so a middle row
            // whose row sets lie outside the window is skipped whole. On
            // the middle row all four images share m.
            let below = choose(n - 1, left) / 2;
            for m in 0..n.div_ceil(2) {
                let others = all & !(1 << m);
                let spread = |s: u32| (s & low_bits(m) as u32) | ((s >> m) << (m + 1));
                let middle = Some(m as u8);
                if 2 * m + 1 < n {
                    if !split.wants(below) {
                        split.skip(below);
                        continue;
                    }
                    for_subsets(left, n - 1, |s| {
                        let rows = spread(s);
                        if rows < others ^ rows {
                            split.keep(row_set(rows, middle, 4));
                        }
                    });
                } else if !split.wants(middle_orbits(left)) {
                    split.skip(middle_orbits(left));
                } else {
                    for_subsets(left, n - 1, |s| {
                        let rows = spread(s);
                        let right = others ^ rows;
                        let orbit = [rows, flip(rows), right, flip(right)];
                        if let Some(weight) = least(orbit) {
                            split.keep(row_set(rows, middle, weight));
                        }
                    });
                }
            }
        } else if 2 * left == n {
            // The orbit: the rows, flipped, and the other rows of each.
            let mut from = 0;
            for_subsets_while(left, n, |rows| {
                if split.past() {
                    return false;
                }
                from += 1;
                let orbit = [rows, flip(rows), all ^ rows, all ^ flip(rows)];
                if let Some(weight) = least(orbit) {
                    split.keep(row_set(rows, None, weight));
                }
                true
            });
            if from < choose(n, left) {
                // The least row sets of the rest: the orbits of all row
                // sets less those enumerated.
                split.skip(mirror_orbits(n) - split.len() as u64);
            }
        } else {
            // The orbit: the rows and the rows flipped.
            for_subsets(left, n, |rows| {
                if let Some(weight) = least([rows, flip(rows), rows, rows]) {
                    split.keep(row_set(rows, None, weight));
                }
            });
        }
        Ok(split)
    }
}

/// The weight of the row set `orbit[0]` if it is the least of its orbit
/// (the four images of a row set under the board's symmetries, repeated
/// where fewer): how many distinct row sets the orbit holds.
#[inline(always)]
fn least(orbit: [u32; 4]) -> Option<u8> {
    let first = orbit[0];
    if orbit.iter().any(|&o| o < first) {
        return None;
    }
    let mut distinct = orbit;
    distinct.sort_unstable();
    Some(1 + distinct.windows(2).filter(|w| w[0] != w[1]).count() as u8)
}

/// `n` choose `k`.
fn choose(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |c, i| c * (n - i) as u64 / (i + 1) as u64)
}

/// The orbits of the row sets of `left` of the `2 left` rows other than
/// the middle one of a board of `2 left + 1`, under flipping and taking
/// the other rows (Burnside: the row sets each symmetry leaves alone, on
/// average): every row set; the flipped ones that pair rows `r` and
/// `n - 1 - r` (`left / 2` such pairs, if `left` is even); none equal to
/// their other rows; `2^left` equal to their other rows flipped (one row
/// of each pair).
fn middle_orbits(left: usize) -> u64 {
    let symmetric = if left.is_multiple_of(2) {
        choose(left, left / 2)
    } else {
        0
    };
    (choose(2 * left, left) + symmetric + (1 << left)) / 4
}

/// The orbits of the row sets of `n / 2` of the `n` rows of an even board
/// under flipping and taking the other rows, as [`middle_orbits`] counts
/// them.
fn mirror_orbits(n: usize) -> u64 {
    let half = n / 2;
    let symmetric = if half.is_multiple_of(2) {
        choose(half, half / 2)
    } else {
        0
    };
    (choose(n, half) + symmetric + (1 << half)) / 4
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

/// [`for_subsets`] while `f` returns true.
fn for_subsets_while(k: usize, bits: usize, mut f: impl FnMut(u32) -> bool) {
    let all = low_bits(bits);
    let mut s = low_bits(k);
    while s <= all && f(s as u32) {
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

    /// Every row set enumerated, the least of each orbit kept (the orbit
    /// sorted): how the split was made before it skipped and counted.
    fn every_row_set(board: Board, left: usize) -> Vec<RowSet> {
        let n = board.n();
        let mut out = Vec::new();
        let mut push = |orbit: [(u8, u32); 4], middle: Option<u8>| {
            let first = orbit[0];
            if orbit.iter().any(|&o| o < first) {
                return;
            }
            let mut distinct = orbit;
            distinct.sort_unstable();
            let weight = 1 + distinct.windows(2).filter(|w| w[0] != w[1]).count();
            out.push(RowSet {
                index: out.len() as u64,
                rows: first.1,
                middle,
                weight: weight as u8,
                left: left as u8,
            });
        };
        if n == 1 {
            return vec![RowSet {
                index: 0,
                rows: 0,
                middle: None,
                weight: 1,
                left: 0,
            }];
        }
        let all = low_bits(n) as u32;
        let flip = |rows: u32| rows.reverse_bits() >> (32 - n);
        if 2 * left + 1 == n {
            for m in 0..n {
                let others = all & !(1 << m);
                for_subsets(left, n - 1, |s| {
                    let rows = (s & low_bits(m) as u32) | ((s >> m) << (m + 1));
                    let (right, top) = (others & !rows, (n - 1 - m) as u8);
                    let m = m as u8;
                    let orbit = [(m, rows), (top, flip(rows)), (m, right), (top, flip(right))];
                    push(orbit, Some(m));
                });
            }
        } else {
            let mirror = 2 * left == n;
            for_subsets(left, n, |rows| {
                let flip = flip(rows);
                let orbit = if mirror {
                    [rows, flip, all & !rows, all & !flip]
                } else {
                    [rows, flip, rows, flip]
                };
                push(orbit.map(|o| (0, o)), None);
            });
        }
        out
    }

    #[test]
    fn a_window_holds_what_enumerating_every_row_set_keeps() {
        for n in 1..=17usize {
            let board = Board::new(n).unwrap();
            for left in 1..n.max(2) {
                let every = every_row_set(board, left);
                let len = every.len() as u64;
                let whole = HalfSplit::new(board, left).unwrap();
                assert_eq!(whole.subproblems(), &every[..], "n = {n}, left = {left}");
                let mut windows = vec![0..0, 0..1, 0..len, len..len + 3, len + 5..len + 9];
                for k in 1..=7 {
                    let at = len * k / 8;
                    windows.push(at..at + 1);
                    windows.push(at..at + 5);
                    windows.push(at.saturating_sub(3)..at + len / 8);
                }
                for w in windows {
                    let split = HalfSplit::within(board, left, Some(w.clone())).unwrap();
                    let (from, to) = (w.start.min(len), w.end.min(len));
                    assert_eq!(split.len() as u64, len, "n = {n}, left = {left}, {w:?}");
                    assert_eq!(
                        split.subproblems(),
                        &every[from as usize..to as usize],
                        "n = {n}, left = {left}, {w:?}"
                    );
                    assert_eq!(split.held(), from..to, "n = {n}, left = {left}, {w:?}");
                }
            }
        }
    }

    #[test]
    fn the_orbits_counted_are_those_enumerated() {
        for n in (3..=21).step_by(2) {
            let left = (n - 1) / 2;
            let every = every_row_set(Board::new(n).unwrap(), left);
            // The middle row's row sets come after the others.
            let below = (n - 1) / 2 * choose(n - 1, left) as usize / 2;
            assert!(every[..below]
                .iter()
                .all(|s| 2 * s.middle.unwrap() as usize + 1 < n));
            assert_eq!(every.len() - below, middle_orbits(left) as usize, "n = {n}");
        }
        for n in (2..=22).step_by(2) {
            let every = every_row_set(Board::new(n).unwrap(), n / 2);
            assert_eq!(every.len() as u64, mirror_orbits(n), "n = {n}");
        }
    }

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
