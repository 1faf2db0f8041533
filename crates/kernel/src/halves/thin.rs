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

use super::join::{disjoint_pairs, disjoint_pairs_descent, Descent};
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

impl RowSet {
    /// Both sides' key counts as a sample of their upper placements says:
    /// the keys of `sampled` upper placements of each side, spread evenly
    /// over them (all, for a side listed whole in one go), scaled by the
    /// placements they stand for (the capped count's side sample, without
    /// the keys it keeps). A predictor of the row set's
    /// solutions and join time (through their product) for a small part
    /// of the listing's cost; deterministic, so that a row set gives the
    /// same prediction wherever it is sampled. Uses `scratch`'s lists as
    /// buffers.
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfScratch, RowSet}, Board};
    /// let board = Board::new(16).unwrap();
    /// let s = RowSet::unreduced(board, 8, 5000).unwrap();
    /// let mut scratch = HalfScratch::default();
    /// let (l, r) = s.sampled_keys(board, &mut scratch, 64);
    /// let listing = s.list_in(board, &mut scratch);
    /// assert!((l / listing.left as f64 - 1.0).abs() < 0.05, "{l} {}", listing.left);
    /// assert!((r / listing.right as f64 - 1.0).abs() < 0.05, "{r} {}", listing.right);
    /// assert_eq!(s.sampled_keys(board, &mut scratch, 64), (l, r));
    /// ```
    pub fn sampled_keys(
        &self,
        board: Board,
        scratch: &mut HalfScratch,
        sampled: usize,
    ) -> (f64, f64) {
        let (side, (rows, lo)) = self.sides(board);
        let HalfScratch {
            left,
            right,
            quarters,
            ledger,
            ..
        } = scratch;
        ledger.cap = usize::MAX;
        let (n, a) = (side.n(), usize::from(self.left));
        let mut estimate = |what, out: &mut Vec<u64>| {
            let sampled = side.sample(what, sampled, out, quarters, ledger, |_, _, _| Ok(()));
            sampled.expect("without a cap").keys_f64()
        };
        let l = estimate((self.rows, 0, a, 0), left);
        let r = estimate((rows, lo, n, 1), right);
        (l, r)
    }
}

/// What [`RowSet::join_descended`] estimates of a row set's whole join
/// (times its weight for the pairs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Descended {
    /// The estimate of the pairs (an unbiased one).
    pub pairs: f64,
    /// The estimate of the whole join's seconds on `clock`.
    pub seconds: f64,
    /// The seconds the descent took on `clock`.
    pub took: f64,
    /// Wide cuts drawn through (fewer than asked when the join has fewer).
    pub levels: usize,
    /// The chance of the path the descent took (1 for a whole join).
    pub chance: f64,
    /// The seconds of `took` spent in the whole joins below the path.
    pub floored: f64,
}

/// The index `u` (uniform in `[0, 1)`) falls on when `[0, 1)` is cut in
/// runs of the lengths `chances` (adding up to 1), never one of chance 0:
/// a [`RowSet::join_descended`] draw from a uniform number.
///
/// ```
/// use nqueens_kernel::halves::pick;
/// assert_eq!(pick(&[0.25, 0.0, 0.75], 0.1), 0);
/// assert_eq!(pick(&[0.25, 0.0, 0.75], 0.25), 2);
/// assert_eq!(pick(&[0.25, 0.0, 0.75], 0.999_999_999_999_999_9), 2);
/// ```
pub fn pick(chances: &[f64], u: f64) -> usize {
    let mut acc = 0.0;
    let last = chances.iter().rposition(|&c| c > 0.0).unwrap_or(0);
    chances
        .iter()
        .position(|&c| {
            acc += c;
            c > 0.0 && u < acc
        })
        .unwrap_or(last)
}

