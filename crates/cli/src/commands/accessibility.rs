//! `nqueens solve N --method accessibility --table | --every-start`:
//! exercise sheet 002 §2.5 printed as the sheet prints it
//! (`nqueens_puzzles::solve::accessibility`): the table of accessibilities
//! (`calculerHB`), then, from every square (`test_heuristiq`), each run
//! that ends in a solution as `Solution issue de (r,c)` and its queens
//! `[(r,c) ...]`, coordinates from 0 (row, column); last, the squares
//! examined, the measure of the whole-board scan (`placerNaif`) against the
//! free list (`placerOptm`, `--free-list`). From every start a board where
//! no run succeeds says so (exit code 1, one line on stderr).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use nqueens_puzzles::solve::accessibility::{
    format_table, listing, placer_naif, placer_optm, table, test_heuristiq, Method,
};
use nqueens_puzzles::solve::Options;

/// Exit code when no start ends in a solution: an answer, not an error.
const EXIT_NO_SOLUTION: u8 = 1;

pub fn run(n: usize, every_start: bool, with_table: bool, options: &Options) -> Result<ExitCode> {
    let err = |e| anyhow!("{e}");
    let mut out = io::stdout().lock();
    let tabled = table(n).map_err(err)?;
    if with_table {
        out.write_all(format_table(&tabled).as_bytes())?;
    }
    let (method, name) = if options.free_list {
        (Method::Optm, "free list")
    } else {
        (Method::Naive, "whole-board scan")
    };
    let runs = if every_start {
        test_heuristiq(n, method).map_err(err)?
    } else {
        let start = options.start.unwrap_or((0, 0));
        let place = if options.free_list {
            placer_optm
        } else {
            placer_naif
        };
        vec![place(n, start).map_err(err)?]
    };
    out.write_all(listing(&runs).as_bytes())?;
    let examined: u64 = runs.iter().map(|r| r.examined).sum();
    writeln!(out, "squares examined: {examined} ({name})")?;
    drop(out);
    if !runs.iter().any(|r| r.success) {
        let from = if every_start {
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
