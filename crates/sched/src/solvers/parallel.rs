//! The default: prefix subproblems of the bitmask kernel on a thread pool.

use nqueens_kernel::{Board, Split};

use super::Solver;
use crate::{split, Error, Options, Outcome, Progress};

/// Splits the board into prefix subproblems and counts them on all threads.
#[derive(Clone, Copy, Debug, Default)]
pub struct Parallel;

impl Solver for Parallel {
    fn name(&self) -> &'static str {
        "parallel"
    }
    fn description(&self) -> &'static str {
        "bitmask kernel with half-mirroring, prefix subproblems fanned out over threads"
    }
    fn uses_threads(&self) -> bool {
        true
    }
    fn total(
        &self,
        board: Board,
        opts: &Options,
        progress: &dyn Progress,
    ) -> Result<Outcome, Error> {
        let depth = opts
            .depth
            .unwrap_or_else(|| split::default_depth(board, opts.threads));
        let split = Split::new(board, depth)?;
        progress.start(split.len());
        let total = split::count_split(&split, opts.threads > 1, progress);
        Ok(Outcome {
            total,
            threads: opts.threads,
            depth: Some(depth),
            subproblems: Some(split.len()),
            ..Outcome::default()
        })
    }
}
