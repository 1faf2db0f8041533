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
//! other at a time, or bit-sliced: 256 keys of one list transposed into a
//! row per key bit, each key of the other counted by table lookups; with
//! AVX-512, slices of 512 keys, each lookup's OR counted by `vpopcntq`).
//! At the top nodes of the joins of wide keys (n >= 21) the cut bit is
//! ranked anew on a sample of the node's lists.
//!
//! Symmetry: turning the board upside down maps the solutions with left rows
//! `L` to those with left rows `L` reversed; for even `n` the left-right
//! mirror maps them to those with the complementary rows on the left. Only
//! the smallest row set of each orbit is counted, times the orbit's size.
//! The row sets are the subproblems of a [`HalfSplit`]: stable indices (in
//! increasing order of the row bit set), countable on their own.
//!
//! [`RowSet::recount`] (and [`recount`], by index) counts one row set again
//! by a method that shares nothing with the listing and the join but the
//! row set: a depth-first search of the whole board (`recount.rs`), far
//! slower, for checking a sample of a count's row sets independently.
//!
//! Memory is what one row set's lists take (a few thousand to a few
//! hundred thousand keys for the boards this method is for: 18 MB for the
//! whole process at n = 20 on two threads), and it can be capped:
//! [`RowSet::count_capped`] grows every buffer through one ledger and stops
//! before passing the cap.

mod join;
mod merge;
#[cfg(test)]
mod probe;
mod recount;
mod rows;
mod side;
mod thin;
mod unreduced;
mod uppers;
#[cfg(test)]
mod xorshift;

use crate::ledger::{Ledger, OverCap};
use crate::split::Part as SplitPart;
use crate::{Board, Error, Tally};
use join::{disjoint_pairs, JoinScratch};
use rows::low_bits;

pub use rows::RowSet;
use side::{Listed, Part, QuarterScratch, Side};

pub use recount::{recount, Recount};
pub use rows::HalfSplit;
pub use thin::Listing;

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
        let (side, right) = self.sides(board);
        scratch.ledger.cap = cap;
        let mut most = scratch.keys_within(cap);
        let mut misses = 0;
        loop {
            match self.count_parts(&side, right, most, scratch) {
                Ok(c) => {
                    return Ok(Tally {
                        solutions: c.pairs * u64::from(self.weight),
                        nodes: c.nodes + u64::from(self.middle.is_some()),
                    })
                }
                Err(OverCap) => {
                    // The plan missed. The first time, the quarters (not
                    // known before listing them) took the room: planned
                    // again with them, in new buffers of keys. The second
                    // time, buffers kept from other row sets may have taken
                    // it: planned again with all buffers made anew. Then
                    // smaller parts, until they would be too small.
                    misses += 1;
                    match misses {
                        1 => {
                            scratch.release_keys();
                            most = (most - most / 4).min(scratch.keys_within(cap));
                        }
                        2 => {
                            scratch.release();
                            most = scratch.keys_within(cap);
                        }
                        _ => {
                            scratch.release();
                            most = (most / 2).min(scratch.keys_within(cap));
                        }
                    }
                    if most < FEWEST_KEYS {
                        return Err(Error::OverBudget { cap: cap as u64 });
                    }
                }
            }
        }
    }

    /// What listing a side needs to know of the board, and the right
    /// side's rows and first column.
    fn sides(&self, board: Board) -> (Side, (u32, usize)) {
        let n = board.n();
        let a = usize::from(self.left);
        let all = low_bits(n) as u32;
        match self.middle {
            Some(m) => {
                let m = usize::from(m);
                (Side::around(n, a, m), (all & !self.rows & !(1 << m), a + 1))
            }
            None => (Side::between(n, a), (all & !self.rows, a)),
        }
    }

    /// The disjoint pairs of the left keys and the right keys (`right`: the
    /// right rows and first column), and the nodes of listing each side
    /// once. The sides are listed in parts of at most `most` keys each
    /// (the whole sides, if they fit): each part of the left joined with
    /// every part of the right, the right listed again for each part of
    /// the left unless it is one part.
    fn count_parts(
        &self,
        side: &Side,
        right: (u32, usize),
        most: usize,
        scratch: &mut HalfScratch,
    ) -> Result<Counted, OverCap> {
        let HalfScratch {
            left: lefts,
            right: rights,
            quarters,
            join,
            ledger,
        } = scratch;
        let (n, a) = (side.n(), usize::from(self.left));
        let (mut nodes, mut again) = (0, 0);
        let (mut pairs, mut joins, mut longest) = (0, 0, 0);
        // The right side, when one part holds it: listed once, kept.
        let mut whole_right = None;
        let mut right_counted = false;
        let mut left_from = Some(0);
        while let Some(from) = left_from {
            // Each part's listing places the side's queens again: the
            // nodes are the first part's.
            let counter = if from == 0 { &mut nodes } else { &mut again };
            let part = Part { from, most };
            let l = side.list_joined(self.rows, 0, a, part, lefts, quarters, ledger, 0, counter)?;
            left_from = l.next;
            if l.len == 0 {
                continue;
            }
            let mut right_from = Some(0);
            while let Some(from) = right_from {
                let r = match whole_right {
                    Some(len) => Listed { len, next: None },
                    None => {
                        let counter = if from == 0 && !right_counted {
                            right_counted = true;
                            &mut nodes
                        } else {
                            &mut again
                        };
                        let part = Part { from, most };
                        let (rows, lo) = right;
                        side.list_joined(rows, lo, n, part, rights, quarters, ledger, 1, counter)?
                    }
                };
                if from == 0 && r.next.is_none() {
                    whole_right = Some(r.len);
                }
                right_from = r.next;
                join.reserve(l.len.max(r.len), ledger)?;
                let (x, y) = (&mut lefts[..l.len], &mut rights[..r.len]);
                pairs += disjoint_pairs(x, y, side.key_bits(), join, ledger)?;
                joins += 1;
                longest = longest.max(l.len).max(r.len);
            }
        }
        Ok(Counted {
            pairs,
            nodes,
            joins,
            longest,
        })
    }
}

