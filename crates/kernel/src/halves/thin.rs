//! A row set's count in two steps, for a sample that joins only part of
//! it: list both sides ([`RowSet::list_in`], the key counts known before
//! any join), then join one of `every` classes of the longer list's keys
//! with the whole other list ([`RowSet::join_listed`]). A key's class is
//! a mix of its own bits, not its place in the list (the listing's order
//! depends on what the scratch listed before: a sample drawn on several
//! threads would thin other keys on each run). With a random class each
//! key of the longer list is joined with probability `1 / every`, so
//! `every` times the pairs found is an unbiased estimate of the row set's
//! solutions; `every = 1` is the count itself, the same lists joined the
//! same way as [`RowSet::count_in`] joins them.

use super::join::disjoint_pairs;
use super::side::Part;
use super::{HalfScratch, RowSet};
use crate::{Board, Error};

/// What [`RowSet::list_in`] listed: the keys of each side and the queens
/// placed listing them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listing {
    /// Keys of the left side.
    pub left: u64,
    /// Keys of the right side.
    pub right: u64,
    /// Queens placed listing both sides (the count's nodes).
    pub nodes: u64,
}

/// The class of `key` among `every` (below it), from the key alone: a
/// mix of its bits (SplitMix64's finaliser), so that the classes are
/// of about equal size and a key's class does not depend on where the
/// listing put it. A thinned join keeps one class: with the class drawn
/// at random, each key with probability `1 / every`.
fn class(key: u64, every: u64) -> u64 {
    let mut z = key;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % every
}

