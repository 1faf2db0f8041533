//! A bench run: solvers side by side, one board size at a time.
//!
//! For each size the baseline runs first, then every other solver: a
//! warm-up run while runs are short, then `repeat` timed runs. Each timed
//! run goes to raw.csv as it finishes; each solver's row goes to the
//! caller ([`Show::row`]) as soon as its runs are done. Every count must
//! equal the others' and the published value: a disagreement stops the
//! run with a mismatch (`nqueens bench` exits 1) once that size is shown.

use std::collections::HashMap;
use std::fmt::Write as _;

use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use nqueens::verify::Check;
use nqueens_sched::{NoProgress, Options, Solver, Threads};

use crate::external;
use crate::machine;
use crate::process;
use crate::record::RunDir;
use crate::request::{Request, Timing};
use crate::row::Row;
use crate::show::Show;

/// Runs shorter than this get an untimed warm-up run first.
const WARM_UP_BELOW_SECONDS: f64 = 1.0;

/// Times `opts`, showing each row through `show` as soon as it is
/// complete, and records the run when it asks for it. Counts that
/// disagree (with OEIS, with each other) are an
/// [`ErrorKind::Mismatch`](nqueens::ErrorKind) error after the last size
/// shown; programs that failed, an error of their own.
pub fn run(opts: &Request, show: &mut dyn Show) -> Result<()> {
    let startup = startup(opts);
    let mut out = match &opts.out {
        Some(base) => {
            let dir = RunDir::create(
                base,
                &format!("{}-{}", machine::utc_date(), machine::host()),
            )?;
            dir.write(
                "README.md",
                "the bench README",
                &readme(opts, startup.as_ref()),
            )?;
            Some(dir)
        }
        None => None,
    };
    show.start(opts.planned_runs())?;

    let mut all: Vec<Row> = Vec::new();
    let mut last_median: HashMap<&str, f64> = HashMap::new();
    let mut mismatches = Vec::new();
    let mut programs = external::Programs::new(WARM_UP_BELOW_SECONDS);
    for &board in &opts.boards {
        let n = board.n();
        let mut baseline_median = None;
        let mut first: Option<(u128, u128, &str)> = None;
        for (i, &solver) in opts.solvers.iter().enumerate() {
            show.running(format!("n = {n} {}", solver.name()));
            let threads = if solver.uses_threads() {
                opts.run.threads
            } else {
                Threads::ONE
            };
            let mut row = Row::new(n, solver.name().to_string(), opts.timing, threads.get());
            let previous = last_median.get(solver.name()).copied();
            if n > solver.max_n() {
                row.note = Some(format!(
                    "skipped: {} handles n <= {}",
                    solver.name(),
                    solver.max_n()
                ));
            } else if let Some(p) = previous.filter(|&p| p > opts.max_seconds) {
                row.note = Some(format!(
                    "skipped: the previous size took {p:.1} s, over --max-seconds {}",
                    opts.max_seconds
                ));
            } else {
                if previous.is_none_or(|p| p < WARM_UP_BELOW_SECONDS) {
                    once(solver, board, threads, opts)?;
                }
                for run in 1..=opts.repeat {
                    let r = once(solver, board, threads, opts)?;
                    if let Some(dir) = out.as_mut() {
                        dir.raw(&format!(
                            "{n},{},{threads},{run},{:.6},{},{},{},{:.6},{},{},{}",
                            solver.name(),
                            r.seconds,
                            r.total,
                            r.unique,
                            r.nodes,
                            r.cpu,
                            r.max_rss_kib.map_or(String::new(), |k| k.to_string()),
                            machine::cores().columns(),
                            opts.timing.name(),
                        ))?;
                    }
                    row.seconds.push(r.seconds);
                    row.cpu.push(r.cpu);
                    row.max_rss_kib = row.max_rss_kib.max(r.max_rss_kib);
                    row.total = Some(r.total);
                    row.unique = Some(r.unique);
                    row.nodes = Some(r.nodes);
                    show.ran();
                }
                let (total, unique) = (row.total.unwrap_or(0), row.unique.unwrap_or(0));
                row.check = Check::of(n, total, unique);
                if let Check::Mismatch {
                    total: t,
                    unique: u,
                } = row.check
                {
                    mismatches.push(format!(
                        "{} at n = {n}: {total} / {unique}, published {t} / {u}",
                        solver.name(),
                    ));
                }
                match first {
                    None => first = Some((total, unique, solver.name())),
                    Some((t, u, other)) if (t, u) != (total, unique) => mismatches.push(format!(
                        "{} and {other} disagree at n = {n}: {total} / {unique} against {t} / {u}",
                        solver.name(),
                    )),
                    Some(_) => {}
                }
                let m = row.median().expect("at least one run");
                last_median.insert(solver.name(), m);
                if i == 0 {
                    baseline_median = Some(m);
                }
                row.speedup = baseline_median.filter(|_| m > 0.0).map(|b| b / m);
            }
            if !row.counted() {
                show.skipped(opts.repeat as u64);
            }
            show.row(&row)?;
            all.push(row);
        }
        let baseline = all
            .iter()
            .rev()
            .find(|r| r.n == n && r.solver == opts.solvers[0].name())
            .and_then(Row::median);
        for command in &opts.commands {
            show.running(format!("n = {n} {}", command.name));
            let agreed = first.map(|(t, _, name)| (t, name));
            let row = programs.bench(command, n, (baseline, agreed), opts, out.as_mut(), show)?;
            show.row(&row)?;
            all.push(row);
        }
        if let Some(dir) = &out {
            let note = format!(
                "speedup = median of {} / median of the solver, same size, same run",
                opts.solvers[0].name()
            );
            let summary = show.summary(&all, &[note]);
            dir.write("summary.md", "the bench summary", &summary)?;
        }
        if !mismatches.is_empty() {
            break;
        }
    }
    let mut notes = vec![format!(
        "speedup = median of {} / median of the solver, same size, same run; {}",
        opts.solvers[0].name(),
        timing_note(opts)
    )];
    notes.extend(startup.as_ref().map(Startup::note));
    if let Some(dir) = &out {
        notes.push(format!("recorded in {}", dir.path().display()));
    }
    show.end(&notes)?;
    let (wrong, failed) = programs.failures();
    mismatches.extend(wrong);
    if !mismatches.is_empty() {
        mismatches.extend(failed);
        return Err(nqueens::Error::mismatch(mismatches.join("; ")).into());
    }
    if !failed.is_empty() {
        anyhow::bail!("{}", failed.join("; "));
    }
    Ok(())
}

