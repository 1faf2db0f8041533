//! A bench run: solvers side by side, one board size at a time.
//!
//! For each size the baseline runs first, then every other solver, then
//! the programs: warm-up runs, then the timed runs [`Runs`] plans, a
//! `--prepare` command before each and a `--cleanup` after the row. Each
//! timed run goes to raw.csv as it finishes; each row goes to the caller
//! ([`Show::row`]) as soon as its runs are done, with its statistics and
//! what they warn of. Every count must
//! equal the others' and the published value: a disagreement stops the
//! run with a mismatch (`nqueens bench` exits 1) once that size is shown.

use std::collections::HashMap;
use std::fmt::Write as _;

use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use nqueens::verify::Check;
use nqueens_sched::{Kind, NoProgress, Options, Threads};

use crate::external;
use crate::machine;
use crate::os;
use crate::process;
use crate::record::RunDir;
use crate::request::{Request, Runs, WARM_UP_BELOW_SECONDS};
use crate::row::{Row, Timing};
use crate::runs::{cleanup, guard, more, prepare, Sample};
use crate::show::Show;
use crate::stats;
use crate::stop;

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
            let text = readme(opts, startup.as_ref());
            dir.write("README.md", "the bench README", &text)?;
            opts.stop
                .set_record(dir.path().join("README.md"), text.clone());
            Some((dir, text))
        }
        None => None,
    };
    let mut all: Vec<Row> = Vec::new();
    let mut running = String::from("the start");
    let result = rows(
        opts,
        show,
        out.as_mut().map(|(dir, _)| dir),
        &mut all,
        (startup.as_ref(), &mut running),
    );
    let stopped = opts.stop.raised()
        || result.as_ref().err().is_some_and(|e| {
            e.downcast_ref::<nqueens::Error>()
                .is_some_and(|e| e.kind() == nqueens::ErrorKind::Interrupted)
        });
    if let Some((dir, text)) = &out {
        opts.stop.clear_record();
        let status = if stopped {
            stop::interrupted(text, &running)
        } else {
            let end = match &result {
                Err(e)
                    if e.downcast_ref::<nqueens::Error>()
                        .is_some_and(|e| e.kind() == nqueens::ErrorKind::Mismatch) =>
                {
                    "- status: ended at the first size where counts disagree (see summary.md)"
                }
                _ => stop::STATUS_COMPLETE,
            };
            text.replace(stop::STATUS_RUNNING, end)
        };
        dir.write("README.md", "the bench README", &status)?;
        if stopped {
            let note = format!("INTERRUPTED during {running}: the rows above are those that finished; this run is not whole");
            let summary = show.summary(&all, &[speedup_note(opts), note]);
            dir.write("summary.md", "the bench summary", &summary)?;
        }
    }
    if stopped {
        opts.exports
            .write(&all, startup.as_ref().map(Startup::seconds), true)?;
        return Err(stop::interrupted_error());
    }
    result
}

