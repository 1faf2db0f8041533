//! `nqueens show "c1 c2 ..." --size N`: a partial placement, fewer queens
//! than rows, drawn as exercise sheet 002 §1 draws its blocked boards
//! (`nqueens::solutions::blocked`): row 1 at the top, a header of
//! column numbers, tabs between cells, `★` for a queen (`Q` with
//! `--ascii`), `x` for an attacked square, `.` for a free one (the sheet
//! leaves both blank). `--orientation columns` turns it as 004 reads its
//! placements; `--orientation chess` is refused.
//! Under the board, one line names the first row left with no free square
//! (the row where the next queen is blocked) and every other blocked row,
//! or says that none is.
//!
//! `--format json|csv` writes a `partial` record instead (docs/formats.md).
//! Two queens that attack each other are named on stderr with exit code 1,
//! as `show` does for a full board, after the board is drawn (text); junk
//! is bad input (2).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use nqueens::placement::PartialRecord;
use nqueens::solutions::blocked::Partial;

use crate::cli::CountFormat;
use crate::export::{self, Format};
use crate::request::PartialBoard;

/// Exit code for two queens that attack each other, as for a full board.
const EXIT_ATTACK: u8 = 1;

pub fn run(p: &PartialBoard, format: CountFormat) -> Result<ExitCode> {
    let (n, cols) = (p.placement.n, &p.placement.columns);
    let (board, blocked) = match p.placement.run()? {
        PartialRecord::Position { board, blocked } => (board, blocked),
        PartialRecord::Conflict { board, conflict } => {
            // The board is drawn all the same, as 004 draws its cases (and
            // until 2026-11-25 it was not): its queens and the squares they
            // attack, with no line about blocked rows.
            if format == CountFormat::Text {
                let board = board?;
                let mut out = io::stdout().lock();
                out.write_all(drawing(p, &board).as_bytes())?;
                out.flush()?;
            }
            // The pair is named by its rows; in 004's reading they are the
            // columns of the transposed board.
            let e = conflict.to_string();
            let e = if p.by_columns {
                e.replace("rows", "columns").replace("row", "column")
            } else {
                e
            };
            writeln!(io::stderr(), "nqueens: not a position of the search: {e}")?;
            return Ok(ExitCode::from(EXIT_ATTACK));
        }
    };
    if format != CountFormat::Text {
        export::print_one(Format::from(format), &blocked.fields())?;
        return Ok(ExitCode::SUCCESS);
    }
    // 004 reads the placement column by column: the same board transposed,
    // its rows called columns.
    let row = if p.by_columns { "column" } else { "row" };
    let mut out = io::stdout().lock();
    out.write_all(drawing(p, &board).as_bytes())?;
    match blocked.first_blocked_row {
        Some(first) => {
            let all: Vec<String> = blocked.blocked_rows.iter().map(u64::to_string).collect();
            writeln!(
                out,
                "blocked: {row} {first} has no free square ({row}s with none: {})",
                all.join(" ")
            )?
        }
        None if cols.len() == n => writeln!(out, "no {row} left: {n} queens placed")?,
        None => writeln!(out, "not blocked: every empty {row} has a free square")?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The board as sheet 002 draws it, or turned as 004 reads it; `Q` for
/// the queens with `--ascii`.
fn drawing(p: &PartialBoard, board: &Partial) -> String {
    let drawn = if p.by_columns {
        board.draw_by_columns()
    } else {
        board.draw()
    };
    if p.ascii {
        drawn.replace('★', "Q")
    } else {
        drawn
    }
}
