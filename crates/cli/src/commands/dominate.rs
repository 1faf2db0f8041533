//! `nqueens dominate N`: the fewest queens that occupy or attack every
//! square (the domination number, OEIS A075458), one such placement, and
//! with `--count` how many there are (OEIS A002564).
//!
//! The kernel (`nqueens_puzzles::dominate`) finds the minimum by iterative
//! deepening, exactly; `--count` fans its independent parts out over the
//! threads (`nqueens_tasks`' puzzles) behind a progress bar on a terminal.
//! The results are compared with the published values where they are
//! known: a disagreement is printed, then fails the run (exit code 1).
//!
//! Squares are named as everywhere in this tool (`render`): file letter and
//! rank number, `A1` in the corner drawn bottom left.

use std::process::ExitCode;

use anyhow::Result;
use nqueens_kernel::{oeis, Board};
use nqueens_puzzles::dominate::{Domination, Square};

use crate::export::Plain;
use crate::export::{self, Record, Value};
use crate::render;
use crate::request::Dominate;
use crate::run::session::Session;

pub fn run(args: Dominate) -> Result<ExitCode> {
    let (board, budget) = (args.board, args.budget);
    let n = board.n();
    let d = Domination::new(n)?;
    let min = d.minimum();
    let count = if let Some(count) = args.count {
        let session = Session {
            count,
            budget,
            checkpoint: args.checkpoint.as_deref(),
            label: format!("dominate {n}"),
        };
        Some(session.count()?.solutions)
    } else {
        None
    };
    let squares = min.placement().to_vec();
    let placement = Value::Squares(squares.clone());
    let line = placement.plain();
    let record: Record = vec![
        ("n", n.into()),
        ("queens", min.queens().into()),
        ("placement", placement),
        ("count", count.into()),
    ];
    let drawn: Vec<(Square, char)> = squares.iter().map(|&s| (s, 'Q')).collect();
    export::print_placed(args.format, &record, &render::pieces(n, &drawn), &line)?;
    check(board, min.queens(), count)?;
    Ok(ExitCode::SUCCESS)
}

/// Compares the results with OEIS A075458 and A002564 where they are known.
fn check(board: Board, queens: usize, count: Option<u128>) -> Result<()> {
    let n = board.n();
    if let Some(&known) = oeis::DOMINATION.get(n) {
        if queens != known {
            return Err(nqueens::Error::mismatch(format!(
                "n = {n}: found {queens} queens as the minimum, but OEIS A075458 says {known}"
            ))
            .into());
        }
    }
    if let Some(c) = count {
        nqueens::verify::work(&nqueens_tasks::Dominate, board, c)?;
    }
    Ok(())
}
