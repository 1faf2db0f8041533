//! Listing a side by a search, row by row: for sides of few rows, and as
//! the witness the meet in the middle is tested against.

use super::super::rows::{low_bits, row_numbers};
use super::{Side, ROW_KEYS};
use crate::ledger::{Ledger, OverCap};

impl Side {
    /// Pushes the key of every placement of one queen per row of `rows` in
    /// columns `lo..hi` (as many as rows) with no shared column or diagonal;
    /// adds the queens placed to `nodes`.
    ///
    /// An explicit stack, one level per row: `free` columns left, `diag`
    /// holding diagonal `c - r + n - 1` and `anti` anti-diagonal `r + c` of
    /// every queen so far, `open` the squares of the row still to try.
    pub(super) fn list(
        &self,
        rows: u32,
        lo: usize,
        hi: usize,
        out: &mut Vec<u64>,
        ledger: &mut Ledger,
        nodes: &mut u64,
    ) -> Result<(), OverCap> {
        let n = self.n;
        let k = rows.count_ones() as usize;
        let (d0, a0) = self.closed;
        let pack = self.pack(lo, hi);
        let key = |diag: u64, anti: u64| pack.key(diag, anti);
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
                    *nodes += 1 + self.last_one((all ^ bit, dg, an), row[1], out, &key);
                }
            }
            _ => return self.descend(&row, k, all, out, ledger, nodes, &key),
        }
        Ok(())
    }

    /// Places the queens of rows `second` and `last` in nested loops and
    /// pushes every completed key; returns the queens placed. `(free,
    /// diag, anti)`: the columns left and the diagonals held above.
    #[inline(always)]
    fn last_two(
        &self,
        (free, diag, anti): (u64, u64, u64),
        (second, last): (usize, usize),
        out: &mut Vec<u64>,
        key: &impl Fn(u64, u64) -> u64,
    ) -> u64 {
        let mut nodes = 0;
        let mut o2 = self.opens(free, diag, anti, second);
        while o2 != 0 {
            let b2 = o2 & o2.wrapping_neg();
            o2 ^= b2;
            let c2 = b2.trailing_zeros() as usize;
            let dg = diag | 1 << (c2 + self.n - 1 - second);
            let an = anti | 1 << (second + c2);
            nodes += 1 + self.last_one((free ^ b2, dg, an), last, out, key);
        }
        nodes
    }

    /// The last row, `last`: at most one open square (one column is
    /// left); pushes its key and returns 1 if there is one.
    #[inline(always)]
    fn last_one(
        &self,
        (free, diag, anti): (u64, u64, u64),
        last: usize,
        out: &mut Vec<u64>,
        key: &impl Fn(u64, u64) -> u64,
    ) -> u64 {
        let o = self.opens(free, diag, anti, last);
        if o == 0 {
            return 0;
        }
        let c = o.trailing_zeros() as usize;
        out.push(key(
            diag | 1 << (c + self.n - 1 - last),
            anti | 1 << (last + c),
        ));
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
                nodes += self.last_two((fr, dg, an), (second, last), out, key);
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
