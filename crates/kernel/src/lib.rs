//! The n-queens counting kernel: how many ways `n` queens can stand on an
//! `n x n` board with no two on a row, column or diagonal.
//!
//! What is where, in reading order:
//!
//! - [`Board`], [`Error`], [`Tally`] (`board.rs`, `error.rs`, `tally.rs`):
//!   a checked board size, the error of a bad size or depth, solutions
//!   and nodes. (The reference solvers have errors of their own: a size
//!   past what each can count.)
//! - [`search`]: the bitmask depth-first search ([`search::count_from`]),
//!   one machine word per row, an explicit stack and the last two rows
//!   settled without pushing. Every fast count ends up here.
//! - [`split`]: what every split of a board has in common ([`split::Part`],
//!   [`split::Partition`]), and the prefix split ([`split::Split`]): the
//!   placements of the first `d` rows, first row halved by mirror symmetry,
//!   each with a stable index and a weight. The scheduler crate fans parts
//!   out over threads; checkpoints and shards name them by index.
//! - [`pairs`]: the split by the columns of the first-row and last-row
//!   queens, one pair per orbit of the mirrors and the half turn.
//! - [`halves`]: the meet-in-the-middle count, left and right half boards
//!   listed apart and joined on their shared diagonals (`halves/join.rs`,
//!   `join/rank.rs`, `join/avx2.rs` with `join/avx2/`, `join/avx512.rs`
//!   with `join/avx512/`, `merge.rs` and `merge/` hold the
//!   kernel's `unsafe` code: the AVX2 and AVX-512 join and merge, called
//!   only after the CPU reported the features they are compiled for);
//!   [`halves::recount`] counts one of its row sets again by a search that
//!   shares nothing with the join, to check a sample independently.
//! - [`symmetry`]: the eight symmetries, the small searches for solutions
//!   fixed by a half or a quarter turn, and Burnside's lemma for the
//!   fundamental (unique) count.
//! - [`count`], [`count_total`] and [`Counts`] (this file): the above put
//!   together on one thread.
//! - [`reference`](mod@reference): the designs of the source documents (classic, free
//!   columns, levels, brute force) and an independent naive backtracker,
//!   kept as witnesses and benchmark baselines.
//! - [`oeis`]: published tables, for checking (never for answering).
//! - `ledger.rs`: the memory cap the half-board lists and the level lists
//!   grow under.
//!
//! The other puzzles (torus and no-three-in-line variants, domination,
//! pawns, pieces, one-solution methods, solution listing) live in the
//! `nqueens-puzzles` crate, built on this one's public API.
//!
//! The kernel has no dependencies and does no I/O, threading or printing.
//!
//! ```
//! use nqueens_kernel::{count, count_total, split::Split, Board};
//! let c = count(8).unwrap();
//! assert_eq!((c.total, c.unique, c.fixed_180, c.fixed_90), (92, 12, 4, 0));
//! assert!(count(0).is_err());
//! // The same total from the parts of a split, counted one by one.
//! let board = Board::new(8).unwrap();
//! let split = Split::new(board, 3).unwrap();
//! let parts: u64 = split.subproblems().iter().map(|s| s.count(board).solutions).sum();
//! assert_eq!(parts, count_total(board).solutions);
//! ```
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod board;
mod error;
pub mod halves;
mod ledger;
pub mod oeis;
pub mod pairs;
pub mod reference;
pub mod search;
pub mod split;
pub mod symmetry;
mod tally;

pub use board::Board;
pub use error::Error;
pub use tally::Tally;

use split::Split;
use symmetry::{burnside, fixed_by_half_turn, fixed_by_quarter_turn};

/// This kernel's version: checkpoints and shard plans record it, since the
/// documented order of subproblems belongs to a version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The largest board the kernel counts: one bit per column in a `u32`.
///
/// Totals are carried in `u128`, so no count can overflow on such a board
/// (n = 32 has about 10^24 solutions, far below 2^128).
pub const MAX_N: usize = 32;

/// Everything one count of a board yields: the record every front end
/// (the scheduler's report, the CLI, Python) reads its counts from.
///
/// ```
/// use nqueens_kernel::{Board, Counts};
/// let c = Counts::combine(Board::new(8).unwrap(), 92, 1000, 4, 0, 30);
/// assert_eq!((c.unique, c.symmetry_nodes), (12, 30));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counts {
    /// The board side.
    pub n: usize,
    /// All solutions (OEIS A000170).
    pub total: u128,
    /// Fundamental solutions, by Burnside's lemma (OEIS A002562).
    pub unique: u128,
    /// Solutions fixed by a half turn (OEIS A032522).
    pub fixed_180: u128,
    /// Solutions fixed by a quarter turn (OEIS A033148).
    pub fixed_90: u128,
    /// Nodes of the total count's search (queens placed).
    pub nodes: u128,
    /// Nodes of the two symmetric searches together.
    pub symmetry_nodes: u128,
}

