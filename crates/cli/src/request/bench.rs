//! `bench`: the solvers compared (baseline first), the boards, the
//! repeats, the programs beside them, checked into the harness's request
//! ([`nqueens_bench::Request`]); and `plot`'s recorded run.

use anyhow::{bail, Result};
use nqueens::Spelling;
use nqueens_bench::{Build, Exports, Recorded, RunsText, Spec};

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
        // Checked once, by the harness: the same refusals as Python's.
        let spec = Spec {
            solvers: a.solvers,
            from: a.from,
            to: a.to,
            baseline: a.baseline,
            runs: RunsText {
                warmup: a.warmup,
                runs: a.runs,
                min_runs: a.min_runs,
                max_runs: a.max_runs,
                target_seconds: a.target_seconds,
                prepare: a.prepare,
                cleanup: a.cleanup,
            },
            run: nqueens::Run::from(&a.run),
            max_seconds: a.max_seconds,
            out: a.out,
            exports: Exports {
                json: a.export_json,
                markdown: a.export_markdown,
            },
            commands: a.command,
            count_pattern: a.count_pattern,
            timing: a.timing.map(|t| {
                match t {
                    BenchTiming::Process => "process",
                    BenchTiming::InProcess => "in-process",
                }
                .to_string()
            }),
            // This very program counts for a solver timed as a process.
            counter: std::env::current_exe().ok(),
            args: typed(),
            ..Spec::new(Spelling::Flags, build())
        };
        Ok(Bench {
            bench: spec.check()?,
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
