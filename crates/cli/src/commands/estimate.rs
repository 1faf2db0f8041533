//! `nqueens estimate N`: a count and its cost predicted from a random
//! sample of its subproblems (the sampling is the scheduler's,
//! `nqueens_sched::estimate`), written as one record.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use nqueens_sched::{estimate, Clock, Design, Interval, Stop};

use crate::bench::os::thread_cpu;
use crate::export::{self, Cell, Format, Record};
use crate::request::Estimate;
use crate::run::progress::Bar;
use crate::run::signals;

/// Exit code when interrupted before two subproblems were counted.
const EXIT_INTERRUPTED: u8 = 130;

/// The calling thread's CPU clock.
struct ThreadCpu;

impl Clock for ThreadCpu {
    fn now(&self) -> f64 {
        thread_cpu().as_secs_f64()
    }
}

/// Set by Ctrl-C (or SIGTERM): the sampling stops and reports.
struct Interrupt(Arc<AtomicBool>);

impl Stop for Interrupt {
    fn stop(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

pub fn run(req: Estimate) -> Result<ExitCode> {
    let flag = Arc::new(AtomicBool::new(false));
    let raised = Arc::clone(&flag);
    signals::on_stop(move || raised.store(true, Ordering::Relaxed))?;
    let bar = Bar::new(format!("estimate {}", req.board.n()));
    let start = Instant::now();
    let result = estimate(
        req.board,
        &req.sampling,
        &ThreadCpu,
        &bar,
        &Interrupt(Arc::clone(&flag)),
    );
    bar.finish();
    let e = match result {
        Ok(e) => e,
        Err(nqueens_sched::Error::Interrupted { done, .. }) if flag.load(Ordering::Relaxed) => {
            let _ = writeln!(
                std::io::stderr(),
                "nqueens: error: interrupted after {done} sampled subproblems: an estimate needs at least 2"
            );
            return Ok(ExitCode::from(EXIT_INTERRUPTED));
        }
        Err(e) => return Err(e.into()),
    };
    let seconds = start.elapsed().as_secs_f64();
    let cores = req.cores as f64;
    let (design, strata) = match e.design {
        Design::Exact => ("exact", None),
        Design::Stratified { strata } => ("stratified", Some(strata)),
    };
    let whole = |x: f64| Cell::Int(x.max(0.0).round() as u128);
    let (total, unique): (Vec<Cell>, Vec<Cell>) = match e.exact {
        Some((t, u)) => (vec![t.into(); 3], vec![u.into(); 3]),
        None => (ends(e.total, whole), ends(e.unique, whole)),
    };
    let cpu = ends(e.cpu_seconds, Cell::Float);
    let wall = ends(
        Interval {
            estimate: e.cpu_seconds.estimate / cores,
            low: e.cpu_seconds.low / cores,
            high: e.cpu_seconds.high / cores,
        },
        Cell::Float,
    );
    let mut record: Record = vec![
        ("n", e.n.into()),
        ("solver", "halves".into()),
        ("design", design.into()),
        ("strata", strata.into()),
        ("samples", e.samples.into()),
        ("subproblems", e.subproblems.into()),
        ("row_sets", e.population.into()),
    ];
    let named = |keys: [&'static str; 3], cells: Vec<Cell>| keys.into_iter().zip(cells);
    record.extend(named(["total_estimate", "total_low", "total_high"], total));
    record.extend(named(
        ["unique_estimate", "unique_low", "unique_high"],
        unique,
    ));
    record.extend(named(
        [
            "cpu_seconds_estimate",
            "cpu_seconds_low",
            "cpu_seconds_high",
        ],
        cpu,
    ));
    record.extend(named(
        [
            "wall_seconds_estimate",
            "wall_seconds_low",
            "wall_seconds_high",
        ],
        wall,
    ));
    record.extend([
        ("cores", req.cores.into()),
        (
            "relative_half_width",
            Cell::Float(e.total.relative_half_width()),
        ),
        (
            "degrees_of_freedom",
            (e.degrees_of_freedom > 0)
                .then_some(e.degrees_of_freedom)
                .into(),
        ),
        ("fixed_180", e.fixed_180.into()),
        ("fixed_90", e.fixed_90.into()),
        ("split_cpu_seconds", e.split_cpu_seconds.into()),
        ("symmetry_cpu_seconds", e.symmetry_cpu_seconds.into()),
        ("peak_memory_bytes", e.peak_memory_bytes.into()),
        ("threads", req.sampling.threads.into()),
        ("seed", req.sampling.seed.into()),
        ("seconds", seconds.into()),
        ("stopped", e.stopped.into()),
        ("note", note(e.design, e.stopped).into()),
    ]);
    export::print_one(Format::from(req.format), &record)?;
    Ok(ExitCode::SUCCESS)
}

/// An interval's estimate, low and high ends as cells.
fn ends(i: Interval, cell: impl Fn(f64) -> Cell) -> Vec<Cell> {
    vec![cell(i.estimate), cell(i.low.max(0.0)), cell(i.high)]
}

/// What the record's figures are.
fn note(design: Design, stopped: bool) -> String {
    let what = match design {
        Design::Exact => "every subproblem counted: the exact count",
        Design::Stratified { .. } => {
            "95 % intervals from a stratified random sample of the subproblems"
        }
    };
    let stop = if stopped {
        "; stopped early, from the subproblems sampled so far"
    } else {
        ""
    };
    format!("{what}{stop}; wall seconds = cpu seconds / cores, an ideal-scaling prediction")
}