impl Counts {
    /// Assembles the counts from a total (with its nodes) found by any
    /// method and the solutions fixed by the half and the quarter turn
    /// (searched, with their searches' nodes, or classified solution by
    /// solution): unique by Burnside's lemma. The one place unique counts
    /// are made, for a count on one thread, the scheduler's and a merge of
    /// shards alike; check a record read back with
    /// [`symmetry::burnside_divides`] first.
    ///
    /// ```
    /// use nqueens_kernel::{symmetry::{fixed_by_half_turn, fixed_by_quarter_turn}, Board, Counts};
    /// let board = Board::new(5).unwrap();
    /// let (half, quarter) = (fixed_by_half_turn(board), fixed_by_quarter_turn(board));
    /// let c = Counts::combine(board, 10, 0, half.solutions.into(), quarter.solutions.into(), 0);
    /// assert_eq!(c.unique, 2);
    /// ```
    pub fn combine(
        board: Board,
        total: u128,
        nodes: u128,
        fixed_180: u128,
        fixed_90: u128,
        symmetry_nodes: u128,
    ) -> Counts {
        Counts {
            n: board.n(),
            total,
            unique: burnside(board, total, fixed_180, fixed_90),
            fixed_180,
            fixed_90,
            nodes,
            symmetry_nodes,
        }
    }
}

/// Counts the total (with half-mirroring) of `board`, one thread.
///
/// Equal to counting every subproblem of a [`Split`] at any depth and adding
/// the split's prefix nodes: this is the depth-1 split.
///
/// ```
/// use nqueens_kernel::{count_total, Board};
/// assert_eq!(count_total(Board::new(10).unwrap()).solutions, 724);
/// ```
pub fn count_total(board: Board) -> Tally {
    Split::new(board, 1)
        .expect("depth 1 is valid for every board")
        .count(board)
}

/// Counts everything about an `n x n` board on the calling thread: total,
/// the symmetric solutions, and unique by Burnside's lemma.
///
/// ```
/// let c = nqueens_kernel::count(10).unwrap();
/// assert_eq!((c.total, c.unique), (724, 92));
/// ```
pub fn count(n: usize) -> Result<Counts, Error> {
    let board = Board::new(n)?;
    let total = count_total(board);
    let (half, quarter) = (fixed_by_half_turn(board), fixed_by_quarter_turn(board));
    Ok(Counts::combine(
        board,
        total.solutions.into(),
        total.nodes.into(),
        half.solutions.into(),
        quarter.solutions.into(),
        (half.nodes + quarter.nodes).into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{classic, naive};
    use crate::search::{count_from, State};
    use crate::symmetry::{fixed_by_reflection, Symmetry};

    #[test]
    fn totals_and_uniques_match_oeis() {
        for n in 1..=13 {
            let c = count(n).unwrap();
            assert_eq!((c.total, c.unique), oeis::known(n).unwrap(), "n = {n}");
        }
    }

    #[test]
    fn mirrored_total_equals_the_unmirrored_search_and_the_naive_one() {
        for n in 1..=10 {
            let board = Board::new(n).unwrap();
            let plain = count_from(board, State::empty());
            assert_eq!(count_total(board).solutions, plain.solutions, "n = {n}");
            assert_eq!(
                plain.solutions,
                naive::solutions(board).len() as u64,
                "n = {n}"
            );
        }
    }

    #[test]
    fn unmirrored_nodes_equal_the_classic_calls() {
        for n in 1..=10 {
            let board = Board::new(n).unwrap();
            let c = classic(board);
            let t = count_from(board, State::empty());
            assert_eq!((t.solutions, t.nodes), (c.solutions, c.calls), "n = {n}");
        }
    }

    #[test]
    fn symmetry_counts_match_brute_force_over_all_solutions() {
        for n in 1..=10 {
            let board = Board::new(n).unwrap();
            let all = naive::solutions(board);
            let fixed = |g: Symmetry| all.iter().filter(|s| g.apply(s) == **s).count() as u64;
            assert_eq!(
                fixed_by_half_turn(board).solutions,
                fixed(Symmetry::Rotate180),
                "n = {n}"
            );
            assert_eq!(
                fixed_by_quarter_turn(board).solutions,
                fixed(Symmetry::Rotate90),
                "n = {n}"
            );
            assert_eq!(fixed(Symmetry::Rotate270), fixed(Symmetry::Rotate90));
            for g in [
                Symmetry::MirrorColumns,
                Symmetry::MirrorRows,
                Symmetry::Transpose,
                Symmetry::AntiTranspose,
            ] {
                assert_eq!(fixed(g), fixed_by_reflection(board), "{g:?}, n = {n}");
            }
            // Orbits counted directly: the smallest member of each orbit.
            let orbits = all
                .iter()
                .filter(|s| Symmetry::ALL.iter().all(|g| g.apply(s) >= **s))
                .count() as u128;
            assert_eq!(count(n).unwrap().unique, orbits, "n = {n}");
        }
    }

    #[test]
    fn the_classic_search_reproduces_the_course_figures() {
        let t = classic(Board::new(8).unwrap());
        assert_eq!((t.solutions, t.calls, t.iterations), (92, 2056, 15720));
        // The loop runs n times in every call that is not on the last row.
        for n in 1..=9 {
            let t = classic(Board::new(n).unwrap());
            let inner_calls = 1 + t.calls - t.solutions;
            assert_eq!(t.iterations, n as u64 * inner_calls, "n = {n}");
        }
    }

    #[test]
    fn the_largest_board_is_accepted_and_the_next_refused() {
        let board = Board::new(MAX_N).unwrap();
        assert_eq!(board.full(), u32::MAX);
        // The top column's diagonal leaves the board instead of wrapping.
        let s = State::empty().place(1 << 31);
        assert_eq!((s.ld, s.rd, s.free(board)), (0, 1 << 30, u32::MAX >> 2));
        assert_eq!(count(MAX_N + 1), Err(Error::BoardTooLarge { n: MAX_N + 1 }));
        assert_eq!(count(0), Err(Error::EmptyBoard));
    }
}
