//! The scheduler: counts a board with a chosen solver on a pool of the
//! requested size, and the symmetric solutions beside it, for unique counts.
//!
//! Data flows one way: the CLI asks, the scheduler splits and fans out, the
//! kernel counts. The scheduler never prints; it reports finished
//! subproblems to a [`Progress`] the caller supplies.
//!
//! ```
//! use nqueens_sched::{count, solvers, NoProgress, Options};
//! let board = nqueens_kernel::Board::new(10).unwrap();
//! let opts = Options { threads: 2, depth: Some(3), memory: None };
//! let report = count(solvers::by_name("parallel").unwrap(), board, &opts, &NoProgress).unwrap();
//! assert_eq!((report.total, report.unique), (724, 92));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod error;
mod pool;
pub mod puzzles;
pub mod solvers;
mod split;
mod variants;

use std::time::Instant;

use nqueens_kernel::{
    symmetry::{fixed_by_half_turn, fixed_by_quarter_turn},
    Board, Counts, Tally,
};
use serde::{Deserialize, Serialize};

pub use error::Error;
pub use solvers::Solver;
pub use split::default_depth;
pub use variants::{count_variant, VariantReport};

/// How to run a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Worker threads (at least 1; 1 takes the sequential path).
    pub threads: usize,
    /// Split depth; `None` lets the scheduler choose from `n` and `threads`.
    pub depth: Option<usize>,
    /// Bytes of memory the count may hold, `None` for no cap. The split
    /// and what a caller records of each subproblem (64 bytes at most) are
    /// taken off first; the rest is shared equally among the threads, and
    /// each thread's working memory stays within its share. A count that
    /// would need more stops with [`Error::OverBudget`].
    pub memory: Option<u64>,
}

impl Options {
    /// One thread, depth chosen by the scheduler.
    ///
    /// ```
    /// assert_eq!(nqueens_sched::Options::sequential().threads, 1);
    /// ```
    pub fn sequential() -> Options {
        Options {
            threads: 1,
            depth: None,
            memory: None,
        }
    }
}

/// The caller's say in a splitting count, and its view of the work as it
/// completes: progress bars, checkpoints and shards are all built on this.
/// Called from worker threads. Solvers that do not split call none of it.
pub trait Progress: Sync {
    /// The count is about to start on `subproblems` pieces of work.
    fn start(&self, _subproblems: usize) {}
    /// Whether to call [`Progress::weights`]: estimating costs a little, so
    /// only a progress bar someone sees asks for it.
    fn wants_weights(&self) -> bool {
        false
    }
    /// After `start`, the estimated relative work of each subproblem, by
    /// index (see [`nqueens_kernel::split::Part::estimate`]).
    fn weights(&self, _weights: &[u64]) {}
    /// The subproblem with this index (in its split) is finished, with its
    /// weighted tally.
    fn done(&self, _index: u64, _tally: Tally) {}
    /// A tally already known for this subproblem (from a checkpoint): used
    /// instead of counting it, and not reported to [`Progress::done`].
    fn recorded(&self, _index: u64) -> Option<Tally> {
        None
    }
    /// Whether this subproblem belongs to this run at all: a shard counts
    /// only its own, and its total is then theirs alone.
    fn wanted(&self, _index: u64) -> bool {
        true
    }
    /// Asked before each subproblem: `true` leaves the rest uncounted and
    /// the count ends with [`Error::Interrupted`] (finished ones were
    /// already reported).
    fn stop(&self) -> bool {
        false
    }
}

/// How a splitting solver cuts a board: what a checkpoint or a shard plan
/// must agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// Split depth.
    pub depth: usize,
    /// Number of subproblems.
    pub subproblems: usize,
    /// Nodes of the search that made them.
    pub prefix_nodes: u64,
}

/// A [`Progress`] that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}

/// Solutions and nodes summed in `u128`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Total {
    /// Solutions.
    pub solutions: u128,
    /// Nodes (queens placed).
    pub nodes: u128,
}

impl From<Tally> for Total {
    fn from(t: Tally) -> Total {
        Total {
            solutions: u128::from(t.solutions),
            nodes: u128::from(t.nodes),
        }
    }
}

impl std::ops::Add for Total {
    type Output = Total;
    fn add(self, o: Total) -> Total {
        Total {
            solutions: self.solutions + o.solutions,
            nodes: self.nodes + o.nodes,
        }
    }
}

/// What a solver's total search found, and how it went about it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions and nodes.
    pub total: Total,
    /// Threads the search actually used.
    pub threads: usize,
    /// Split depth, for solvers that split.
    pub depth: Option<usize>,
    /// Number of subproblems, for solvers that split.
    pub subproblems: Option<usize>,
    /// Calls of the placing procedure (classic solver).
    pub calls: Option<u64>,
    /// Passes of the column loop (classic solver).
    pub iterations: Option<u64>,
    /// Largest list of partial placements held at once (levels solver).
    pub peak_list: Option<u64>,
}

impl Outcome {
    /// The outcome of a one-thread search that does not split.
    ///
    /// ```
    /// use nqueens_sched::{Outcome, Total};
    /// let o = Outcome::sequential(Total { solutions: 92, nodes: 2056 });
    /// assert_eq!((o.threads, o.depth), (1, None));
    /// ```
    pub fn sequential(total: Total) -> Outcome {
        Outcome {
            total,
            threads: 1,
            ..Outcome::default()
        }
    }
}

