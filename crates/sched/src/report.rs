//! One report of a run: the counts, assembled in one place for a whole
//! count and for a merge of shards (unique solutions by Burnside's lemma on
//! the symmetric searches, or from the variants' classification), and how
//! the run went.

use nqueens_kernel::{symmetry::burnside_divides, Board, Counts, Tally};

use crate::{Error, Search, Total};

/// What the symmetric searches found: the solutions a half turn and a
/// quarter turn leave unchanged, and the nodes of both searches. A cluster
/// plan (version 2) or its symmetry shard records it.
///
/// ```
/// let board = nqueens_kernel::Board::new(8).unwrap();
/// let (half, quarter) = nqueens_sched::symmetric(board);
/// let f = nqueens_sched::Fixed::of(half, quarter);
/// assert_eq!((f.fixed_180, f.fixed_90), (4, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    /// Solutions a half turn leaves unchanged.
    pub fixed_180: u64,
    /// Solutions a quarter turn leaves unchanged.
    pub fixed_90: u64,
    /// Nodes of the two searches.
    pub nodes: u64,
}

impl Fixed {
    /// The two searches' tallies, the half turn's and the quarter turn's.
    pub fn of(half: Tally, quarter: Tally) -> Fixed {
        Fixed {
            fixed_180: half.solutions,
            fixed_90: quarter.solutions,
            nodes: half.nodes + quarter.nodes,
        }
    }
}

/// Where a kind of work gets its symmetries from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Searched beside the total (the n-queens count).
    Searched(Fixed),
    /// Classified solution by solution in the total (the variants).
    Classified,
    /// Not counted (the puzzles).
    Uncounted,
}

/// The counts of `board` from the summed finds of every piece and the
/// symmetries, for `count` and `merge` alike: unique by Burnside's lemma
/// ([`Counts::combine`]), or, for a kind that counts no symmetries, the
/// total and nodes alone (unique and the fixed counts 0). Refuses counts
/// Burnside's lemma says cannot all be right, before it divides them by
/// the group's order (a record resumed from a checkpoint or a shard
/// result, forged or damaged and sealed again).
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_sched::{summarize, Fixed, Symmetry, Total};
/// let b = Board::new(8).unwrap();
/// let s = Symmetry::Searched(Fixed { fixed_180: 4, fixed_90: 0, nodes: 30 });
/// let c = summarize(b, &Total::plain(92, 1965), s).unwrap();
/// assert_eq!((c.total, c.unique, c.symmetry_nodes), (92, 12, 30));
/// assert!(summarize(b, &Total::plain(93, 1965), s).is_err());
/// ```
pub fn summarize(board: Board, sums: &Total, symmetry: Symmetry) -> Result<Counts, Error> {
    let (fixed_180, fixed_90, symmetry_nodes) = match symmetry {
        Symmetry::Searched(f) => (f.fixed_180.into(), f.fixed_90.into(), f.nodes.into()),
        Symmetry::Classified => (sums.fixed_180, sums.fixed_90, 0),
        Symmetry::Uncounted => {
            return Ok(Counts {
                n: board.n(),
                total: sums.solutions,
                unique: 0,
                fixed_180: 0,
                fixed_90: 0,
                nodes: sums.nodes,
                symmetry_nodes: 0,
            })
        }
    };
    if !burnside_divides(board, sums.solutions, fixed_180, fixed_90) {
        return Err(Error::Inconsistent {
            total: sums.solutions,
            fixed_180,
            fixed_90,
        });
    }
    Ok(Counts::combine(
        board,
        sums.solutions,
        sums.nodes,
        fixed_180,
        fixed_90,
        symmetry_nodes,
    ))
}

/// The result of one count: its counts and how the run went, plain data;
/// [`Report::record`] is the record every front end prints or holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Solver name (for a variant or a puzzle, its own search's).
    pub solver: String,
    /// The board's counts: total, unique by Burnside's lemma, the fixed
    /// solutions, nodes.
    pub counts: Counts,
    /// Whether the kind of work counts its symmetries: false for the
    /// puzzles, whose `unique`, `fixed_180` and `fixed_90` are unknown (0
    /// in `counts`, null in the record).
    pub symmetries: bool,
    /// How the search went: threads, split, the classic solver's calls
    /// and iterations, the levels solver's level sizes.
    pub search: Search,
    /// The part of `counts.nodes` read from a checkpoint being resumed
    /// rather than searched in this run (so `nodes - resumed_nodes` is this
    /// run's work).
    pub resumed_nodes: u128,
    /// Wall-clock seconds for the whole count.
    pub seconds: f64,
    /// Seconds spent in the symmetric searches (the price of the unique
    /// count); on several threads they overlap the total's search.
    pub symmetry_seconds: f64,
}
