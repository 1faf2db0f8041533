//! `nqueens estimate N`: a count and its cost predicted from a random
//! sample of its subproblems (the sampling is the scheduler's,
//! `nqueens_sched::estimate`), written as one record.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Result;
use nqueens_sched::{estimate_with, Run, Stop, ThreadCpu};

use crate::export::{self, Format, Record};
use crate::request::Estimate;
use crate::run::progress::Bar;
use crate::run::signals;

/// Exit code when interrupted before two subproblems were counted.
const EXIT_INTERRUPTED: u8 = 130;

/// How long after Ctrl-C the sampling may take to stop and report.
const GRACE: Duration = Duration::from_secs(2);

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
    // Set once the record is about to be printed: past that, the grace
    // timer leaves the process alone.
    let answered = Arc::new(Mutex::new(false));
    let late = Arc::clone(&answered);
    signals::on_stop(move || {
        raised.store(true, Ordering::Relaxed);
        // The samplers stop between subproblems, and one subproblem of a
        // large board can take minutes: past the grace, the process ends
        // (a sample keeps no checkpoint: the subproblems sampled so far are
        // dropped, as a record of them could not be printed in time).
        std::thread::sleep(GRACE);
        // The lock is held until the process ends, so the record is never
        // cut short.
        if let Ok(answered) = late.lock() {
            if *answered {
                return;
            }
            let _ = writeln!(
                std::io::stderr(),
                "nqueens: error: interrupted; the subproblems being counted did not stop within {} s, so no estimate is printed",
                GRACE.as_secs()
            );
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
    })?;
    let bar = Bar::new(format!("estimate {}", req.count.board().n()));
    let start = Instant::now();
    let result = estimate_with(
        &req.count,
        &req.sampling,
        req.plan,
        &ThreadCpu,
        &bar,
        &Interrupt(Arc::clone(&flag)),
    );
    bar.finish();
    // The grace timer (holding this lock while it decides) may have ended
    // the process already; from here it will not.
    if let Ok(mut a) = answered.lock() {
        *a = true;
    }
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
    let run = Run {
        cores: req.cores,
        threads: req.count.opts().threads.get(),
        seed: req.sampling.seed,
        seconds: start.elapsed().as_secs_f64(),
    };
    let record: Record = e
        .record(&run)
        .into_iter()
        .map(|(key, value)| (key, value.into()))
        .collect();
    export::print_one(Format::from(req.format), &record)?;
    Ok(ExitCode::SUCCESS)
}
