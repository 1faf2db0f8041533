//! Queens, no two attacking, with the fewest pawns blocking their lines
//! (with `N + 1` queens and one pawn, OEIS A103330): [`PawnsRequest`]
//! checked once into [`Pawns`], run into a [`PawnsRecord`].
//!
//! The limits on the board and the queens are measured and declared
//! beside the search (`MEASURED_MAX_N`, `max_queens` in
//! `nqueens_puzzles::pawns`); the board is checked through the
//! scheduler's `Kind::sizes`, the one check of a count's board.

use nqueens_kernel::{oeis, Board};
use nqueens_puzzles::pawns::{self, Problem};
use nqueens_sched::{Checked, Fields, Value};

use crate::puzzles::{self, Counting};
use crate::squares::Square;
use crate::{number, Control, Count, Error, Spelling};

/// A pawns search as asked for: every value as the user gave it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PawnsRequest {
    /// The board side, as typed.
    pub n: String,
    /// The queens to place, as typed.
    pub queens: String,
    /// Whether to count the placements with the fewest pawns too, and how.
    pub counting: Counting,
    /// How messages name the values.
    pub spelling: Spelling,
}

impl PawnsRequest {
    /// `queens` queens on the board of side `n`, not counted.
    pub fn new(n: impl ToString, queens: impl ToString) -> PawnsRequest {
        PawnsRequest {
            n: n.to_string(),
            queens: queens.to_string(),
            ..PawnsRequest::default()
        }
    }

    /// Checks every value once: the board against the measured limit,
    /// the queens against what the board allows, the run options against
    /// the count (without one they are refused).
    ///
    /// ```
    /// use nqueens::{PawnsRequest, Spelling};
    /// let request = PawnsRequest { spelling: Spelling::Keywords, ..PawnsRequest::new(8, 0) };
    /// let e = request.check().unwrap_err().to_string();
    /// assert!(e.starts_with("queens must be a whole number from 1 to 12 on 8 x 8"), "{e}");
    /// ```
    pub fn check(&self) -> Result<Pawns, Error> {
        let sp = self.spelling;
        let (checked, queens) = sized(&self.n, &self.queens, &sp.of("queens"))?;
        Ok(Pawns {
            board: checked.board(),
            queens,
            count: self.counting.check(sp, checked)?,
        })
    }
}

/// The count of the placements of the `queens` (named `what` as the user
/// typed it: `--queens`, `plan --pawns`) on the board `n` names, on one
/// thread until the run options are read: the board checked once against
/// pawns' sizes (which do not depend on the queens), then the queens
/// against what pawns allow on it and the measured limit.
///
/// ```
/// let e = nqueens::pawns::checked("99999999999999999999999", "1", "--queens").unwrap_err().to_string();
/// assert!(e.contains("from 1 to 11 for pawns") && e.ends_with("not 99999999999999999999999"), "{e}");
/// ```
pub fn checked(n: &str, queens: &str, what: &str) -> Result<Checked, Error> {
    Ok(sized(n, queens, what)?.0)
}

/// [`checked`], and the queens.
fn sized(n: &str, queens: &str, what: &str) -> Result<(Checked, usize), Error> {
    // A placeholder queen count: the queens' limit needs the board first.
    let sized = number::counted(n, "n", nqueens_tasks::pawns(1))?;
    let queens = self::queens(queens, what, sized.board())?;
    Ok((sized.with_task(nqueens_tasks::pawns(queens))?, queens))
}

/// The number of queens of a pawns count on `board`, named `what`: at
/// least 1, at most what pawns allow and the measured limit.
fn queens(text: &str, what: &str, board: Board) -> Result<usize, Error> {
    let n = board.n();
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
    number::size(text, what, 1..=max, &why)
}

/// A pawns search checked once, ready to run.
#[derive(Clone, Debug)]
pub struct Pawns {
    board: Board,
    queens: usize,
    count: Option<Count>,
}

