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
//! whole process at n = 20 on two threads; 100 to 500 million keys, 1 to
//! 4 GB, at n = 28), and it can be capped: [`RowSet::count_capped`] grows
//! every buffer through one ledger and stops before passing the cap. Under
//! a cap the shorter side is listed whole and the longer one in passes,
//! each keeping the keys of some classes of the join's first cut bits,
//! each class joined with the other side's keys clear of its bits: the
//! whole join's top cuts made first, at about its CPU (n = 26 under
//! 512 MB: 1.02 times the uncapped count; parts of the sides cut as
//! listed, the fallback, 1.7 times).

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
use join::{disjoint_pairs, first_cuts, JoinScratch};
use rows::low_bits;

pub use rows::RowSet;
use side::{Classes, Listed, Part, QuarterScratch, Side};

pub use recount::{recount, Recount};
pub use rows::HalfSplit;
pub use thin::{pick, Descended, Listing};

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
            // Under a cap, the classes' join while its plan holds (at most
            // two misses), then parts of the sides. Under a cap too tight
            // to keep the upper lists (1.5 MiB), parts of the sides only:
            // each of the classes' 256 sampled listings would list its
            // upper rows anew (n = 18 on 4 threads in 3.75 MiB took over a
            // minute in a debug build, where the parts take seconds).
            //
            // A row set whose sides fit whole is counted whole, as with no
            // cap, and nothing is sampled: most row sets fit, and the
            // classes' sampling and passes cost a small row set more than
            // its count (count 18 on 2 threads took 1.45 times as long
            // when every row set went through them). Only a side that
            // does not fit in one part turns the row set to the classes,
            // the part listed so far thrown away.
            let tight = !uppers::kept_under(cap);
            let parts = |this: &Self, scratch: &mut HalfScratch| {
                this.count_parts(&side, right, most, false, scratch)
                    .map(|c| c.expect("parts are counted whatever their size"))
            };
            let counted = if most == usize::MAX || misses > 2 || tight {
                parts(self, scratch)
            } else {
                match self.count_parts(&side, right, most, true, scratch) {
                    Ok(Some(c)) => Ok(c),
                    Ok(None) => {
                        match self.count_classes(&side, right, (misses, usize::MAX), scratch) {
                            Ok(Some(c)) => Ok(c),
                            Ok(None) => parts(self, scratch),
                            Err(e) => Err(e),
                        }
                    }
                    Err(e) => Err(e),
                }
            };
            match counted {
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
    /// the left unless it is one part. With `whole_only`, `None` as soon
    /// as a side does not fit in one part.
    fn count_parts(
        &self,
        side: &Side,
        right: (u32, usize),
        most: usize,
        whole_only: bool,
        scratch: &mut HalfScratch,
    ) -> Result<Option<Counted>, OverCap> {
        let HalfScratch {
            left: lefts,
            right: rights,
            quarters,
            join,
            ledger,
            ..
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
            let part = Part {
                from,
                most,
                keep: None,
            };
            let l = side.list_joined(self.rows, 0, a, part, lefts, quarters, ledger, 0, counter)?;
            if whole_only && l.next.is_some() {
                return Ok(None);
            }
            left_from = l.next;
            if l.len == 0 {
                continue;
            }
            let mut right_from = Some(0);
            while let Some(from) = right_from {
                let r = match whole_right {
                    Some(len) => Listed {
                        len,
                        next: None,
                        uppers: 0,
                    },
                    None => {
                        let counter = if from == 0 && !right_counted {
                            right_counted = true;
                            &mut nodes
                        } else {
                            &mut again
                        };
                        let part = Part {
                            from,
                            most,
                            keep: None,
                        };
                        let (rows, lo) = right;
                        side.list_joined(rows, lo, n, part, rights, quarters, ledger, 1, counter)?
                    }
                };
                if from == 0 && r.next.is_none() {
                    whole_right = Some(r.len);
                }
                if whole_only && r.next.is_some() {
                    return Ok(None);
                }
                right_from = r.next;
                join.reserve(l.len.max(r.len), ledger)?;
                let (x, y) = (&mut lefts[..l.len], &mut rights[..r.len]);
                pairs += disjoint_pairs(x, y, side.key_bits(), join, ledger)?;
                joins += 1;
                longest = longest.max(l.len).max(r.len);
            }
        }
        Ok(Some(Counted {
            pairs,
            nodes,
            joins,
            longest,
        }))
    }
}

