//! `nqueens bench`: solvers side by side, one board size at a time.
//!
//! For each size the baseline runs first, then every other solver: a
//! warm-up run while runs are short, then `repeat` timed runs. Each timed
//! run goes to raw.csv as it finishes; each solver's summary row goes to
//! stdout as soon as its runs are done. Every count must equal the others'
//! and the published value: a disagreement stops the run with exit code 1
//! once that size is written.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io;
use std::process::ExitCode;

use anyhow::Result;
use nqueens_sched::{NoProgress, Options, Report, Solver, Threads};

use super::external;
use super::machine;
use super::os;
use super::record::RunDir;
use super::stats::median;
use crate::export::{self, Cell, Column, Format, Record};
use crate::request::Bench;
use crate::run::progress::Bar;
use nqueens::verify::Check;

/// Runs shorter than this get an untimed warm-up run first.
const WARM_UP_BELOW_SECONDS: f64 = 1.0;

const COLUMNS: [Column; 16] = [
    Column::new("n", 2),
    Column::new("solver", 8),
    Column::new("threads", 2),
    Column::new("runs", 2),
    Column::new("median_s", 9),
    Column::new("min_s", 9),
    Column::new("max_s", 9),
    Column::new("nodes", 12),
    Column::new("nodes_per_s", 11),
    Column::new("speedup", 7),
    Column::new("total", 11),
    Column::new("unique", 10),
    Column::new("oeis", 4),
    Column::new("cpu_s", 9),
    Column::new("max_rss_kib", 6),
    Column::new("note", 0),
];

/// One solver's result at one size (a built-in solver's or a program's).
struct Row {
    n: usize,
    solver: String,
    threads: usize,
    seconds: Vec<f64>,
    /// CPU seconds (user + system) of each timed run.
    cpu: Vec<f64>,
    /// A program's peak resident memory, KiB, the largest of its runs.
    max_rss_kib: Option<u64>,
    report: Option<Report>,
    /// A program's count (it reports no unique count and no nodes).
    counted: Option<u128>,
    speedup: Option<f64>,
    check: Check,
    note: Option<String>,
}

impl Row {
    fn new(n: usize, solver: String, threads: usize) -> Row {
        Row {
            n,
            solver,
            threads,
            seconds: Vec::new(),
            cpu: Vec::new(),
            max_rss_kib: None,
            report: None,
            counted: None,
            speedup: None,
            check: Check::Unknown,
            note: None,
        }
    }

    fn median(&self) -> Option<f64> {
        median(&self.seconds)
    }

    /// The total counted, by a solver or a program.
    fn total(&self) -> Option<u128> {
        self.report
            .as_ref()
            .map(|r| r.counts.total)
            .or(self.counted)
    }

    /// The row: the solver's record where a built-in solver counted
    /// (`nodes`, `unique`), and the timing of its runs.
    fn record(&self) -> Record {
        let min = self.seconds.iter().copied().reduce(f64::min);
        let max = self.seconds.iter().copied().reduce(f64::max);
        let counted = self
            .report
            .as_ref()
            .map(|r| export::cells(r.record()))
            .unwrap_or_default();
        let rate = self
            .report
            .as_ref()
            .zip(self.median())
            .filter(|(_, m)| *m > 0.0)
            .map(|(r, m)| (r.counts.nodes as f64 / m).round() as u128);
        let own: Record = vec![
            ("n", self.n.into()),
            ("solver", self.solver.as_str().into()),
            ("threads", self.threads.into()),
            ("runs", self.seconds.len().into()),
            ("median_s", self.median().into()),
            ("min_s", min.into()),
            ("max_s", max.into()),
            ("nodes_per_s", rate.into()),
            ("speedup", self.speedup.map_or(Cell::Null, Cell::Ratio)),
            ("total", self.total().into()),
            (
                "oeis",
                if self.total().is_some() {
                    self.check.mark().into()
                } else {
                    Cell::Null
                },
            ),
            ("cpu_s", median(&self.cpu).into()),
            ("max_rss_kib", self.max_rss_kib.into()),
            ("note", self.note.as_deref().into()),
        ];
        export::assemble(COLUMNS.map(|c| c.key), &[&own, &counted])
    }
}

