//! `bench`: the solvers compared (baseline first), the boards, the
//! repeats, the programs beside them, checked into the harness's request
//! ([`nqueens_bench::Request`]); and `plot`'s recorded run.

use anyhow::{bail, Context, Result};
use nqueens_bench::{Build, Command, Recorded, Timing};
use nqueens_kernel::MAX_N;
use nqueens_sched::solvers;

use super::count::{range, solver};
use super::run::{self, Unused};
use crate::cli::{BenchArgs, BenchTiming, PlotArgs, TableFormat};

/// A validated `bench` request: the harness's, and how its rows are
/// printed.
pub struct Bench {
    pub bench: nqueens_bench::Request,
    pub format: TableFormat,
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
        let runs = nqueens_bench::Runs::parse(nqueens_bench::RunsText {
            warmup: a.warmup,
            runs: a.runs,
            min_runs: a.min_runs,
            max_runs: a.max_runs,
            target_seconds: a.target_seconds,
            prepare: a.prepare,
            cleanup: a.cleanup,
        })?;
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
            nqueens_bench::check_out(out)?;
        }
        let exports = nqueens_bench::Exports {
            json: a.export_json,
            markdown: a.export_markdown,
        };
        exports.check()?;
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
            Some(p) => Some(nqueens_bench::pattern(p)?),
            None => None,
        };
        let (run, budget) = run::options(&a.run, None, Unused::default())?;
        let timing = match a.timing {
            Some(BenchTiming::Process) => Timing::Process,
            Some(BenchTiming::InProcess) => Timing::InProcess,
            None => Timing::for_commands(!commands.is_empty()),
        };
        let counter =
            match timing {
                Timing::Process => Some(std::env::current_exe().context(
                    "cannot find this program, to time the built-in solvers as processes",
                )?),
                Timing::InProcess => None,
            };
        // The child counts under the memory budget the bench was given.
        let counter_args = match &a.run.max_memory {
            Some(m) => vec!["--max-memory".to_string(), m.clone()],
            None => Vec::new(),
        };
        let bench = nqueens_bench::Request {
            timing,
            counter,
            counter_args,
            commands,
            count_pattern,
            solvers,
            boards,
            runs,
            run,
            budget,
            max_seconds,
            out: a.out,
            exports,
            stop: nqueens_bench::Stop::new(),
            build: build(),
            args: typed(),
        };
        Ok(Bench {
            bench,
            format: a.format,
        })
    }
}

/// What built this binary (build.rs stamps it), for a recorded run's
/// README.
fn build() -> Build {
    Build {
        program: "nqueens".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        commit: env!("NQUEENS_COMMIT").into(),
        rustc: env!("NQUEENS_RUSTC").into(),
        profile: env!("NQUEENS_PROFILE").into(),
    }
}

/// The command line as typed, the program first, for the README: from
/// `args_os`, as `--out` need not be UTF-8 (and `std::env::args()`
/// panics on such an argument); `None` stands for a word that is not.
fn typed() -> Vec<Option<String>> {
    std::env::args_os().map(|a| a.into_string().ok()).collect()
}

/// A validated `plot` request: the recorded run, read and checked, and
/// the SVG file to write.
pub struct Plot {
    pub recorded: Recorded,
    pub out: std::path::PathBuf,
}

impl TryFrom<PlotArgs> for Plot {
    type Error = anyhow::Error;
    fn try_from(a: PlotArgs) -> Result<Plot> {
        let recorded = Recorded::read(&a.dir)?;
        let out = a.out.unwrap_or_else(|| a.dir.join("plot.svg"));
        // A name guards against overwriting the wrong file; a device, a
        // FIFO or a descriptor (`/dev/stdout`, a pipe to a viewer, `>>
        // log`) has no say in its name.
        let special = crate::io::written_in_place(&out);
        if !special && out.extension().and_then(|e| e.to_str()) != Some("svg") {
            bail!("--out must name an .svg file, not {}", out.display());
        }
        Ok(Plot { recorded, out })
    }
}