/// The rows of `opts`, each shown and recorded as it completes, into
/// `all`; `running` says which row runs, for an interrupt.
fn rows(
    opts: &Request,
    show: &mut dyn Show,
    mut out: Option<&mut RunDir>,
    all: &mut Vec<Row>,
    (startup, running): (Option<&Startup>, &mut String),
) -> Result<()> {
    show.start(opts.planned_runs())?;
    let mut last_median: HashMap<&str, f64> = HashMap::new();
    let mut mismatches = Vec::new();
    let mut warnings = Vec::new();
    let mut programs = external::Programs::new();
    for &board in &opts.boards {
        let n = board.n();
        let mut baseline: Option<(f64, Option<f64>)> = None;
        let mut first: Option<(u128, u128, &str)> = None;
        for (i, solver) in opts.solvers.iter().enumerate() {
            *running = format!("{} at n = {n}", solver.solver());
            show.running(format!("n = {n} {}", solver.solver()));
            let threads = if solver.uses_threads() {
                opts.run.threads
            } else {
                Threads::ONE
            };
            let mut row = Row::new(n, solver.solver().to_string(), opts.timing, threads.get());
            let previous = last_median.get(solver.solver()).copied();
            if n > solver.sizes().largest() {
                row.note = Some(format!(
                    "skipped: {} handles n <= {}",
                    solver.solver(),
                    solver.sizes().largest()
                ));
            } else if let Some(p) = previous.filter(|&p| p > opts.max_seconds) {
                row.note = Some(format!(
                    "skipped: the previous size took {p:.1} s, over --max-seconds {}",
                    opts.max_seconds
                ));
            } else {
                if opts.timing == Timing::Process {
                    row.command = shell_words::join(counter_argv(&**solver, n, threads, opts)?);
                }
                let runs = &opts.runs;
                for _ in 0..runs.warmups(previous) {
                    prepare(runs, n, opts)?;
                    once(solver, board, threads, opts)?;
                }
                let mut planned = runs.planned();
                let mut run = 1;
                while run <= planned {
                    prepare(runs, n, opts)?;
                    let (sample, r) = once(solver, board, threads, opts)?;
                    if let Some(dir) = out.as_deref_mut() {
                        dir.raw(&format!(
                            "{n},{},{threads},{run},{:.6},{},{},{},{:.6},{},{},{}",
                            solver.solver(),
                            sample.seconds,
                            r.total,
                            r.unique,
                            r.nodes,
                            sample.user + sample.system,
                            sample.max_rss_kib.map_or(String::new(), |k| k.to_string()),
                            machine::cores().columns(),
                            opts.timing.name(),
                        ))?;
                    }
                    row.push(&sample);
                    row.total = Some(r.total);
                    row.unique = Some(r.unique);
                    row.nodes = Some(r.nodes);
                    show.ran();
                    if run == 1 {
                        planned = more(runs, sample.seconds, planned, show);
                    }
                    run += 1;
                }
                cleanup(runs, n, opts)?;
                let (total, unique) = (row.total.unwrap_or(0), row.unique.unwrap_or(0));
                row.check = Check::of(board, total, unique);
                if let Check::Mismatch {
                    total: t,
                    unique: u,
                } = row.check
                {
                    mismatches.push(format!(
                        "{} at n = {n}: {total} / {unique}, published {t} / {u}",
                        solver.solver(),
                    ));
                }
                match first {
                    None => first = Some((total, unique, solver.solver())),
                    Some((t, u, other)) if (t, u) != (total, unique) => mismatches.push(format!(
                        "{} and {other} disagree at n = {n}: {total} / {unique} against {t} / {u}",
                        solver.solver(),
                    )),
                    Some(_) => {}
                }
                last_median.insert(solver.solver(), row.median().expect("at least one run"));
                let mean = row.mean().expect("at least one run");
                if i == 0 {
                    baseline = Some(mean);
                    // Against itself: exactly 1, its errors cancel.
                    row.speedup = (mean.0 > 0.0).then_some((1.0, Some(0.0)));
                } else {
                    row.speedup = baseline.and_then(|b| stats::speedup(b, mean));
                }
                warn(&mut row, &mut warnings);
            }
            if !row.counted() {
                show.skipped(opts.runs.planned() as u64);
            }
            show.row(&row)?;
            all.push(row);
        }
        for command in &opts.commands {
            *running = format!("{} at n = {n}", command.name);
            show.running(format!("n = {n} {}", command.name));
            let agreed = first.map(|(t, _, name)| (t, name));
            let mut row = programs.bench(
                command,
                n,
                (baseline, agreed),
                opts,
                out.as_deref_mut(),
                show,
            )?;
            warn(&mut row, &mut warnings);
            show.row(&row)?;
            all.push(row);
        }
        if let Some(dir) = &out {
            let summary = show.summary(all, &[speedup_note(opts)]);
            dir.write("summary.md", "the bench summary", &summary)?;
        }
        opts.exports
            .write(all, startup.map(Startup::seconds), false)?;
        if !mismatches.is_empty() {
            break;
        }
    }
    let mut notes = vec![format!("{}; {}", speedup_note(opts), timing_note(opts))];
    notes.extend(startup.map(Startup::note));
    notes.extend(warnings);
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

/// How the speed-up is taken.
fn speedup_note(opts: &Request) -> String {
    format!(
        "speedup = mean of {} / mean of the solver, same size, same run, +- its standard deviation propagated from the two rows'",
        opts.solvers[0].solver()
    )
}

/// Adds what a row's runs warn of to its note and to the run's notes.
fn warn(row: &mut Row, warnings: &mut Vec<String>) {
    if let Some(w) = row.warning() {
        warnings.push(format!("warning: {}: {w}", row.name()));
        row.note = Some(match row.note.take() {
            Some(note) => format!("{note}; warning: {w}"),
            None => format!("warning: {w}"),
        });
    }
}

/// A built-in solver's count.
struct Counted {
    total: u128,
    unique: u128,
    nodes: u128,
}

/// Counts `board` once with `solver`, timed as `opts.timing` says.
fn once(
    solver: &std::sync::Arc<dyn Kind>,
    board: nqueens_kernel::Board,
    threads: Threads,
    opts: &Request,
) -> Result<(Sample, Counted)> {
    match opts.timing {
        Timing::InProcess => {
            let run = Options {
                threads,
                ..opts.run
            };
            let before = os::own().context("cannot read this process's CPU time")?;
            let (r, search) = nqueens_sched::count(solver, board, &run, &NoProgress)
                .map_err(|e| nqueens::budget::explain(e, opts.budget, board))?;
            let after = os::own().context("cannot read this process's CPU time")?;
            if opts.stop.raised() {
                return Err(stop::interrupted_error());
            }
            let sample = Sample {
                seconds: search.seconds,
                user: after.user.saturating_sub(before.user).as_secs_f64(),
                system: after.system.saturating_sub(before.system).as_secs_f64(),
                max_rss_kib: None,
            };
            let counted = Counted {
                total: r.solutions,
                unique: r.unique,
                nodes: r.nodes,
            };
            Ok((sample, counted))
        }
        Timing::Process => {
            let argv = counter_argv(&**solver, board.n(), threads, opts)?;
            let done = process::run_bounded(&argv, guard(opts), &opts.stop).map_err(|f| {
                if matches!(f, process::Failure::Interrupted) {
                    return stop::interrupted_error();
                }
                anyhow!(
                    "{} as a process (`{}`) {f}",
                    solver.solver(),
                    shell_words::join(&argv)
                )
            })?;
            let read = |key: &str| -> Result<u128> {
                let v: serde_json::Value =
                    serde_json::from_str(done.stdout.trim()).map_err(|e| {
                        anyhow!(
                            "{} as a process printed no JSON record: {e}",
                            solver.solver()
                        )
                    })?;
                v[key]
                    .as_u64()
                    .map(u128::from)
                    .or_else(|| v[key].as_str().and_then(|s| s.parse().ok()))
                    .ok_or_else(|| anyhow!("{} as a process printed no {key}", solver.solver()))
            };
            let counted = Counted {
                total: read("total")?,
                unique: read("unique")?,
                nodes: read("nodes")?,
            };
            Ok((Sample::of(&done), counted))
        }
    }
}

/// The `nqueens count` that counts for `solver` as a process: its JSON
/// record on one line, no progress.
fn counter_argv(
    solver: &dyn Kind,
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
        solver.solver(),
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
    process::run_bounded(&argv, limit, &opts.stop).ok()?;
    let runs = (0..STARTUP_RUNS)
        .map(|_| process::run_bounded(&argv, limit, &opts.stop).map(|f| f.wall.as_secs_f64()))
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
    let names: Vec<&str> = opts.solvers.iter().map(|s| s.solver()).collect();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# nqueens bench, {} on {}\n",
        machine::utc_date(),
        machine::host()
    );
    let _ = writeln!(s, "{}", stop::STATUS_RUNNING);
    let _ = writeln!(
        s,
        "- command: {}",
        if opts.args.is_empty() {
            "none: run through the library (Python's nqueens.bench)"
        } else {
            "under Rerun, below"
        }
    );
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
    let _ = writeln!(
        s,
        "- sizes: n = {}..={}; {}",
        opts.boards[0].n(),
        opts.boards[opts.boards.len() - 1].n(),
        describe_runs(&opts.runs)
    );
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
    let _ = writeln!(s, "\nFiles: `raw.csv`, one row per timed run, written as it finishes; `summary.md`, the rows' statistics, rewritten after each size.");
    rerun(&mut s, &opts.args);
    s
}

