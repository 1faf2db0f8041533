//! The row sets of a half-board cut before symmetry reduces them: every
//! row set, numbered in the order [`HalfSplit::new`] enumerates them, each
//! countable on its own with weight 1. Drawing ranks uniformly from them
//! samples the split's subproblems with probability proportional to their
//! orbit's size, without making the split (an estimate's sample).

use super::rows::low_bits;
#[cfg(doc)]
use super::HalfSplit;
use super::RowSet;
use crate::{Board, Error};

/// `C(n, k)` (exact for every board the kernel takes: at most `C(32, 16)`).
fn choose(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |c, i| c * (n - i) as u64 / (i + 1) as u64)
}

/// The bit set of `k` bits of colex rank `rank` (the `rank`-th in
/// increasing order of the bit set, as Gosper's rule lists them).
fn unrank(mut rank: u64, k: usize, bits: usize) -> u32 {
    let mut set = 0u32;
    let mut top = bits;
    for i in (1..=k).rev() {
        // The largest c < top with C(c, i) <= rank.
        let mut c = top - 1;
        while choose(c, i) > rank {
            c -= 1;
        }
        set |= 1 << c;
        rank -= choose(c, i);
        top = c;
    }
    set
}

/// Whether a cut at `left` is around the middle column of `board`.
fn around_middle(n: usize, left: usize) -> bool {
    2 * left + 1 == n
}

fn check(board: Board, left: usize) -> Result<(), Error> {
    let n = board.n();
    if left == 0 || left > n.saturating_sub(1).max(1) {
        return Err(Error::DepthOutOfRange { depth: left, n });
    }
    Ok(())
}

impl RowSet {
    /// How many row sets the cut of `board` at width `left` has before
    /// symmetry reduces them: `C(n, left)`, or `n C(n - 1, left)` around a
    /// middle column (its queen's row, then the left rows of the others).
    ///
    /// ```
    /// use nqueens_kernel::{halves::RowSet, Board};
    /// assert_eq!(RowSet::unreduced_len(Board::new(8).unwrap(), 4), Ok(70));
    /// assert_eq!(RowSet::unreduced_len(Board::new(9).unwrap(), 4), Ok(9 * 70));
    /// assert!(RowSet::unreduced_len(Board::new(8).unwrap(), 8).is_err());
    /// ```
    pub fn unreduced_len(board: Board, left: usize) -> Result<u64, Error> {
        check(board, left)?;
        let n = board.n();
        Ok(match n {
            1 => 1,
            _ if around_middle(n, left) => n as u64 * choose(n - 1, left),
            _ => choose(n, left),
        })
    }

    /// The row set of rank `rank` among those [`RowSet::unreduced_len`]
    /// counts, in the order [`HalfSplit::new`] meets them, with weight 1
    /// and `rank` as its index: its count is its own solutions, and the
    /// counts of every rank add up to the board's total.
    ///
    /// ```
    /// use nqueens_kernel::{halves::RowSet, Board};
    /// let board = Board::new(8).unwrap();
    /// let total: u64 = (0..70)
    ///     .map(|r| RowSet::unreduced(board, 4, r).unwrap().count(board).solutions)
    ///     .sum();
    /// assert_eq!(total, 92);
    /// assert!(RowSet::unreduced(board, 4, 70).is_err());
    /// ```
    pub fn unreduced(board: Board, left: usize, rank: u64) -> Result<RowSet, Error> {
        let len = RowSet::unreduced_len(board, left)?;
        if rank >= len {
            return Err(Error::IndexOutOfRange { index: rank, len });
        }
        let n = board.n();
        let (rows, middle) = match n {
            1 => (0, None),
            _ if around_middle(n, left) => {
                let per = choose(n - 1, left);
                let m = (rank / per) as usize;
                let s = unrank(rank % per, left, n - 1);
                let rows = (s & low_bits(m) as u32) | ((s >> m) << (m + 1));
                (rows, Some(m as u8))
            }
            _ => (unrank(rank, left, n), None),
        };
        Ok(RowSet {
            index: rank,
            rows,
            middle,
            weight: 1,
            // A 1 x 1 board's one row set has its queen on no side.
            left: if n == 1 { 0 } else { left as u8 },
        })
    }

