//! Raw arguments checked and turned into validated options.
//!
//! Numbers arrive as text so that every bad value (`abc`, `-3`, `0`, `99`)
//! gets a message written for it rather than a generic parser error.

use anyhow::{bail, Context, Result};
use nqueens_kernel::{Board, MAX_N};
use nqueens_sched::{solvers, Options, Solver};

use crate::cli::{BenchArgs, CountArgs, CountFormat, RunArgs, TableArgs, TableFormat};
use crate::run::memory::Budget;

/// A validated `count` request.
pub struct Count {
    pub checkpoint: Option<std::path::PathBuf>,
    pub board: Board,
    pub solver: &'static dyn Solver,
    pub run: Options,
    pub budget: Option<Budget>,
    pub format: CountFormat,
}

/// A validated `table` request.
pub struct Table {
    pub boards: Vec<Board>,
    pub run: Options,
    pub budget: Option<Budget>,
    pub format: TableFormat,
}

impl TryFrom<CountArgs> for Count {
    type Error = anyhow::Error;
    fn try_from(a: CountArgs) -> Result<Count> {
        let board = board(&a.n, "n")?;
        let solver = match a.solver.as_deref() {
            None => solvers::default(),
            Some(name) => solver(name)?,
        };
        let depth = a
            .depth
            .as_deref()
            .map(|d| whole(d, "--depth"))
            .transpose()?;
        if let Some(d) = depth {
            if d == 0 || d > board.n() {
                bail!(
                    "--depth {d} is out of range for n = {} (it must be between 1 and {})",
                    board.n(),
                    board.n()
                );
            }
        }
        let (run, budget) = run(&a.run, depth)?;
        Ok(Count {
            checkpoint: a.checkpoint,
            board,
            solver,
            run,
            budget,
            format: a.format,
        })
    }
}

impl TryFrom<TableArgs> for Table {
    type Error = anyhow::Error;
    fn try_from(a: TableArgs) -> Result<Table> {
        let boards = range(&a.from, &a.to)?;
        let (run, budget) = run(&a.run, None)?;
        Ok(Table {
            boards,
            run,
            budget,
            format: a.format,
        })
    }
}

/// A validated `bench` request.
pub struct Bench {
    /// The solvers, baseline first.
    pub solvers: Vec<&'static dyn Solver>,
    pub boards: Vec<Board>,
    pub repeat: usize,
    pub run: Options,
    pub budget: Option<Budget>,
    pub max_seconds: f64,
    pub format: TableFormat,
    pub out: Option<std::path::PathBuf>,
}

impl TryFrom<BenchArgs> for Bench {
    type Error = anyhow::Error;
    fn try_from(a: BenchArgs) -> Result<Bench> {
        let boards = range(&a.from, &a.to)?;
        let baseline = solver(&a.baseline)?;
        let mut solvers = vec![baseline];
        let named = match a.solvers.as_deref() {
            None => solvers::all()
                .iter()
                .copied()
                .filter(|s| s.in_default_bench())
                .collect(),
            Some(list) => {
                let names: Vec<&str> = list.split(',').map(str::trim).collect();
                if names.iter().any(|n| n.is_empty()) {
                    bail!("--solvers takes names separated by commas, not '{list}'");
                }
                let named = names.into_iter().map(solver).collect::<Result<Vec<_>>>()?;
                let smallest = boards[0].n();
                if let Some(s) = named.iter().find(|s| s.max_n() < smallest) {
                    bail!(
                        "solver '{}' handles n up to {}, and the range starts at {smallest}",
                        s.name(),
                        s.max_n()
                    );
                }
                named
            }
        };
        for s in named {
            if !solvers.iter().any(|t| t.name() == s.name()) {
                solvers.push(s);
            }
        }
        if baseline.max_n() < boards[0].n() {
            bail!(
                "baseline '{}' handles n up to {}, and the range starts at {}",
                baseline.name(),
                baseline.max_n(),
                boards[0].n()
            );
        }
        let repeat = match whole(&a.repeat, "--repeat")? {
            0 => bail!("--repeat must be at least 1, not 0"),
            r if r > 1000 => bail!("--repeat {r} is more than 1000"),
            r => r,
        };
        let max_seconds: f64 = a
            .max_seconds
            .trim()
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s > 0.0)
            .with_context(|| {
                format!(
                    "--max-seconds must be a positive number of seconds, not '{}'",
                    a.max_seconds
                )
            })?;
        if let Some(out) = &a.out {
            crate::bench::record::RunDir::check(out)?;
        }
        let (run, budget) = run(&a.run, None)?;
        Ok(Bench {
            solvers,
            boards,
            repeat,
            run,
            budget,
            max_seconds,
            format: a.format,
            out: a.out,
        })
    }
}