impl RowSet {
    /// The disjoint pairs of the two sides under the ledger's cap, by the
    /// join's own cuts: the side a sample says is shorter (`b`) is listed
    /// whole; the other (`a`) is cut into cells by the first bits of the
    /// join's cut order that split it, a cell cut again only while it would
    /// not fit its room ([`Cells`]), and listed in passes, each keeping the
    /// keys of some cells (every pass lists the whole side again); each
    /// cell is joined with the keys of `b` clear of its bits. A cap costs
    /// the extra passes' listings and the cuts forced on `a` above the
    /// whole join's own. `None` when `b` does not fit whole in the room
    /// the plan gives it (after `misses` failed plans, the plans leave
    /// more room to spare); a pass holds at most `most` keys of `a` (the
    /// room, if less). The nodes are those of listing each side once.
    fn count_classes(
        &self,
        side: &Side,
        right: (u32, usize),
        (misses, most): (usize, usize),
        scratch: &mut HalfScratch,
    ) -> Result<Option<Counted>, OverCap> {
        let HalfScratch {
            left: lefts,
            right: rights,
            quarters,
            join,
            ledger,
            samples,
        } = scratch;
        let (n, a) = (side.n(), usize::from(self.left));
        let (rows, lo) = right;
        let sides = [(self.rows, 0, a, 0), (rows, lo, n, 1)];
        // How many keys each side has, and a few of them, from a sample
        // of its upper placements (in the buffers of its keys).
        ledger.release(samples);
        let mut estimates = [0; 2];
        let mut took = [0; 2];
        for (i, &what) in sides.iter().enumerate() {
            let out = if i == 0 { &mut *lefts } else { &mut *rights };
            estimates[i] = sample_side(side, what, out, quarters, ledger, samples)?;
            took[i] = samples.len();
        }
        // `b` the side listed whole, `a` the one listed in passes.
        let b_left = estimates[0] <= estimates[1];
        let (ai, bi) = if b_left { (1, 0) } else { (0, 1) };
        let (a_buf, b_buf) = if b_left {
            (rights, lefts)
        } else {
            (lefts, rights)
        };
        let (a_sample, b_sample) = {
            let (left, right) = samples.split_at(took[0]);
            if b_left {
                (right, left)
            } else {
                (left, right)
            }
        };
        // The room for keys: the cap less what the quarters and the
        // samples hold, less a share kept for the join's stack (more
        // after each missed plan).
        let spare = [16, 4, 2][misses.min(2)];
        let keys_bytes = 8 * (a_buf.capacity() + b_buf.capacity()) + join.bytes();
        let fixed = ledger.held - keys_bytes;
        let room = ledger.cap.saturating_sub(fixed);
        let room = (room - room / spare) / 8;
        // `b` whole, in at most three quarters of the room.
        let mut nodes = 0;
        let (b_rows, b_lo, b_hi, b_slot) = sides[bi];
        let part = Part {
            from: 0,
            most: room - room / 4,
            keep: None,
        };
        // The buffers are kept from one row set to the next (given back
        // and grown anew, their pages were faulted in again at every row
        // set: at n = 28 a shard under 2 GiB spent 7 % of its CPU in the
        // system, its twin with no cap 1 %). The larger buffer serves `a`
        // (what the sample listed in them is in `samples` now), trimmed
        // to leave `b` the room the sample says it needs (listed past it,
        // the plan misses and is made again with every buffer given
        // back).
        if b_buf.capacity() > a_buf.capacity() {
            std::mem::swap(a_buf, b_buf);
        }
        b_buf.clear();
        a_buf.clear();
        let b_needs = estimates[bi] + estimates[bi] / 8 + 1;
        ledger.shrink_to(a_buf, room.saturating_sub(b_needs.max(b_buf.capacity())));
        let b = side.list_joined(
            b_rows, b_lo, b_hi, part, b_buf, quarters, ledger, b_slot, &mut nodes,
        )?;
        if b.next.is_some() {
            return Ok(None);
        }
        b_buf.truncate(b.len);
        ledger.shrink(b_buf);
        if b_left && b.len == 0 {
            // No left keys: the right side is not listed (its nodes are
            // not counted), as where the sides are listed in parts.
            return Ok(Some(Counted {
                pairs: 0,
                nodes,
                joins: 0,
                longest: 0,
            }));
        }
        let b_nodes = nodes;
        // The cells of `a`, cut no deeper than its room needs (none: `a`
        // whole in one pass, the whole join). Until 2026-11-28 `a` was cut
        // into the classes of the order's first bits, as many for every
        // class: most of those bits were held by every key of `a` (they
        // only thin `b`), so a side still did not fit after six and was
        // listed in ranges: n = 28 row set 0xf3278d (96 M x 216 M keys)
        // under 2 GiB took 184 s against 130 s whole (the pilot's shard
        // 170411: 1.43 times); with cells of the bits that split `a`,
        // 148 s (three cells; results/2026-11-28-p18-cells).
        a_buf.clear();
        let keys_bytes = 8 * (a_buf.capacity() + b_buf.capacity()) + join.bytes();
        let room_a = ledger.cap.saturating_sub(ledger.held - keys_bytes) / 8;
        let room_a = (room_a - room_a / spare).saturating_sub(b.len).min(most);
        // `a`'s buffer kept, trimmed to its room.
        ledger.shrink_to(a_buf, room_a.max(FEWEST_KEYS));
        let bits = side.key_bits();
        // The join's cut order, less the bits that do not split `a` (held
        // by almost all of its keys or almost none: the first few cuts of
        // the order often only thin `b`, which each cell's join does).
        let splits = |b: &u32| {
            let held = a_sample.iter().filter(|&&k| k >> b & 1 == 1).count();
            (a_sample.len() / 16..=a_sample.len() - a_sample.len() / 16).contains(&held)
        };
        let cuts: Vec<u32> = first_cuts(a_sample, b_sample, bits, 64)
            .into_iter()
            .filter(splits)
            .take(Classes::MOST)
            .collect();
        // The cells: `a` cut on the join's first bits only where a part
        // would not fit, as the whole join's top cuts would cut it
        // (the pairs of a cell are those with `b`'s keys clear of the
        // bits the cell holds). Each cell is joined whole.
        let cells = Cells::plan(&cuts, a_sample, estimates[ai], room_a);
        let classes = cells.classes;
        // The passes: cells in order, as many a pass as the room holds.
        let mut passes: Vec<(u64, Vec<usize>)> = Vec::new();
        let mut held = 0usize;
        for (i, &(_, share)) in cells.leaves.iter().enumerate() {
            let mask = cells.mask(i);
            match passes.last_mut() {
                Some((m, of)) if held + share <= room_a => {
                    *m |= mask;
                    of.push(i);
                    held += share;
                }
                _ => {
                    passes.push((mask, vec![i]));
                    held = share;
                }
            }
        }
        let (a_rows, a_lo, a_hi, a_slot) = sides[ai];
        let (mut pairs, mut joins, mut longest, mut again) = (0, 0, b.len, 0);
        let mut a_keys = 0;
        for (i, (mask, of)) in passes.iter().enumerate() {
            let mut from = Some(0);
            while let Some(f) = from {
                // The side's nodes once: the first pass's first listing.
                let counter = if i == 0 && f == 0 {
                    &mut nodes
                } else {
                    &mut again
                };
                let part = Part {
                    from: f,
                    most: room_a.max(FEWEST_KEYS),
                    keep: Some((classes, *mask)),
                };
                let l = side.list_joined(
                    a_rows, a_lo, a_hi, part, a_buf, quarters, ledger, a_slot, counter,
                )?;
                from = l.next;
                a_keys += l.len;
                longest = longest.max(l.len);
                let keys = &mut a_buf[..l.len];
                let starts = sort_into(keys, cells.leaves.len(), |k| cells.leaf_of(k));
                join.reserve_cuts(l.len.max(b.len), ledger)?;
                let b_keys = &mut b_buf[..b.len];
                for &leaf in of {
                    let (s, e) = (starts[leaf], starts[leaf + 1]);
                    if s == e {
                        continue;
                    }
                    let clear = clear_first(b_keys, cells.ones(leaf));
                    let (x, y) = (&mut keys[s..e], &mut b_keys[..clear]);
                    pairs += disjoint_pairs(x, y, bits, join, ledger)?;
                }
                joins += 1;
            }
        }
        if a_keys == 0 {
            // No left keys: only the left side's nodes, as above.
            nodes -= b_nodes;
        }
        Ok(Some(Counted {
            pairs,
            nodes,
            joins,
            longest,
        }))
    }
}

