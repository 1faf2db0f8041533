//! Listing one side of a row set: every placement of its queens on its
//! columns, as the key of the diagonals both sides can reach, by a search
//! or by joining the side's upper and lower rows (a meet in the middle
//! inside the side).
//!
//! The search is in `side/search.rs`, the meet in the middle in
//! `side/meet.rs`, a side's keys counted from a sample of it in
//! `side/sample.rs`; what they need of the board is here.

use super::merge::Pack;
use super::rows::low_bits;

pub(super) use meet::QuarterScratch;

mod meet;
mod sample;
mod search;

/// The most keys a side's last two rows add to one placement of the rows
/// above (or its first row, or two, to none): one per open square of a
/// row (at most 32), the last row of two having a single column left.
const ROW_KEYS: usize = 32;

/// Which part of a side to list: the keys joined from the upper
/// placements `from` on (in the order they are listed), in a buffer of at
/// most `most` keys (see [`Side::list_joined`]), and of those only the
/// keys of the classes `keep` names, if it names any.
#[derive(Clone, Copy, Debug)]
pub(super) struct Part {
    pub(super) from: usize,
    pub(super) most: usize,
    pub(super) keep: Option<(Classes, u64)>,
}

impl Part {
    /// The whole side.
    pub(super) const WHOLE: Part = Part {
        from: 0,
        most: usize::MAX,
        keep: None,
    };
}

/// The classes of keys by a few key bits (at most [`Classes::MOST`]): a
/// key's class has bit `i` set where the key holds the `i`-th of them.
/// A capped count sorts a side's keys into the classes of the join's
/// first cut bits, each joined with the other side's keys clear of its
/// bits (see `RowSet::count_classes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Classes {
    bits: [u8; Classes::MOST],
    len: u8,
}

impl Classes {
    /// The most bits a class is made of: 2^6 classes, one bit each of a
    /// `u64` mask.
    pub(super) const MOST: usize = 6;

    /// The classes of the first (at most [`Classes::MOST`]) of `bits`.
    pub(super) fn new(bits: &[u32]) -> Classes {
        let mut c = Classes {
            bits: [0; Classes::MOST],
            len: 0,
        };
        for (slot, &b) in c.bits.iter_mut().zip(bits) {
            *slot = b as u8;
            c.len += 1;
        }
        c
    }

    /// How many classes there are.
    pub(super) fn count(&self) -> usize {
        1 << self.len
    }

    /// The class of `key`.
    #[inline(always)]
    pub(super) fn of(&self, key: u64) -> usize {
        let mut class = 0;
        for (i, &b) in self.bits[..usize::from(self.len)].iter().enumerate() {
            class |= (((key >> b) & 1) as usize) << i;
        }
        class
    }

    /// The key bits class `class` holds.
    pub(super) fn ones(&self, class: usize) -> u64 {
        let bits = self.bits[..usize::from(self.len)].iter().enumerate();
        bits.filter(|&(i, _)| class >> i & 1 == 1)
            .fold(0, |m, (_, &b)| m | 1 << b)
    }

    /// Keeps at the front of `keys` those whose class is in `mask` (bit
    /// `c` for class `c`), in their order; returns how many.
    #[inline]
    pub(super) fn filter(&self, mask: u64, keys: &mut [u64]) -> usize {
        let mut kept = 0;
        for i in 0..keys.len() {
            let k = keys[i];
            keys[kept] = k;
            kept += (mask >> self.of(k) & 1) as usize;
        }
        kept
    }
}

/// A listed part of a side: its keys (the front of the buffer), where
/// the next part starts, if any, and how many upper placements the side
/// is listed from (one for a side searched directly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Listed {
    pub(super) len: usize,
    pub(super) next: Option<usize>,
    pub(super) uppers: usize,
}

/// What listing one side needs to know of the board.
pub(super) struct Side {
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
    pub(super) fn between(n: usize, a: usize) -> Side {
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
    pub(super) fn around(n: usize, a: usize, m: usize) -> Side {
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

    /// The board's size.
    pub(super) fn n(&self) -> usize {
        self.n
    }

    /// Bits of a key: the shared diagonals, then the shared anti-diagonals.
    pub(super) fn key_bits(&self) -> u32 {
        2 * self.width as u32
    }

    /// How many diagonals (and as many anti-diagonals) the columns
    /// `lo..hi` reach.
    fn span(&self, lo: usize, hi: usize) -> usize {
        hi - lo + self.n - 1
    }

    /// How the side's columns `lo..hi` pack a placement's diagonals and
    /// its part of the key.
    fn pack(&self, lo: usize, hi: usize) -> Pack {
        let (d0, a0) = self.closed;
        let shared = low_bits(self.width) << self.shift;
        Pack {
            lo,
            span: self.span(lo, hi),
            keep_d: shared & !d0,
            keep_a: shared & !a0,
            shift: self.shift,
            width: self.width,
        }
    }
}
