//! The counting methods a user can pick, behind one trait ([`Solver`]),
//! in one catalogue ([`all`]): the splitting solvers that fan out over
//! threads (halves, pairs, parallel) and the one-thread ones, rows of a
//! table ([`OneThread`]).

mod halves;
mod one_thread;
mod pairs;
mod parallel;

use std::ops::RangeInclusive;

use nqueens_kernel::Board;

use crate::{Error, Hooks, Options, Outcome};

/// A solver that splits the board with a kernel split (`$split::new`)
/// and counts the subproblems on the engine's threads, at any depth from
/// 1 to n: the struct and its `Solver` impl.
macro_rules! splitting_solver {
    ($(#[$meta:meta])* $solver:ident, $name:literal, $description:literal, $split:path) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $solver;

        impl $crate::solvers::Solver for $solver {
            fn name(&self) -> &'static str {
                $name
            }
            fn description(&self) -> &'static str {
                $description
            }
            fn layout(
                &self,
                board: nqueens_kernel::Board,
                opts: &$crate::Options,
            ) -> Result<Option<$crate::Layout>, $crate::Error> {
                $crate::work::split::layout(board, opts, <$split>::within).map(Some)
            }
            fn uses_threads(&self) -> bool {
                true
            }
            fn depths(&self, board: nqueens_kernel::Board) -> Option<std::ops::RangeInclusive<usize>> {
                Some(1..=board.n())
            }
            fn budgeted(&self) -> bool {
                true
            }
            fn total(
                &self,
                board: nqueens_kernel::Board,
                opts: &$crate::Options,
                hooks: &$crate::Hooks,
            ) -> Result<$crate::Outcome, $crate::Error> {
                $crate::work::split::count_split(board, opts, hooks, <$split>::within)
            }
        }
    };
}
use splitting_solver;

pub use halves::Halves;
pub use one_thread::OneThread;
pub use pairs::Pairs;
pub use parallel::Parallel;

/// A method of counting all solutions of a board.
///
/// Unique counts do not belong to the solver: the scheduler combines any
/// total with the symmetric searches by Burnside's lemma.
pub trait Solver: Sync {
    /// Short name, as given to `--solver`.
    fn name(&self) -> &'static str;
    /// One line saying what it does.
    fn description(&self) -> &'static str;
    /// The largest board it accepts.
    fn max_n(&self) -> usize {
        nqueens_kernel::MAX_N
    }
    /// How it splits `board` under `opts`, for solvers that split their
    /// work into subproblems with stable indices (checkpoints and shards
    /// need them); `None` for the others.
    fn layout(&self, _board: Board, _opts: &Options) -> Result<Option<crate::Layout>, Error> {
        Ok(None)
    }
    /// Whether `bench` runs it when no solvers are named: not the
    /// exhaustive searches, whose point is the size of the space they walk
    /// (seconds at n = 8 or 9, where every other solver takes microseconds).
    fn in_default_bench(&self) -> bool {
        true
    }
    /// Whether it uses more than one thread when asked to.
    fn uses_threads(&self) -> bool {
        false
    }
    /// The split depths it accepts on `board` (`--depth`), or `None` if it
    /// does not split its work.
    ///
    /// ```
    /// use nqueens_sched::solvers::by_name;
    /// let board = nqueens_kernel::Board::new(8).unwrap();
    /// assert_eq!(by_name("parallel").unwrap().depths(board), Some(1..=8));
    /// assert_eq!(by_name("halves").unwrap().depths(board), Some(1..=7));
    /// assert_eq!(by_name("mirror").unwrap().depths(board), None);
    /// ```
    fn depths(&self, _board: Board) -> Option<RangeInclusive<usize>> {
        None
    }
    /// Whether [`Options::memory`] caps its working memory (a solver that
    /// keeps no lists has nothing to budget).
    ///
    /// ```
    /// use nqueens_sched::solvers::by_name;
    /// assert!(by_name("levels").unwrap().budgeted());
    /// assert!(!by_name("mirror").unwrap().budgeted());
    /// ```
    fn budgeted(&self) -> bool {
        false
    }
    /// Counts all solutions. Called on the pool the scheduler built (or on
    /// the calling thread for one thread).
    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<Outcome, Error>;
}

/// Every solver, the default first: the fastest measured (see
/// `results/`), with the half-mirrored prefix kernel kept as the reference.
///
/// ```
/// let names: Vec<_> = nqueens_sched::solvers::all().iter().map(|s| s.name()).collect();
/// assert_eq!(names[0], "halves");
/// assert!(names.contains(&"classic"));
/// ```
pub fn all() -> &'static [&'static dyn Solver] {
    &[
        &Halves,
        &Pairs,
        &Parallel,
        &one_thread::MIRROR,
        &one_thread::BITMASK,
        &one_thread::COLUMNS,
        &one_thread::CLASSIC,
        &one_thread::LEVELS,
        &one_thread::BRUTE,
        &one_thread::BRUTE_ROWS,
        &one_thread::BRUTE_SETS,
    ]
}

/// The default solver: the first of [`all`].
///
/// ```
/// assert_eq!(nqueens_sched::solvers::default().name(), "halves");
/// ```
pub fn default() -> &'static dyn Solver {
    all()[0]
}

/// The names of the solvers `keep` keeps, for a message that lists them.
///
/// ```
/// use nqueens_sched::solvers::names;
/// assert_eq!(names(|s| s.name().starts_with("brute")), "brute, brute-rows, brute-sets");
/// ```
pub fn names(keep: impl Fn(&dyn Solver) -> bool) -> String {
    let kept: Vec<&str> = all()
        .iter()
        .filter(|s| keep(**s))
        .map(|s| s.name())
        .collect();
    kept.join(", ")
}

/// The solver called `name`, if there is one.
///
/// ```
/// assert!(nqueens_sched::solvers::by_name("mirror").is_some());
/// assert!(nqueens_sched::solvers::by_name("nope").is_none());
/// ```
pub fn by_name(name: &str) -> Option<&'static dyn Solver> {
    all().iter().copied().find(|s| s.name() == name)
}