/// One run of a built-in solver, as its row records it.
struct Once {
    seconds: f64,
    cpu: f64,
    max_rss_kib: Option<u64>,
    total: u128,
    unique: u128,
    nodes: u128,
}

/// Counts `board` once with `solver`, timed as `opts.timing` says.
fn once(
    solver: &dyn Solver,
    board: nqueens_kernel::Board,
    threads: Threads,
    opts: &Request,
) -> Result<Once> {
    match opts.timing {
        Timing::InProcess => {
            let run = Options {
                threads,
                ..opts.run
            };
            let cpu_before = nqueens::machine::own_cpu();
            let r = nqueens_sched::count(solver, board, &run, &NoProgress)
                .map_err(|e| nqueens::budget::explain(e, opts.budget, board.n()))?;
            let cpu = nqueens::machine::own_cpu().saturating_sub(cpu_before);
            Ok(Once {
                seconds: r.seconds,
                cpu: cpu.as_secs_f64(),
                max_rss_kib: None,
                total: r.counts.total,
                unique: r.counts.unique,
                nodes: r.counts.nodes,
            })
        }
        Timing::Process => {
            let argv = counter_argv(solver, board.n(), threads, opts)?;
            // A guard against a hang, not a limit: a built-in solver is
            // skipped past --max-seconds at the next size, as in-process.
            let limit = Duration::from_secs_f64(opts.max_seconds.max(1.0) * 10.0);
            let done = process::run_bounded(&argv, limit).map_err(|f| {
                anyhow!(
                    "{} as a process (`{}`) {f}",
                    solver.name(),
                    shell_words::join(&argv)
                )
            })?;
            let read = |key: &str| -> Result<u128> {
                let v: serde_json::Value =
                    serde_json::from_str(done.stdout.trim()).map_err(|e| {
                        anyhow!("{} as a process printed no JSON record: {e}", solver.name())
                    })?;
                v[key]
                    .as_u64()
                    .map(u128::from)
                    .or_else(|| v[key].as_str().and_then(|s| s.parse().ok()))
                    .ok_or_else(|| anyhow!("{} as a process printed no {key}", solver.name()))
            };
            Ok(Once {
                seconds: done.wall.as_secs_f64(),
                cpu: done.usage.cpu.as_secs_f64(),
                max_rss_kib: Some(done.usage.max_rss_kib),
                total: read("total")?,
                unique: read("unique")?,
                nodes: read("nodes")?,
            })
        }
    }
}