impl Pawns {
    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The queens placed.
    pub fn queens(&self) -> usize {
        self.queens
    }

    /// The count, when one was asked for.
    pub fn count(&self) -> Option<&Count> {
        self.count.as_ref()
    }

    /// Finds the fewest pawns on one thread, then counts the placements
    /// that use them if asked, under the budget and `control`. The record
    /// says whether the results agree with OEIS A103330 (`N + 1` queens);
    /// [`PawnsRecord::check`] makes a disagreement an error.
    ///
    /// ```
    /// use nqueens::{Control, Counting, PawnsRequest};
    /// let counting = Counting { count: true, ..Counting::default() };
    /// let record = PawnsRequest { counting, ..PawnsRequest::new(6, 7) }.check()?.run(&Control::new())?;
    /// assert_eq!((record.pawns, record.verified), (1, Some(true)));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn run(&self, control: &Control) -> Result<PawnsRecord, Error> {
        let (n, queens) = (self.board.n(), self.queens);
        let min = Problem::new(self.board, queens)
            .map_err(|e| Error::input(e.to_string()))?
            .minimum();
        let (count, published) = puzzles::counted(self.count(), control)?;
        let pawns = min.pawns();
        // A103330 counts N + 1 queens with one pawn; it is 0 where they
        // need more.
        let known = oeis::QUEENS_AND_ONE_PAWN
            .get(n)
            .is_some_and(|&k| k != 0 && queens == n + 1);
        let mismatch = if known && pawns != 1 {
            Some(Error::mismatch(format!(
                "n = {n}: found that {queens} queens need {pawns} pawns, but OEIS A103330 has them with one"
            )))
        } else {
            published
        };
        let placement = min.placement();
        Ok(PawnsRecord {
            board: self.board,
            queens,
            pawns,
            placement: placement.queens.clone(),
            pawns_placement: placement.pawns.clone(),
            count,
            verified: puzzles::verified(&mismatch, known),
            mismatch,
        })
    }
}

/// The answer of a pawns search.
#[derive(Clone, Debug, PartialEq)]
pub struct PawnsRecord {
    /// The board.
    pub board: Board,
    /// The queens placed.
    pub queens: usize,
    /// The fewest pawns that separate them.
    pub pawns: usize,
    /// The queens of one placement with that many pawns, in increasing
    /// order.
    pub placement: Vec<Square>,
    /// Its pawns (empty when none is needed).
    pub pawns_placement: Vec<Square>,
    /// How many placements use the fewest pawns, when counted.
    pub count: Option<u128>,
    /// Whether the results agree with OEIS A103330: `None` but for
    /// `N + 1` queens where it is known.
    pub verified: Option<bool>,
    mismatch: Option<Error>,
}

impl PawnsRecord {
    /// An error where a result disagrees with OEIS: never a footnote.
    pub fn check(&self) -> Result<(), Error> {
        self.mismatch.clone().map_or(Ok(()), Err)
    }

    /// The record's named values, in the order every format shows them
    /// (the `pawns` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        vec![
            ("n", self.board.n().into()),
            ("queens", self.queens.into()),
            ("pawns", self.pawns.into()),
            ("placement", Value::Squares(self.placement.clone())),
            (
                "pawns_placement",
                Value::Squares(self.pawns_placement.clone()),
            ),
            ("count", self.count.into()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queens(text: &str, what: &str, n: usize) -> Result<usize, Error> {
        super::queens(text, what, Board::new(n).unwrap())
    }

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
        let e = crate::dominate::checked("14").unwrap_err().to_string();
        assert!(
            e.starts_with("n must be a whole number from 1 to 13 for dominate"),
            "{e}"
        );
        let e = checked("99999999999999999999999", "1", "--queens")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("from 1 to 11 for pawns") && e.ends_with("not 99999999999999999999999"),
            "{e}"
        );
    }
}
