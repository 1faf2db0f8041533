//! One report of a run, assembled in one place for a whole count and for
//! a merge of shards: the total, unique solutions (by Burnside's lemma on
//! the symmetric searches, or from the variants' classification), nodes.

use nqueens_kernel::{symmetry::burnside, Board};
use serde::{Deserialize, Serialize};

use crate::Total;

/// Where a kind of work gets its symmetries from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Searched beside the total (the n-queens count): the solutions fixed
    /// by a half turn and by a quarter turn, and the nodes of both searches.
    Searched {
        /// Solutions a half turn leaves unchanged.
        fixed_180: u64,
        /// Solutions a quarter turn leaves unchanged.
        fixed_90: u64,
        /// Nodes of the two searches.
        nodes: u64,
    },
    /// Classified solution by solution in the total (the variants).
    Classified,
    /// Not counted (the puzzles).
    Uncounted,
}

/// The counts a report gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// All solutions.
    pub total: u128,
    /// Orbits under the 8 symmetries of the square, where counted.
    pub unique: Option<u128>,
    /// Solutions fixed by a half turn.
    pub fixed_180: u128,
    /// Solutions fixed by a quarter turn.
    pub fixed_90: u128,
    /// Nodes of the total's search.
    pub nodes: u128,
    /// Nodes of the symmetric searches.
    pub symmetry_nodes: u128,
    /// The part of `nodes` read from a checkpoint being resumed.
    pub resumed_nodes: u128,
}

/// Assembles the counts of `board` from the summed tallies of every piece
/// and the symmetries: the one place unique counts are made, for `count`
/// and `merge` alike.
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_sched::{summarize, Symmetry, Total};
/// let s = summarize(Board::new(8).unwrap(), Total::plain(92, 1965),
///     Symmetry::Searched { fixed_180: 4, fixed_90: 0, nodes: 30 });
/// assert_eq!((s.total, s.unique, s.symmetry_nodes), (92, Some(12), 30));
/// ```
pub fn summarize(board: Board, sums: Total, symmetry: Symmetry) -> Summary {
    let (fixed_180, fixed_90, symmetry_nodes) = match symmetry {
        Symmetry::Searched {
            fixed_180,
            fixed_90,
            nodes,
        } => (fixed_180.into(), fixed_90.into(), nodes.into()),
        Symmetry::Classified | Symmetry::Uncounted => (sums.fixed_180, sums.fixed_90, 0),
    };
    let unique = match symmetry {
        Symmetry::Uncounted => None,
        _ => Some(burnside(board, sums.solutions, fixed_180, fixed_90)),
    };
    Summary {
        total: sums.solutions,
        unique,
        fixed_180,
        fixed_90,
        nodes: sums.nodes,
        symmetry_nodes,
        resumed_nodes: sums.resumed_nodes,
    }
}

/// Refuses counts Burnside's lemma says cannot all be right, before
/// [`summarize`] divides them by the group's order (a record resumed from
/// a checkpoint, forged or damaged and sealed again).
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_sched::{consistent, Symmetry, Total};
/// let b = Board::new(8).unwrap();
/// let s = Symmetry::Searched { fixed_180: 4, fixed_90: 0, nodes: 30 };
/// assert!(consistent(b, &Total::plain(92, 1965), s).is_ok());
/// assert!(consistent(b, &Total::plain(93, 1965), s).is_err());
/// ```
pub fn consistent(board: Board, sums: &Total, symmetry: Symmetry) -> Result<(), crate::Error> {
    let (fixed_180, fixed_90) = match symmetry {
        Symmetry::Searched {
            fixed_180,
            fixed_90,
            ..
        } => (u128::from(fixed_180), u128::from(fixed_90)),
        Symmetry::Classified => (sums.fixed_180, sums.fixed_90),
        Symmetry::Uncounted => return Ok(()),
    };
    let reflections = u128::from(nqueens_kernel::symmetry::fixed_by_reflection(board));
    let sum = sums
        .solutions
        .checked_add(fixed_180)
        .and_then(|s| s.checked_add(fixed_90.checked_mul(2)?))
        .and_then(|s| s.checked_add(4 * reflections));
    match sum {
        Some(sum) if sum % 8 == 0 => Ok(()),
        _ => Err(crate::Error::Inconsistent {
            total: sums.solutions,
            fixed_180,
            fixed_90,
        }),
    }
}

/// The result of one count: plain data, ready to print or store.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Board side.
    pub n: usize,
    /// Solver name (for a variant or a puzzle, its own search's).
    pub solver: String,
    /// Threads used.
    pub threads: usize,
    /// Split depth, for solvers that split.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub depth: Option<usize>,
    /// Number of subproblems, for solvers that split.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub subproblems: Option<usize>,
    /// All solutions.
    pub total: u128,
    /// Fundamental solutions (Burnside's lemma); 0 for the puzzles, whose
    /// symmetries are not counted.
    pub unique: u128,
    /// Solutions fixed by a half turn.
    pub fixed_180: u128,
    /// Solutions fixed by a quarter turn.
    pub fixed_90: u128,
    /// Nodes (queens placed) of the total search.
    pub nodes: u128,
    /// Nodes of the symmetric searches.
    pub symmetry_nodes: u128,
    /// The part of `nodes` read from a checkpoint being resumed rather than
    /// searched in this run (so `nodes - resumed_nodes` is this run's work).
    #[serde(skip_serializing_if = "is_zero", default)]
    pub resumed_nodes: u128,
    /// Calls of the placing procedure (classic solver only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub calls: Option<u64>,
    /// Passes of the column loop (classic solver only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub iterations: Option<u64>,
    /// The number of valid placements of 1, 2, ..., n queens (levels
    /// solver only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub level_sizes: Option<Vec<u64>>,
    /// Wall-clock seconds for the whole count.
    pub seconds: f64,
    /// Seconds spent in the symmetric searches (the price of the unique
    /// count); on several threads they overlap the total's search.
    pub symmetry_seconds: f64,
}

fn is_zero(x: &u128) -> bool {
    *x == 0
}
