//! Pair subproblems of the bitmask kernel (first-row and last-row queens,
//! one pair per orbit of the mirrors and the half turn) on a thread pool.

use nqueens_kernel::pairs::PairSplit;

use super::splitting_solver;

splitting_solver!(
    /// Splits the board into canonical first-row/last-row pair subproblems and
    /// counts them on all threads.
    Pairs,
    "pairs",
    "bitmask kernel over canonical first-row/last-row column pairs (mirrors and half turn), fanned out over threads",
    PairSplit
);
