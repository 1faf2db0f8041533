//! A count of one board: [`CountRequest`] (as asked) checked once into
//! [`Count`], run into a [`CountRecord`]: the n-queens count by a solver,
//! or a variant's own search (`--torus`, `--no-three-in-line`).

use std::path::PathBuf;
use std::sync::Arc;

use nqueens_kernel::Board;
use nqueens_puzzles::variant::Variant;
use nqueens_sched::{solvers, Checked, Fields, Kind, Search, Total, UniqueBy, Value};

use crate::verify::{self, Check};
use crate::{budget, number, session, Budget, Control, Error, Run, Spelling, Unused};

/// A count as asked for: every value as the user gave it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountRequest {
    /// The board side, as typed.
    pub n: String,
    /// A solver's name (`nqueens solvers`); `None`, the default (halves).
    pub solver: Option<String>,
    /// A variant, counted by its own search instead of a solver.
    pub variant: Option<Variant>,
    /// The split depth, as typed; `None` lets the scheduler choose.
    pub depth: Option<String>,
    /// Threads and memory.
    pub run: Run,
    /// A file recording each finished subproblem: created, or resumed.
    pub checkpoint: Option<PathBuf>,
    /// How messages name the values.
    pub spelling: Spelling,
}

impl CountRequest {
    /// A count of the board of side `n`, everything else by default.
    pub fn new(n: impl ToString) -> CountRequest {
        CountRequest {
            n: n.to_string(),
            ..CountRequest::default()
        }
    }

    /// Checks every value once: the board against the work's limit, the
    /// depth against its depths, the threads and the memory budget, the
    /// options the work does not use refused with the reason.
    pub fn check(&self) -> Result<Count, Error> {
        let sp = self.spelling;
        let task = task(self.solver.as_deref(), self.variant, sp)?;
        let count = number::counted(&self.n, "n", task.clone())?;
        let count = match self.depth.as_deref() {
            Some(text) => number::split_at(count, &sp.of("depth"), text)?,
            None => count,
        };
        if let (Some(_), Some(why)) = (&self.checkpoint, unsplit(&*task, count.board())) {
            return Err(Error::input(format!(
                "{} does not apply: {why}, so it has no parts to record",
                sp.of("checkpoint")
            )));
        }
        let (count, budget) = self.run.counted(sp, count, &unused(&*task))?;
        Ok(Count {
            count,
            budget,
            checkpoint: self.checkpoint.clone(),
        })
    }
}

/// A count checked once, ready to run.
#[derive(Clone, Debug)]
pub struct Count {
    count: Checked,
    budget: Option<Budget>,
    checkpoint: Option<PathBuf>,
}

impl Count {
    /// A count of work checked elsewhere (`Checked::new`: a puzzle's
    /// count, a kind of one's own), under `budget`, through `checkpoint`.
    pub fn of(count: Checked, budget: Option<Budget>, checkpoint: Option<PathBuf>) -> Count {
        Count {
            count,
            budget,
            checkpoint,
        }
    }

    /// The work, its board and its options.
    pub fn checked(&self) -> &Checked {
        &self.count
    }

    /// The variant it counts, if it counts one.
    pub fn variant(&self) -> Option<Variant> {
        nqueens_tasks::variant_of(self.count.task())
    }

    /// The memory budget it runs under (`None`: nothing says how much
    /// memory there is).
    pub fn budget(&self) -> Option<Budget> {
        self.budget
    }

    /// The checkpoint it records to, if any.
    pub fn checkpoint(&self) -> Option<&std::path::Path> {
        self.checkpoint.as_deref()
    }

    /// Counts, through the checkpoint when there is one, under the budget
    /// and `control`. The record says whether the count agrees with OEIS;
    /// [`CountRecord::check`] makes a disagreement an error.
    pub fn run(&self, control: &Control) -> Result<CountRecord, Error> {
        let (total, search) = session::count(
            &self.count,
            self.budget,
            self.checkpoint.as_deref(),
            control,
        )?;
        Ok(CountRecord::new(&self.count, total, search, self.budget))
    }
}

