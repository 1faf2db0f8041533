//! The scheduler's own kind of work: the n-queens count by a solver
//! ([`Counting`]), its splitting solvers' subproblems cut by `split`.
//! Every other kind (the variants, the puzzles) lives in a crate of its
//! own that implements [`Kind`] (`nqueens_tasks` holds the built-in
//! catalogue).

pub(crate) mod split;

use nqueens_kernel::Board;

use crate::{solvers, Error, Hooks, Kind, Layout, Limit, Options, Outcome, Solver, UniqueBy};

/// The n-queens count by `solver`, as a [`Kind`]: what [`crate::count`]
/// runs, and what a checkpoint or a plan records as the work `count`.
///
/// ```
/// use nqueens_sched::{solvers, Counting, Kind};
/// let count = Counting(solvers::default());
/// assert_eq!((count.work().as_str(), count.solver()), ("count", "halves"));
/// ```
#[derive(Clone, Copy)]
pub struct Counting<'s>(pub &'s dyn Solver);

impl std::fmt::Debug for Counting<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "count/{}", self.0.name())
    }
}

impl Kind for Counting<'_> {
    fn work(&self) -> String {
        "count".into()
    }

    /// The solver's name.
    fn solver(&self) -> &'static str {
        self.0.name()
    }

    fn unique_by(&self) -> UniqueBy {
        UniqueBy::Searched
    }

    /// The boards within the solver's reach.
    ///
    /// ```
    /// use nqueens_sched::{solvers, Counting, Kind};
    /// let levels = Counting(solvers::by_name("levels").unwrap());
    /// assert_eq!(levels.sizes().check("n", 15).unwrap_err().to_string(),
    ///     "n must be a whole number from 1 to 14 for solver levels, not 15");
    /// ```
    fn sizes(&self) -> Limit {
        let s = self.0;
        Limit::new(1..=s.max_n(), format!(" for solver {}", s.name()))
    }

    /// A splitting solver's own depths ([`Solver::depths`]).
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_sched::{solvers, Counting, Kind};
    /// let mirror = Counting(solvers::by_name("mirror").unwrap());
    /// let e = mirror.depths(Board::new(8).unwrap()).unwrap_err();
    /// assert!(e.to_string().contains("does not split its work"));
    /// ```
    fn depths(&self, board: Board) -> Result<Limit, Error> {
        let s = self.0;
        match s.depths(board) {
            Some(range) => Ok(Limit::new(
                range,
                format!(" for solver {} on n = {}", s.name(), board.n()),
            )),
            None => Err(Error::Refused(format!(
                "--depth does not apply: solver {} does not split its work (solvers that split: {})",
                s.name(),
                solvers::names(|s| s.depths(board).is_some())
            ))),
        }
    }

    fn uses_threads(&self) -> bool {
        self.0.uses_threads()
    }

    /// How the solver cuts `board` under `opts`: `None` for one that does
    /// not split (it cannot checkpoint or shard).
    fn layout(&self, board: Board, opts: &Options) -> Result<Option<Layout>, Error> {
        self.0.layout(board, opts)
    }

    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<Outcome, Error> {
        self.0.total(board, opts, hooks)
    }
}
