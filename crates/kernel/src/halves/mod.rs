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
//! dropped unseen, the rest recurse, and small blocks are compared in a
//! branch-free loop the compiler vectorises.
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

use crate::ledger::{Ledger, OverCap};
use crate::split::{Part, Partition};
use crate::{Board, Error, Tally};
use join::{disjoint_pairs, JoinScratch};

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
        let n = board.n();
        let widest = n.saturating_sub(1).max(1);
        if left == 0 || left > widest {
            return Err(Error::DepthOutOfRange { depth: left, n });
        }
        let mut split = Partition::empty(board, left)?;
        if n == 1 {
            split.parts.push(RowSet {
                index: 0,
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
        let index = self.next_index();
        self.parts.push(RowSet {
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
fn for_subsets(k: usize, bits: usize, mut f: impl FnMut(u32)) {
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
fn row_numbers(rows: u32) -> [usize; 32] {
    let mut row = [0usize; 32];
    let mut left = rows;
    for r in row.iter_mut().take(rows.count_ones() as usize) {
        *r = left.trailing_zeros() as usize;
        left &= left - 1;
    }
    row
}

fn low_bits(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1u64 << k) - 1
    }
}

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
        left.clear();
        right.clear();
        side.list_joined(self.rows, 0, a, left, quarters, ledger, 0, &mut nodes)
            .map_err(over)?;
        if !left.is_empty() {
            side.list_joined(
                right_rows, right_from, n, right, quarters, ledger, 1, &mut nodes,
            )
            .map_err(over)?;
        }
        join.reserve(left.len().max(right.len()), ledger)
            .map_err(over)?;
        let pairs = disjoint_pairs(left, right, side.key_bits(), join);
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

#[derive(Clone, Debug, Default)]
struct QuarterScratch {
    top: Vec<Quarter>,
    bottom: Vec<Quarter>,
    at: Vec<u32>,
    /// The last lower rows' placements of each side, grouped by columns:
    /// row sets taken in index order often share their lower rows.
    lower: [LowerRows; 2],
}

#[derive(Clone, Debug, Default)]
struct LowerRows {
    /// Rows, columns and closed diagonals they were listed for.
    key: Option<(u32, usize, usize, (u64, u64))>,
    /// Queens placed to list them.
    nodes: u64,
    grouped: Vec<Quarter>,
    start: Vec<u32>,
}

/// Sides of at least this many rows are listed by joining their upper and
/// lower rows' placements.
const JOIN_ROWS: usize = 6;

/// The most keys a side's last two rows add to one placement of the rows
/// above (or its first row, or two, to none): one per open square of a
/// row (at most 32), the last row of two having a single column left.
const ROW_KEYS: usize = 32;

/// The placement of some rows of a side: its columns (numbered from the
/// side's first) and the diagonals and anti-diagonals it holds (the middle
/// queen's left out).
#[derive(Clone, Copy, Debug, Default)]
struct Quarter {
    columns: u32,
    diag: u64,
    anti: u64,
}

/// What listing one side needs to know of the board.
struct Side {
    n: usize,
    /// The first diagonal (and anti-diagonal) both sides can reach.
    shift: usize,
    /// How many diagonals (and anti-diagonals) both sides can reach.
    width: usize,
    /// The middle queen's diagonal and anti-diagonal, if any: closed to
    /// both sides, and left out of the keys.
    closed: (u64, u64),
}

impl Side {
    /// Left columns `0..a`, right columns `a..n`: the shared diagonals are
    /// `a..=n + a - 2`.
    fn between(n: usize, a: usize) -> Side {
        Side {
            n,
            shift: a,
            width: n - 1,
            closed: (0, 0),
        }
    }

    /// Left columns `0..a`, the middle column `a` holding a queen in row
    /// `m`, right columns `a + 1..n`: the shared diagonals are
    /// `a + 1..=n + a - 2`.
    fn around(n: usize, a: usize, m: usize) -> Side {
        Side {
            n,
            shift: a + 1,
            width: n - 2,
            closed: (1 << (a + n - 1 - m), 1 << (m + a)),
        }
    }

    /// The squares of row `r` open to a queen: the `free` columns on none
    /// of the diagonals `diag` and anti-diagonals `anti` hold.
    #[inline(always)]
    fn opens(&self, free: u64, diag: u64, anti: u64, r: usize) -> u64 {
        free & !((anti >> r) | (diag >> (self.n - 1 - r)))
    }

    /// Bits of a key: the shared diagonals, then the shared anti-diagonals.
    fn key_bits(&self) -> u32 {
        2 * self.width as u32
    }

    /// What [`Side::list`] pushes, made by a second meet in the middle
    /// inside the side: the placements of its upper rows and of its lower
    /// rows are listed apart (each over every set of columns), and each
    /// upper one is joined with the lower ones on the other columns whose
    /// diagonals it does not share. Far fewer queens are placed than by
    /// searching the side row by row; small sides are searched directly.
    #[allow(clippy::too_many_arguments)]
    fn list_joined(
        &self,
        rows: u32,
        lo: usize,
        hi: usize,
        out: &mut Vec<u64>,
        q: &mut QuarterScratch,
        ledger: &mut Ledger,
        slot: usize,
        nodes: &mut u64,
    ) -> Result<(), OverCap> {
        let k = rows.count_ones() as usize;
        // Narrow sides only: the columns index a table of 2^width entries.
        if k < JOIN_ROWS || hi - lo > 20 {
            return self.list(rows, lo, hi, out, ledger, nodes);
        }
        let mut upper = 0u32;
        let mut rest = rows;
        for _ in 0..k / 2 {
            upper |= rest & rest.wrapping_neg();
            rest &= rest - 1;
        }
        let QuarterScratch {
            top,
            bottom,
            at,
            lower,
        } = q;
        top.clear();
        self.quarter(upper, lo, hi, top, ledger, nodes)?;
        let w = hi - lo;
        let lower = &mut lower[slot];
        let key = Some((rows & !upper, lo, hi, self.closed));
        if lower.key != key {
            // The lower placements grouped by their columns (a counting
            // sort), named by their key once complete.
            lower.key = None;
            lower.nodes = 0;
            bottom.clear();
            self.quarter(rows & !upper, lo, hi, bottom, ledger, &mut lower.nodes)?;
            let LowerRows { grouped, start, .. } = lower;
            start.clear();
            ledger.room(start, (1 << w) + 1)?;
            start.resize((1 << w) + 1, 0);
            for b in bottom.iter() {
                start[b.columns as usize + 1] += 1;
            }
            for i in 1..start.len() {
                start[i] += start[i - 1];
            }
            at.clear();
            ledger.room(at, start.len())?;
            at.extend_from_slice(start);
            grouped.clear();
            ledger.room(grouped, bottom.len())?;
            grouped.resize(bottom.len(), Quarter::default());
            for b in bottom.iter() {
                let slot = &mut at[b.columns as usize];
                grouped[*slot as usize] = *b;
                *slot += 1;
            }
            lower.key = key;
        }
        // Counted as if listed again: the nodes of a row set do not depend
        // on the one counted before it.
        *nodes += lower.nodes;
        let (grouped, start) = (&lower.grouped, &lower.start);
        let (d0, a0) = self.closed;
        let shared = low_bits(self.width) << self.shift;
        let (keep_d, keep_a) = (shared & !d0, shared & !a0);
        let (shift, width) = (self.shift, self.width);
        let all = low_bits(w) as u32;
        // Branch-free: every candidate is written, the length only moves
        // past the compatible ones (about half fail, at random).
        let mut len = out.len();
        for t in top.iter() {
            let other = (all ^ t.columns) as usize;
            let group = &grouped[start[other] as usize..start[other + 1] as usize];
            let end = len + group.len();
            if out.len() < end {
                // The loop writes past `len`: filled ahead, twice as far.
                ledger.room(out, end - out.len())?;
                out.resize((2 * end).min(out.capacity()), 0);
            }
            for b in group {
                let (d, a) = (t.diag | b.diag, t.anti | b.anti);
                out[len] = ((d & keep_d) >> shift) | (((a & keep_a) >> shift) << width);
                len += usize::from((t.diag & b.diag) | (t.anti & b.anti) == 0);
            }
        }
        out.truncate(len);
        Ok(())
    }

    /// Pushes every placement of one queen per row of `rows` on distinct
    /// columns of `lo..hi` (columns numbered from `lo`) attacked by no other
    /// nor by the middle queen, with the diagonals it holds.
    fn quarter(
        &self,
        rows: u32,
        lo: usize,
        hi: usize,
        out: &mut Vec<Quarter>,
        ledger: &mut Ledger,
        nodes: &mut u64,
    ) -> Result<(), OverCap> {
        let (n, (d0, a0)) = (self.n, self.closed);
        let all = low_bits(hi) & !low_bits(lo);
        let k = rows.count_ones() as usize;
        if k == 0 {
            ledger.room(out, 1)?;
            out.push(Quarter::default());
            return Ok(());
        }
        // An explicit stack as in `list`, indices taken `& 31`.
        let row = row_numbers(rows);
        let mut free = [0u64; 32];
        let mut diag = [0u64; 32];
        let mut anti = [0u64; 32];
        let mut open = [0u64; 32];
        (free[0], diag[0], anti[0]) = (all, d0, a0);
        open[0] = self.opens(all, d0, a0, row[0]);
        let mut placed = 0;
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
            let (r, c) = (row[d & 31], bit.trailing_zeros() as usize);
            let fr = free[d & 31] ^ bit;
            let dg = diag[d & 31] | 1 << (c + n - 1 - r);
            let an = anti[d & 31] | 1 << (r + c);
            if d + 1 == k {
                if let Err(e) = ledger.room(out, 1) {
                    *nodes += placed;
                    return Err(e);
                }
                out.push(Quarter {
                    columns: ((all & !fr) >> lo) as u32,
                    diag: dg & !d0,
                    anti: an & !a0,
                });
                continue;
            }
            d += 1;
            (free[d & 31], diag[d & 31], anti[d & 31]) = (fr, dg, an);
            open[d & 31] = self.opens(fr, dg, an, row[d & 31]);
        }
        *nodes += placed;
        Ok(())
    }

    /// Pushes the key of every placement of one queen per row of `rows` in
    /// columns `lo..hi` (as many as rows) with no shared column or diagonal;
    /// adds the queens placed to `nodes`.
    ///
    /// An explicit stack, one level per row: `free` columns left, `diag`
    /// holding diagonal `c - r + n - 1` and `anti` anti-diagonal `r + c` of
    /// every queen so far, `open` the squares of the row still to try.
    fn list(
        &self,
        rows: u32,
        lo: usize,
        hi: usize,
        out: &mut Vec<u64>,
        ledger: &mut Ledger,
        nodes: &mut u64,
    ) -> Result<(), OverCap> {
        let (n, shift, width) = (self.n, self.shift, self.width);
        let k = rows.count_ones() as usize;
        let (d0, a0) = self.closed;
        let shared = low_bits(width) << shift;
        let (keep_d, keep_a) = (shared & !d0, shared & !a0);
        let key = |diag: u64, anti: u64| {
            ((diag & keep_d) >> shift) | (((anti & keep_a) >> shift) << width)
        };
        // Indices are taken `& 31` (k <= 31 here): no bounds checks.
        let row = row_numbers(rows);
        let all = low_bits(hi) & !low_bits(lo);
        if k < 3 {
            // At most one key per column of the first row's.
            ledger.room(out, ROW_KEYS)?;
        }
        match k {
            0 => out.push(0),
            1 => {
                let mut open = self.opens(all, d0, a0, row[0]);
                *nodes += u64::from(open.count_ones());
                while open != 0 {
                    let c = open.trailing_zeros() as usize;
                    open &= open - 1;
                    out.push(key(d0 | 1 << (c + n - 1 - row[0]), a0 | 1 << (row[0] + c)));
                }
            }
            2 => {
                let mut open = self.opens(all, d0, a0, row[0]);
                while open != 0 {
                    let bit = open & open.wrapping_neg();
                    open ^= bit;
                    let (r, c) = (row[0], bit.trailing_zeros() as usize);
                    let (dg, an) = (d0 | 1 << (c + n - 1 - r), a0 | 1 << (r + c));
                    *nodes += 1 + self.last_two_tail(all ^ bit, dg, an, row[1], out, &key);
                }
            }
            _ => return self.descend(&row, k, all, out, ledger, nodes, &key),
        }
        Ok(())
    }

    /// Places the queens of rows `second` and `last` in nested loops and
    /// pushes every completed key; returns the queens placed.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn last_two(
        &self,
        free: u64,
        diag: u64,
        anti: u64,
        second: usize,
        last: usize,
        out: &mut Vec<u64>,
        key: &impl Fn(u64, u64) -> u64,
    ) -> u64 {
        let n = self.n;
        let mut nodes = 0;
        let mut o2 = self.opens(free, diag, anti, second);
        while o2 != 0 {
            let b2 = o2 & o2.wrapping_neg();
            o2 ^= b2;
            nodes += 1;
            let c2 = b2.trailing_zeros() as usize;
            let dg = diag | 1 << (c2 + n - 1 - second);
            let an = anti | 1 << (second + c2);
            nodes += self.last_two_tail(free ^ b2, dg, an, last, out, key);
        }
        nodes
    }

    /// The last row: at most one open square (one column is left).
    #[inline(always)]
    fn last_two_tail(
        &self,
        free: u64,
        diag: u64,
        anti: u64,
        last: usize,
        out: &mut Vec<u64>,
        key: &impl Fn(u64, u64) -> u64,
    ) -> u64 {
        let n = self.n;
        let o = self.opens(free, diag, anti, last);
        if o == 0 {
            return 0;
        }
        let c = o.trailing_zeros() as usize;
        out.push(key(diag | 1 << (c + n - 1 - last), anti | 1 << (last + c)));
        1
    }

    /// The search of [`Side::list`] for three rows or more; the last two rows
    /// are settled in nested loops without touching the stack. Returns the
    /// queens placed.
    #[allow(clippy::too_many_arguments)]
    fn descend(
        &self,
        row: &[usize; 32],
        k: usize,
        all: u64,
        out: &mut Vec<u64>,
        ledger: &mut Ledger,
        placed: &mut u64,
        key: &impl Fn(u64, u64) -> u64,
    ) -> Result<(), OverCap> {
        let n = self.n;
        let (second, last) = (row[(k - 2) & 31], row[(k - 1) & 31]);
        let mut nodes = 0u64;
        let mut free = [0u64; 32];
        let mut diag = [0u64; 32];
        let mut anti = [0u64; 32];
        let mut open = [0u64; 32];
        let (d0, a0) = self.closed;
        free[0] = all;
        diag[0] = d0;
        anti[0] = a0;
        open[0] = self.opens(all, d0, a0, row[0]);
        let mut d = 0usize;
        loop {
            let o = open[d & 31];
            if o == 0 {
                if d == 0 {
                    *placed += nodes;
                    return Ok(());
                }
                d -= 1;
                continue;
            }
            let bit = o & o.wrapping_neg();
            open[d & 31] = o ^ bit;
            nodes += 1;
            let (r, c) = (row[d & 31], bit.trailing_zeros() as usize);
            let dg = diag[d & 31] | 1 << (c + n - 1 - r);
            let an = anti[d & 31] | 1 << (r + c);
            let fr = free[d & 31] ^ bit;
            if d + 3 == k {
                if let Err(e) = ledger.room(out, ROW_KEYS) {
                    *placed += nodes;
                    return Err(e);
                }
                nodes += self.last_two(fr, dg, an, second, last, out, key);
                continue;
            }
            d += 1;
            free[d & 31] = fr;
            diag[d & 31] = dg;
            anti[d & 31] = an;
            open[d & 31] = self.opens(fr, dg, an, row[d & 31]);
        }
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

    #[test]
    fn joining_a_sides_upper_and_lower_rows_lists_what_the_search_lists() {
        let mut checked = 0;
        // (side, middle row, left and right columns), on 14 x 14 and 13 x 13.
        let cases = [
            (Side::between(14, 7), None, [(0, 7), (7, 14)]),
            (Side::around(13, 6, 3), Some(3), [(0, 6), (7, 13)]),
        ];
        for (side, middle, parts) in cases {
            let all = low_bits(side.n) as u32 & !middle.map_or(0, |m| 1 << m);
            for (lo, hi) in parts {
                for_subsets(hi - lo, side.n, |rows| {
                    if rows & !all != 0 || rows % 5 != 0 {
                        return;
                    }
                    let (mut by_search, mut by_join) = (Vec::new(), Vec::new());
                    let ledger = &mut Ledger {
                        held: 0,
                        cap: usize::MAX,
                    };
                    side.list(rows, lo, hi, &mut by_search, ledger, &mut 0)
                        .unwrap();
                    let q = &mut QuarterScratch::default();
                    side.list_joined(rows, lo, hi, &mut by_join, q, ledger, 0, &mut 0)
                        .unwrap();
                    by_search.sort_unstable();
                    by_join.sort_unstable();
                    assert_eq!(by_search, by_join, "rows {rows:b}, columns {lo}..{hi}");
                    checked += 1;
                });
            }
        }
        assert!(checked > 400, "{checked}");
    }
}