/// The result of one count: plain data, ready to print or store.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Board side.
    pub n: usize,
    /// Solver name.
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
    /// Fundamental solutions (Burnside's lemma).
    pub unique: u128,
    /// Solutions fixed by a half turn.
    pub fixed_180: u128,
    /// Solutions fixed by a quarter turn.
    pub fixed_90: u128,
    /// Nodes (queens placed) of the total search.
    pub nodes: u128,
    /// Nodes of the symmetric searches.
    pub symmetry_nodes: u128,
    /// Calls of the placing procedure (classic solver only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub calls: Option<u64>,
    /// Passes of the column loop (classic solver only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub iterations: Option<u64>,
    /// Largest list of partial placements held at once (levels solver only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub peak_list: Option<u64>,
    /// Wall-clock seconds for the whole count.
    pub seconds: f64,
    /// Seconds spent in the symmetric searches (the price of the unique
    /// count); on several threads they overlap the total's search.
    pub symmetry_seconds: f64,
}

/// Runs only `solver`'s total search, on a pool of `opts.threads`, with the
/// caller's [`Progress`] choosing which subproblems belong to the run: what
/// one shard of a cluster plan does. The symmetric searches are left to
/// [`symmetric`], done once per plan.
///
/// ```
/// use nqueens_sched::{count_parts, solvers, NoProgress, Options};
/// let board = nqueens_kernel::Board::new(8).unwrap();
/// let o = count_parts(solvers::default(), board, &Options { threads: 2, depth: Some(2), memory: None }, &NoProgress).unwrap();
/// assert_eq!(o.total.solutions, 92);
/// ```
pub fn count_parts(
    solver: &dyn Solver,
    board: Board,
    opts: &Options,
    progress: &dyn Progress,
) -> Result<Outcome, Error> {
    if opts.threads == 0 {
        return Err(Error::NoThreads);
    }
    pool::run_on(opts.threads, || solver.total(board, opts, progress))?
}

/// The solutions fixed by the half turn and by the quarter turn, with the
/// nodes of their searches: Burnside's lemma needs them beside any total.
///
/// ```
/// let (half, quarter) = nqueens_sched::symmetric(nqueens_kernel::Board::new(8).unwrap());
/// assert_eq!((half.solutions, quarter.solutions), (4, 0));
/// ```
pub fn symmetric(board: Board) -> (Tally, Tally) {
    (fixed_by_half_turn(board), fixed_by_quarter_turn(board))
}

/// Counts `board` with `solver`: its total, the symmetric solutions beside
/// it, and unique by Burnside's lemma.
///
/// With more than one thread, the symmetric searches run as one more task
/// in the same pool; the result is identical for every thread count and
/// every depth.
///
/// ```
/// use nqueens_sched::{count, solvers, NoProgress, Options};
/// let board = nqueens_kernel::Board::new(8).unwrap();
/// let r = count(solvers::by_name("classic").unwrap(), board, &Options::sequential(), &NoProgress).unwrap();
/// assert_eq!((r.total, r.unique, r.calls, r.iterations), (92, 12, Some(2056), Some(15720)));
/// ```
pub fn count(
    solver: &dyn Solver,
    board: Board,
    opts: &Options,
    progress: &dyn Progress,
) -> Result<Report, Error> {
    if opts.threads == 0 {
        return Err(Error::NoThreads);
    }
    if let Some(depth) = opts.depth {
        if depth == 0 || depth > board.n() {
            return Err(nqueens_kernel::Error::DepthOutOfRange {
                depth,
                n: board.n(),
            }
            .into());
        }
    }
    if board.n() > solver.max_n() {
        return Err(Error::TooLargeForSolver {
            solver: solver.name(),
            max: solver.max_n(),
            n: board.n(),
        });
    }
    let start = Instant::now();
    let threads = if solver.uses_threads() {
        opts.threads
    } else {
        1
    };
    let symmetric = || {
        let start = Instant::now();
        let found = symmetric(board);
        (found, start.elapsed().as_secs_f64())
    };
    let (outcome, ((half, quarter), symmetry_seconds)) = pool::run_on(threads, || {
        if threads == 1 {
            (solver.total(board, opts, progress), symmetric())
        } else {
            rayon::join(|| solver.total(board, opts, progress), symmetric)
        }
    })?;
    let outcome = outcome?;
    let seconds = start.elapsed().as_secs_f64();
    let c = Counts::combine(
        board,
        outcome.total.solutions,
        outcome.total.nodes,
        half,
        quarter,
    );
    Ok(Report {
        n: board.n(),
        solver: solver.name().to_string(),
        threads: outcome.threads,
        depth: outcome.depth,
        subproblems: outcome.subproblems,
        total: c.total,
        unique: c.unique,
        fixed_180: c.fixed_180,
        fixed_90: c.fixed_90,
        nodes: c.nodes,
        symmetry_nodes: c.symmetry_nodes,
        calls: outcome.calls,
        iterations: outcome.iterations,
        peak_list: outcome.peak_list,
        seconds,
        symmetry_seconds,
    })
}
