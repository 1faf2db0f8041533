//! The scheduler: counts a board with a chosen solver on a pool of the
//! requested size, and the symmetric solutions beside it, for unique counts.
//!
//! Data flows one way: the CLI asks, the scheduler splits and fans out, the
//! kernel counts. The scheduler never prints; it reports finished
//! pieces of work to the [`Hooks`] the caller supplies.
//!
//! One engine (`engine`) runs every kind of work through one trait
//! ([`Kind`]); the scheduler's own kinds are the n-queens count by each
//! solver ([`solvers`], the splitting solvers' splits in `work`). The
//! other kinds (the variants, the puzzles' counts) live in crates of their
//! own, built on the kernel and not named here: `nqueens_tasks` holds the
//! one catalogue of what a run, a checkpoint or a plan may name. One type
//! ([`Total`]) holds what is counted, from a piece of work to a board, and
//! one function ([`Total::summarize`]) assembles a board's counts, for a
//! whole count and for a merge of shards.
//!
//! ```
//! use nqueens_sched::{count, solvers, NoProgress, Options, Threads};
//! let board = nqueens_kernel::Board::new(10).unwrap();
//! let opts = Options { threads: Threads::new(2).unwrap(), depth: Some(3), memory: None };
//! let (total, search) = count(solvers::by_name("parallel").unwrap(), board, &opts, &NoProgress).unwrap();
//! assert_eq!((total.solutions, total.unique, search.depth), (724, 92, Some(3)));
//! ```
//!
//! A program of its own using the engine implements [`Watch`] for
//! progress (called from the worker threads as pieces finish), sets
//! [`Options::threads`], and counts one piece of a split alone with
//! [`count_parts`] and [`Hooks::select`] (the solutions themselves come
//! from `nqueens_puzzles::solutions::Solutions`). `examples/engine.rs` does
//! all three, asserting each figure (`cargo run -p nqueens-sched --example
//! engine 14`; `cargo test` runs it):
//!
//! ```
//! use std::sync::atomic::{AtomicU64, Ordering};
//! use nqueens_sched::{count, solvers, Options, Threads, Total, Watch};
//!
//! struct Finished(AtomicU64);
//! impl Watch for Finished {
//!     fn done(&self, _index: u64, _found: Total) {
//!         self.0.fetch_add(1, Ordering::Relaxed);
//!     }
//! }
//!
//! let board = nqueens_kernel::Board::new(11).unwrap();
//! let opts = Options { threads: Threads::new(2).unwrap(), ..Options::sequential() };
//! let finished = Finished(AtomicU64::new(0));
//! let (total, _) = count(solvers::default(), board, &opts, &finished).unwrap();
//! assert_eq!(total.solutions, 2680);
//! assert!(finished.0.load(Ordering::Relaxed) > 1);
//! ```
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod checked;
mod clock;
mod engine;
mod error;
mod kind;
mod limit;
mod pool;
mod record;
mod roles;
mod sample;
pub mod solvers;
mod threads;
mod total;
mod work;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use nqueens_kernel::{
    symmetry::{
        fixed_by_half_turn, fixed_by_half_turn_until, fixed_by_quarter_turn,
        fixed_by_quarter_turn_until,
    },
    Board, Tally,
};
use serde::{Deserialize, Serialize};

pub use checked::Checked;
pub use clock::{process_cpu, Clock, ThreadCpu, WallClock};
pub use engine::Work;
pub use error::Error;
pub use kind::{run_pieces, Kind, UniqueBy};
pub use limit::Limit;
pub use record::{Fields, Object, Run, Value};
pub use roles::{Hooks, Known, NoProgress, Stop, Watch};
pub use sample::{
    estimate, estimate_with, fresh_seed, Design, Estimate, Estimator, Interval, Plan, Sampled,
    Sampling, Size, DESCENT_DEPTH, DESCENT_LEAST,
};
pub use threads::Threads;
pub use total::Total;
pub use work::split::default_depth;

/// How to run a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Worker threads (1 takes the sequential path).
    pub threads: Threads,
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
    /// use nqueens_sched::{Options, Threads};
    /// assert_eq!(Options::sequential().threads, Threads::ONE);
    /// ```
    pub fn sequential() -> Options {
        Options {
            threads: Threads::ONE,
            depth: None,
            memory: None,
        }
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

/// How a search went: the threads it used, how it split the board, the
/// counters only some solvers keep, and how long it took. A kind's search
/// ([`Kind::total`]) gives it beside its [`Total`]; a whole count
/// ([`count_task`]) adds its times.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Search {
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
    /// The number of valid placements of 1, 2, ..., n queens (levels
    /// solver): its peak is the largest list it held.
    pub level_sizes: Option<Vec<u64>>,
    /// Wall-clock seconds for the whole count.
    pub seconds: f64,
    /// Seconds spent in the symmetric searches (the price of the unique
    /// count); on several threads they overlap the total's search.
    pub symmetry_seconds: f64,
}

