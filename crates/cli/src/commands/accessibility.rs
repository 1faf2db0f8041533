//! `nqueens solve N --method accessibility --table | --every-start`:
//! exercise sheet 002 §2.5 printed as the sheet prints it
//! (the library's `nqueens::Solve::sheet`): the table of accessibilities
//! (`calculerHB`), then, from every square (`test_heuristiq`), each run
//! that ends in a solution as `Solution issue de (r,c)` and its queens
//! `[(r,c) ...]`, coordinates from 0 (row, column); last, the squares
//! examined, the measure of the whole-board scan (`placerNaif`) against the
//! free list (`placerOptm`, `--free-list`). From every start a board where
//! no run succeeds says so (exit code 1, one line on stderr).
//!
//! `--format json` writes the same as records (`accessibility-row` for each
//! row of the table, then `accessibility-run` for each run, squares
//! 1-based as everywhere in json); `--format csv` the runs.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use nqueens::solve::{format_table, listing, Run};

use crate::cli::SolveFormat;
use crate::export::{self, columns, Format, Record, Value};

/// Exit code when no start ends in a solution: an answer, not an error.
const EXIT_NO_SOLUTION: u8 = 1;

/// What to print: the table first or not, from every start or one.
pub struct Sheet {
    pub every_start: bool,
    pub table: bool,
    pub format: SolveFormat,
}

pub fn run(solve: &nqueens::Solve, sheet: &Sheet) -> Result<ExitCode> {
    let n = solve.n();
    let nqueens::solve::Sheet {
        table: tabled,
        runs,
        method: name,
    } = solve.sheet(sheet.every_start)?;
    if sheet.format == SolveFormat::Vector {
        // The sheet's own layout.
        let mut out = io::stdout().lock();
        if sheet.table {
            out.write_all(format_table(&tabled).as_bytes())?;
        }
        out.write_all(listing(&runs).as_bytes())?;
        let examined: u64 = runs.iter().map(|r| r.examined).sum();
        writeln!(out, "squares examined: {examined} ({name})")?;
    } else {
        let mut records: Vec<Record> = Vec::new();
        if sheet.table {
            records.extend(
                tabled
                    .iter()
                    .enumerate()
                    .map(|(r, row)| table_row(n, r, row)),
            );
        }
        records.extend(runs.iter().map(|run| run_record(n, name, run)));
        let mut sink = export::sink(Format::from(sheet.format), Box::new(io::stdout().lock()));
        // Only json mixes the two kinds; the boundary keeps csv to runs.
        sink.begin(&columns(records.last().expect("at least one run")))?;
        for r in &records {
            sink.record(r)?;
        }
        sink.end(&[])?;
    }
    if !runs.iter().any(|r| r.success) {
        let from = if sheet.every_start {
            "any start"
        } else {
            "this start"
        };
        writeln!(
            io::stderr(),
            "nqueens: the accessibility heuristic ends in no solution from {from} on the {n} x {n} board (it never backtracks)"
        )?;
        return Ok(ExitCode::from(EXIT_NO_SOLUTION));
    }
    Ok(ExitCode::SUCCESS)
}

/// An `accessibility-row` record: row `r` (0-based here, 1-based written)
/// of the table of accessibilities.
fn table_row(n: usize, r: usize, row: &[u32]) -> Record {
    vec![
        ("n", n.into()),
        ("row", (r + 1).into()),
        (
            "accessibility",
            Value::Ints(row.iter().map(|&a| a.into()).collect()),
        ),
    ]
}

/// An `accessibility-run` record: one run from its start.
fn run_record(n: usize, method: &str, run: &Run) -> Record {
    vec![
        ("n", n.into()),
        ("method", method.into()),
        ("start", Value::Squares(run.placed[..1].to_vec())),
        ("success", run.success.into()),
        ("placed", Value::Squares(run.placed.clone())),
        ("examined", run.examined.into()),
    ]
}
