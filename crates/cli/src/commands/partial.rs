//! `nqueens show "c1 c2 ..." --size N`: a partial placement, fewer queens
//! than rows, drawn as exercise sheet 002 §1 draws its blocked boards
//! (`nqueens_puzzles::solutions::blocked`): row 1 at the top, a header of
//! column numbers, tabs between cells, `★` for a queen, `x` for an
//! attacked square, `.` for a free one (the sheet leaves both blank).
//! Under the board, one line names the first row left with no free square
//! (the row where the next queen is blocked) and every other blocked row,
//! or says that none is.
//!
//! Text only. Two queens that attack each other are named on stderr with
//! exit code 1, as `show` does for a full board; junk is bad input (2).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{bail, Result};
use nqueens_puzzles::solutions::blocked::{BlockedError, Partial};

use crate::request::PartialBoard;

/// Exit code for two queens that attack each other, as for a full board.
const EXIT_ATTACK: u8 = 1;

pub fn run(p: &PartialBoard) -> Result<ExitCode> {
    let (n, cols) = (p.n, &p.columns);
    let board = match Partial::new(n, cols) {
        Ok(b) => b,
        Err(e @ BlockedError::Conflict { .. }) => {
            writeln!(io::stderr(), "nqueens: not a position of the search: {e}")?;
            return Ok(ExitCode::from(EXIT_ATTACK));
        }
        Err(e) => bail!("--size {n}: {e}"),
    };
    let mut out = io::stdout().lock();
    out.write_all(board.draw().as_bytes())?;
    let blocked: Vec<usize> = (cols.len() + 1..=n)
        .filter(|&r| board.free_in_row(r).is_empty())
        .collect();
    match board.first_blocked_row() {
        Some(first) => {
            let all: Vec<String> = blocked.iter().map(usize::to_string).collect();
            writeln!(
                out,
                "blocked: row {first} has no free square (rows with none: {})",
                all.join(" ")
            )?
        }
        None if cols.len() == n => writeln!(out, "no row left: {n} queens placed")?,
        None => writeln!(out, "not blocked: every empty row has a free square")?,
    }
    Ok(ExitCode::SUCCESS)
}
