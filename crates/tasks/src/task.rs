//! [`Task`]: one built-in kind of work with what it needs besides the
//! board, for a run, a checkpoint or a plan, and the [`Kind`] the
//! scheduler runs for it.

use nqueens_kernel::Board;
use nqueens_puzzles::variant::Variant;
use nqueens_puzzles::{dominate, pawns};
use nqueens_sched::{
    run_pieces, solvers, Counting, Error, Hooks, Kind, Layout, Limit, Options, Outcome, Solver,
    UniqueBy, Work,
};

use crate::{puzzles, variants};

/// One kind of work, with what it needs besides the board.
#[derive(Clone, Copy)]
pub enum Task<'s> {
    /// The n-queens count by a solver.
    Solver(&'s dyn Solver),
    /// A variant's count (torus, no three in line).
    Variant(Variant),
    /// The minimum dominating sets of queens (`dominate --count`).
    Dominate,
    /// The placements of `queens` queens with the fewest pawns
    /// (`pawns --count`).
    Pawns {
        /// Queens to place.
        queens: usize,
    },
}

impl std::fmt::Debug for Task<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.work(), self.solver())
    }
}

impl PartialEq for Task<'_> {
    fn eq(&self, o: &Task) -> bool {
        (self.work(), self.solver()) == (o.work(), o.solver())
    }
}

impl<'s> Task<'s> {
    /// The task a checkpoint or a plan names, if this build knows it: the
    /// one place the names a file records are read back into a kind (a
    /// kind of one's own is run and resumed without it: a checkpoint takes
    /// what it needs from the kind itself).
    ///
    /// ```
    /// use nqueens_sched::Kind;
    /// use nqueens_tasks::Task;
    /// let t = Task::Pawns { queens: 9 };
    /// assert_eq!(Task::parse(&t.work(), t.solver()), Some(t));
    /// assert_eq!(Task::parse("count", "nope"), None);
    /// ```
    pub fn parse(work: &str, solver: &str) -> Option<Task<'static>> {
        let task = match work {
            "count" => Task::Solver(solvers::by_name(solver)?),
            "dominate" => Task::Dominate,
            w => match Variant::ALL.into_iter().find(|v| v.name() == w) {
                Some(v) => Task::Variant(v),
                None => Task::Pawns {
                    queens: w
                        .strip_prefix("pawns-with-")?
                        .strip_suffix("-queens")?
                        .parse()
                        .ok()?,
                },
            },
        };
        (task.solver() == solver).then_some(task)
    }
}