impl RowSet {
    /// The whole join of the lists [`RowSet::list_in`] left in `scratch`,
    /// estimated by a random descent through its first `depth` cuts on
    /// whole keys (the cuts of keys of more than 32 live bits: none up to
    /// n = 20, a dozen or more from n = 24): at each such cut the join goes
    /// on in one of its two halves, drawn by `draw` (given the chances,
    /// it picks one: [`pick`] of a uniform number) with a chance `p` of `mix / 2` plus `1 - mix` times that half's
    /// share of the two halves' key products (`draw` is called only where
    /// both halves hold pairs to count), and what is below counts
    /// `1 / p` times; below the last, the join is made whole. Every step
    /// is timed by `clock` (seconds), each weighted by one over the chance
    /// of the path to it; a node whose lists hold fewer than `least` keys
    /// together is joined whole, not drawn through: unbiased estimates of the whole join's pairs
    /// (times the weight) and its seconds, for a fraction of its cost. The
    /// lists are only reordered. With `share > 1` the nodes on whole keys
    /// cut runs of their lists (one `share`-th of each, drawn by `draw`)
    /// and count `share` times their time, and one in `checked` of them
    /// (drawn by `draw`; `0`: none) is also cut whole, which corrects that
    /// estimate (the join's `Descent::share` and `Descent::checked`):
    /// still unbiased, for less. With `look > 0` the two halves of a cut on
    /// runs are drawn by their pairs of keys that share none of the next
    /// `look` bits cut (counted on samples of the runs: a histogram of each
    /// list on those bits), not by their key products: any chances keep
    /// the estimates unbiased, these make them far less spread.
    ///
    /// ```
    /// use nqueens_kernel::{halves::{HalfScratch, RowSet}, Board};
    /// let board = Board::new(16).unwrap();
    /// let s = RowSet::unreduced(board, 8, 5000).unwrap();
    /// let mut scratch = HalfScratch::default();
    /// let listing = s.list_in(board, &mut scratch);
    /// let mut draw = |chances: &[f64]| nqueens_kernel::halves::pick(chances, 0.5);
    /// let mut clock = || 0.0;
    /// let whole = s.count(board).solutions as f64;
    /// let d = s.join_descended(board, &mut scratch, &listing, (0, 0.2, 0, 1, 0, 0), &mut draw, &mut clock, usize::MAX).unwrap();
    /// // No cut drawn through: the whole join.
    /// assert_eq!((d.pairs, d.levels, d.chance), (whole, 0, 1.0));
    /// let d = s.join_descended(board, &mut scratch, &listing, (3, 0.2, 0, 1, 0, 0), &mut draw, &mut clock, usize::MAX).unwrap();
    /// assert!(d.levels > 0 && d.chance < 1.0 && d.pairs > 0.0);
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn join_descended(
        &self,
        board: Board,
        scratch: &mut HalfScratch,
        listing: &Listing,
        (depth, mix, least, share, checked, look): (usize, f64, usize, usize, u32, u32),
        draw: &mut dyn FnMut(&[f64]) -> usize,
        clock: &mut dyn FnMut() -> f64,
        cap: usize,
    ) -> Result<Descended, Error> {
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
        let t0 = clock();
        // The join's stack grows as the path needs it: a descent holds
        // the lists and little more (the whole join reserves 16 bytes a
        // key of the longer list).
        join.reserve_cuts(long_len.max(short_len), ledger)
            .map_err(over)?;
        let reserved = clock() - t0;
        let mut d = Descent {
            depth,
            draw,
            clock,
            mix,
            least,
            weight: 1.0,
            pairs: 0.0,
            seconds: 0.0,
            timed: 0.0,
            levels: 0,
            share,
            checked,
            floored: 0.0,
            look,
        };
        disjoint_pairs_descent(
            &mut long[..long_len],
            &mut short[..short_len],
            side.key_bits(),
            join,
            ledger,
            &mut d,
        )
        .map_err(over)?;
        ledger.cap = usize::MAX;
        let took = (d.clock)() - t0;
        Ok(Descended {
            pairs: d.pairs * f64::from(self.weight),
            seconds: d.seconds + reserved,
            took,
            levels: d.levels,
            chance: 1.0 / d.weight,
            floored: d.floored,
        })
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

    /// Every path a descent can take, found by drawing each choice both
    /// ways: their chances add up to 1 and their pair estimates, weighted
    /// by their chances, to the whole join's pairs exactly (the estimate
    /// is unbiased), for row sets of n = 17 (cuts of 32-bit keys only) and
    /// n = 22 (cuts on whole keys first, through them also on runs, with
    /// and without checks: every run and check drawn both ways too; the lists listed afresh for each path: the join ranks its
    /// cuts on samples of the lists, whose order a join changes); and the
    /// descent only reorders the lists.
    #[test]
    fn a_descent_averages_to_the_whole_join_over_its_paths() {
        let mut scratch = HalfScratch::default();
        let (mut descended, mut paths_seen, mut cut_for_time) = (0, 0, 0);
        let sets = [(17, 0.3), (17, 0.6), (22, 0.2), (22, 0.5), (22, 0.99)].map(|(n, at)| {
            let board = Board::new(n).unwrap();
            let len = RowSet::unreduced_len(board, n / 2).unwrap();
            let rank = (len as f64 * at) as u64;
            (board, rank, RowSet::unreduced(board, n / 2, rank).unwrap())
        });
        for (board, rank, s) in sets {
            let listing = s.list_in(board, &mut scratch);
            let whole = s.join_listed(board, &mut scratch, &listing, 1, 0) as f64;
            for (depth, mix, share, checked, look) in [
                (1, 0.2, 1, 0, 0),
                (3, 0.2, 1, 0, 0),
                (3, 1.0, 1, 0, 0),
                (3, 0.2, 3, 0, 0),
                (2, 0.2, 3, 4, 0),
                (3, 0.2, 3, 0, 6),
                (2, 0.2, 3, 4, 12),
            ] {
                let least = if board.n() < 20 { 0 } else { 1 << 12 };
                // Depth-first over the draws: a run that asks for a draw
                // past its prefix is run again with that draw both ways.
                let (mut chance, mut mean, mut paths) = (0.0, 0.0, 0);
                let mut prefixes = vec![Vec::new()];
                while let Some(prefix) = prefixes.pop() {
                    let mut at = 0;
                    let mut past = None;
                    // The chance of every draw made (the path's, and
                    // the run a descent cuts for the time).
                    let mut drawn = 1.0;
                    let mut draw = |chances: &[f64]| {
                        at += 1;
                        let i = match prefix.get(at - 1) {
                            Some(&i) => i,
                            None => {
                                let live: Vec<usize> =
                                    (0..chances.len()).filter(|&i| chances[i] > 0.0).collect();
                                let first = live[0];
                                past.get_or_insert(live);
                                first
                            }
                        };
                        drawn *= chances[i];
                        i
                    };
                    let mut clock = || 0.0;
                    // Listed afresh: the cut order is ranked on samples
                    // of the lists, which a join reorders.
                    let mut fresh = HalfScratch::default();
                    assert_eq!(s.list_in(board, &mut fresh), listing);
                    let d = s
                        .join_descended(
                            board,
                            &mut fresh,
                            &listing,
                            (depth, mix, least, share, checked, look),
                            &mut draw,
                            &mut clock,
                            usize::MAX,
                        )
                        .unwrap();
                    if let Some(live) = past {
                        for i in live {
                            let mut longer = prefix.clone();
                            longer.push(i);
                            prefixes.push(longer);
                        }
                        continue;
                    }
                    if share == 1 {
                        assert!((d.chance - drawn).abs() <= 1e-12, "{} {drawn}", d.chance);
                    }
                    cut_for_time += usize::from(share > 1 && (d.chance - drawn).abs() > 1e-12);
                    chance += drawn;
                    mean += drawn * d.pairs;
                    paths += 1;
                    descended += usize::from(d.levels == depth);
                }
                assert!((chance - 1.0).abs() < 1e-9, "rank {rank}: {chance}");
                assert!(
                    (mean - whole).abs() <= 1e-9 * whole,
                    "rank {rank}, depth {depth}: {mean} for {whole}"
                );
                paths_seen += paths;
            }
            // The lists were only reordered.
            assert_eq!(
                s.join_listed(board, &mut scratch, &listing, 1, 0) as f64,
                whole
            );
        }
        assert!(
            descended > 20 && paths_seen > 40 && cut_for_time > 20,
            "{descended}, {paths_seen}, {cut_for_time}"
        );
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