impl Search {
    /// A one-thread search that does not split.
    ///
    /// ```
    /// let s = nqueens_sched::Search::sequential();
    /// assert_eq!((s.threads, s.subproblems), (1, None));
    /// ```
    pub fn sequential() -> Search {
        Search {
            threads: 1,
            ..Search::default()
        }
    }

    /// A search on `threads` of `subproblems` pieces cut at `depth`.
    ///
    /// ```
    /// use nqueens_sched::{Search, Threads};
    /// let s = Search::split(Threads::new(2).unwrap(), 3, 34);
    /// assert_eq!((s.threads, s.depth, s.subproblems), (2, Some(3), Some(34)));
    /// ```
    pub fn split(threads: Threads, depth: usize, subproblems: usize) -> Search {
        Search {
            threads: threads.get(),
            depth: Some(depth),
            subproblems: Some(subproblems),
            ..Search::default()
        }
    }
}

/// Runs only `task`'s search for the total, on a pool of `opts.threads`,
/// with `hooks` choosing which pieces belong to the run: what one shard of
/// a cluster plan does. The symmetric searches are left to [`symmetric`],
/// done once per plan.
///
/// ```
/// use nqueens_sched::{count_parts, solvers, Checked, Hooks, NoProgress, Options, Threads};
/// let board = nqueens_kernel::Board::new(8).unwrap();
/// let opts = Options { threads: Threads::new(2).unwrap(), depth: Some(2), memory: None };
/// let count = Checked::of(solvers::default().clone(), board, opts).unwrap();
/// let (total, _) = count_parts(&count, &Hooks::watching(&NoProgress)).unwrap();
/// assert_eq!(total.solutions, 92);
/// ```
pub fn count_parts<K: Kind + ?Sized>(
    count: &Checked<K>,
    hooks: &Hooks,
) -> Result<(Total, Search), Error> {
    let (task, board) = (count.task(), count.board());
    let opts = &fitted(task, board, count.opts(), hooks.select.as_ref())?;
    pool::run_on(opts.threads, || task.total(board, opts, hooks))?
}

/// `opts` with no more threads than the run has pieces for (one more for
/// the symmetric searches beside them), and the depth those threads would
/// have split at made explicit, so the split is the one asked for and its
/// depth is not searched for again: `--threads 1024` on a board of 37
/// subproblems starts 38 threads, not 1024 that find nothing to do (with
/// a thousand threads, rayon's idle workers take seconds to start and
/// stop).
fn fitted<K: Kind + ?Sized>(
    task: &K,
    board: Board,
    opts: &Options,
    select: Option<&std::ops::Range<u64>>,
) -> Result<Options, Error> {
    if opts.threads.get() <= 2 {
        return Ok(*opts);
    }
    let Some(layout) = task.layout(board, opts)? else {
        return Ok(*opts);
    };
    let pieces = work::split::held(select, layout.subproblems as u64);
    let useful = usize::try_from(pieces.saturating_add(1)).unwrap_or(usize::MAX);
    Ok(Options {
        threads: opts.threads.at_most(useful.max(2)),
        depth: Some(layout.depth),
        memory: opts.memory,
    })
}

