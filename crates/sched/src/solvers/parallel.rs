//! Prefix subproblems of the half-mirrored bitmask kernel on a thread pool.

use nqueens_kernel::split::Split;

use super::splitting_solver;

splitting_solver!(
    /// Splits the board into prefix subproblems (the placements of the first
    /// rows, first row halved by the mirror) and counts them on all threads.
    Parallel,
    "parallel",
    "bitmask kernel with first-row half-mirroring, prefix subproblems fanned out over threads",
    Split
);
