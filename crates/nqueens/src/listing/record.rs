//! What a listing answers, as records (docs/formats.md): each
//! `solution` as it is handed over ([`SolutionRecord`]), the
//! `no-solution` record of an empty listing ([`NoSolutionRecord`]), and
//! the `listing-count` record written before a listing that is counted
//! first ([`ListingCount`], `solutions --count` and `levels --count`).

use nqueens_sched::{Fields, Value};

/// One solution of a listing, as handed over: a `solution` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionRecord<'a> {
    /// 0-based columns, row by row.
    pub placement: &'a [u8],
    /// The solutions in its symmetry class, when fundamental solutions
    /// are listed.
    pub orbit: Option<usize>,
}

impl SolutionRecord<'_> {
    /// The record's named values, in the order every format shows them
    /// (the `solution` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        let columns = self.placement.iter().map(|&c| u32::from(c)).collect();
        vec![
            ("placement", Value::Columns(columns)),
            ("orbit", self.orbit.into()),
        ]
    }
}

/// A listing that holds nothing: the `no-solution` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSolutionRecord {
    /// The board side.
    pub n: usize,
    /// The first row (1-based) a prefix leaves with no free square, where
    /// a prefix no solution extends blocks one.
    pub blocked_row: Option<usize>,
}

impl NoSolutionRecord {
    /// The record's named values, in the order every format shows them
    /// (the `no-solution` record of docs/formats.md): `found` is false.
    pub fn fields(&self) -> Fields {
        vec![
            ("n", self.n.into()),
            ("found", false.into()),
            ("blocked_row", self.blocked_row.into()),
        ]
    }
}

/// How many solutions (placements) a listing holds, whatever its limit:
/// the `listing-count` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListingCount {
    /// The board side.
    pub n: usize,
    /// How many.
    pub count: u64,
    /// Of what: `solutions`, `unique solutions` or `placements`.
    pub of: &'static str,
}

impl ListingCount {
    /// The record's named values, in the order every format shows them
    /// (the `listing-count` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        vec![
            ("n", self.n.into()),
            ("count", self.count.into()),
            ("of", self.of.into()),
        ]
    }
}
