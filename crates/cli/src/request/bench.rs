//! `bench`: the solvers compared (baseline first), the boards, the repeats.

use anyhow::{bail, Context, Result};
use nqueens_kernel::{Board, MAX_N};
use nqueens_sched::{solvers, Options, Solver};

use super::count::{range, solver};
use super::run::{self, Unused};
use crate::bench::command::Command;
use crate::cli::{BenchArgs, TableFormat};
use nqueens::number;
use nqueens::Budget;

/// The most timed runs per solver and size: a median of more says nothing
/// new, and a typo must not keep the machine busy for days.
const MAX_REPEAT: u64 = 1000;

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
    /// Outside programs (`--command`), timed after the solvers.
    pub commands: Vec<Command>,
    pub count_pattern: Option<regex::Regex>,
}

impl TryFrom<BenchArgs> for Bench {
    type Error = anyhow::Error;
    fn try_from(a: BenchArgs) -> Result<Bench> {
        let boards = range(&a.from, &a.to, MAX_N, "")?;
        let smallest = boards[0].n();
        let baseline = solver(&a.baseline)?;
        if baseline.max_n() < smallest {
            bail!(
                "baseline '{}' handles n up to {}, and the range starts at {smallest}",
                baseline.name(),
                baseline.max_n(),
            );
        }
        let mut solvers = vec![baseline];
        let named = match &a.solvers {
            // The exhaustive references take seconds from n = 8 on: they
            // run when named.
            None => solvers::all()
                .iter()
                .copied()
                .filter(|s| s.in_default_bench())
                .collect(),
            Some(names) => {
                let named = names
                    .iter()
                    .map(|n| solver(n))
                    .collect::<Result<Vec<_>>>()?;
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
        let repeat = number::size(&a.repeat, "--repeat", 1..=MAX_REPEAT as usize, "")?;
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
        let mut commands: Vec<Command> = Vec::new();
        for spec in &a.command {
            let taken: Vec<&str> = solvers::all()
                .iter()
                .map(|s| s.name())
                .chain(commands.iter().map(|c| c.name.as_str()))
                .collect();
            commands.push(Command::parse(spec, &taken)?);
        }
        let count_pattern = match &a.count_pattern {
            Some(p) if commands.is_empty() => {
                bail!("--count-pattern '{p}' reads the output of a --command; there is none")
            }
            Some(p) => Some(crate::bench::command::pattern(p)?),
            None => None,
        };
        let (run, budget) = run::options(&a.run, None, Unused::default())?;
        Ok(Bench {
            commands,
            count_pattern,
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