/// What [`RowSet::count_parts`] counted: the disjoint pairs, the nodes of
/// listing each side once, how many pairs of parts it joined (one if both
/// sides were whole) and the most keys a part held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Counted {
    pairs: u64,
    nodes: u64,
    joins: u64,
    longest: usize,
}

/// Bytes planned for each key of a part when the lists would pass a cap:
/// 8 in its list, 8 for the other side's key it is joined with, and 32 for
/// the join (its wide cuts and its stack of 32-bit keys hold 32 bytes for
/// each key of the longer list; measured at n = 26; with AVX2, whose wide
/// cuts are in place, 8 fewer, left to the margin), and a margin.
const KEY_BYTES: usize = 56;

/// Parts of fewer keys are not worth counting in: a cap that leaves no
/// room for them is refused (small, so that small boards' tests can count
/// in many parts; at n = 28 a cap is refused for the quarters long before).
const FEWEST_KEYS: usize = 16;

impl SplitPart for RowSet {
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

    /// Keys a part of a side may hold under `cap` (no bound without
    /// one): what the quarters leave, at [`KEY_BYTES`] a key.
    fn keys_within(&self, cap: usize) -> usize {
        if cap == usize::MAX {
            return usize::MAX;
        }
        let keys = 8 * (self.left.capacity() + self.right.capacity()) + self.join.bytes();
        cap.saturating_sub(self.ledger.held - keys) / KEY_BYTES
    }

    /// Gives back the buffers of the keys and of the join.
    fn release_keys(&mut self) {
        self.ledger.release(&mut self.left);
        self.ledger.release(&mut self.right);
        self.join.release(&mut self.ledger);
    }

