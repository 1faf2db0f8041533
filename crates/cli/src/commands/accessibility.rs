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
use nqueens::solve::{format_table, listing};

use crate::cli::SolveFormat;
use crate::export::{self, columns, Format, Record};

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
    let answer = solve.sheet(sheet.every_start)?;
    let runs = &answer.runs;
    if sheet.format == SolveFormat::Vector {
        // The sheet's own layout.
        let mut out = io::stdout().lock();
        if sheet.table {
            out.write_all(format_table(&answer.table).as_bytes())?;
        }
        out.write_all(listing(runs).as_bytes())?;
        let examined: u64 = runs.iter().map(|r| r.examined).sum();
        writeln!(out, "squares examined: {examined} ({})", answer.method)?;
    } else {
        let mut records: Vec<Record> = Vec::new();
        if sheet.table {
            records.extend(answer.rows().map(|r| r.fields()));
        }
        records.extend(answer.runs().map(|r| r.fields()));
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