/// Upper placements a side's sample lists the keys of (all, if it has no
/// more): its estimate of the side's keys was within 2 % at n = 26.
const SAMPLED: usize = 256;

/// Keys the sample keeps of each side, at most: enough to rank the join's
/// first cuts and to see how the keys fall into their classes. (Until
/// 2026-11-28 both sides shared them: a side listed whole in one go took
/// all, the other's share was estimated from no key at all.)
const SAMPLE_KEYS: usize = 2048;

/// Lists the keys of [`SAMPLED`] upper placements of a side spread over
/// all of them, into `out`; pushes up to [`SAMPLE_KEYS`] of them to
/// `samples` and returns the side's keys as the sample estimates them
/// (exactly, if the side is listed whole in one go).
fn sample_side(
    side: &Side,
    what: (u32, usize, usize, usize),
    out: &mut Vec<u64>,
    quarters: &mut QuarterScratch,
    ledger: &mut Ledger,
    samples: &mut Vec<u64>,
) -> Result<usize, OverCap> {
    // Keeps up to SAMPLE_KEYS of a whole side's keys, SAMPLE_KEYS /
    // SAMPLED of each placement's, spread (this side's at most
    // SAMPLE_KEYS: the other side's are kept too).
    let ends = samples.len() + SAMPLE_KEYS;
    let keep = |keys: &[u64], whole: bool, l: &mut Ledger| {
        let most = if whole {
            SAMPLE_KEYS
        } else {
            SAMPLE_KEYS / SAMPLED
        };
        let take = keys.len().min(most).min(ends.saturating_sub(samples.len()));
        l.room(samples, take)?;
        let stride = (keys.len() / take.max(1)).max(1);
        samples.extend(keys.iter().step_by(stride).take(take));
        Ok(())
    };
    let sampled = side.sample(what, SAMPLED, out, quarters, ledger, keep)?;
    Ok(sampled.keys())
}