/// The `nqueens count` that counts for `solver` as a process: its JSON
/// record on one line, no progress.
fn counter_argv(
    solver: &dyn Solver,
    n: usize,
    threads: Threads,
    opts: &Request,
) -> Result<Vec<String>> {
    let Some(program) = &opts.counter else {
        bail!("timing built-in solvers as processes needs the nqueens program, and none was given");
    };
    let mut argv = vec![
        program.to_string_lossy().into_owned(),
        "count".into(),
        n.to_string(),
    ];
    for word in [
        "--solver",
        solver.name(),
        "--threads",
        &threads.get().to_string(),
        "--format",
        "json",
        "--quiet",
    ] {
        argv.push(word.to_string());
    }
    argv.extend(opts.counter_args.iter().cloned());
    Ok(argv)
}

/// How long an empty process takes from spawn to exit, as the harness
/// starts it: the part of a process-timed row that is not counting.
pub(crate) struct Startup {
    /// The program run, `true`.
    program: String,
    runs: Vec<f64>,
}

/// Empty runs timed for [`Startup`], after one untimed.
const STARTUP_RUNS: usize = 10;

impl Startup {
    /// The median of the runs, seconds.
    pub fn seconds(&self) -> f64 {
        crate::stats::median(&self.runs).unwrap_or_default()
    }

    pub fn note(&self) -> String {
        format!(
            "process start-up: {:.6} s (median of {} runs of an empty program, `{}`), part of every process-timed row",
            self.seconds(),
            self.runs.len(),
            self.program
        )
    }
}

/// Measures process start-up once, when any row is timed as a process;
/// `None` otherwise, or when no empty program (`true`) can be run.
fn startup(opts: &Request) -> Option<Startup> {
    if opts.timing != Timing::Process && opts.commands.is_empty() {
        return None;
    }
    let argv = vec!["true".to_string()];
    let limit = Duration::from_secs(5);
    process::run_bounded(&argv, limit).ok()?;
    let runs = (0..STARTUP_RUNS)
        .map(|_| process::run_bounded(&argv, limit).map(|f| f.wall.as_secs_f64()))
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    Some(Startup {
        program: argv[0].clone(),
        runs,
    })
}

/// What the seconds of the rows are.
fn timing_note(opts: &Request) -> &'static str {
    match (opts.timing, opts.commands.is_empty()) {
        (Timing::InProcess, true) => "seconds are the count's own wall time (timing in-process)",
        (Timing::InProcess, false) => "seconds are the count's own wall time for the built-in solvers (timing in-process), from spawn to exit for the programs (timing process): not alike",
        (Timing::Process, _) => "seconds are wall time from spawn to exit of a process for every row (timing process; a built-in solver is `nqueens count`)",
    }
}

fn readme(opts: &Request, startup: Option<&Startup>) -> String {
    let build = &opts.build;
    let names: Vec<&str> = opts.solvers.iter().map(|s| s.name()).collect();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# nqueens bench, {} on {}\n",
        machine::utc_date(),
        machine::host()
    );
    let _ = writeln!(s, "- command: `{} {}`", build.program, opts.args.join(" "));
    let _ = writeln!(
        s,
        "- binary: {} {}, commit {}",
        build.program, build.version, build.commit
    );
    let _ = writeln!(s, "- compiler: {}; profile: {}", build.rustc, build.profile);
    let cores = machine::cores();
    let _ = writeln!(
        s,
        "- machine: {}, {} logical CPUs, {} physical cores (num_cpus), {}/{}",
        machine::cpu(),
        cores.logical,
        cores.physical,
        std::env::consts::OS,
        std::env::consts::ARCH
    );
    let _ = writeln!(
        s,
        "- threads: {} (for the solvers that use threads)",
        opts.run.threads
    );
    let _ = writeln!(s, "- sizes: n = {}..={}; {} timed runs each, after a warm-up run while runs take under {WARM_UP_BELOW_SECONDS} s", opts.boards[0].n(), opts.boards[opts.boards.len() - 1].n(), opts.repeat);
    let _ = writeln!(
        s,
        "- solvers: {} (baseline: {}); a solver is skipped past --max-seconds {}",
        names.join(", "),
        names[0],
        opts.max_seconds
    );
    let _ = writeln!(s, "- timing: {}; {}", opts.timing.name(), timing_note(opts));
    if let Some(startup) = startup {
        let _ = writeln!(s, "- {}", startup.note());
    }
    external::describe(&mut s, opts);
    let _ = writeln!(s, "\nFiles: `raw.csv`, one row per timed run, written as it finishes; `summary.md`, medians per solver and size, rewritten after each size.");
    s
}
