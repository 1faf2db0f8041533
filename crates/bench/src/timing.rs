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

use anyhow::Result;
use nqueens::verify::Check;
use nqueens_sched::{NoProgress, Options, Report, Solver, Threads};

use crate::external;
use crate::machine;
use crate::record::RunDir;
use crate::request::Request;
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
    let mut out = match &opts.out {
        Some(base) => {
            let dir = RunDir::create(
                base,
                &format!("{}-{}", machine::utc_date(), machine::host()),
            )?;
            dir.write("README.md", "the bench README", &readme(opts))?;
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
            let mut row = Row::new(n, solver.name().to_string(), threads.get());
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
                    timed(solver, board, threads, opts)?;
                }
                for run in 1..=opts.repeat {
                    let cpu_before = nqueens::machine::own_cpu();
                    let r = timed(solver, board, threads, opts)?;
                    let cpu =
                        (nqueens::machine::own_cpu().saturating_sub(cpu_before)).as_secs_f64();
                    if let Some(dir) = out.as_mut() {
                        dir.raw(&format!(
                            "{n},{},{threads},{run},{:.6},{},{},{},{cpu:.6},,{}",
                            solver.name(),
                            r.seconds,
                            r.counts.total,
                            r.counts.unique,
                            r.counts.nodes,
                            machine::cores().columns(),
                        ))?;
                    }
                    row.seconds.push(r.seconds);
                    row.cpu.push(cpu);
                    row.report = Some(r);
                    show.ran();
                }
                let r = row.report.as_ref().expect("at least one run");
                row.check = Check::of(n, r.counts.total, r.counts.unique);
                if let Check::Mismatch { total, unique } = row.check {
                    mismatches.push(format!(
                        "{} at n = {n}: {} / {}, published {total} / {unique}",
                        solver.name(),
                        r.counts.total,
                        r.counts.unique
                    ));
                }
                match first {
                    None => first = Some((r.counts.total, r.counts.unique, solver.name())),
                    Some((t, u, other)) if (t, u) != (r.counts.total, r.counts.unique) => {
                        mismatches.push(format!(
                            "{} and {other} disagree at n = {n}: {} / {} against {t} / {u}",
                            solver.name(),
                            r.counts.total,
                            r.counts.unique
                        ))
                    }
                    Some(_) => {}
                }
                let m = row.median().expect("at least one run");
                last_median.insert(solver.name(), m);
                if i == 0 {
                    baseline_median = Some(m);
                }
                row.speedup = baseline_median.filter(|_| m > 0.0).map(|b| b / m);
            }
            if row.report.is_none() {
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
            let runs = programs.bench(command, n, (baseline, agreed), opts, out.as_mut(), show)?;
            let row = Row {
                seconds: runs.seconds,
                cpu: runs.cpu,
                max_rss_kib: runs.max_rss_kib,
                counted: runs.counted,
                check: runs.check,
                speedup: runs.speedup,
                note: runs.note,
                ..Row::new(n, command.name.clone(), 1)
            };
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
        "speedup = median of {} / median of the solver, same size, same run; seconds are the count's own wall time",
        opts.solvers[0].name()
    )];
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

fn timed(
    solver: &dyn Solver,
    board: nqueens_kernel::Board,
    threads: Threads,
    opts: &Request,
) -> Result<Report> {
    let run = Options {
        threads,
        ..opts.run
    };
    nqueens_sched::count(solver, board, &run, &NoProgress)
        .map_err(|e| nqueens::budget::explain(e, opts.budget, board.n()).into())
}

fn readme(opts: &Request) -> String {
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
    external::describe(&mut s, opts);
    let _ = writeln!(s, "\nFiles: `raw.csv`, one row per timed run, written as it finishes; `summary.md`, medians per solver and size, rewritten after each size.");
    s
}
