//! `nqueens pawns N --queens Q`: Q queens, no two attacking, with the
//! fewest pawns blocking their lines; one such placement, and with
//! `--count` how many there are (with Q = N + 1 and one pawn, OEIS A103330).
//!
//! The kernel (`nqueens_puzzles::pawns`) finds the fewest pawns exactly;
//! `--count` fans the counting search out over the threads
//! (`nqueens_sched::puzzles`) behind a progress bar on a terminal. With
//! `Q = N + 1` the count is compared with A103330 where it is known.
//!
//! Limits, measured on the reference machine (one thread, release build):
//! every `Q <= N + 4` on boards up to 11 x 11 counts in under 6 seconds
//! (the slowest, 11 x 11 with 8 queens: 14.8 million placements, 5 s), while
//! one queen more grows steeply (8 x 8: 12 queens 0.3 s, 13 queens 5 s,
//! 14 queens over a minute). Larger `N` or `Q` are refused.

use std::process::ExitCode;

use anyhow::{bail, Result};
use nqueens_kernel::oeis;
use nqueens_puzzles::pawns::{most_queens, PawnsError, Placement, Problem};
use nqueens_sched::Task;

use super::dominate::size;
use crate::cli::PawnsArgs;
use crate::export::{self, Cell, Record};
use crate::options;
use crate::render;
use crate::run::session::Session;
use crate::verify::Mismatch;

/// The largest board, measured (see the module documentation).
const LIMIT_N: usize = 11;

/// The most queens beyond one per row, measured.
const LIMIT_EXTRA: usize = 4;

pub fn run(args: PawnsArgs) -> Result<ExitCode> {
    let n = board_size(&args.n)?;
    let queens = queens(&args.queens, n)?;
    let (opts, budget) = options::run(&args.run, None)?;
    if args.checkpoint.is_some() && !args.count {
        anyhow::bail!("--checkpoint records the parts of a count: it needs --count");
    }
    let problem = Problem::new(n, queens)?;
    let min = problem.minimum();
    let count = if args.count {
        let session = Session {
            task: Task::Pawns { queens },
            board: nqueens_kernel::Board::new(n)?,
            opts,
            budget,
            checkpoint: args.checkpoint.as_deref(),
            label: format!("pawns {n} --queens {queens}"),
        };
        Some(session.count()?.total)
    } else {
        None
    };
    let p = min.placement();
    let record: Record = vec![
        ("n", n.into()),
        ("queens", queens.into()),
        ("pawns", min.pawns().into()),
        ("placement", Cell::Squares(p.queens.clone())),
        ("pawns_placement", Cell::Squares(p.pawns.clone())),
        ("count", count.into()),
    ];
    let squares = format!(
        "queens {} pawns {}",
        record[3].1.plain(),
        record[4].1.plain()
    );
    export::print_placed(
        args.format,
        &record,
        &render::pieces(n, &pieces(p)),
        squares.trim_end(),
    )?;
    check(n, queens, min.pawns(), count)?;
    Ok(ExitCode::SUCCESS)
}

/// Parses the board size of a pawns problem.
pub(crate) fn board_size(text: &str) -> Result<usize> {
    size(
        text,
        LIMIT_N,
        "pawns",
        "the measured limit: larger boards take minutes",
    )
}

/// The pieces to draw: `Q` and `P`.
fn pieces(p: &Placement) -> Vec<((usize, usize), char)> {
    let queens = p.queens.iter().map(|&s| (s, 'Q'));
    queens.chain(p.pawns.iter().map(|&s| (s, 'P'))).collect()
}

/// Compares `N + 1` queens with one pawn with OEIS A103330 where known.
fn check(n: usize, queens: usize, pawns: usize, count: Option<u128>) -> Result<()> {
    let Some(&known) = oeis::QUEENS_AND_ONE_PAWN.get(n) else {
        return Ok(());
    };
    if queens != n + 1 || known == 0 {
        return Ok(());
    }
    if pawns != 1 {
        return Err(Mismatch(format!(
            "n = {n}: found that {queens} queens need {pawns} pawns, but OEIS A103330 has them with one"
        ))
        .into());
    }
    match count {
        Some(c) if c != known => Err(Mismatch(format!(
            "n = {n}: counted {c} placements of {queens} queens and a pawn, but OEIS A103330 says {known}"
        ))
        .into()),
        _ => Ok(()),
    }
}

/// Parses `--queens`: at least 1, at most what pawns can allow, and within
/// the measured limit.
pub(crate) fn queens(text: &str, n: usize) -> Result<usize> {
    let q = options::whole(text, "--queens").map_err(|_| {
        anyhow::anyhow!(
            "--queens must be a whole number from 1 to {}, not '{text}'",
            n + LIMIT_EXTRA
        )
    })?;
    if q == 0 {
        bail!("--queens must be at least 1, not 0");
    }
    if q > most_queens(n) {
        bail!("{}", PawnsError::TooManyQueens { n, queens: q });
    }
    if q > n + LIMIT_EXTRA {
        bail!(
            "--queens {q} on {n} x {n} is above the measured limit of n + {LIMIT_EXTRA} = {} queens \
             (each queen more multiplies the search: 8 x 8 with 13 queens takes seconds, with 14 minutes)",
            n + LIMIT_EXTRA
        );
    }
    Ok(q)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queen_counts_are_checked_with_clear_messages() {
        assert_eq!(queens("9", 8).unwrap(), 9);
        let e = |t: &str, n: usize| queens(t, n).unwrap_err().to_string();
        assert_eq!(e("0", 8), "--queens must be at least 1, not 0");
        assert!(e("-1", 8).contains("whole number from 1 to 12"));
        assert!(e("x", 8).contains("not 'x'"));
        assert!(e("17", 8).contains("at most 16 fit"), "{}", e("17", 8));
        assert!(e("5", 3).contains("at most 4 fit"), "{}", e("5", 3));
        assert!(e("13", 8).contains("measured limit"), "{}", e("13", 8));
    }
}
