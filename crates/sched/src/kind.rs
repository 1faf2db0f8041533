//! What the scheduler needs of a kind of count, so that any kind runs
//! through the same pool, stop, progress, memory budget and symmetric
//! searches: a new kind implements [`Kind`] (and [`crate::Work`] for its
//! pieces) in its own files, in its own crate, and is counted by
//! [`crate::count_task`] without an edit here; a checkpoint of it resumes
//! with no registration (`nqueens_files`' header takes its
//! [`Kind::width`] from the kind). Every solver is a kind of its own
//! (the n-queens count by that solver: [`crate::solvers`]); the variants
//! and the puzzles are kinds in `nqueens_tasks`, whose catalogue lists
//! every kind a run, a checkpoint or a plan may name and reads one back
//! from the names a file records.

use nqueens_kernel::Board;

use crate::engine::{self, Work};
use crate::{Error, Hooks, Layout, Limit, Options, Search, Threads, Total};

/// How a kind finds its unique count (solutions up to the board's 8
/// symmetries, by Burnside's lemma).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UniqueBy {
    /// The scheduler searches them beside the total (the n-queens count):
    /// the solutions fixed by the half turn and by the quarter turn.
    Searched,
    /// Each piece classifies its own solutions (the variants): five
    /// numbers a piece.
    Classified,
    /// Not at all: the kind gives a total only (the puzzles).
    Uncounted,
}

/// One kind of count.
///
/// A kind of its own, counted on two threads by the one engine (its
/// pieces: the first-row columns, each counting its column's solutions
/// with the kernel's bitmask search):
///
/// ```
/// use nqueens_kernel::{search::{count_from, State}, Board};
/// use nqueens_sched::{
///     count_task, run_pieces, Checked, Error, Hooks, Kind, Layout, NoProgress, Options, Search,
///     Threads, Total, UniqueBy, Work,
/// };
///
/// struct Columns(Board);
/// impl Work for Columns {
///     type Scratch = ();
///     fn len(&self) -> usize { self.0.n() }
///     fn piece_bytes(&self) -> u64 { 0 }
///     fn count(&self, i: usize, _: &mut (), _: usize) -> Option<Total> {
///         Some(count_from(self.0, State::empty().place(1 << i)).into())
///     }
/// }
///
/// struct ByColumn;
/// impl Kind for ByColumn {
///     fn work(&self) -> String { "by-column".into() }
///     fn solver(&self) -> &'static str { "column-bitmask" }
///     fn description(&self) -> &'static str { "one piece per first-row column" }
///     fn unique_by(&self) -> UniqueBy { UniqueBy::Uncounted }
///     fn layout(&self, board: Board, _: &Options) -> Result<Option<Layout>, Error> {
///         Ok(Some(Layout { depth: 1, subproblems: board.n(), prefix_nodes: 0 }))
///     }
///     fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<(Total, Search), Error> {
///         run_pieces(&Columns(board), 1, opts, hooks)
///     }
/// }
///
/// let opts = Options { threads: Threads::new(2).unwrap(), ..Options::sequential() };
/// let board = Board::new(8).unwrap();
/// let count = Checked::new(ByColumn, board, opts).unwrap();
/// let (total, search) = count_task(&count, &Hooks::watching(&NoProgress)).unwrap();
/// assert_eq!((total.solutions, count.task().solver(), search.subproblems), (92, "column-bitmask", Some(8)));
/// ```
pub trait Kind: Send + Sync {
    /// The kind of work, as a checkpoint or a plan records it (`count`,
    /// `torus`, `dominate`, ...).
    fn work(&self) -> String;

    /// The search that does the work, as a report names it (for the
    /// n-queens count, the solver's name, as `--solver` takes it).
    fn solver(&self) -> &'static str;

    /// One line saying what the search does.
    fn description(&self) -> &'static str;

    /// Numbers recorded per piece: 2 (solutions and nodes), or 5 where
    /// each piece classifies its solutions' symmetries.
    fn width(&self) -> usize {
        match self.unique_by() {
            UniqueBy::Classified => 5,
            UniqueBy::Searched | UniqueBy::Uncounted => 2,
        }
    }

    /// How the kind finds its unique count.
    fn unique_by(&self) -> UniqueBy;

    /// The boards it counts: `n` from 1 to the largest, and whose limit
    /// that is (` for solver levels`). By default every board.
    fn sizes(&self) -> Limit {
        Limit::new(1..=nqueens_kernel::MAX_N, "")
    }

    /// The split depths it takes on `board` ([`Options::depth`]), or why
    /// it takes none. By default none.
    fn depths(&self, _board: Board) -> Result<Limit, Error> {
        Err(Error::Refused(format!(
            "--depth does not apply to {}",
            self.work()
        )))
    }

    /// Refuses a board or options the kind cannot count, before any
    /// thread starts: a board past [`Kind::sizes`], a depth outside
    /// [`Kind::depths`]. The one check of both, made by
    /// [`crate::Checked::new`] (a depth read after the board by
    /// [`crate::Checked::with_depth`]): the layers below take them as they
    /// are.
    fn check(&self, board: Board, opts: &Options) -> Result<(), Error> {
        self.sizes().check("n", board.n())?;
        if let Some(depth) = opts.depth {
            self.depths(board)?.check("--depth", depth)?;
        }
        Ok(())
    }

    /// Whether its search uses more than one thread (else it runs on one,
    /// whatever `Options::threads` says).
    fn uses_threads(&self) -> bool {
        true
    }

    /// Whether [`Options::memory`] caps its working memory (a search that
    /// keeps no lists has nothing to budget).
    fn budgeted(&self) -> bool {
        true
    }

    /// Whether `bench` runs it when no solvers are named: not the
    /// exhaustive searches, whose point is the size of the space they walk
    /// (seconds at n = 8 or 9, where every other solver takes microseconds).
    fn in_default_bench(&self) -> bool {
        true
    }

    /// How it cuts `board` under `opts`: `None` for a search that does
    /// not split (it cannot checkpoint or shard).
    fn layout(&self, board: Board, opts: &Options) -> Result<Option<Layout>, Error>;

    /// Runs its search for the total over the current pool (or the
    /// calling thread), its pieces reported to `hooks`.
    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<(Total, Search), Error>;
}

/// A kind as a checkpoint names it: `count/halves`, `torus/torus-bitmask`.
impl std::fmt::Debug for dyn Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.work(), self.solver())
    }
}

/// Two kinds are the same when a checkpoint would name them alike: the
/// same work by the same search.
///
/// ```
/// use nqueens_sched::solvers::by_name;
/// assert!(**by_name("pairs").unwrap() == **by_name("pairs").unwrap());
/// assert!(**by_name("pairs").unwrap() != **by_name("halves").unwrap());
/// ```
impl PartialEq for dyn Kind {
    fn eq(&self, o: &dyn Kind) -> bool {
        (self.work(), self.solver()) == (o.work(), o.solver())
    }
}

/// Runs every piece of `work`, cut at `depth`, through the engine, on
/// the current pool when `opts.threads > 1`: what a kind's
/// [`Kind::total`] calls.
pub fn run_pieces<W: Work>(
    work: &W,
    depth: usize,
    opts: &Options,
    hooks: &Hooks,
) -> Result<(Total, Search), Error> {
    Ok((
        engine::count_pieces(work, opts.threads > Threads::ONE, opts.memory, hooks)?,
        Search::split(opts.threads, depth, work.len()),
    ))
}