impl Kind for Task<'_> {
    /// The kind of work, as a checkpoint or a plan records it: `count`,
    /// `torus`, `no-three-in-line`, `dominate`, `pawns-with-Q-queens`.
    ///
    /// ```
    /// use nqueens_sched::Kind;
    /// use nqueens_tasks::Task;
    /// assert_eq!(Task::Pawns { queens: 9 }.work(), "pawns-with-9-queens");
    /// assert_eq!(Task::Solver(nqueens_sched::solvers::default()).work(), "count");
    /// ```
    fn work(&self) -> String {
        match self {
            Task::Solver(s) => Counting(*s).work(),
            Task::Variant(v) => v.name().into(),
            Task::Dominate => "dominate".into(),
            Task::Pawns { queens } => format!("pawns-with-{queens}-queens"),
        }
    }

    /// The search that does the work: a solver's name, or the variant's or
    /// puzzle's own search.
    ///
    /// ```
    /// use nqueens_puzzles::variant::Variant;
    /// use nqueens_sched::Kind;
    /// assert_eq!(nqueens_tasks::Task::Variant(Variant::Torus).solver(), "torus-bitmask");
    /// ```
    fn solver(&self) -> &'static str {
        match self {
            Task::Solver(s) => Counting(*s).solver(),
            Task::Variant(Variant::Torus) => "torus-bitmask",
            Task::Variant(Variant::NoThreeInLine) => "collinear-pruning",
            Task::Dominate => "dominate-search",
            Task::Pawns { .. } => "pawns-search",
        }
    }

    fn unique_by(&self) -> UniqueBy {
        match self {
            Task::Solver(s) => Counting(*s).unique_by(),
            Task::Variant(_) => UniqueBy::Classified,
            Task::Dominate | Task::Pawns { .. } => UniqueBy::Uncounted,
        }
    }

    /// A solver's boards are those within its reach, a variant's those
    /// its search counts in about a minute, dominate's those its bit sets
    /// hold, pawns' those measured to count in seconds.
    ///
    /// ```
    /// use nqueens_sched::{solvers, Kind};
    /// use nqueens_tasks::Task;
    /// let levels = Task::Solver(solvers::by_name("levels").unwrap());
    /// assert_eq!(levels.sizes().check("n", 15).unwrap_err().to_string(),
    ///     "n must be a whole number from 1 to 14 for solver levels, not 15");
    /// assert!(Task::Dominate.sizes().check("n", 14).unwrap_err().to_string()
    ///     .starts_with("n must be a whole number from 1 to 13 for dominate (its bit sets"));
    /// ```
    fn sizes(&self) -> Limit {
        match self {
            Task::Solver(s) => Counting(*s).sizes(),
            Task::Variant(v) => Limit::new(
                1..=v.max_n(),
                format!(
                    " for --{} (n = {} takes about a minute)",
                    v.name(),
                    v.max_n()
                ),
            ),
            Task::Dominate => Limit::new(
                1..=dominate::MAX_N,
                " for dominate (its bit sets hold 13 x 13, which counts in about 30 s on one thread)",
            ),
            Task::Pawns { .. } => Limit::new(
                1..=pawns::MEASURED_MAX_N,
                " for pawns (the measured limit: larger boards take minutes)",
            ),
        }
    }

    /// A splitting solver's depths are its own ([`Solver::depths`]); a
    /// variant splits by first-row column only, each puzzle at its one
    /// depth.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::variant::Variant;
    /// use nqueens_sched::{solvers, Kind};
    /// use nqueens_tasks::Task;
    /// let board = Board::new(8).unwrap();
    /// let torus = Task::Variant(Variant::Torus).depths(board).unwrap();
    /// assert_eq!(torus.check("--depth", 2).unwrap_err().to_string(),
    ///     "--depth must be 1 for --torus: its search splits only by first-row column, not 2");
    /// let mirror = Task::Solver(solvers::by_name("mirror").unwrap()).depths(board);
    /// assert!(mirror.unwrap_err().to_string().contains("does not split its work"));
    /// ```
    fn depths(&self, board: Board) -> Result<Limit, Error> {
        let fixed = |depth| Ok(Limit::new(depth..=depth, format!(" for {}", self.work())));
        match self {
            Task::Solver(s) => Counting(*s).depths(board),
            Task::Variant(v) => Ok(Limit::new(
                Variant::DEPTH..=Variant::DEPTH,
                format!(
                    " for --{}: its search splits only by first-row column",
                    v.name()
                ),
            )),
            Task::Dominate => fixed(puzzles::DOMINATION_DEPTH),
            Task::Pawns { .. } => fixed(1),
        }
    }

    fn uses_threads(&self) -> bool {
        match self {
            Task::Solver(s) => Counting(*s).uses_threads(),
            _ => true,
        }
    }

    /// How the task cuts `board` under `opts`: `None` for a solver that
    /// does not split (it cannot checkpoint or shard). The variants split
    /// by first-row column only.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::variant::Variant;
    /// use nqueens_sched::{Kind, Options};
    /// use nqueens_tasks::Task;
    /// let l = Task::Variant(Variant::Torus).layout(Board::new(7).unwrap(), &Options::sequential());
    /// assert_eq!(l.unwrap().unwrap().subproblems, 7);
    /// ```
    fn layout(&self, board: Board, opts: &Options) -> Result<Option<Layout>, Error> {
        let plain = |depth, subproblems| {
            Some(Layout {
                depth,
                subproblems,
                prefix_nodes: 0,
            })
        };
        Ok(match *self {
            Task::Solver(s) => Counting(s).layout(board, opts)?,
            Task::Variant(variant) => {
                plain(Variant::DEPTH, variants::Columns { variant, board }.len())
            }
            Task::Dominate => plain(
                puzzles::DOMINATION_DEPTH,
                puzzles::Dominating::new(board.n())?.len(),
            ),
            Task::Pawns { queens } => plain(1, puzzles::WithPawns::new(board.n(), queens)?.len()),
        })
    }

    /// Runs the task's search over the current pool (or the calling thread).
    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<Outcome, Error> {
        match *self {
            Task::Solver(s) => Counting(s).total(board, opts, hooks),
            Task::Variant(variant) => run_pieces(
                &variants::Columns { variant, board },
                Variant::DEPTH,
                opts,
                hooks,
            ),
            Task::Dominate => run_pieces(
                &puzzles::Dominating::new(board.n())?,
                puzzles::DOMINATION_DEPTH,
                opts,
                hooks,
            ),
            Task::Pawns { queens } => {
                run_pieces(&puzzles::WithPawns::new(board.n(), queens)?, 1, opts, hooks)
            }
        }
    }
}
