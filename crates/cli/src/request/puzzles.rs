//! `dominate` and `pawns`: the board and the queens checked against the
//! limits each puzzle declares, and the run options only `--count` uses.

use anyhow::{bail, Result};
use nqueens_kernel::Board;
use nqueens_puzzles::pawns;
use nqueens_sched::{Checked, Kind};
use nqueens_tasks::{Dominate as Dominating, Pawns as WithPawns};

use super::run::{self, Unused};
use crate::cli::{DominateArgs, PawnsArgs, PlacementFormat, RunArgs};
use nqueens::number;
use nqueens::Budget;

/// A validated `dominate` request.
pub struct Dominate {
    pub board: Board,
    /// With `--count`: the count, checked.
    pub count: Option<Checked>,
    pub format: PlacementFormat,
    pub checkpoint: Option<std::path::PathBuf>,
    pub budget: Option<Budget>,
}

/// A validated `pawns` request.
pub struct Pawns {
    pub board: Board,
    pub queens: usize,
    /// With `--count`: the count, checked.
    pub count: Option<Checked>,
    pub format: PlacementFormat,
    pub checkpoint: Option<std::path::PathBuf>,
    pub budget: Option<Budget>,
}

impl TryFrom<DominateArgs> for Dominate {
    type Error = anyhow::Error;
    fn try_from(a: DominateArgs) -> Result<Dominate> {
        let count = number::counted(&a.n, "n", nqueens_tasks::dominate())?;
        let board = count.board();
        let p = a.placement;
        let (count, budget) = counting(&p.run, p.count, p.checkpoint.is_some(), count)?;
        Ok(Dominate {
            board,
            count,
            format: p.format,
            checkpoint: p.checkpoint,
            budget,
        })
    }
}

impl TryFrom<PawnsArgs> for Pawns {
    type Error = anyhow::Error;
    fn try_from(a: PawnsArgs) -> Result<Pawns> {
        // The board checked once, against pawns' sizes (which do not
        // depend on the queens), with a placeholder queen count: the
        // queens' limit needs the board first.
        let sized = number::counted(&a.n, "n", nqueens_tasks::pawns(1))?;
        let board = sized.board();
        let queens = queens(&a.queens, "--queens", board.n())?;
        let count = sized.with_task(nqueens_tasks::pawns(queens))?;
        let p = a.placement;
        let (count, budget) = counting(&p.run, p.count, p.checkpoint.is_some(), count)?;
        Ok(Pawns {
            board,
            queens,
            count,
            format: p.format,
            checkpoint: p.checkpoint,
            budget,
        })
    }
}

/// `checked` with the run options, which only `--count` uses (`None`
/// without it: the minimum is found on one thread, with no budget).
fn counting(
    args: &RunArgs,
    count: bool,
    checkpoint: bool,
    checked: Checked,
) -> Result<(Option<Checked>, Option<Budget>)> {
    if count {
        let (count, budget) = run::counted(args, checked, Unused::default())?;
        return Ok((Some(count), budget));
    }
    if checkpoint {
        bail!("--checkpoint records the parts of a count: it needs --count");
    }
    let why = "without --count the minimum is searched on one thread with no lists to budget; add --count";
    let unused = Unused {
        threads: Some(why.into()),
        memory: Some(why.into()),
    };
    let (_, budget) = run::options(args, None, unused)?;
    Ok((None, budget))
}

/// A `dominate` board: 1 to the search's limit ([`Kind::sizes`]).
pub fn dominate_board(text: &str) -> Result<Board> {
    Ok(number::sized(text, "n", &Dominating.sizes())?)
}

/// A `pawns` board: 1 to the measured limit ([`Kind::sizes`], which
/// takes no account of the queens).
pub fn pawns_board(text: &str) -> Result<Board> {
    Ok(number::sized(text, "n", &WithPawns { queens: 1 }.sizes())?)
}

/// The number of queens of a pawns count, named `what` as the user typed
/// it (`pawns --queens`, `plan --pawns`): at least 1, at most what pawns
/// allow and the measured limit.
pub fn queens(text: &str, what: &str, n: usize) -> Result<usize> {
    let max = pawns::max_queens(n);
    let why = if max == pawns::most_queens(n) {
        format!(
            " on {n} x {n} (touching queens always attack, so at most {max} fit, one per 2 x 2 block)"
        )
    } else {
        format!(
            " on {n} x {n} (the measured limit of n + {}: 8 x 8 with 13 queens takes seconds, with 14 minutes)",
            pawns::MEASURED_MAX_EXTRA
        )
    };
    Ok(number::size(text, what, 1..=max, &why)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queen_counts_are_checked_with_clear_messages() {
        assert_eq!(queens("9", "--queens", 8).unwrap(), 9);
        let e = |t: &str, n: usize| queens(t, "--queens", n).unwrap_err().to_string();
        assert!(e("0", 8).starts_with("--queens must be a whole number from 1 to 12 on 8 x 8"));
        assert!(e("-1", 8).ends_with("not -1"));
        assert!(e("x", 8).ends_with("not 'x'"));
        assert!(
            e("17", 8).contains("measured limit of n + 4"),
            "{}",
            e("17", 8)
        );
        assert!(e("5", 3).contains("at most 4 fit"), "{}", e("5", 3));
        // `plan --pawns Q` is refused as --pawns, the flag typed.
        let e = queens("0", "--pawns", 8).unwrap_err().to_string();
        assert!(
            e.starts_with("--pawns must be a whole number from 1 to 12"),
            "{e}"
        );
    }

    #[test]
    fn board_sizes_name_each_puzzle_s_limit() {
        let e = dominate_board("14").unwrap_err().to_string();
        assert!(
            e.starts_with("n must be a whole number from 1 to 13 for dominate"),
            "{e}"
        );
        let e = pawns_board("99999999999999999999999")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("from 1 to 11 for pawns") && e.ends_with("not 99999999999999999999999"),
            "{e}"
        );
    }
}
