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
//!
//! This file also holds the drawing and naming shared with `pawns`.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use nqueens_kernel::oeis;
use nqueens_puzzles::dominate::{Domination, Square};
use nqueens_sched::Task;

use crate::cli::PlacementFormat;
use crate::request::Dominate;
use crate::run::session::Session;
use crate::verify::Mismatch;

pub fn run(args: Dominate) -> Result<ExitCode> {
    let (n, opts, budget) = (args.n, args.run, args.budget);
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
    let placement: Vec<String> = min.placement().iter().map(|&s| name(s)).collect();
    let mut out = io::stdout().lock();
    match args.format {
        PlacementFormat::Board => {
            let plural = if min.queens() == 1 { "queen" } else { "queens" };
            writeln!(
                out,
                "{} {plural} dominate the {n} x {n} board, and no fewer do:",
                min.queens()
            )?;
            let pieces: Vec<(Square, char)> = min.placement().iter().map(|&s| (s, 'Q')).collect();
            out.write_all(grid(n, &pieces).as_bytes())?;
            writeln!(out, "queens: {}", placement.join(" "))?;
            if let Some(c) = count {
                writeln!(out, "minimum dominating sets: {c}")?;
            }
        }
        PlacementFormat::Vector => {
            writeln!(out, "{}", placement.join(" "))?;
            if let Some(c) = count {
                writeln!(out, "{c}")?;
            }
        }
        PlacementFormat::Json => {
            let mut line = format!(
                "{{\"n\":{n},\"queens\":{},\"placement\":{}",
                min.queens(),
                json_names(&placement)
            );
            if let Some(c) = count {
                let _ = write!(line, ",\"count\":{c}");
            }
            writeln!(out, "{line}}}")?;
        }
    }
    out.flush()?;
    drop(out);
    check(n, min.queens(), count)?;
    Ok(ExitCode::SUCCESS)
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

/// The name of a square: file letter, rank number (`A1`).
pub(super) fn name((row, column): Square) -> String {
    format!("{}{}", crate::render::file(column), row + 1)
}

/// Square names as a JSON array.
pub(super) fn json_names(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|s| format!("\"{s}\"")).collect();
    format!("[{}]", quoted.join(","))
}

/// A text grid with the given pieces (`-` elsewhere): rank numbers on the
/// left, file letters underneath, rank 1 at the bottom, as `render` draws
/// the n-queens boards.
pub(super) fn grid(n: usize, pieces: &[(Square, char)]) -> String {
    let rank_width = n.to_string().len();
    let mut out = String::new();
    for row in (0..n).rev() {
        let _ = write!(out, "{:>rank_width$}", row + 1);
        for column in 0..n {
            let piece = pieces
                .iter()
                .find(|&&(s, _)| s == (row, column))
                .map_or('-', |&(_, p)| p);
            let _ = write!(out, " {piece}");
        }
        out.push('\n');
    }
    let _ = write!(out, "{:rank_width$}", "");
    for column in 0..n {
        let _ = write!(out, " {}", crate::render::file(column));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_and_drawn_like_the_other_boards() {
        assert_eq!(name((0, 0)), "A1");
        assert_eq!(name((7, 3)), "D8");
        assert_eq!(json_names(&["A1".into(), "B2".into()]), "[\"A1\",\"B2\"]");
        assert_eq!(
            grid(2, &[((0, 0), 'Q'), ((1, 1), 'P')]),
            "2 - P\n1 Q -\n  A B\n"
        );
    }
}
