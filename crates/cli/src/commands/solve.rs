//! `nqueens solve N`: one solution of any board up to 10^7, by construction
//! or by search.
//!
//! The verb parses and checks its arguments, asks the kernel
//! (`nqueens::Solve`) for a solution, checks it in O(n) with the
//! kernel's independent verifier, and writes it. The columns are written
//! 1-based, one per row, as everywhere in this tool.
//!
//! - Bad input (n out of range, junk, an option the method does not take,
//!   an unwritable `--out`) is an error: one line, exit code 2.
//! - n = 2 and n = 3 have no solution, and the random method may give up:
//!   those are answers, not mistakes, so they are one line on stderr and
//!   exit code 1; json and csv still write the `solve` record, with
//!   `found` false and the reason in `note` (vector has nothing to draw).
//! - A solution that fails the check (a bug) is still written, with
//!   `valid` false, and the run fails with exit code 1.
//!
//! With `--out FILE` the solution goes through `crate::io::Output`, opened
//! before the search starts (so an unwritable FILE is reported at once): a
//! regular FILE is replaced whole once complete, so an error never leaves a
//! half-written FILE nor the temporary file; a device or FIFO is written
//! into. The terminal then
//! gets a one-line summary. Everything is written through a `BufWriter`
//! with a hand-rolled number formatter: ten million columns are 79 MB.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use nqueens::solve::{self, SolveError};
use nqueens::SolveRecord;

use crate::cli::{Reading, SolveFormat};
use crate::export::{self, Format, Numbering};
use crate::io::Output;
use crate::request::Solve as Request;

/// Exit code for "no solution exists" and "gave up": answers, not errors.
const EXIT_NO_SOLUTION: u8 = 1;

pub fn run(req: Request) -> Result<ExitCode> {
    if let Some((every_start, table)) = req.sheet {
        let sheet = super::accessibility::Sheet {
            every_start,
            table,
            format: req.format,
        };
        return super::accessibility::run(&req.solve, &sheet);
    }
    // Before the search, which may take seconds: fail fast on a bad FILE.
    let file = req
        .out
        .as_deref()
        .map(|path| Output::create(path, "--out"))
        .transpose()?;
    let start = Instant::now();
    let found = req.solve.run();
    let seconds = start.elapsed().as_secs_f64();
    let mut solution = match found {
        Ok(s) => s,
        Err(e @ SolveError::NoSolution { .. }) => return no_solution(&req, seconds, e.to_string()),
        Err(e @ SolveError::Stuck { .. }) => return no_solution(&req, seconds, e.to_string()),
        Err(e @ SolveError::GaveUp { .. }) => {
            return no_solution(
                &req,
                seconds,
                format!("{e} (raise --max-attempts, or use --method min-conflicts)"),
            )
        }
        Err(e) => return Err(e.into()),
    };
    let mut record = req.solve.record(Some(&solution), seconds, None);
    let flaw = (record.valid == Some(false)).then(|| solve::first_flaw(&solution.columns));
    // Moved into the record that writes it: ten million columns are 40 MB.
    record.placement = Some(match req.reading {
        Reading::Rows => std::mem::take(&mut solution.columns),
        Reading::Columns => transpose(&solution.columns),
    });
    let format = Format::from(req.format);
    let numbering = Numbering {
        base: req.base,
        ..Numbering::default()
    };
    match file {
        Some(mut f) => {
            let path = f.path().to_path_buf();
            // The terminal gets the record without the placement; the
            // drawing would be empty, so a `key=value` line instead.
            let placement = record.placement.take();
            let summary = SolveRecord {
                out: Some(path.to_string_lossy().into_owned()),
                ..record.clone()
            };
            record.placement = placement;
            f.write(|w| {
                export::write_one_numbered(format, Box::new(w), &record.into_fields(), numbering)
            })?;
            f.commit()?;
            let summary_format = match req.format {
                SolveFormat::Vector => Format::Line,
                _ => format,
            };
            export::print_one(summary_format, &summary.into_fields())?;
        }
        None => {
            let out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            export::write_one_numbered(format, Box::new(out), &record.into_fields(), numbering)?;
        }
    }
    if let Some(flaw) = flaw {
        return Err(nqueens::Error::mismatch(format!(
            "the {} solution for n = {} failed its check ({flaw:?}); this is a bug",
            req.solve.method().name(),
            req.solve.n(),
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}

/// The placement read column by column: entry c is the row of column c's
/// queen (the inverse permutation of a valid solution; a placement that
/// failed its check is reported as found, never read this way).
fn transpose(columns: &[u32]) -> Vec<u32> {
    let mut rows = vec![0; columns.len()];
    for (r, &c) in columns.iter().enumerate() {
        if let Some(slot) = rows.get_mut(c as usize) {
            *slot = r as u32;
        }
    }
    rows
}

/// There is no solution to show: the record says so (`found` false, the
/// reason in `note`) in the chosen format, and one line on stderr; exit
/// code 1.
fn no_solution(req: &Request, seconds: f64, message: String) -> Result<ExitCode> {
    let record = req.solve.record(None, seconds, Some(message.clone()));
    export::print_one(Format::from(req.format), &record.into_fields())?;
    let _ = writeln!(io::stderr(), "nqueens: {message}");
    Ok(ExitCode::from(EXIT_NO_SOLUTION))
}
