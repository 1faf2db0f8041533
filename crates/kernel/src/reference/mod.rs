//! The designs of the source documents, kept as references and as the
//! baselines the fast counts are benchmarked against: the textbook table
//! search with its call and loop counts ([`classic`]), the free-columns
//! array ([`free_columns`]), the level-by-level lists ([`levels`]), the
//! brute force over all permutations ([`brute_force`]), and an independent
//! plain backtracker for checking ([`naive`]); and the documents' own
//! worked examples: 004's level lists in its notation ([`level_lists`]),
//! 002's two other brute forces, every set of n squares and one queen per
//! row ([`exhaustive`]), 003's search-space sizes ([`search_space`]).
//!
//! None of them shares code with the bitmask search: each is an
//! independent witness of the counts.
//!
//! ```
//! use nqueens_kernel::{reference::{brute_force, classic, free_columns, naive}, Board};
//! let board = Board::new(6).unwrap();
//! assert_eq!(classic(board).solutions, 4);
//! assert_eq!(free_columns(board).solutions, 4);
//! assert_eq!(brute_force(board).solutions, 4);
//! assert_eq!(naive::solutions(board).len(), 4);
//! ```

mod brute;
mod classic;
mod columns;
pub mod exhaustive;
pub mod level_lists;
mod levels;
pub mod naive;
pub mod search_space;

pub use brute::{brute_force, BRUTE_MAX_N};
pub use classic::{classic, ClassicTally};
pub use columns::free_columns;
pub use levels::{levels, levels_capped, LevelTally, LEVELS_MAX_N};

/// Checks a design against [`classic`], the seeds' reference: the same
/// solutions, and a node for each of its calls, for n = 1..=9.
#[cfg(test)]
fn assert_agrees_with_classic(design: impl Fn(crate::Board) -> crate::Tally) {
    for n in 1..=9 {
        let board = crate::Board::new(n).unwrap();
        let c = classic(board);
        let want = crate::Tally {
            solutions: c.solutions,
            nodes: c.calls,
        };
        assert_eq!(design(board), want, "n = {n}");
    }
}
