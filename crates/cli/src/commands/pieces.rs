//! `nqueens pieces kings|knights|bishops|rooks N`: the largest number of
//! mutually non-attacking pieces on an `n x n` board and the number of ways
//! to place them, from the library ([`nqueens::Pieces`]).
//!
//! Without `--count-only` the library also rebuilds one maximal placement
//! and checks it square by square with the attack rule (a placement that
//! fails the check is a bug: the run fails with exit code 1); it is drawn
//! under the numbers in the text format, listed as square names in the
//! others.
//!
//! Bad input (an unknown piece, n = 0, negative, junk, past the piece's
//! limit) is one line on stderr and exit code 2.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use nqueens::{Piece, PiecesRecord};

use crate::cli::CountFormat;
use crate::export::{self, Format};
use crate::render;
use crate::request::Pieces;

pub fn run(req: Pieces) -> Result<ExitCode> {
    let record = req.pieces.run()?;
    let text = req.format == CountFormat::Text;
    // The text format draws the placement instead, under the numbers.
    let listed = PiecesRecord {
        placement: record.placement.clone().filter(|_| !text),
        ..record.clone()
    };
    export::print_one(Format::from(req.format), &listed.fields())?;
    if let (Some(squares), true) = (&record.placement, text) {
        let mut out = io::stdout().lock();
        writeln!(out)?;
        let piece = letter(record.piece);
        let drawn: Vec<_> = squares.iter().map(|&s| (s, piece)).collect();
        out.write_all(render::pieces(record.board.n(), &drawn).as_bytes())?;
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The letter drawn for a piece, as in chess notation (N for a knight).
fn letter(piece: Piece) -> char {
    match piece {
        Piece::Kings => 'K',
        Piece::Knights => 'N',
        Piece::Bishops => 'B',
        Piece::Rooks => 'R',
    }
}