/// The answer of a count: the scheduler's total and search, and what only
/// the library knows (the variant, the process's memory, the check
/// against the published tables). [`CountRecord::fields`] is what every
/// door prints or holds.
#[derive(Clone, Debug, PartialEq)]
pub struct CountRecord {
    /// The board.
    pub board: Board,
    /// The search that counted: a solver's name, or a variant's or a
    /// puzzle's own search.
    pub solver: &'static str,
    /// The variant counted, if it was one.
    pub variant: Option<Variant>,
    /// The board's counts: total, unique by Burnside's lemma, the fixed
    /// solutions, nodes (those read back from a checkpoint among them).
    pub total: Total,
    /// Whether the kind of work counts its symmetries: false for the
    /// puzzles, whose `unique`, `fixed_180` and `fixed_90` are unknown (0
    /// in `total`, null in the record).
    pub symmetries: bool,
    /// How the search went: threads, split, the classic solver's calls
    /// and iterations, the levels solver's level sizes, the seconds.
    pub search: Search,
    /// The process's peak memory so far, where the system reports it.
    pub peak_memory_bytes: Option<u64>,
    /// The budget's limit, when one applied.
    pub memory_budget_bytes: Option<u64>,
    /// Whether total and unique equal OEIS A000170 / A002562: `None` past
    /// the tables, and for the variants.
    pub verified: Option<bool>,
    /// Why a variant has no solution, when it has none.
    pub note: Option<String>,
    /// The published check of a variant's or a puzzle's total.
    published: Option<Error>,
}

impl CountRecord {
    /// The record of `count`, which found `total` in `search`, under
    /// `budget`.
    pub fn new(
        count: &Checked,
        total: Total,
        search: Search,
        budget: Option<Budget>,
    ) -> CountRecord {
        let (task, board) = (count.task(), count.board());
        let variant = nqueens_tasks::variant_of(task);
        let verified = solvers::is_solver(task)
            .then(|| Check::of(board, total.solutions, total.unique).verified())
            .flatten();
        CountRecord {
            board,
            solver: task.solver(),
            variant,
            total,
            symmetries: task.unique_by() != UniqueBy::Uncounted,
            search,
            // A count is the last thing a count process does: the
            // process's peak so far is the count's.
            peak_memory_bytes: budget::peak(),
            memory_budget_bytes: budget.map(|b| b.limit),
            verified,
            note: variant.and_then(|v| note(v, board.n(), total.solutions)),
            published: verify::work(task, board, total.solutions).err(),
        }
    }

    /// An error where the count disagrees with what is published for it
    /// (OEIS, Pólya's theorem): never a footnote.
    pub fn check(&self) -> Result<(), Error> {
        let (board, t) = (self.board, &self.total);
        if let Some(e) = &self.published {
            return Err(e.clone());
        }
        match self.verified {
            Some(false) => Err(Check::of(board, t.solutions, t.unique)
                .error(board, t.solutions, t.unique)
                .expect("not verified: a mismatch")),
            _ => Ok(()),
        }
    }

    /// The record's named values, in the order every format shows them
    /// (the `count` record of docs/formats.md): the counts' names are
    /// [`Total::record`]'s, and `nodes_per_second` is this run's nodes
    /// (those read back from a checkpoint took no time) by its wall
    /// seconds.
    pub fn fields(&self) -> Fields {
        let (t, s) = (&self.total, &self.search);
        let rate = if s.seconds > 0.0 {
            t.nodes.saturating_sub(t.resumed_nodes) as f64 / s.seconds
        } else {
            0.0
        };
        let mut fields: Fields = vec![
            ("n", self.board.n().into()),
            ("solver", self.solver.into()),
            ("variant", self.variant.map(Variant::name).into()),
            ("threads", s.threads.into()),
            ("depth", s.depth.into()),
            ("subproblems", s.subproblems.into()),
        ];
        fields.extend(t.record(self.symmetries));
        fields.extend([
            ("resumed_nodes", t.resumed_nodes.into()),
            ("calls", s.calls.into()),
            ("iterations", s.iterations.into()),
            ("level_sizes", s.level_sizes.clone().into()),
            ("seconds", s.seconds.into()),
            ("symmetry_seconds", s.symmetry_seconds.into()),
            ("nodes_per_second", Value::Int(rate.round() as u128)),
            ("peak_memory_bytes", self.peak_memory_bytes.into()),
            ("memory_budget_bytes", self.memory_budget_bytes.into()),
            ("verified", self.verified.into()),
            ("note", self.note.as_deref().into()),
        ]);
        fields
    }
}