/// Looks a solver up by name.
pub fn solver(name: &str) -> Result<&'static dyn Solver> {
    solvers::by_name(name).with_context(|| {
        let names: Vec<_> = solvers::all().iter().map(|s| s.name()).collect();
        format!("unknown solver '{name}' (known: {})", names.join(", "))
    })
}

/// Parses `--from` and `--to` into the boards between them.
fn range(from: &str, to: &str) -> Result<Vec<Board>> {
    let (from, to) = (board(from, "--from")?, board(to, "--to")?);
    if from.n() > to.n() {
        bail!("empty range: --from {} is after --to {}", from.n(), to.n());
    }
    Ok((from.n()..=to.n())
        .map(|n| Board::new(n).expect("checked range"))
        .collect())
}

/// Parses a board size, with the kernel's own limits.
pub fn board(text: &str, what: &str) -> Result<Board> {
    let n: i128 = text.trim().parse().map_err(|_| {
        anyhow::anyhow!("{what} must be a whole number from 1 to {MAX_N}, not '{text}'")
    })?;
    if n < 1 {
        bail!("{what} must be at least 1, not {n} (boards run from 1 x 1 to {MAX_N} x {MAX_N})");
    }
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    Board::new(n).map_err(|e| match what {
        "n" => anyhow::anyhow!("{e}"),
        _ => anyhow::anyhow!("{what}: {e}"),
    })
}

/// Parses a positive whole number.
pub fn whole(text: &str, what: &str) -> Result<usize> {
    let v: i128 = text
        .trim()
        .parse()
        .map_err(|_| anyhow::anyhow!("{what} must be a whole number, not '{text}'"))?;
    usize::try_from(v).map_err(|_| anyhow::anyhow!("{what} must be at least 1, not {v}"))
}

/// The scheduler's options for `--threads`, `--max-memory` and a depth,
/// with the memory budget they come from.
pub fn run(args: &RunArgs, depth: Option<usize>) -> Result<(Options, Option<Budget>)> {
    let threads = threads(args)?;
    let budget = Budget::of(args)?;
    let options = Options {
        threads,
        depth,
        memory: budget.map(|b| b.working()),
    };
    Ok((options, budget))
}

fn threads(run: &RunArgs) -> Result<usize> {
    match run.threads.as_deref() {
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        Some(t) => match whole(t, "--threads")? {
            0 => bail!("--threads must be at least 1, not 0"),
            n if n > 4096 => {
                bail!("--threads {n} is more than this tool will start (4096 at most)")
            }
            n => Ok(n),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes_are_checked_with_clear_messages() {
        assert_eq!(board("8", "n").unwrap().n(), 8);
        assert!(board("0", "n")
            .unwrap_err()
            .to_string()
            .contains("at least 1"));
        assert!(board("-3", "n")
            .unwrap_err()
            .to_string()
            .contains("at least 1, not -3"));
        assert!(board("abc", "n")
            .unwrap_err()
            .to_string()
            .contains("not 'abc'"));
        let e = format!("{:#}", board("99", "n").unwrap_err());
        assert!(e.contains("limit of n = 32"), "{e}");
        let e = format!("{:#}", board("99999999999999999999999", "n").unwrap_err());
        assert!(e.contains("limit of n = 32"), "{e}");
    }

    #[test]
    fn thread_counts_are_checked() {
        let t = |s: &str| {
            threads(&RunArgs {
                threads: Some(s.into()),
                max_memory: None,
            })
        };
        assert_eq!(t("3").unwrap(), 3);
        assert!(t("0").unwrap_err().to_string().contains("at least 1"));
        assert!(t("-1").is_err());
        assert!(
            threads(&RunArgs {
                threads: None,
                max_memory: None
            })
            .unwrap()
                >= 1
        );
    }
}