pub fn run(opts: Bench) -> Result<ExitCode> {
    let format = Format::from(opts.format);
    let mut out = match &opts.out {
        Some(base) => {
            let dir = RunDir::create(
                base,
                &format!("{}-{}", machine::utc_date(), machine::host()),
            )?;
            dir.write("README.md", "the bench README", &readme(&opts))?;
            Some(dir)
        }
        None => None,
    };
    let mut sink = export::sink(format, Box::new(io::stdout().lock()));
    let planned = opts.boards.len() * (opts.solvers.len() + opts.commands.len()) * opts.repeat;
    let bar = Bar::runs(planned as u64);
    bar.suspend(|| sink.begin(&COLUMNS))?;

    let mut all: Vec<Row> = Vec::new();
    let mut last_median: HashMap<&str, f64> = HashMap::new();
    let mut mismatches = Vec::new();
    let mut programs = external::Programs::new(WARM_UP_BELOW_SECONDS);
    for &board in &opts.boards {
        let n = board.n();
        let mut baseline_median = None;
        let mut first: Option<(u128, u128, &str)> = None;
        for (i, &solver) in opts.solvers.iter().enumerate() {
            bar.relabel(format!("n = {n} {}", solver.name()));
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
                    timed(solver, board, threads, &opts)?;
                }
                for run in 1..=opts.repeat {
                    let cpu_before = os::own_cpu();
                    let r = timed(solver, board, threads, &opts)?;
                    let cpu = (os::own_cpu().saturating_sub(cpu_before)).as_secs_f64();
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
                    bar.advance();
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
                bar.skip(opts.repeat as u64);
            }
            bar.suspend(|| sink.record(&row.record()))?;
            all.push(row);
        }
        let baseline = all
            .iter()
            .rev()
            .find(|r| r.n == n && r.solver == opts.solvers[0].name())
            .and_then(Row::median);
        for command in &opts.commands {
            bar.relabel(format!("n = {n} {}", command.name));
            let agreed = first.map(|(t, _, name)| (t, name));
            let runs = programs.bench(command, n, (baseline, agreed), &opts, out.as_mut(), &bar)?;
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
            bar.suspend(|| sink.record(&row.record()))?;
            all.push(row);
        }
        if let Some(dir) = &out {
            dir.write("summary.md", "the bench summary", &summary(&opts, &all))?;
        }
        if !mismatches.is_empty() {
            break;
        }
    }
    bar.finish();
    let mut notes = vec![format!(
        "speedup = median of {} / median of the solver, same size, same run; seconds are the count's own wall time",
        opts.solvers[0].name()
    )];
    if let Some(dir) = &out {
        notes.push(format!("recorded in {}", dir.path().display()));
    }
    sink.end(&notes)?;
    let (wrong, failed) = programs.failures();
    mismatches.extend(wrong);
    if !mismatches.is_empty() {
        mismatches.extend(failed);
        return Err(nqueens::Error::mismatch(mismatches.join("; ")).into());
    }
    if !failed.is_empty() {
        anyhow::bail!("{}", failed.join("; "));
    }
    Ok(ExitCode::SUCCESS)
}

fn timed(
    solver: &dyn Solver,
    board: nqueens_kernel::Board,
    threads: Threads,
    opts: &Bench,
) -> Result<Report> {
    let run = Options {
        threads,
        ..opts.run
    };
    nqueens_sched::count(solver, board, &run, &NoProgress)
        .map_err(|e| nqueens::budget::explain(e, opts.budget, board.n()).into())
}

fn readme(opts: &Bench) -> String {
    // args_os: `--out` need not be UTF-8, and std::env::args() panics.
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let names: Vec<&str> = opts.solvers.iter().map(|s| s.name()).collect();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# nqueens bench, {} on {}\n",
        machine::utc_date(),
        machine::host()
    );
    let _ = writeln!(s, "- command: `nqueens {}`", args.join(" "));
    let _ = writeln!(
        s,
        "- binary: nqueens {}, commit {}",
        env!("CARGO_PKG_VERSION"),
        machine::COMMIT
    );
    let _ = writeln!(
        s,
        "- compiler: {}; profile: {}",
        machine::RUSTC,
        machine::PROFILE
    );
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

fn summary(opts: &Bench, rows: &[Row]) -> String {
    let mut buf = Vec::new();
    {
        let mut md = export::sink(Format::Markdown, Box::new(&mut buf));
        let _ = md.begin(&COLUMNS);
        for row in rows {
            let _ = md.record(&row.record());
        }
        let _ = md.end(&[format!(
            "speedup = median of {} / median of the solver, same size, same run",
            opts.solvers[0].name()
        )]);
    }
    String::from_utf8(buf).expect("the sinks write UTF-8")
}
