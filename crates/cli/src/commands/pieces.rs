//! `nqueens pieces kings|knights|bishops|rooks N`: the largest number of
//! mutually non-attacking pieces on an `n x n` board and the number of ways
//! to place them, from the kernel's dynamic programs
//! (`nqueens_puzzles::pieces`).
//!
//! Without `--count` the kernel also rebuilds one maximal placement; it is
//! checked square by square with the kernel's attack rule before it is
//! written (drawn under the numbers in the text format, listed as square
//! names in the others). A placement that fails the check is a bug: the
//! run fails with exit code 1.
//!
//! Bad input (an unknown piece, n = 0, negative, junk, past the piece's
//! limit) is one line on stderr and exit code 2.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use nqueens_puzzles::pieces::{self, Piece, Square};

use crate::cli::CountFormat;
use crate::export::{self, Format, Record, Value};
use crate::render;
use crate::request::Pieces;

pub fn run(args: Pieces) -> Result<ExitCode> {
    let (piece, n) = (args.piece, args.n);
    let start = Instant::now();
    let (count, squares) = if args.count {
        (pieces::count(piece, n)?, None)
    } else {
        let (c, s) = pieces::count_and_place(piece, n)?;
        (c, Some(s))
    };
    let seconds = start.elapsed().as_secs_f64();
    if let Some(squares) = &squares {
        check(piece, n, count.max, squares)?;
    }
    let text = args.format == CountFormat::Text;
    let record: Record = vec![
        ("piece", piece.name().into()),
        ("n", n.into()),
        ("max", count.max.into()),
        ("count", count.ways.into()),
        ("seconds", seconds.into()),
        // The text format draws it instead, under the numbers.
        (
            "placement",
            squares
                .clone()
                .filter(|_| !text)
                .map_or(Value::Null, Value::Squares),
        ),
    ];
    export::print_one(Format::from(args.format), &record)?;
    if let (Some(squares), true) = (&squares, text) {
        let mut out = io::stdout().lock();
        writeln!(out)?;
        let drawn: Vec<(Square, char)> = squares.iter().map(|&s| (s, letter(piece))).collect();
        out.write_all(render::pieces(n, &drawn).as_bytes())?;
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The placement holds `max` pieces, on the board, none attacking another.
fn check(piece: Piece, n: usize, max: usize, squares: &[Square]) -> Result<()> {
    let bad = if squares.len() != max {
        Some(format!("{} pieces, not {max}", squares.len()))
    } else if let Some(s) = squares.iter().find(|s| s.0 >= n || s.1 >= n) {
        Some(format!("{} is off the board", render::square(*s)))
    } else {
        squares.iter().enumerate().find_map(|(i, &a)| {
            squares[i + 1..]
                .iter()
                .find(|&&b| a == b || piece.attacks(a, b))
                .map(|&b| format!("{} and {} clash", render::square(a), render::square(b)))
        })
    };
    match bad {
        None => Ok(()),
        Some(why) => Err(nqueens::Error::mismatch(format!(
            "n = {n}: the placement of {piece} rebuilt from the count is wrong: {why}"
        ))
        .into()),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clash_is_caught() {
        assert!(check(Piece::Kings, 3, 2, &[(0, 0), (2, 2)]).is_ok());
        assert!(check(Piece::Kings, 3, 2, &[(0, 0), (1, 1)]).is_err());
        assert!(check(Piece::Rooks, 3, 2, &[(0, 0)]).is_err());
        assert!(check(Piece::Rooks, 3, 1, &[(3, 0)]).is_err());
    }
}
