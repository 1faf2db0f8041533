//! The counting methods a user can pick, each a [`Kind`] of its own (the
//! n-queens count by that method, recorded as the work `count` under its
//! name), in one table ([`all`]): the splitting solvers that fan out over
//! threads (halves, pairs, parallel) and the one-thread ones, rows of a
//! table ([`OneThread`]). Unique counts do not belong to a solver: the
//! scheduler combines any total with the symmetric searches by
//! Burnside's lemma.

mod halves;
mod one_thread;
mod pairs;
mod parallel;

use std::sync::{Arc, LazyLock};

use nqueens_kernel::Board;

use crate::{Kind, Limit};

/// A solver that splits the board with a kernel split (`$split::new`)
/// and counts the subproblems on the engine's threads, at any depth from
/// 1 to n: the struct and its `Kind` impl.
macro_rules! splitting_solver {
    ($(#[$meta:meta])* $solver:ident, $name:literal, $description:literal, $split:path) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $solver;

        impl $crate::Kind for $solver {
            fn work(&self) -> String {
                $crate::solvers::WORK.into()
            }
            fn solver(&self) -> &'static str {
                $name
            }
            fn description(&self) -> &'static str {
                $description
            }
            fn unique_by(&self) -> $crate::UniqueBy {
                $crate::UniqueBy::Searched
            }
            fn sizes(&self) -> $crate::Limit {
                $crate::solvers::sizes($name, nqueens_kernel::MAX_N)
            }
            fn depths(&self, board: nqueens_kernel::Board) -> Result<$crate::Limit, $crate::Error> {
                Ok($crate::solvers::depths($name, board, 1..=board.n()))
            }
            fn layout(
                &self,
                board: nqueens_kernel::Board,
                opts: &$crate::Options,
            ) -> Result<Option<$crate::Layout>, $crate::Error> {
                $crate::work::split::layout(board, opts, <$split>::within).map(Some)
            }
            fn total(
                &self,
                board: nqueens_kernel::Board,
                opts: &$crate::Options,
                hooks: &$crate::Hooks,
            ) -> Result<($crate::Total, $crate::Search), $crate::Error> {
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

/// The work a solver does, as a checkpoint or a plan records it: the
/// n-queens count.
pub const WORK: &str = "count";

/// A solver's boards: 1 to `max_n`, its own limit.
///
/// ```
/// use nqueens_sched::{solvers, Kind};
/// let levels = solvers::by_name("levels").unwrap();
/// assert_eq!(levels.sizes().check("n", 15).unwrap_err().to_string(),
///     "n must be a whole number from 1 to 14 for solver levels, not 15");
/// ```
pub(crate) fn sizes(name: &str, max_n: usize) -> Limit {
    Limit::new(1..=max_n, format!(" for solver {name}"))
}

/// A splitting solver's depths on `board`: `range`, its own limit.
///
/// ```
/// use nqueens_sched::{solvers::by_name, Kind};
/// let board = nqueens_kernel::Board::new(8).unwrap();
/// assert_eq!(by_name("parallel").unwrap().depths(board).unwrap().range, 1..=8);
/// assert_eq!(by_name("halves").unwrap().depths(board).unwrap().range, 1..=7);
/// let e = by_name("mirror").unwrap().depths(board).unwrap_err();
/// assert!(e.to_string().contains("does not split its work"));
/// ```
pub(crate) fn depths(name: &str, board: Board, range: std::ops::RangeInclusive<usize>) -> Limit {
    Limit::new(range, format!(" for solver {name} on n = {}", board.n()))
}

/// Whether `kind` is the n-queens count by a solver (the work
/// [`WORK`]), not a variant's or a puzzle's count.
///
/// ```
/// use nqueens_sched::solvers;
/// assert!(solvers::is_solver(&**solvers::default()));
/// ```
pub fn is_solver(kind: &dyn Kind) -> bool {
    kind.work() == WORK
}

/// Every solver, the default first: the fastest measured (see
/// `results/`), with the half-mirrored prefix kernel kept as the reference.
///
/// ```
/// use nqueens_sched::Kind;
/// let names: Vec<_> = nqueens_sched::solvers::all().iter().map(|s| s.solver()).collect();
/// assert_eq!(names[0], "halves");
/// assert!(names.contains(&"classic"));
/// ```
pub fn all() -> &'static [Arc<dyn Kind>] {
    static ALL: LazyLock<[Arc<dyn Kind>; 11]> = LazyLock::new(|| {
        [
            Arc::new(Halves),
            Arc::new(Pairs),
            Arc::new(Parallel),
            Arc::new(one_thread::MIRROR),
            Arc::new(one_thread::BITMASK),
            Arc::new(one_thread::COLUMNS),
            Arc::new(one_thread::CLASSIC),
            Arc::new(one_thread::LEVELS),
            Arc::new(one_thread::BRUTE),
            Arc::new(one_thread::BRUTE_ROWS),
            Arc::new(one_thread::BRUTE_SETS),
        ]
    });
    &*ALL
}

/// The default solver: the first of [`all`].
///
/// ```
/// use nqueens_sched::Kind;
/// assert_eq!(nqueens_sched::solvers::default().solver(), "halves");
/// ```
pub fn default() -> &'static Arc<dyn Kind> {
    &all()[0]
}

/// The names of the solvers `keep` keeps, for a message that lists them.
///
/// ```
/// use nqueens_sched::solvers::names;
/// assert_eq!(names(|s| s.solver().starts_with("brute")), "brute, brute-rows, brute-sets");
/// ```
pub fn names(keep: impl Fn(&dyn Kind) -> bool) -> String {
    let kept: Vec<&str> = all()
        .iter()
        .filter(|s| keep(&***s))
        .map(|s| s.solver())
        .collect();
    kept.join(", ")
}

/// The solver called `name`, if there is one.
///
/// ```
/// assert!(nqueens_sched::solvers::by_name("mirror").is_some());
/// assert!(nqueens_sched::solvers::by_name("nope").is_none());
/// ```
pub fn by_name(name: &str) -> Option<&'static Arc<dyn Kind>> {
    all().iter().find(|s| s.solver() == name)
}