/// The cells a capped count cuts the listed-in-passes side into: the
/// classes of the join's first cut bits, cut no deeper than needed for
/// each to fit its room. A cell is the keys whose first `depth` cut bits
/// are those of its prefix; the cells, in order, cover every key once.
struct Cells {
    /// The classes of the deepest cell's bits.
    classes: Classes,
    /// Each cell's depth and prefix, and its share of the side (the
    /// sample's estimate, plus an eighth).
    leaves: Vec<((usize, usize), usize)>,
    /// Each class's cell.
    cell_of: [u8; 1 << Classes::MOST],
}

impl Cells {
    /// Cuts a side of about `keys` keys (`sample` a few of them) on the
    /// bits `cuts` in order, a cell in two while its share passes `room`
    /// (a cell of all the bits is not cut further).
    fn plan(cuts: &[u32], sample: &[u64], keys: usize, room: usize) -> Cells {
        let full = Classes::new(cuts);
        let mut in_class = [0usize; 1 << Classes::MOST];
        for &k in sample {
            in_class[full.of(k)] += 1;
        }
        let share = |depth: usize, prefix: usize| {
            let low = (1 << depth) - 1;
            let of_cell: usize = (0..full.count())
                .filter(|&c| c & low == prefix)
                .map(|c| in_class[c])
                .sum();
            let est = keys as u128 * of_cell as u128 / sample.len().max(1) as u128;
            // Slightly more than the sample says: 1 + 1/8.
            (est + est / 8 + 1) as usize
        };
        let depth_most = cuts.len().min(Classes::MOST);
        let mut leaves = Vec::new();
        let mut todo = vec![(0, 0)];
        while let Some((depth, prefix)) = todo.pop() {
            let s = share(depth, prefix);
            if depth == depth_most || s <= room {
                leaves.push(((depth, prefix), s));
            } else {
                todo.push((depth + 1, prefix | 1 << depth));
                todo.push((depth + 1, prefix));
            }
        }
        let deepest = leaves.iter().map(|&((d, _), _)| d).max().unwrap_or(0);
        let classes = Classes::new(&cuts[..deepest]);
        let mut cell_of = [0u8; 1 << Classes::MOST];
        for (c, cell) in cell_of.iter_mut().enumerate().take(classes.count()) {
            let i = leaves
                .iter()
                .position(|&((d, p), _)| c & ((1 << d) - 1) == p);
            *cell = i.expect("the cells cover every class") as u8;
        }
        Cells {
            classes,
            leaves,
            cell_of,
        }
    }

    /// The cell of `key`.
    #[inline(always)]
    fn leaf_of(&self, key: u64) -> usize {
        usize::from(self.cell_of[self.classes.of(key)])
    }

