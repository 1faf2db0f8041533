//! Listing one side of a row set: every placement of its queens on its
//! columns, as the key of the diagonals both sides can reach, by a search
//! or by joining the side's upper and lower rows (a meet in the middle
//! inside the side).
//!
//! The search is in `side/search.rs`, the meet in the middle in
//! `side/meet.rs`; what both need of the board is here.

use super::merge::Pack;
use super::rows::low_bits;

pub(super) use meet::QuarterScratch;

mod meet;
mod search;

/// The most keys a side's last two rows add to one placement of the rows
/// above (or its first row, or two, to none): one per open square of a
/// row (at most 32), the last row of two having a single column left.
const ROW_KEYS: usize = 32;

/// Which part of a side to list: the keys joined from the upper
/// placements `from` on (in the order they are listed), in a buffer of at
/// most `most` keys (see [`Side::list_joined`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Part {
    pub(super) from: usize,
    pub(super) most: usize,
}

impl Part {
    /// The whole side.
    #[cfg(test)]
    pub(super) const WHOLE: Part = Part {
        from: 0,
        most: usize::MAX,
    };
}

/// A listed part of a side: its keys (the front of the buffer) and where
/// the next part starts, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Listed {
    pub(super) len: usize,
    pub(super) next: Option<usize>,
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