    /// Gives back all its buffers hold.
    fn release(&mut self) {
        self.release_keys();
        self.quarters.release(&mut self.ledger);
        debug_assert_eq!(self.ledger.held, 0);
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
    fn parts_of_any_size_count_what_the_whole_sides_count() {
        let (mut checked, mut parted) = (0, 0);
        for (n, left, every) in [
            (12, 6, 3),
            (13, 6, 17),
            (14, 7, 11),
            (15, 7, 97),
            (16, 8, 89),
        ] {
            let board = Board::new(n).unwrap();
            let split = HalfSplit::new(board, left).unwrap();
            let mut scratch = HalfScratch::default();
            scratch.ledger.cap = usize::MAX;
            for s in split.subproblems().iter().step_by(every) {
                let (side, right) = s.sides(board);
                let whole = s
                    .count_parts(&side, right, usize::MAX, &mut scratch)
                    .unwrap();
                assert_eq!(whole.joins, u64::from(whole.longest > 0));
                let tally = Tally {
                    solutions: whole.pairs * u64::from(s.weight),
                    nodes: whole.nodes + u64::from(s.middle.is_some()),
                };
                assert_eq!(tally, s.count(board));
                let tiny: &[usize] = if n <= 13 { &[16, 1] } else { &[16] };
                let halves = [whole.longest / 2 + 1, whole.longest / 3 + 1];
                for &most in halves.iter().chain(tiny) {
                    let c = s.count_parts(&side, right, most, &mut scratch).unwrap();
                    let same = (c.pairs, c.nodes);
                    assert_eq!(same, (whole.pairs, whole.nodes), "n = {n}, {s:?}, {most}");
                    checked += 1;
                    parted += usize::from(c.joins > 1);
                }
            }
        }
        assert!(
            checked > 500 && parted > checked / 2,
            "{parted} of {checked}"
        );
    }

    /// One scratch taken through row sets of several boards and splits in
    /// turn counts what a fresh one counts: what it keeps (the upper lists,
    /// packed for their board and columns; the lower rows) never serves
    /// another board.
    #[test]
    fn a_scratch_reused_across_boards_counts_what_a_fresh_one_counts() {
        let mut shared = HalfScratch::default();
        let mut checked = 0;
        for round in 0..2 {
            for (n, left) in [(16, 8), (14, 7), (14, 6), (15, 7), (13, 6), (16, 7)] {
                let board = Board::new(n).unwrap();
                let split = HalfSplit::new(board, left).unwrap();
                for s in split.subproblems().iter().skip(round).step_by(41) {
                    let fresh = s.count(board);
                    assert_eq!(s.count_in(board, &mut shared), fresh, "n = {n}, {s:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 200, "{checked}");
    }

    #[test]
    fn a_capped_count_holds_at_most_its_cap_and_counts_right_or_refuses() {
        for (n, left) in [(12, 6), (13, 6), (14, 7), (13, 4), (16, 8)] {
            let board = Board::new(n).unwrap();
            let split = HalfSplit::new(board, left).unwrap();
            // Each row set's count, and what it holds counted whole alone.
            let (expected, needs): (Vec<Tally>, Vec<usize>) = split
                .subproblems()
                .iter()
                .map(|s| {
                    let mut alone = HalfScratch::default();
                    (s.count_in(board, &mut alone), alone.held())
                })
                .unzip();
            let most = *needs.iter().max().unwrap();
            let (mut refused, mut counted, mut parted) = (0, 0, 0);
            for cap in [
                0,
                100,
                most / 64,
                most / 8,
                most / 4,
                most / 2,
                most - 1,
                most,
                2 * most,
            ] {
                // One scratch through every row set, as a thread keeps it.
                let mut scratch = HalfScratch::default();
                for ((s, want), &need) in split.subproblems().iter().zip(&expected).zip(&needs) {
                    match s.count_capped(board, &mut scratch, cap) {
                        Ok(t) => {
                            assert_eq!(t, *want, "n = {n}, cap {cap}");
                            counted += 1;
                            parted += usize::from(cap < need);
                        }
                        Err(e) => {
                            assert_eq!(e, Error::OverBudget { cap: cap as u64 });
                            // At n = 16, where the keys outweigh the
                            // quarters (never listed in parts: 80 % of
                            // what n = 12 holds), more than half of the
                            // most any row set holds is room enough for
                            // parts (half is not with the AVX-512 join,
                            // whose larger blocks hold less of the join's
                            // stack: 183,218 of 366,436 bytes). (On the
                            // smaller boards a scratch kept from row set to
                            // row set may refuse, under a cap of a few KB,
                            // a row set it would count afresh.)
                            assert!(n < 16 || cap <= most / 2, "n = {n}: {cap} of {most}");
                            assert!(cap < 2 * need, "n = {n}: {cap} of {need} refused");
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
            // Some counted in parts under a cap their whole lists pass.
            assert!(
                refused > 0 && parted > 0,
                "n = {n}: {refused} refused, {parted} of {counted} counted in parts"
            );
        }
    }
}
