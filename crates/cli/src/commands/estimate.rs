//! `nqueens estimate N`: a count and its cost predicted from a random
//! sample of its subproblems (the sampling is the scheduler's,
//! `nqueens_sched::estimate`), written as one record.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use nqueens_sched::{estimate, Run, Stop, ThreadCpu};

use crate::export::{self, Format, Record};
use crate::request::Estimate;
use crate::run::progress::Bar;
use crate::run::signals;

/// Exit code when interrupted before two subproblems were counted.
const EXIT_INTERRUPTED: u8 = 130;

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
    let run = Run {
        cores: req.cores,
        threads: req.sampling.threads,
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
