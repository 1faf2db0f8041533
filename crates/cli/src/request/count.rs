//! `count` and `table`: the work (a solver, or a variant's own search), the
//! board checked against that work's limit, the split depth against the
//! depths it declares, and the run options it uses.

use anyhow::{bail, Result};
use nqueens_kernel::Board;
use nqueens_puzzles::variant::Variant;
use nqueens_sched::{solvers, Checked, Kind, Solver};
use nqueens_tasks::Task;

use super::number;
use super::run::{self, Unused};
use crate::cli::{CountArgs, CountFormat, TableArgs, TableFormat, VariantArgs};
use crate::run::memory::Budget;

/// A validated `count` request.
pub struct Count {
    pub checkpoint: Option<std::path::PathBuf>,
    /// A solver's count, or a variant's, checked.
    pub count: Checked<Task<'static>>,
    pub budget: Option<Budget>,
    pub format: CountFormat,
}

impl TryFrom<CountArgs> for Count {
    type Error = anyhow::Error;
    fn try_from(a: CountArgs) -> Result<Count> {
        let task = kind(a.solver.as_deref(), &a.variant)?;
        let count = number::counted(&a.n, "n", task)?;
        let count = match a.depth.as_deref() {
            Some(text) => number::split_at(count, text)?,
            None => count,
        };
        if let (Some(_), Some(why)) = (&a.checkpoint, unsplit(task, count.board())) {
            bail!("--checkpoint does not apply: {why}, so it has no parts to record");
        }
        let (count, budget) = run::counted(&a.run, count, unused(task))?;
        Ok(Count {
            checkpoint: a.checkpoint,
            count,
            budget,
            format: a.format,
        })
    }
}

/// A validated `table` request.
pub struct Table {
    /// One count a board, each checked.
    pub counts: Vec<Checked<Task<'static>>>,
    pub budget: Option<Budget>,
    pub format: TableFormat,
}

impl TryFrom<TableArgs> for Table {
    type Error = anyhow::Error;
    fn try_from(a: TableArgs) -> Result<Table> {
        let task = Task::Solver(solvers::default());
        let first = number::counted(&a.from, "--from", task)?;
        let last = number::counted(&a.to, "--to", task)?;
        let (from, to) = (first.board().n(), last.board().n());
        if from > to {
            bail!("empty range: --from {from} is after --to {to}");
        }
        // The largest board starts the most threads: its budget is the
        // table's.
        let (last, budget) = run::counted(&a.run, last, Unused::default())?;
        let opts = *last.opts();
        let mut counts = Vec::with_capacity(to - from + 1);
        if from < to {
            counts.push(first.with_threads(opts.threads).with_memory(opts.memory));
        }
        for n in from + 1..to {
            counts.push(Checked::new(task, Board::new(n)?, opts)?);
        }
        counts.push(last);
        Ok(Table {
            counts,
            budget,
            format: a.format,
        })
    }
}

/// Looks a solver up by name (clap has already checked it is one).
pub fn solver(name: &str) -> Result<&'static dyn Solver> {
    match solvers::by_name(name) {
        Some(s) => Ok(s),
        None => bail!(
            "unknown solver '{name}' (known: {})",
            solvers::names(|_| true)
        ),
    }
}

/// The variant asked for by the flags, if any.
pub fn variant(a: &VariantArgs) -> Result<Option<Variant>> {
    match (a.torus, a.no_three_in_line) {
        (true, true) => bail!(
            "--torus and --no-three-in-line cannot be combined: on a torus lines wrap around too, which is a different problem this tool does not count"
        ),
        (true, false) => Ok(Some(Variant::Torus)),
        (false, true) => Ok(Some(Variant::NoThreeInLine)),
        (false, false) => Ok(None),
    }
}

/// A board for `variant` (its own limit) or for the ordinary problem.
pub fn board(n: &str, variant: Option<Variant>) -> Result<Board> {
    match variant {
        Some(v) => number::sized(n, "n", &Task::Variant(v).sizes()),
        None => number::board(n, "n", nqueens_kernel::MAX_N, ""),
    }
}

/// The work the flags name (a solver, or a variant's own search), with
/// the board checked against its limit.
pub fn task(n: &str, solver: Option<&str>, flags: &VariantArgs) -> Result<(Task<'static>, Board)> {
    let task = kind(solver, flags)?;
    Ok((task, number::sized(n, "n", &task.sizes())?))
}

/// The work the flags name: a solver, or a variant's own search.
fn kind(solver: Option<&str>, flags: &VariantArgs) -> Result<Task<'static>> {
    Ok(match variant(flags)? {
        Some(v) => {
            if solver.is_some() {
                bail!(
                    "--solver chooses among the ordinary counting methods; --{} has its own search",
                    v.name()
                );
            }
            Task::Variant(v)
        }
        None => Task::Solver(match solver {
            None => solvers::default(),
            Some(name) => self::solver(name)?,
        }),
    })
}

/// `--depth`, one of the depths the work declares on `board`.
pub fn depth(task: Task, board: Board, text: Option<&str>) -> Result<Option<usize>> {
    let Some(text) = text else { return Ok(None) };
    Ok(Some(task.depths(board)?.parse("--depth", text)? as usize))
}

/// Why the work has no parts, if it has none.
fn unsplit(task: Task, board: Board) -> Option<String> {
    match task {
        Task::Solver(s) if s.depths(board).is_none() => {
            Some(format!("solver {} does not split its work", s.name()))
        }
        _ => None,
    }
}

/// The run options a solver does not use, and why.
fn unused(task: Task) -> Unused {
    let Task::Solver(s) = task else {
        return Unused::default();
    };
    Unused {
        threads: (!s.uses_threads()).then(|| {
            format!(
                "solver {} runs on one thread (solvers that use threads: {})",
                s.name(),
                solvers::names(|s| s.uses_threads())
            )
        }),
        memory: (!s.budgeted()).then(|| {
            format!(
                "solver {} keeps no lists for a memory budget to cap (budgeted solvers: {})",
                s.name(),
                solvers::names(|s| s.budgeted())
            )
        }),
    }
}

/// Parses `--from` and `--to` into the boards between them, up to `max`
/// (the limit of `owner`): one or more.
pub fn range(from: &str, to: &str, max: usize, owner: &str) -> Result<Vec<Board>> {
    let from = number::board(from, "--from", max, owner)?;
    let to = number::board(to, "--to", max, owner)?;
    if from.n() > to.n() {
        bail!("empty range: --from {} is after --to {}", from.n(), to.n());
    }
    Ok((from.n()..=to.n())
        .map(|n| Board::new(n).expect("checked range"))
        .collect())
}
