//! `nqueens estimate N`: a count and its cost predicted from a random
//! sample of its subproblems (the library's [`nqueens::Estimate`], under
//! a memory budget), written as one record.

use std::io::Write;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Result;
use nqueens::{Cancel, Control, ErrorKind};

use crate::export::{self, Format};
use crate::request::Estimate;
use crate::run::progress::Bar;
use crate::run::signals;

/// Exit code when interrupted before two subproblems were counted.
const EXIT_INTERRUPTED: u8 = 130;

/// How long after Ctrl-C the sampling may take to stop and report.
const GRACE: Duration = Duration::from_secs(2);

pub fn run(req: Estimate) -> Result<ExitCode> {
    // Raised by Ctrl-C (or SIGTERM): the sampling stops and reports.
    let cancel = Cancel::new();
    let raised = cancel.clone();
    // Set once the record is about to be printed: past that, the grace
    // timer leaves the process alone.
    let answered = Arc::new(Mutex::new(false));
    let late = Arc::clone(&answered);
    signals::on_stop(move || {
        raised.cancel();
        // The estimate answers within 50 ms of a stop, leaving the
        // subproblems being counted to their threads; what cannot stop is
        // the work before the sampling (the exact design's split, the
        // split's timing). Past the grace, the process ends (a sample keeps
        // no checkpoint: what was sampled is dropped).
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
    let bar = Bar::new(format!("estimate {}", req.estimate.checked().board().n()));
    let result = req
        .estimate
        .run(&Control::new().progress(&bar).cancel(cancel));
    bar.finish();
    // The grace timer (holding this lock while it decides) may have ended
    // the process already; from here it will not.
    if let Ok(mut a) = answered.lock() {
        *a = true;
    }
    let record = match result {
        Ok(r) => r,
        Err(e) if e.kind() == ErrorKind::Interrupted => {
            let _ = writeln!(std::io::stderr(), "nqueens: error: {e}");
            return Ok(ExitCode::from(EXIT_INTERRUPTED));
        }
        Err(e) => return Err(e.into()),
    };
    export::print_one(Format::from(req.format), &record.fields)?;
    Ok(ExitCode::SUCCESS)
}