    /// The classes of cell `i` (bit `c` for class `c`).
    fn mask(&self, i: usize) -> u64 {
        let of = |c: &usize| usize::from(self.cell_of[*c]) == i;
        (0..self.classes.count())
            .filter(of)
            .fold(0, |m, c| m | 1 << c)
    }

    /// The key bits cell `i` holds.
    fn ones(&self, i: usize) -> u64 {
        let ((_, prefix), _) = self.leaves[i];
        self.classes.ones(prefix)
    }
}

/// Sorts `keys` into `count` buckets by `bucket` (an American flag sort,
/// in place); returns where each bucket starts, and where the last ends.
fn sort_into(
    keys: &mut [u64],
    count: usize,
    bucket: impl Fn(u64) -> usize,
) -> [usize; (1 << Classes::MOST) + 1] {
    let mut starts = [0usize; (1 << Classes::MOST) + 1];
    for &k in keys.iter() {
        starts[bucket(k) + 1] += 1;
    }
    for c in 0..count {
        starts[c + 1] += starts[c];
    }
    starts[count + 1..].fill(keys.len());
    // Each bucket's next free slot; keys are swapped into place.
    let mut next = starts;
    for c in 0..count {
        let end = starts[c + 1];
        while next[c] < end {
            let k = keys[next[c]];
            let d = bucket(k);
            if d == c {
                next[c] += 1;
            } else {
                keys.swap(next[c], next[d]);
                next[d] += 1;
            }
        }
    }
    starts
}

