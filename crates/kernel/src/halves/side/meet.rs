//! Listing a side by a meet in the middle inside it: the placements of its
//! upper rows and of its lower rows listed apart and merged.

use super::super::join::Isa;
use super::super::merge::{sort_by_columns, Hit, LowerRows, Merge, Pack, Upper, MERGE_LANES};
use super::super::rows::{low_bits, row_numbers};
use super::super::uppers::Uppers;
use super::{Listed, Part, Side};
use crate::ledger::{Ledger, OverCap};

#[derive(Clone, Debug, Default)]
pub(in crate::halves) struct QuarterScratch {
    /// The lists of one word of diagonals, and of two (`wide_lists`).
    lists: Lists<u64>,
    wide_lists: Lists<u128>,
    /// The last lower rows' placements of each side, grouped by columns:
    /// row sets taken in index order often share their lower rows. `wide`
    /// for the boards whose diagonals take two words (n >= 23).
    lower: [LowerRows<u64>; 2],
    wide: [LowerRows<u128>; 2],
    /// The upper rows' placements of each side, kept (packed in one word
    /// of diagonals, or two: `wide_uppers`).
    uppers: [Uppers<u64>; 2],
    wide_uppers: [Uppers<u128>; 2],
}

impl QuarterScratch {
    /// Gives back all its buffers hold (the lower rows kept are forgotten).
    pub(in crate::halves) fn release(&mut self, ledger: &mut Ledger) {
        self.lists.release(ledger);
        self.wide_lists.release(ledger);
        for l in &mut self.lower {
            l.release(ledger);
        }
        for l in &mut self.wide {
            l.release(ledger);
        }
        for u in &mut self.uppers {
            u.release(ledger);
        }
        for u in &mut self.wide_uppers {
            u.release(ledger);
        }
    }

    /// Bytes its buffers hold (their capacities), for the probe.
    #[cfg(test)]
    pub(in crate::halves) fn bytes(&self) -> usize {
        fn cap<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        let lower = |l: &LowerRows<u64>| cap(&l.hits) + cap(&l.keys) + cap(&l.groups);
        let wide = |l: &LowerRows<u128>| cap(&l.hits) + cap(&l.keys) + cap(&l.groups);
        self.lists.bytes()
            + self.wide_lists.bytes()
            + self.lower.iter().map(lower).sum::<usize>()
            + self.wide.iter().map(wide).sum::<usize>()
            + self.uppers.iter().map(Uppers::bytes).sum::<usize>()
            + self.wide_uppers.iter().map(Uppers::bytes).sum::<usize>()
    }
}

/// The placements of a side's lower rows, the cursors of the counting
/// sort that groups them, and what a queen adds to a placement's word of
/// diagonals and key (see [`Side::quarter`]).
#[derive(Clone, Debug, Default)]
struct Lists<H> {
    bottom: Vec<Upper<H>>,
    at: Vec<u32>,
    marks: Vec<Marks<H>>,
}

/// What a queen adds to a placement of some rows of a side, in one row, by
/// column (numbered from the side's first): the bits of its diagonal and
/// anti-diagonal in the word ([`Pack::hit`]) and in the key
/// ([`Pack::key`]). A side listed by a meet in the middle has at most 20
/// columns.
type Marks<H> = [(H, u64); 32];

impl<H> Lists<H> {
    /// Gives back all its buffers hold.
    fn release(&mut self, ledger: &mut Ledger) {
        ledger.release(&mut self.bottom);
        ledger.release(&mut self.at);
        ledger.release(&mut self.marks);
    }

    /// Bytes its buffers hold (their capacities), for the probe.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.bottom.capacity() * std::mem::size_of::<Upper<H>>()
            + self.at.capacity() * std::mem::size_of::<u32>()
            + self.marks.capacity() * std::mem::size_of::<Marks<H>>()
    }
}

/// Room for the placements of a side's last two rows below one of the rows
/// above: at most 20 * 19 (two of at most 20 columns); a power of two.
const TWO_ROWS: usize = 512;

/// Sides of at least this many rows are listed by joining their upper and
/// lower rows' placements.
const JOIN_ROWS: usize = 6;