/// The work a request names: a solver (by name; `None`, the default), or
/// a variant's own search, which takes no solver.
///
/// ```
/// use nqueens::{task, Kind, Spelling, Variant};
/// assert_eq!(task(Some("pairs"), None, Spelling::Flags).unwrap().solver(), "pairs");
/// let e = task(Some("pairs"), Some(Variant::Torus), Spelling::Flags).unwrap_err();
/// assert_eq!(e.to_string(), "--solver chooses among the ordinary counting methods; --torus has its own search");
/// ```
pub fn task(
    solver: Option<&str>,
    variant: Option<Variant>,
    sp: Spelling,
) -> Result<Arc<dyn Kind>, Error> {
    Ok(match variant {
        Some(v) => {
            if solver.is_some() {
                return Err(Error::input(format!(
                    "{} chooses among the ordinary counting methods; {} has its own search",
                    sp.of("solver"),
                    sp.of(v.name()),
                )));
            }
            nqueens_tasks::variant(v)
        }
        None => match solver {
            None => solvers::default().clone(),
            Some(name) => self::solver(name)?,
        },
    })
}

/// The solver called `name`.
///
/// ```
/// use nqueens::Kind;
/// assert_eq!(nqueens::solver("pairs").unwrap().solver(), "pairs");
/// let e = nqueens::solver("\x07").err().unwrap();
/// assert!(e.to_string().starts_with("unknown solver '\\x07' (known: halves"));
/// ```
pub fn solver(name: &str) -> Result<Arc<dyn Kind>, Error> {
    nqueens_tasks::solver(name).ok_or_else(|| {
        Error::input(format!(
            "unknown solver '{name}' (known: {})",
            solvers::names(|_| true)
        ))
    })
}

/// Why the work has no parts, if it has none.
fn unsplit(task: &dyn Kind, board: nqueens_kernel::Board) -> Option<String> {
    (solvers::is_solver(task) && task.depths(board).is_err())
        .then(|| format!("solver {} does not split its work", task.solver()))
}

/// The run options a solver does not use, and why.
pub(crate) fn unused(s: &dyn Kind) -> Unused {
    if !solvers::is_solver(s) {
        return Unused::default();
    }
    Unused {
        threads: (!s.uses_threads()).then(|| {
            format!(
                "solver {} runs on one thread (solvers that use threads: {})",
                s.solver(),
                solvers::names(|s| s.uses_threads())
            )
        }),
        memory: (!s.budgeted()).then(|| {
            format!(
                "solver {} keeps no lists for a memory budget to cap (budgeted solvers: {})",
                s.solver(),
                solvers::names(|s| s.budgeted())
            )
        }),
    }
}

/// Why a variant has no solution, when it has none.
fn note(variant: Variant, n: usize, total: u128) -> Option<String> {
    if total > 0 {
        return None;
    }
    Some(match variant {
        Variant::Torus => {
            let why = if n.is_multiple_of(2) {
                format!("n = {n} is even")
            } else {
                format!("n = {n} is divisible by 3")
            };
            format!(
                "no solution: modular queens exist exactly when gcd(n, 6) = 1 (Pólya, 1918), and {why}"
            )
        }
        Variant::NoThreeInLine if n <= 3 => {
            format!("no solution: n = {n} has no ordinary solution to begin with")
        }
        Variant::NoThreeInLine => {
            format!("no solution: every ordinary solution for n = {n} has three queens on one line")
        }
    })
}