    /// How many row sets its symmetry orbit holds (1, 2 or 4): the weight
    /// [`HalfSplit::new`] gives the least of them.
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfSplit, RowSet}, Board};
    /// let board = Board::new(8).unwrap();
    /// let sizes: u64 = (0..70)
    ///     .map(|r| 1.0 / f64::from(RowSet::unreduced(board, 4, r).unwrap().orbit_size(board)))
    ///     .sum::<f64>()
    ///     .round() as u64;
    /// // One per orbit: the split's row sets.
    /// assert_eq!(sizes, HalfSplit::new(board, 4).unwrap().len() as u64);
    /// assert!(HalfSplit::new(board, 4).unwrap().subproblems().iter().all(|s| s.orbit_size(board) == s.weight));
    /// ```
    pub fn orbit_size(&self, board: Board) -> u8 {
        let n = board.n();
        if n == 1 {
            return 1;
        }
        let all = low_bits(n) as u32;
        let flip = |rows: u32| rows.reverse_bits() >> (32 - n);
        let mut orbit = match self.middle {
            Some(m) => {
                let right = all & !(1 << m) & !self.rows;
                let top = (n - 1) as u8 - m;
                [
                    (m, self.rows),
                    (top, flip(self.rows)),
                    (m, right),
                    (top, flip(right)),
                ]
            }
            None if 2 * usize::from(self.left) == n => [
                self.rows,
                flip(self.rows),
                all & !self.rows,
                all & !flip(self.rows),
            ]
            .map(|o| (0, o)),
            None => [self.rows, flip(self.rows), self.rows, flip(self.rows)].map(|o| (0, o)),
        };
        orbit.sort_unstable();
        1 + orbit.windows(2).filter(|w| w[0] != w[1]).count() as u8
    }

    /// The number of subproblems of [`HalfSplit::new`]`(board, left)` (one
    /// per orbit), by Burnside's lemma, without making the split: the
    /// orbits are those of the half turn and, for an even board cut in
    /// equal halves or an odd one around its middle column, of the
    /// left-right mirror too.
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfSplit, RowSet}, Board};
    /// let board = Board::new(8).unwrap();
    /// assert_eq!(RowSet::orbits(board, 4), Ok(HalfSplit::new(board, 4).unwrap().len() as u64));
    /// ```
    pub fn orbits(board: Board, left: usize) -> Result<u64, Error> {
        let len = RowSet::unreduced_len(board, left)?;
        let n = board.n();
        if n == 1 {
            return Ok(1);
        }
        // Row sets the half turn keeps: unions of mirrored row pairs (and the
        // middle row of an odd board, which is its own mirror).
        let pairs = n / 2;
        let turned = |k: usize| match (n % 2, k % 2) {
            (0, 1) => 0,
            _ => choose(pairs, k / 2),
        };
        Ok(if around_middle(n, left) {
            // The half turn keeps a row set only with the middle queen on the
            // middle row; the mirror (left rows to right rows) keeps none; both
            // together keep those with one row of each mirrored pair left.
            let half = if left.is_multiple_of(2) {
                choose(pairs, left / 2)
            } else {
                0
            };
            (len + half + (1u64 << pairs)) / 4
        } else if 2 * left == n {
            (len + turned(left) + (1u64 << pairs)) / 4
        } else {
            (len + turned(left)) / 2
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::halves::{HalfScratch, HalfSplit};

    #[test]
    fn ranks_follow_the_split_and_orbits_match_its_weights() {
        for n in 1..=13usize {
            let board = Board::new(n).unwrap();
            for left in 1..n.max(2) {
                let split = HalfSplit::new(board, left).unwrap();
                assert_eq!(
                    RowSet::orbits(board, left).unwrap(),
                    split.len() as u64,
                    "n = {n}, left = {left}"
                );
                let len = RowSet::unreduced_len(board, left).unwrap();
                let all: Vec<RowSet> = (0..len)
                    .map(|r| RowSet::unreduced(board, left, r).unwrap())
                    .collect();
                // Every row set once, in increasing order (middle row, then rows).
                assert!(all
                    .windows(2)
                    .all(|w| (w[0].middle, w[0].rows) < (w[1].middle, w[1].rows)));
                assert!(all.iter().all(|s| s.rows.count_ones() == u32::from(s.left)
                    && s.middle.is_none_or(|m| s.rows & (1 << m) == 0)));
                // The split's row sets are among them, with their orbit's size.
                for s in split.subproblems() {
                    let alone = all
                        .iter()
                        .find(|u| (u.middle, u.rows) == (s.middle, s.rows))
                        .unwrap();
                    assert_eq!(alone.orbit_size(board), s.weight, "n = {n}, left = {left}");
                }
            }
        }
    }

    #[test]
    fn every_rank_counted_alone_adds_up_to_the_total() {
        for (n, left) in [(9, 4), (10, 5), (11, 5), (11, 4), (12, 6)] {
            let board = Board::new(n).unwrap();
            let mut scratch = HalfScratch::default();
            let len = RowSet::unreduced_len(board, left).unwrap();
            let total: u64 = (0..len)
                .map(|r| {
                    let s = RowSet::unreduced(board, left, r).unwrap();
                    s.count_in(board, &mut scratch).solutions
                })
                .sum();
            assert_eq!(u128::from(total), crate::oeis::TOTAL[n], "n = {n}");
        }
    }
}