/// The README's line on the runs of a row.
fn describe_runs(r: &Runs) -> String {
    let timed = match r.exact {
        Some(k) => format!("{k} timed runs each"),
        None => format!(
            "timed runs to fill {} s per row by the first run's time, from {} to {}",
            r.target_seconds, r.min, r.max
        ),
    };
    let warm = match r.warmup {
        Some(k) => format!("{k} warm-up runs first"),
        None => format!("after a warm-up run while runs take under {WARM_UP_BELOW_SECONDS} s"),
    };
    let mut s = format!("{timed}, {warm}");
    if let Some(c) = &r.prepare {
        s += &format!("; before each run `sh -c {}`", shell_words::quote(c));
    }
    if let Some(c) = &r.cleanup {
        s += &format!("; after each row `sh -c {}`", shell_words::quote(c));
    }
    s
}

/// The README's Rerun section: the command line quoted for a POSIX shell
/// (each word in single quotes where it needs any), so that pasting it
/// runs the same bench again.
fn rerun(s: &mut String, args: &[Option<String>]) {
    if args.is_empty() {
        return;
    }
    let words: Vec<String> = args
        .iter()
        .map(|w| {
            w.as_deref()
                .map_or_else(|| "'?'".to_string(), |w| shell_words::quote(w).into_owned())
        })
        .collect();
    let _ = writeln!(s, "\n## Rerun\n");
    if args.iter().any(Option::is_none) {
        let _ = writeln!(s, "A word of the command line (shown as '?') is not UTF-8, which this file cannot hold: pasting this will not rerun the bench as it was.\n");
    } else {
        let _ = writeln!(s, "Paste into a POSIX shell to run this bench again (from the same directory: relative paths stay relative):\n");
    }
    let _ = writeln!(s, "```sh\n{}\n```", words.join(" "));
}
