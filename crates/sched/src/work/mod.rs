//! The kinds of work the engine fans out, one adapter each: the counting
//! solvers' splits (`split`), the variants' first-row columns
//! (`variants`), the puzzles' counting searches (`puzzles`). [`Task`]
//! names one kind with what it needs, for a run, a checkpoint or a plan.

pub(crate) mod puzzles;
pub(crate) mod split;
pub(crate) mod variants;

use nqueens_kernel::Board;
use nqueens_puzzles::variant::Variant;

use crate::engine::{self, Work};
use crate::{solvers, Error, Hooks, Layout, Options, Outcome, Solver};

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
    /// The kind of work, as a checkpoint or a plan records it: `count`,
    /// `torus`, `no-three-in-line`, `dominate`, `pawns-with-Q-queens`.
    ///
    /// ```
    /// use nqueens_sched::Task;
    /// assert_eq!(Task::Pawns { queens: 9 }.work(), "pawns-with-9-queens");
    /// assert_eq!(Task::Solver(nqueens_sched::solvers::default()).work(), "count");
    /// ```
    pub fn work(&self) -> String {
        match self {
            Task::Solver(_) => "count".into(),
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
    /// assert_eq!(nqueens_sched::Task::Variant(Variant::Torus).solver(), "torus-bitmask");
    /// ```
    pub fn solver(&self) -> &'static str {
        match self {
            Task::Solver(s) => s.name(),
            Task::Variant(Variant::Torus) => "torus-bitmask",
            Task::Variant(Variant::NoThreeInLine) => "collinear-pruning",
            Task::Dominate => "dominate-search",
            Task::Pawns { .. } => "pawns-search",
        }
    }

    /// The task a checkpoint or a plan names, if this build knows it.
    ///
    /// ```
    /// use nqueens_sched::Task;
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

    /// Numbers recorded per piece: 5 for the variants (solutions, nodes and
    /// the three symmetry classes), 2 for the others.
    ///
    /// ```
    /// use nqueens_sched::Task;
    /// assert_eq!(Task::Dominate.width(), 2);
    /// ```
    pub fn width(&self) -> usize {
        match self {
            Task::Variant(_) => 5,
            _ => 2,
        }
    }

    /// How the task cuts `board` under `opts`: `None` for a solver that
    /// does not split (it cannot checkpoint or shard). The variants split
    /// by first-row column only: any `opts.depth` but 1 is refused.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::variant::Variant;
    /// use nqueens_sched::{Options, Task};
    /// let l = Task::Variant(Variant::Torus).layout(Board::new(7).unwrap(), &Options::sequential());
    /// assert_eq!(l.unwrap().unwrap().subproblems, 7);
    /// ```
    pub fn layout(&self, board: Board, opts: &Options) -> Result<Option<Layout>, Error> {
        let plain = |depth, subproblems| {
            Some(Layout {
                depth,
                subproblems,
                prefix_nodes: 0,
            })
        };
        Ok(match *self {
            Task::Solver(s) => s.layout(board, opts)?,
            Task::Variant(v) => plain(1, self.variant(v, board, opts)?.len()),
            Task::Dominate => plain(
                puzzles::DOMINATION_DEPTH,
                puzzles::Dominating::new(board.n())?.len(),
            ),
            Task::Pawns { queens } => plain(1, puzzles::WithPawns::new(board.n(), queens)?.len()),
        })
    }

    fn variant(
        &self,
        v: Variant,
        board: Board,
        opts: &Options,
    ) -> Result<variants::Columns, Error> {
        match opts.depth {
            None | Some(1) => Ok(variants::Columns { variant: v, board }),
            Some(depth) => Err(Error::VariantDepth {
                variant: v.name(),
                depth,
            }),
        }
    }

    /// Runs the task's search over the current pool (or the calling thread).
    pub(crate) fn total(
        &self,
        board: Board,
        opts: &Options,
        hooks: &Hooks,
    ) -> Result<Outcome, Error> {
        match *self {
            Task::Solver(s) => s.total(board, opts, hooks),
            Task::Variant(v) => whole(&self.variant(v, board, opts)?, 1, opts, hooks),
            Task::Dominate => whole(
                &puzzles::Dominating::new(board.n())?,
                puzzles::DOMINATION_DEPTH,
                opts,
                hooks,
            ),
            Task::Pawns { queens } => {
                whole(&puzzles::WithPawns::new(board.n(), queens)?, 1, opts, hooks)
            }
        }
    }
}

/// Runs all of `work`, cut at `depth`, through the engine.
fn whole<W: Work>(work: &W, depth: usize, opts: &Options, hooks: &Hooks) -> Result<Outcome, Error> {
    Ok(Outcome {
        total: engine::run(work, opts.threads > 1, opts.memory, hooks)?,
        threads: opts.threads,
        depth: Some(depth),
        subproblems: Some(work.len()),
        ..Outcome::default()
    })
}
