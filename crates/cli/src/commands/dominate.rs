//! `nqueens dominate N`: the fewest queens that occupy or attack every
//! square (the domination number, OEIS A075458), one such placement, and
//! with `--count` how many there are (OEIS A002564).
//!
//! The kernel (`nqueens_puzzles::dominate`) finds the minimum by iterative
//! deepening, exactly; `--count` fans its independent parts out over the
//! threads (`nqueens_sched::puzzles`) behind a progress bar on a terminal.
//! The results are compared with the published values where they are
//! known: a disagreement is printed, then fails the run (exit code 1).
//!
//! Squares are named as everywhere in this tool (`render`): file letter and
//! rank number, `A1` in the corner drawn bottom left.

use std::process::ExitCode;

use anyhow::{bail, Result};
use nqueens_kernel::oeis;
use nqueens_puzzles::dominate::{Domination, Square, MAX_N};
use nqueens_sched::Task;

use crate::cli::DominateArgs;
use crate::export::{self, Cell, Record};
use crate::options;
use crate::render;
use crate::run::session::Session;
use crate::verify::Mismatch;

pub fn run(args: DominateArgs) -> Result<ExitCode> {
    let n = board_size(&args.n)?;
    let (opts, budget) = options::run(&args.run, None)?;
    if args.checkpoint.is_some() && !args.count {
        anyhow::bail!("--checkpoint records the parts of a count: it needs --count");
    }
    let d = Domination::new(n)?;
    let min = d.minimum();
    let count = if args.count {
        let session = Session {
            task: Task::Dominate,
            board: nqueens_kernel::Board::new(n)?,
            opts,
            budget,
            checkpoint: args.checkpoint.as_deref(),
            label: format!("dominate {n}"),
        };
        Some(session.count()?.total)
    } else {
        None
    };
    let squares = min.placement().to_vec();
    let record: Record = vec![
        ("n", n.into()),
        ("queens", min.queens().into()),
        ("placement", Cell::Squares(squares.clone())),
        ("count", count.into()),
    ];
    let drawn: Vec<(Square, char)> = squares.iter().map(|&s| (s, 'Q')).collect();
    export::print_placed(
        args.format,
        &record,
        &render::pieces(n, &drawn),
        &record[2].1.plain(),
    )?;
    check(n, min.queens(), count)?;
    Ok(ExitCode::SUCCESS)
}

/// Parses the board size of a domination problem.
pub(crate) fn board_size(text: &str) -> Result<usize> {
    size(
        text,
        MAX_N,
        "dominate",
        "the search's bit sets hold 13 x 13, which counts in about 30 s on one thread",
    )
}

/// Compares the results with OEIS A075458 and A002564 where they are known.
fn check(n: usize, queens: usize, count: Option<u128>) -> Result<()> {
    if let Some(&known) = oeis::DOMINATION.get(n) {
        if queens != known {
            return Err(Mismatch(format!(
                "n = {n}: found {queens} queens as the minimum, but OEIS A075458 says {known}"
            ))
            .into());
        }
    }
    if let (Some(c), Some(&known)) = (count, oeis::MINIMUM_DOMINATING_SETS.get(n)) {
        if c != known {
            return Err(Mismatch(format!(
                "n = {n}: counted {c} minimum dominating sets, but OEIS A002564 says {known}"
            ))
            .into());
        }
    }
    Ok(())
}

/// Parses a board size for a verb with its own, measured limit `max`.
pub(super) fn size(text: &str, max: usize, verb: &str, why: &str) -> Result<usize> {
    let too_large =
        |n: &str| anyhow::anyhow!("n = {n} is too large for {verb}: n up to {max} ({why})");
    let n = match options::whole(text, "n") {
        Ok(n) => n,
        // Digits beyond i128: a size, just far too large.
        Err(_) if !text.trim().is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit()) => {
            return Err(too_large(text.trim()))
        }
        Err(e) => return Err(e),
    };
    if n == 0 {
        bail!("n must be at least 1, not 0");
    }
    if n > max {
        return Err(too_large(&n.to_string()));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked_with_clear_messages() {
        let e = |t: &str| size(t, 11, "dominate", "why").unwrap_err().to_string();
        assert_eq!(size(" 8 ", 11, "dominate", "why").unwrap(), 8);
        assert_eq!(e("0"), "n must be at least 1, not 0");
        assert_eq!(e("-3"), "n must be at least 1, not -3");
        assert_eq!(e("x"), "n must be a whole number, not 'x'");
        assert_eq!(
            e("12"),
            "n = 12 is too large for dominate: n up to 11 (why)"
        );
        assert!(e("99999999999999999999999999999999999999999").contains("too large"));
    }
}