/// Moves the keys without any of the bits `bits` to the front of `keys`
/// (in place); returns how many.
fn clear_first(keys: &mut [u64], bits: u64) -> usize {
    let mut clear = 0;
    for i in 0..keys.len() {
        if keys[i] & bits == 0 {
            keys.swap(i, clear);
            clear += 1;
        }
    }
    clear
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
    /// A few keys of each side, for the capped count's plan.
    samples: Vec<u64>,
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
        let keys = 8 * (self.left.capacity() + self.right.capacity() + self.samples.capacity())
            + self.join.bytes();
        cap.saturating_sub(self.ledger.held - keys) / KEY_BYTES
    }

    /// Gives back the buffers of the keys and of the join.
    fn release_keys(&mut self) {
        self.ledger.release(&mut self.left);
        self.ledger.release(&mut self.right);
        self.ledger.release(&mut self.samples);
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
                    .count_parts(&side, right, usize::MAX, false, &mut scratch)
                    .unwrap()
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
                    let c = s
                        .count_parts(&side, right, most, false, &mut scratch)
                        .unwrap()
                        .unwrap();
                    // Asked for whole sides only: counted alike when both
                    // fit in one part, else refused.
                    let whole_only = s
                        .count_parts(&side, right, most, true, &mut scratch)
                        .unwrap();
                    assert_eq!(
                        whole_only.map(|w| (w.pairs, w.nodes)),
                        (c.joins <= 1).then_some((c.pairs, c.nodes))
                    );
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

    /// The capped count's join by classes against the whole count, on row
    /// sets of n = 12 to 16 with room for a half to a tenth of the longer
    /// side a pass: the same solutions and nodes, the longer side listed
    /// in several passes for most.
    #[test]
    fn the_classes_join_counts_what_the_whole_join_counts() {
        let (mut checked, mut passes) = (0, 0);
        for (n, left, every) in [
            (12, 6, 2),
            (13, 6, 13),
            (14, 7, 7),
            (15, 7, 61),
            (16, 8, 53),
        ] {
            let board = Board::new(n).unwrap();
            let split = HalfSplit::new(board, left).unwrap();
            for s in split.subproblems().iter().step_by(every) {
                let mut alone = HalfScratch::default();
                let want = s.count_in(board, &mut alone);
                let (side, right) = s.sides(board);
                let longer = alone.left.capacity().max(alone.right.capacity());
                for part in [2, 4, 10] {
                    let mut scratch = HalfScratch::default();
                    scratch.ledger.cap = usize::MAX;
                    let most = (longer / part).max(FEWEST_KEYS);
                    let c = s.count_classes(&side, right, (0, most), &mut scratch);
                    let c = c.unwrap().unwrap();
                    let tally = Tally {
                        solutions: c.pairs * u64::from(s.weight),
                        nodes: c.nodes + u64::from(s.middle.is_some()),
                    };
                    assert_eq!(tally, want, "n = {n}, {s:?}, at most {most} keys");
                    checked += 1;
                    passes += usize::from(c.joins > 1);
                }
            }
        }
        assert!(
            checked > 300 && passes > checked / 3,
            "{passes} of {checked}"
        );
    }

    /// Every row set of n = 4 to 14 counted under caps that force the
    /// capped paths (a scratch kept from row set to row set, as a thread
    /// keeps it) adds up to the published totals: parts of the sides under
    /// the tight caps, classes under 4 MiB.
    #[test]
    fn capped_counts_add_up_to_the_published_totals() {
        for n in 4..=14 {
            let board = Board::new(n).unwrap();
            let split = HalfSplit::new(board, n / 2).unwrap();
            for cap in [96 << 10, 1 << 20, 4 << 20] {
                let mut scratch = HalfScratch::default();
                let total: u64 = split
                    .subproblems()
                    .iter()
                    .map(|s| {
                        let t = s.count_capped(board, &mut scratch, cap);
                        assert!(scratch.held() <= cap);
                        t.unwrap_or_else(|e| panic!("n = {n}, cap {cap}: {e:?}"))
                            .solutions
                    })
                    .sum();
                assert_eq!(u128::from(total), oeis::TOTAL[n], "n = {n}, cap {cap}");
            }
        }
    }

    /// Row sets of n = 18 under caps that leave a pass no room for the
    /// longer side whole: joined in cells, in more than one pass, they
    /// give the whole join's pairs.
    #[test]
    fn cells_count_what_the_whole_join_counts() {
        let board = Board::new(18).unwrap();
        let split = HalfSplit::new(board, 9).unwrap();
        let (mut counted, mut passes) = (0, 0);
        for s in split.subproblems().iter().step_by(split.len() / 32) {
            let mut alone = HalfScratch::default();
            let whole = s.count_in(board, &mut alone);
            let need = alone.held();
            // Less than the longer list and the join's buffers: a pass
            // cannot hold the longer side whole.
            let longer = 8 * alone.left.capacity().max(alone.right.capacity());
            let cut = longer + alone.join.bytes();
            for cap in [need - cut / 2, need - cut * 3 / 4, need - cut * 7 / 8] {
                // As `count_capped` plans: more room to spare after a miss.
                for misses in 0..3 {
                    let mut scratch = HalfScratch::default();
                    scratch.ledger.cap = cap;
                    let (side, right) = s.sides(board);
                    let r = s.count_classes(&side, right, (misses, usize::MAX), &mut scratch);
                    assert!(scratch.held() <= cap);
                    if let Ok(Some(c)) = r {
                        assert_eq!(
                            c.pairs * u64::from(s.weight),
                            whole.solutions,
                            "{s:?} {cap}"
                        );
                        counted += 1;
                        passes += usize::from(c.joins > 1);
                        break;
                    }
                }
            }
        }
        // (20 of 26 in more than one pass when written.)
        assert!(counted > 15 && passes > 10, "{passes} of {counted}");
    }

    /// The cells cover every class once, in order, each within its room
    /// unless it holds every bit; a bit the sample's keys all share is
    /// never needed to split them.
    #[test]
    fn cells_cover_every_class_once_and_fit_their_room() {
        let mut next = super::xorshift::xorshift(7);
        // Keys of 40 bits: bits 0 and 1 in every key, the others random.
        let sample: Vec<u64> = (0..2048).map(|_| next() & ((1 << 40) - 1) | 3).collect();
        let cuts = [5, 9, 13, 17, 21, 30];
        for (keys, room) in [
            (1000, 2000),
            (1000, 600),
            (100_000, 30_000),
            (1 << 30, 1000),
        ] {
            let cells = Cells::plan(&cuts, &sample, keys, room);
            let mut all = 0u64;
            for (i, &((depth, prefix), share)) in cells.leaves.iter().enumerate() {
                let mask = cells.mask(i);
                assert_eq!(all & mask, 0, "a class in two cells");
                all |= mask;
                assert!(
                    share <= room || depth == cuts.len(),
                    "{keys} {room}: {share}"
                );
                assert_eq!(cells.ones(i).count_ones(), prefix.count_ones());
            }
            let classes = cells.classes.count();
            assert_eq!(all, u64::MAX >> (64 - classes), "{keys} {room}");
            for &k in &sample[..64] {
                let i = cells.leaf_of(k);
                assert_ne!(cells.mask(i) >> cells.classes.of(k) & 1, 0);
            }
        }
        // Room for everything: one cell, no cut.
        let one = Cells::plan(&cuts, &sample, 1000, 1200);
        assert_eq!((one.leaves.len(), one.classes.count()), (1, 1));
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