impl Side {
    /// What [`Side::list`] pushes, written to the front of `out`, which
    /// keeps its length from one row set to the next (the merge writes
    /// every candidate, so its buffer must be initialised, and zeroing it
    /// anew for each row set cost a tenth of the count at n = 16); returns
    /// how many. Made by a second meet in the middle inside the side: the placements of its upper rows and of its lower
    /// rows are listed apart (each over every set of columns), and each
    /// upper one is joined with the lower ones on the other columns whose
    /// diagonals it does not share. Far fewer queens are placed than by
    /// searching the side row by row; small sides are searched directly.
    ///
    /// A part of them, when memory is short: those joined from the upper
    /// placements `part.from` on, stopping before the `out` buffer passes
    /// `part.most` keys (but always past one upper placement); the
    /// [`Listed`] says where the next part starts. The parts of a side
    /// together hold its keys once, each part's listing adding the nodes
    /// of the whole side again (the caller keeps the first part's). Sides
    /// searched directly (fewer than six rows, at most 120 keys) are one
    /// part.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::halves) fn list_joined(
        &self,
        rows: u32,
        lo: usize,
        hi: usize,
        part: Part,
        out: &mut Vec<u64>,
        q: &mut QuarterScratch,
        ledger: &mut Ledger,
        slot: usize,
        nodes: &mut u64,
    ) -> Result<Listed, OverCap> {
        // Narrow sides only: the columns index a table of 2^width entries.
        if (rows.count_ones() as usize) < JOIN_ROWS || hi - lo > 20 {
            out.clear();
            self.list(rows, lo, hi, out, ledger, nodes)?;
            if let Some((classes, mask)) = part.keep {
                let kept = classes.filter(mask, out);
                out.truncate(kept);
            }
            return Ok(Listed {
                len: out.len(),
                next: None,
                uppers: 1,
            });
        }
        let QuarterScratch {
            lists,
            wide_lists,
            lower,
            wide,
            uppers,
            wide_uppers,
        } = q;
        let what = (rows, lo, hi, part);
        if 2 * self.span(lo, hi) <= <u64 as Hit>::BITS {
            let sides = (lists, &mut uppers[slot]);
            self.merge_rows(what, out, sides, &mut lower[slot], ledger, nodes)
        } else {
            let sides = (wide_lists, &mut wide_uppers[slot]);
            self.merge_rows(what, out, sides, &mut wide[slot], ledger, nodes)
        }
    }
    /// [`Side::list_joined`] with a placement's diagonals in one word of
    /// `H` (which must hold twice [`Side::span`] bits): the rows, the
    /// columns `lo..hi` and the part to list.
    fn merge_rows<H: Hit>(
        &self,
        (rows, lo, hi, part): (u32, usize, usize, Part),
        out: &mut Vec<u64>,
        (lists, uppers): (&mut Lists<H>, &mut Uppers<H>),
        lower: &mut LowerRows<H>,
        ledger: &mut Ledger,
        nodes: &mut u64,
    ) -> Result<Listed, OverCap> {
        // The upper placements are listed anew for each row set, the lower
        // ones kept while the next row set shares them: the upper rows are
        // the fewer, (k - 1) / 2 of k (3 of 8, 4 of 9 and of 10, 5 of 11).
        // Whole counts under callgrind: 8 rows as 3 + 5 count n = 16 and
        // 17 in 17 % and 19 % fewer instructions than as 4 + 4 (2 + 6:
        // 15 % more); 9 rows as 3 + 6 take 1.1 % more at n = 18 than as
        // 4 + 5. Listing both sides of 300 consecutive row sets (40 at
        // n = 21, 22): 10 rows as 4 + 6 take 49 % fewer at n = 20 and 9 %
        // fewer at n = 21 than as 5 + 5 (3 + 7: 11 % more than 4 + 6); 9
        // rows as 3 + 6 19 % more at n = 19; 11 rows as 4 + 7 4 % more at
        // n = 22 than as 5 + 6. From 12 rows (n >= 24) the halves stay
        // equal: the lower placements kept are what a row set holds most
        // of there (n = 28 under its 2 GB cap), and one row more would
        // multiply them; unmeasured, so unchanged.
        let k = rows.count_ones();
        let on_top = if k <= 10 {
            k.saturating_sub(1) / 2
        } else {
            k / 2
        };
        // At least one upper row (sides of at least JOIN_ROWS rows): the
        // lower groups' padding clashes only with placements that hold a
        // queen.
        debug_assert!(on_top > 0);
        let mut upper = 0u32;
        let mut rest = rows;
        for _ in 0..on_top {
            upper |= rest & rest.wrapping_neg();
            rest &= rest - 1;
        }
        let Lists { bottom, at, marks } = lists;
        let (w, pack) = (hi - lo, self.pack(lo, hi));
        let all = low_bits(w) as u32;
        let top = uppers.get(
            upper,
            (self.n, lo, hi, self.closed),
            ledger,
            nodes,
            |out, l, placed| {
                let count = self.quarter(upper, (lo, hi), &pack, marks, bottom, l, placed)?;
                sort_by_columns(&bottom[..count], all, at, out, l)
            },
        )?;
        let key = Some((rows & !upper, lo, hi, self.closed));
        if lower.key != key {
            // The lower placements grouped by their columns, named by their
            // key once complete.
            lower.key = None;
            lower.nodes = 0;
            let nodes = &mut lower.nodes;
            let lower_rows = rows & !upper;
            let count = self.quarter(lower_rows, (lo, hi), &pack, marks, bottom, ledger, nodes)?;
            lower.group_by_columns(&bottom[..count], all, at, ledger)?;
            lower.key = key;
        }
        // Counted as if listed again: the nodes of a row set do not depend
        // on the one counted before it.
        *nodes += lower.nodes;
        let isa = Isa::detect();
        let (mut len, mut t) = (0, part.from);
        // How far the merge may write: the part's bound, or one upper
        // placement's candidates if they alone pass it.
        let mut reach = part.most;
        loop {
            // Every candidate (an upper and a lower placement on
            // complementary columns) is written, and a vector's spill past
            // the last; the length only moves past the compatible ones. The
            // merge takes upper placements while the buffer has room for
            // all their candidates, so it holds the side's keys and one
            // placement's candidates, not all candidates (up to 500 times
            // the keys at n = 28).
            let m = Merge {
                top: &top[t..],
                lower,
            };
            let end = out.len().min(reach);
            let (kept, taken) = H::merge(isa, &m, &mut out[len..end]);
            // Of a part of some classes, only their keys move the length.
            let kept = match part.keep {
                Some((classes, mask)) => classes.filter(mask, &mut out[len..len + kept]),
                None => kept,
            };
            (len, t) = (len + kept, t + taken);
            let uppers = top.len();
            if t == uppers {
                return Ok(Listed {
                    len,
                    next: None,
                    uppers,
                });
            }
            let room = len + lower.group(top[t].free).len() + MERGE_LANES;
            if room > part.most && len > 0 {
                // The part is full: the next one starts here.
                return Ok(Listed {
                    len,
                    next: Some(t),
                    uppers,
                });
            }
            reach = part.most.max(room);
            if out.len() < room {
                // Doubled (within the part's bound): a side is merged in a
                // few calls.
                ledger.room_within(out, room - out.len(), part.most)?;
                out.resize(out.capacity(), 0);
            }
        }
    }

    /// Writes to the front of `out` every placement of one queen per row
    /// of `rows` on distinct columns of `lo..hi` attacked by no other nor
    /// by the middle queen, packed as `pack` packs it ([`Upper`]: its word
    /// of diagonals, its part of the key, the columns it leaves); returns
    /// how many. `out` only grows: what lies past them is stale.
    ///
    /// The placements are packed as they are made: each queen adds its
    /// row's and column's [`Marks`] (worked out first, in `marks`), and the
    /// search reads the squares a row has open from the word of diagonals
    /// itself. Packed from their diagonals as they were grouped (about 22
    /// instructions a placement, the shift counts reloaded from the stack),
    /// count 16 took 4.0 % more instructions, count 17 4.9 %.
    ///
    /// The last two rows are placed in two nested loops, written by index
    /// into room made beforehand: pushed one by one (a capacity check and
    /// a store of the length each, the loop's values spilled around the
    /// call that grows the buffer), the second row in the stack's loop,
    /// count 16 took 3.6 % more instructions, count 17 4.5 %.
    #[allow(clippy::too_many_arguments)]
    fn quarter<H: Hit>(
        &self,
        rows: u32,
        (lo, hi): (usize, usize),
        pack: &Pack,
        marks: &mut Vec<Marks<H>>,
        out: &mut Vec<Upper<H>>,
        ledger: &mut Ledger,
        nodes: &mut u64,
    ) -> Result<usize, OverCap> {
        let (n, span) = (self.n, pack.span);
        let all = low_bits(hi - lo);
        let k = rows.count_ones() as usize;
        // Makes `out` at least `len` long (its capacity, once grown).
        let room = |out: &mut Vec<Upper<H>>, len: usize, l: &mut Ledger| {
            if out.len() < len {
                l.room(out, len - out.len())?;
                out.resize(out.capacity(), Upper::default());
            }
            Ok(())
        };
        if k == 0 {
            room(out, 1, ledger)?;
            out[0] = Upper {
                hit: H::default(),
                key: 0,
                free: all as u32,
            };
            return Ok(1);
        }
        let row = row_numbers(rows);
        if marks.len() < k {
            ledger.room(marks, k - marks.len())?;
            marks.resize(k, [(H::default(), 0); 32]);
        }
        for (m, &r) in marks.iter_mut().zip(&row[..k]) {
            for (m, c) in m.iter_mut().zip(lo..hi) {
                let (diag, anti) = (1 << (c + n - 1 - r), 1 << (r + c));
                *m = (pack.hit(diag, anti), pack.key(diag, anti));
            }
        }
        // The middle queen's diagonals, where the side's columns reach them:
        // closed to every queen, and left out of what is written (no queen
        // sets them: `^ closed` clears them).
        let (d0, a0) = self.closed;
        let reach = low_bits(span);
        let closed = H::from((d0 >> lo) & reach) | (H::from((a0 >> lo) & reach) << span);
        // The squares of row `r` open on the columns `free`: those on
        // neither a diagonal nor an anti-diagonal the word `hit` holds
        // (column `j` is on the diagonal of its bit `j + n - 1 - r`, and
        // the anti-diagonal of its bit `span + r + j`).
        let opens = move |free: u64, hit: H, r: usize| {
            free & !((hit >> (n - 1 - r)) | (hit >> (span + r))).low()
        };
        if k == 1 {
            room(out, hi - lo, ledger)?;
            let mut o = opens(all, closed, row[0]);
            let mut len = 0;
            while o != 0 {
                let bit = o & o.wrapping_neg();
                o ^= bit;
                let (hit, key) = marks[0][bit.trailing_zeros() as usize & 31];
                out[len] = Upper {
                    hit,
                    key,
                    free: (all ^ bit) as u32,
                };
                len += 1;
            }
            *nodes += len as u64;
            return Ok(len);
        }
        // The last two rows' placements below one of the rows above (the
        // columns `free` left, its word `hit` and key `key`), in two nested
        // loops, their rows' marks and shift counts fixed: written to `to`,
        // which has room for them all (at most 20 * 19, two of at most 20
        // columns each; indices taken `& (TWO_ROWS - 1)`, no bounds checks);
        // returns how many, and the queens placed in the second row (the
        // last row's are those written).
        assert!(hi - lo <= 20, "columns {lo}..{hi}");
        let (second, last) = (row[k - 2], row[k - 1]);
        let (m2, m1) = (&marks[k - 2], &marks[k - 1]);
        let two = move |free: u64, hit: H, key: u64, to: &mut [Upper<H>; TWO_ROWS]| {
            let (mut len, mut placed) = (0, 0);
            let mut o2 = opens(free, hit, second);
            while o2 != 0 {
                let bit = o2 & o2.wrapping_neg();
                o2 ^= bit;
                placed += 1;
                let (hm, km) = m2[bit.trailing_zeros() as usize & 31];
                let (free, hit, key) = (free ^ bit, hit | hm, key | km);
                let mut o = opens(free, hit, last);
                let hit = hit ^ closed;
                while o != 0 {
                    let bit = o & o.wrapping_neg();
                    o ^= bit;
                    let (hm, km) = m1[bit.trailing_zeros() as usize & 31];
                    to[len & (TWO_ROWS - 1)] = Upper {
                        hit: hit | hm,
                        key: key | km,
                        free: (free ^ bit) as u32,
                    };
                    len += 1;
                }
            }
            (len, placed)
        };
        let (mut len, mut placed) = (0, 0);
        if k == 2 {
            room(out, TWO_ROWS, ledger)?;
            let to = out.first_chunk_mut().ok_or(OverCap)?;
            (len, placed) = two(all, closed, 0, to);
            *nodes += placed + len as u64;
            return Ok(len);
        }
        // The rows above by an explicit stack as in `list`, indices taken
        // `& 31`.
        let mut free = [0u64; 32];
        let mut hit = [H::default(); 32];
        let mut key = [0u64; 32];
        let mut open = [0u64; 32];
        (free[0], hit[0]) = (all, closed);
        open[0] = opens(all, closed, row[0]);
        let mut d = 0usize;
        loop {
            let o = open[d & 31];
            if o == 0 {
                if d == 0 {
                    break;
                }
                d -= 1;
                continue;
            }
            let bit = o & o.wrapping_neg();
            open[d & 31] = o ^ bit;
            placed += 1;
            let (hm, km) = marks[d][bit.trailing_zeros() as usize & 31];
            let fr = free[d & 31] ^ bit;
            let (h, ky) = (hit[d & 31] | hm, key[d & 31] | km);
            if d + 3 == k {
                if let Err(e) = room(out, len + TWO_ROWS, ledger) {
                    *nodes += placed + len as u64;
                    return Err(e);
                }
                let Some(to) = out[len..].first_chunk_mut() else {
                    return Err(OverCap);
                };
                let (written, second) = two(fr, h, ky, to);
                (len, placed) = (len + written, placed + second);
                continue;
            }
            d += 1;
            (free[d & 31], hit[d & 31], key[d & 31]) = (fr, h, ky);
            open[d & 31] = opens(fr, h, row[d & 31]);
        }
        *nodes += placed + len as u64;
        Ok(len)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::rows::for_subsets;
    use super::*;

    /// Checks `by_join` against the search on every `every`-th row set of
    /// each part (left and right columns) of each case; returns how many.
    fn agrees(
        cases: &[Case],
        every: u32,
        mut by_join: impl FnMut(&Side, u32, usize, usize, &mut Vec<u64>, &mut Ledger),
    ) -> usize {
        let mut checked = 0;
        for (side, middle, parts) in cases {
            let all = low_bits(side.n) as u32 & !middle.map_or(0, |m| 1 << m);
            for &(lo, hi) in parts {
                for_subsets(hi - lo, side.n, |rows| {
                    if rows & !all != 0 || rows % every != 0 {
                        return;
                    }
                    let (mut searched, mut joined) = (Vec::new(), Vec::new());
                    let ledger = &mut Ledger {
                        held: 0,
                        cap: usize::MAX,
                    };
                    side.list(rows, lo, hi, &mut searched, ledger, &mut 0)
                        .unwrap();
                    by_join(side, rows, lo, hi, &mut joined, ledger);
                    searched.sort_unstable();
                    joined.sort_unstable();
                    assert_eq!(searched, joined, "rows {rows:b}, columns {lo}..{hi}");
                    checked += 1;
                });
            }
        }
        checked
    }

    /// A side, the middle queen's row if any, and the columns of each part.
    type Case = (Side, Option<usize>, [(usize, usize); 2]);

    /// Sides of 14 x 14 and 13 x 13 (middle queen in row 3).
    fn small() -> [Case; 2] {
        [
            (Side::between(14, 7), None, [(0, 7), (7, 14)]),
            (Side::around(13, 6, 3), Some(3), [(0, 6), (7, 13)]),
        ]
    }

    #[test]
    fn joining_a_sides_upper_and_lower_rows_lists_what_the_search_lists() {
        let checked = agrees(&small(), 5, |side, rows, lo, hi, out, ledger| {
            let q = &mut QuarterScratch::default();
            let listed = side
                .list_joined(rows, lo, hi, Part::WHOLE, out, q, ledger, 0, &mut 0)
                .unwrap();
            assert_eq!(listed.next, None);
            out.truncate(listed.len);
        });
        assert!(checked > 400, "{checked}");
    }

    #[test]
    fn the_two_word_merge_of_large_boards_lists_what_the_search_lists() {
        // Forced on small boards, whose sides one word would do.
        let checked = agrees(&small(), 7, |side, rows, lo, hi, out, ledger| {
            let lists = (&mut Lists::default(), &mut Uppers::default());
            let lower = &mut LowerRows::<u128>::default();
            let listed = side
                .merge_rows(
                    (rows, lo, hi, Part::WHOLE),
                    out,
                    lists,
                    lower,
                    ledger,
                    &mut 0,
                )
                .unwrap();
            out.truncate(listed.len);
        });
        assert!(checked > 300, "{checked}");
        // Where it applies: n = 23, whose sides span 33 diagonals.
        let large = [(Side::between(23, 11), None, [(0, 11), (11, 23)])];
        assert!(2 * large[0].0.span(0, 11) > 64 && 2 * large[0].0.span(11, 23) > 64);
        let q = &mut QuarterScratch::default();
        let checked = agrees(&large, 400_009, |side, rows, lo, hi, out, ledger| {
            let listed = side
                .list_joined(rows, lo, hi, Part::WHOLE, out, q, ledger, 0, &mut 0)
                .unwrap();
            out.truncate(listed.len);
        });
        assert!(checked >= 4, "{checked}");
        assert!(q.wide[0].key.is_some() && q.lower[0].key.is_none());
    }
}