/// The threads a count of `board` by `task` under `opts` starts (what
/// [`count_task`] starts; [`count_parts`] with `select`): no more than it
/// has pieces for, and one more for the symmetric searches beside them;
/// one for a kind that runs on one. A caller that reserves memory for each
/// thread reserves it for these.
///
/// ```
/// use nqueens_sched::{solvers, threads_started, Checked, Options, Threads};
/// let board = nqueens_kernel::Board::new(7).unwrap();
/// let opts = Options { threads: Threads::new(1024).unwrap(), ..Options::sequential() };
/// // The halves join cuts n = 7 into 37 row sets.
/// let count = Checked::of(solvers::default().clone(), board, opts).unwrap();
/// assert_eq!(threads_started(&count, None).unwrap().get(), 38);
/// let window = 0..3;
/// assert_eq!(threads_started(&count, Some(&window)).unwrap().get(), 4);
/// ```
pub fn threads_started<K: Kind + ?Sized>(
    count: &Checked<K>,
    select: Option<&std::ops::Range<u64>>,
) -> Result<Threads, Error> {
    let task = count.task();
    if !task.uses_threads() {
        return Ok(Threads::ONE);
    }
    Ok(fitted(task, count.board(), count.opts(), select)?.threads)
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

/// [`symmetric`], or `None` once `stop` asks (within a fraction of a
/// second: the searches ask at their top nodes).
///
/// ```
/// use nqueens_sched::symmetric_until;
/// let board = nqueens_kernel::Board::new(8).unwrap();
/// let (half, _) = symmetric_until(board, &|| false).unwrap();
/// assert_eq!(half.solutions, 4);
/// assert_eq!(symmetric_until(board, &|| true), None);
/// ```
pub fn symmetric_until(board: Board, stop: &dyn Fn() -> bool) -> Option<(Tally, Tally)> {
    Some((
        fixed_by_half_turn_until(board, stop)?,
        fixed_by_quarter_turn_until(board, stop)?,
    ))
}

/// Counts `board` with `solver`: its total, the symmetric solutions beside
/// it, and unique by Burnside's lemma; `watch` sees the work as it
/// completes. [`count_task`] with only a watcher, the board and options
/// checked here ([`Checked::new`]).
///
/// ```
/// use nqueens_sched::{count, solvers, NoProgress, Options};
/// let board = nqueens_kernel::Board::new(8).unwrap();
/// let (t, s) = count(solvers::by_name("classic").unwrap(), board, &Options::sequential(), &NoProgress).unwrap();
/// assert_eq!((t.solutions, t.unique, s.calls, s.iterations), (92, 12, Some(2056), Some(15720)));
/// ```
pub fn count(
    solver: &Arc<dyn Kind>,
    board: Board,
    opts: &Options,
    watch: &dyn Watch,
) -> Result<(Total, Search), Error> {
    let count = Checked::of(Arc::clone(solver), board, *opts)?;
    count_task(&count, &Hooks::watching(watch))
}

/// Counts `board` with `task`: its total and, where the kind of work has
/// them, its symmetries and unique solutions.
///
/// For a solver, with more than one thread, the symmetric searches run as
/// one more task in the same pool; the result is identical for every
/// thread count and every depth. A kind that classifies each solution as
/// it finds it (the variants) needs no symmetric search; one that counts
/// no symmetries (the puzzles) gives a total only ([`Kind::unique_by`]).
///
/// ```
/// use nqueens_sched::{count_task, solvers, Checked, Hooks, NoProgress, Options, Threads};
/// let board = nqueens_kernel::Board::new(7).unwrap();
/// let opts = Options { threads: Threads::new(2).unwrap(), depth: Some(2), memory: None };
/// let count = Checked::of(solvers::by_name("pairs").unwrap().clone(), board, opts).unwrap();
/// let (t, s) = count_task(&count, &Hooks::watching(&NoProgress)).unwrap();
/// assert_eq!((t.solutions, t.unique, s.depth), (40, 6, Some(2)));
/// ```
pub fn count_task<K: Kind + ?Sized>(
    count: &Checked<K>,
    hooks: &Hooks,
) -> Result<(Total, Search), Error> {
    let (task, board, opts) = (count.task(), count.board(), count.opts());
    let start = Instant::now();
    let threads = if task.uses_threads() {
        opts.threads
    } else {
        Threads::ONE
    };
    let opts = &fitted(task, board, opts, hooks.select.as_ref())?;
    let threads = threads.min(opts.threads);
    // The symmetric searches beside the total end early when the total
    // fails (out of memory, say) or the caller asks to stop: neither
    // waits for the other's hours at a large n.
    let failed = AtomicBool::new(false);
    let stop = || failed.load(Ordering::Relaxed) || hooks.stop.stop();
    let searched = || {
        let start = Instant::now();
        let (half, quarter) = symmetric_until(board, &stop)?;
        Some((Total::fixed(half, quarter), start.elapsed().as_secs_f64()))
    };
    let total = || {
        let outcome = task.total(board, opts, hooks);
        failed.store(outcome.is_err(), Ordering::Relaxed);
        outcome
    };
    let by = task.unique_by();
    let (outcome, searches) = pool::run_on(threads, || match by {
        UniqueBy::Classified | UniqueBy::Uncounted => (total(), Some((Total::default(), 0.0))),
        UniqueBy::Searched if threads == Threads::ONE => match total() {
            Ok(outcome) => (Ok(outcome), searched()),
            failed => (failed, None),
        },
        UniqueBy::Searched => rayon::join(total, searched),
    })?;
    let (total, search) = outcome?;
    // The total is whole, the searches were stopped: an interruption.
    let Some((searched, symmetry_seconds)) = searches else {
        let pieces = search.subproblems.unwrap_or(1);
        return Err(Error::Interrupted {
            done: pieces,
            total: pieces,
        });
    };
    let search = Search {
        seconds: start.elapsed().as_secs_f64(),
        symmetry_seconds,
        ..search
    };
    Ok((total.summarize(board, by, searched)?, search))
}
