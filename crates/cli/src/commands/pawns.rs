//! `nqueens pawns N --queens Q`: Q queens, no two attacking, with the
//! fewest pawns blocking their lines; one such placement, and with
//! `--count` how many there are (with Q = N + 1 and one pawn, OEIS A103330).
//!
//! The kernel (`nqueens_puzzles::pawns`) finds the fewest pawns exactly;
//! `--count` fans the counting search out over the threads
//! (`nqueens_tasks`' puzzles) behind a progress bar on a terminal. With
//! `Q = N + 1` the count is compared with A103330 where it is known.
//!
//! The limits on `N` and `Q` are measured and declared beside the search
//! (`nqueens_puzzles::pawns::MEASURED_MAX_N`, `max_queens`); larger ones
//! are refused by `crate::request`, `N` through the scheduler's
//! `Kind::sizes`, the one check of a count's board.

use std::process::ExitCode;

use anyhow::Result;
use nqueens_kernel::{oeis, Board};
use nqueens_puzzles::pawns::{Placement, Problem};

use crate::export::Plain;
use crate::export::{self, Record, Value};
use crate::render;
use crate::request::Pawns;
use crate::run::session::Session;

pub fn run(args: Pawns) -> Result<ExitCode> {
    let (board, queens, budget) = (args.board, args.queens, args.budget);
    let n = board.n();
    let problem = Problem::new(n, queens)?;
    let min = problem.minimum();
    let count = if let Some(count) = args.count {
        let session = Session {
            count,
            budget,
            checkpoint: args.checkpoint.as_deref(),
            label: format!("pawns {n} --queens {queens}"),
        };
        Some(session.count()?.solutions)
    } else {
        None
    };
    let p = min.placement();
    let (placed, pawns) = (
        Value::Squares(p.queens.clone()),
        Value::Squares(p.pawns.clone()),
    );
    let squares = format!("queens {} pawns {}", placed.plain(), pawns.plain());
    let record: Record = vec![
        ("n", n.into()),
        ("queens", queens.into()),
        ("pawns", min.pawns().into()),
        ("placement", placed),
        ("pawns_placement", pawns),
        ("count", count.into()),
    ];
    export::print_placed(
        args.format,
        &record,
        &render::pieces(n, &pieces(p)),
        squares.trim_end(),
    )?;
    check(board, queens, min.pawns(), count)?;
    Ok(ExitCode::SUCCESS)
}

/// The pieces to draw: `Q` and `P`.
fn pieces(p: &Placement) -> Vec<((usize, usize), char)> {
    let queens = p.queens.iter().map(|&s| (s, 'Q'));
    queens.chain(p.pawns.iter().map(|&s| (s, 'P'))).collect()
}

/// Compares `N + 1` queens with one pawn with OEIS A103330 where known.
fn check(board: Board, queens: usize, pawns: usize, count: Option<u128>) -> Result<()> {
    let n = board.n();
    let Some(&known) = oeis::QUEENS_AND_ONE_PAWN.get(n) else {
        return Ok(());
    };
    if queens != n + 1 || known == 0 {
        return Ok(());
    }
    if pawns != 1 {
        return Err(nqueens::Error::mismatch(format!(
            "n = {n}: found that {queens} queens need {pawns} pawns, but OEIS A103330 has them with one"
        ))
        .into());
    }
    if let Some(c) = count {
        nqueens::verify::work(&nqueens_tasks::Pawns { queens }, board, c)?;
    }
    Ok(())
}
