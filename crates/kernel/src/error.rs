//! The kernel's error: a board size or split depth out of range (the
//! reference solvers' own limits have errors of their own).

use std::fmt;

/// Why the kernel refused an input.
///
/// Every variant is a caller mistake that can be reported as one line; the
/// kernel never panics on out-of-range input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// `n` was 0: a board needs at least one square.
    EmptyBoard,
    /// `n` is larger than the kernel's bitmask width ([`crate::MAX_N`]).
    BoardTooLarge {
        /// The requested board size.
        n: usize,
    },
    /// A prefix depth outside `1..=n`.
    DepthOutOfRange {
        /// The requested depth.
        depth: usize,
        /// The board size.
        n: usize,
    },
    /// A subproblem index past the end of a split.
    IndexOutOfRange {
        /// The requested index.
        index: u64,
        /// How many subproblems the split has.
        len: u64,
    },
    /// A count would have needed more working memory than its cap.
    OverBudget {
        /// The cap, in bytes.
        cap: u64,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::EmptyBoard => write!(f, "n must be at least 1"),
            Error::BoardTooLarge { n } => write!(
                f,
                "n = {n} is beyond the kernel's limit of n = {} (one bit per column in a u32)",
                crate::MAX_N
            ),
            Error::DepthOutOfRange { depth, n } => write!(
                f,
                "split depth {depth} is out of range for n = {n} (it must be between 1 and {n})"
            ),
            Error::IndexOutOfRange { index, len } => write!(
                f,
                "subproblem index {index} is out of range (this split has {len} subproblems)"
            ),
            Error::OverBudget { cap } => write!(
                f,
                "the count needs more than the {cap} bytes of working memory it may hold"
            ),
        }
    }
}

impl std::error::Error for Error {}