impl RowSet {
    /// Lists both sides' keys into `scratch` (whole, without a cap) and
    /// says how many each has; [`RowSet::join_listed`] joins them.
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfScratch, HalfSplit}, Board};
    /// let board = Board::new(12).unwrap();
    /// let mut scratch = HalfScratch::default();
    /// let split = HalfSplit::new(board, 6).unwrap();
    /// for s in split.subproblems() {
    ///     let listing = s.list_in(board, &mut scratch);
    ///     let pairs = s.join_listed(board, &mut scratch, &listing, 1, 0);
    ///     assert_eq!(pairs, s.count(board).solutions);
    /// }
    /// ```
    pub fn list_in(&self, board: Board, scratch: &mut HalfScratch) -> Listing {
        self.list_capped(board, scratch, usize::MAX)
            .expect("without a cap, memory runs out before the cap does")
    }

    /// [`RowSet::list_in`] with the buffers of `scratch` holding at most
    /// `cap` bytes between them: a listing that would pass the cap stops
    /// at once with [`Error::OverBudget`], having held no more than `cap`.
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfScratch, RowSet}, Board, Error};
    /// let board = Board::new(16).unwrap();
    /// let s = RowSet::unreduced(board, 8, 5000).unwrap();
    /// let mut scratch = HalfScratch::default();
    /// assert_eq!(s.list_capped(board, &mut scratch, 64).unwrap_err(), Error::OverBudget { cap: 64 });
    /// let listed = s.list_capped(board, &mut HalfScratch::default(), 1 << 24).unwrap();
    /// assert_eq!(listed, s.list_in(board, &mut scratch));
    /// ```
    pub fn list_capped(
        &self,
        board: Board,
        scratch: &mut HalfScratch,
        cap: usize,
    ) -> Result<Listing, Error> {
        let (side, (rows, lo)) = self.sides(board);
        let HalfScratch {
            left,
            right,
            quarters,
            ledger,
            ..
        } = scratch;
        ledger.cap = cap;
        let (n, a) = (side.n(), usize::from(self.left));
        let mut nodes = 0;
        let whole = Part::WHOLE;
        let over = |_| Error::OverBudget { cap: cap as u64 };
        let l = side
            .list_joined(
                self.rows, 0, a, whole, left, quarters, ledger, 0, &mut nodes,
            )
            .map_err(over)?;
        let r = side
            .list_joined(rows, lo, n, whole, right, quarters, ledger, 1, &mut nodes)
            .map_err(over)?;
        ledger.cap = usize::MAX;
        Ok(Listing {
            left: l.len as u64,
            right: r.len as u64,
            nodes: nodes + u64::from(self.middle.is_some()),
        })
    }

    /// The disjoint pairs of the keys of class `offset` (below `every`) of
    /// the longer list (the left list when both are as long) and the whole
    /// other list, as [`RowSet::list_in`]
    /// left them in `scratch` for this row set, times its weight. With
    /// `every = 1`, its solutions. The lists are only reordered: a thinned
    /// join may be followed by another, or by the whole join.
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfScratch, RowSet}, Board};
    /// let board = Board::new(16).unwrap();
    /// let s = RowSet::unreduced(board, 8, 5000).unwrap();
    /// let mut scratch = HalfScratch::default();
    /// let every = 4;
    /// let listing = s.list_in(board, &mut scratch);
    /// let thinned: u64 = (0..every)
    ///     .map(|offset| s.join_listed(board, &mut scratch, &listing, every, offset))
    ///     .sum();
    /// let whole = s.join_listed(board, &mut scratch, &listing, 1, 0);
    /// assert_eq!((thinned, whole), (s.count(board).solutions, s.count(board).solutions));
    /// ```
    pub fn join_listed(
        &self,
        board: Board,
        scratch: &mut HalfScratch,
        listing: &Listing,
        every: u64,
        offset: u64,
    ) -> u64 {
        self.join_listed_capped(board, scratch, listing, every, offset, usize::MAX)
            .expect("without a cap, memory runs out before the cap does")
    }

    /// [`RowSet::join_listed`] with the buffers of `scratch` (the lists
    /// and the join's) holding at most `cap` bytes between them: a join
    /// that would pass the cap stops at once with [`Error::OverBudget`].
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfScratch, RowSet}, Board, Error};
    /// let board = Board::new(16).unwrap();
    /// let s = RowSet::unreduced(board, 8, 5000).unwrap();
    /// let mut scratch = HalfScratch::default();
    /// let listing = s.list_in(board, &mut scratch);
    /// let held = scratch.held();
    /// let over = s.join_listed_capped(board, &mut scratch, &listing, 1, 0, held);
    /// assert_eq!(over, Err(Error::OverBudget { cap: held as u64 }));
    /// let whole = s.join_listed_capped(board, &mut scratch, &listing, 1, 0, usize::MAX);
    /// assert_eq!(whole, Ok(s.count(board).solutions));
    /// ```
    pub fn join_listed_capped(
        &self,
        board: Board,
        scratch: &mut HalfScratch,
        listing: &Listing,
        every: u64,
        offset: u64,
        cap: usize,
    ) -> Result<u64, Error> {
        assert!(every >= 1 && offset < every, "offset {offset} of {every}");
        let (side, _) = self.sides(board);
        let HalfScratch {
            left,
            right,
            join,
            ledger,
            ..
        } = scratch;
        let (l, r) = (listing.left as usize, listing.right as usize);
        let (long, long_len, short, short_len) = if l >= r {
            (left, l, right, r)
        } else {
            (right, r, left, l)
        };
        ledger.cap = cap;
        let over = |_| Error::OverBudget { cap: cap as u64 };
        let bits = side.key_bits();
        let pairs = if every == 1 {
            join.reserve(long_len.max(short_len), ledger)
                .map_err(over)?;
            disjoint_pairs(
                &mut long[..long_len],
                &mut short[..short_len],
                bits,
                join,
                ledger,
            )
        } else {
            // The kept keys copied out: the lists stay whole (only the
            // shorter one reordered), to be joined again.
            let mut kept: Vec<u64> = long[..long_len]
                .iter()
                .copied()
                .filter(|&k| class(k, every) == offset)
                .collect();
            join.reserve(kept.len().max(short_len), ledger)
                .map_err(over)?;
            disjoint_pairs(&mut kept, &mut short[..short_len], bits, join, ledger)
        }
        .map_err(over)?;
        ledger.cap = usize::MAX;
        Ok(pairs * u64::from(self.weight))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every offset's thinned join together is the whole join: each key of
    /// the longer list is joined under exactly one offset (so a random
    /// offset's estimate is unbiased), for lists of thousands of keys.
    #[test]
    fn the_offsets_together_join_every_key_once() {
        let board = Board::new(19).unwrap();
        let mut scratch = HalfScratch::default();
        let len = RowSet::unreduced_len(board, 9).unwrap();
        let mut longest = 0;
        for rank in [0, len / 3, len / 2 + 7, len - 1] {
            let s = RowSet::unreduced(board, 9, rank).unwrap();
            let listing = s.list_in(board, &mut scratch);
            longest = longest.max(listing.left.max(listing.right));
            let whole = s.count(board).solutions;
            for every in [2, 3, 7, 64] {
                let thinned: u64 = (0..every)
                    .map(|offset| s.join_listed(board, &mut scratch, &listing, every, offset))
                    .sum();
                assert_eq!(thinned, whole, "rank {rank}, every {every}");
            }
            assert_eq!(s.join_listed(board, &mut scratch, &listing, 1, 0), whole);
        }
        assert!(longest > 1000, "{longest}");
    }

    /// A scratch that listed and joined another row set first lists the
    /// same keys in another order; a thinned join keeps the same keys all
    /// the same (a key's class is its own), so a sample gives one estimate
    /// on any number of threads, whichever sampler drew which row set.
    #[test]
    fn a_thinned_join_keeps_the_same_keys_whatever_the_listing_order() {
        let board = Board::new(20).unwrap();
        let a = RowSet::unreduced(board, 10, 12345).unwrap();
        let b = RowSet::unreduced(board, 10, 12346).unwrap();
        let mut fresh = HalfScratch::default();
        let listed = a.list_in(board, &mut fresh);
        let mut used = HalfScratch::default();
        let other = b.list_in(board, &mut used);
        b.join_listed(board, &mut used, &other, 1, 0);
        assert_eq!(a.list_in(board, &mut used), listed);
        let left = |s: &HalfScratch| s.left[..listed.left as usize].to_vec();
        assert_ne!(
            left(&used),
            left(&fresh),
            "the listing order did not differ"
        );
        for every in [2, 5, 64] {
            for offset in [0, every - 1] {
                assert_eq!(
                    a.join_listed(board, &mut used, &listed, every, offset),
                    a.join_listed(board, &mut fresh, &listed, every, offset),
                    "every {every}, offset {offset}"
                );
            }
        }
    }
}
