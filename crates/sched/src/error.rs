//! What can go wrong when scheduling a count.

/// A scheduling failure: bad options, or a pool the OS would not give.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The kernel refused the board or the split.
    #[error(transparent)]
    Kernel(#[from] nqueens_kernel::Error),
    /// A kind of work refused the board or a parameter of its own (a
    /// puzzle's board past its bit sets, say), in the kind's own words:
    /// the scheduler passes the message on as it is.
    #[error(transparent)]
    Kind(Box<dyn std::error::Error + Send + Sync>),
    /// A value of the request the kind of count does not take (a board
    /// past its reach, a depth it does not split at, a thread count out
    /// of range), in the one message the command line gives for it
    /// ([`crate::Limit::refusal`]).
    #[error("{0}")]
    Refused(String),
    /// The caller asked to stop ([`crate::Stop::stop`]).
    #[error("interrupted after {done} of {total} subproblems")]
    Interrupted {
        /// Subproblems finished (counted or recorded).
        done: usize,
        /// Subproblems in the split.
        total: usize,
    },
    /// A subproblem needed more working memory than its thread's share of
    /// [`crate::Options::memory`]; the count stopped (finished ones were
    /// already reported).
    #[error("subproblem {index} needs more than the {share} bytes of working memory each of {threads} threads may hold (stopped after {done} of {total} subproblems)")]
    OverBudget {
        /// The subproblem that was refused (the first, if several were).
        index: u64,
        /// Bytes each thread may hold.
        share: u64,
        /// Threads sharing the budget.
        threads: usize,
        /// Subproblems finished (counted or recorded).
        done: usize,
        /// Subproblems in the split.
        total: usize,
    },
    /// Counts that cannot all be right: by Burnside's lemma the total,
    /// the solutions fixed by the half turn and twice those fixed by the
    /// quarter turn (and 4 per solution fixed by the reflections) add up
    /// to a multiple of 8. Found when a record resumed from a checkpoint
    /// was forged or damaged and sealed again.
    #[error("the counts cannot all be right: total {total} + fixed_180 {fixed_180} + 2 x fixed_90 {fixed_90} is not a multiple of 8 (Burnside's lemma); a record resumed from the checkpoint is wrong")]
    Inconsistent {
        /// All solutions.
        total: u128,
        /// Solutions a half turn leaves unchanged.
        fixed_180: u128,
        /// Solutions a quarter turn leaves unchanged.
        fixed_90: u128,
    },
    /// The thread pool could not be built.
    #[error("could not start {threads} threads: {source}")]
    Pool {
        /// Threads asked for.
        threads: usize,
        /// Why it failed.
        source: rayon::ThreadPoolBuildError,
    },
}
