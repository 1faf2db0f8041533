//! The fewest queens that occupy or attack every square (the domination
//! number, OEIS A075458), one such placement, and on request how many
//! there are (OEIS A002564): [`DominateRequest`] checked once into
//! [`Dominate`], run into a [`DominateRecord`].

use nqueens_kernel::{oeis, Board};
use nqueens_puzzles::dominate::Domination;
use nqueens_sched::{Checked, Fields, Value};

use crate::puzzles::{self, Counting};
use crate::squares::Square;
use crate::{number, Control, Count, Error, Spelling};

/// A domination search as asked for: every value as the user gave it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DominateRequest {
    /// The board side, as typed.
    pub n: String,
    /// Whether to count the minimum dominating sets too, and how.
    pub counting: Counting,
    /// How messages name the values.
    pub spelling: Spelling,
}

impl DominateRequest {
    /// The minimum of the board of side `n`, not counted.
    pub fn new(n: impl ToString) -> DominateRequest {
        DominateRequest {
            n: n.to_string(),
            ..DominateRequest::default()
        }
    }

    /// Checks every value once: the board against the search's limit,
    /// the run options against the count (without one they are refused).
    ///
    /// ```
    /// use nqueens::DominateRequest;
    /// let e = DominateRequest::new(14).check().unwrap_err().to_string();
    /// assert!(e.starts_with("n must be a whole number from 1 to 13 for dominate"), "{e}");
    /// ```
    pub fn check(&self) -> Result<Dominate, Error> {
        let checked = checked(&self.n)?;
        Ok(Dominate {
            board: checked.board(),
            count: self.counting.check(self.spelling, checked)?,
        })
    }
}

/// The count of the minimum dominating sets of the board `n` names, on
/// one thread until the run options are read: the board checked once,
/// against the search's sizes.
pub fn checked(n: &str) -> Result<Checked, Error> {
    number::counted(n, "n", nqueens_tasks::dominate())
}

/// A domination search checked once, ready to run.
#[derive(Clone, Debug)]
pub struct Dominate {
    board: Board,
    count: Option<Count>,
}

impl Dominate {
    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The count, when one was asked for.
    pub fn count(&self) -> Option<&Count> {
        self.count.as_ref()
    }

    /// Finds the minimum on one thread, then counts the minimum sets if
    /// asked, under the budget and `control`. The record says whether the
    /// results agree with OEIS; [`DominateRecord::check`] makes a
    /// disagreement an error.
    ///
    /// ```
    /// use nqueens::{Control, DominateRequest};
    /// let request = DominateRequest { counting: nqueens::Counting { count: true, ..Default::default() }, ..DominateRequest::new(5) };
    /// let record = request.check()?.run(&Control::new())?;
    /// assert_eq!((record.queens, record.count, record.verified), (3, Some(186), Some(true)));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn run(&self, control: &Control) -> Result<DominateRecord, Error> {
        let n = self.board.n();
        let min = Domination::new(self.board)
            .map_err(|e| Error::input(e.to_string()))?
            .minimum();
        let (count, published) = puzzles::counted(self.count(), control)?;
        let published_count = puzzles::published(self.count());
        let queens = min.queens();
        let known = oeis::DOMINATION.get(n).copied();
        let mismatch = match known {
            Some(known) if queens != known => Some(Error::mismatch(format!(
                "n = {n}: found {queens} queens as the minimum, but OEIS A075458 says {known}"
            ))),
            _ => published,
        };
        Ok(DominateRecord {
            board: self.board,
            queens,
            placement: min.placement().to_vec(),
            count,
            verified: puzzles::verified(&mismatch, known.is_some() || published_count),
            mismatch,
        })
    }
}

/// The answer of a domination search.
#[derive(Clone, Debug, PartialEq)]
pub struct DominateRecord {
    /// The board.
    pub board: Board,
    /// The fewest queens that dominate it.
    pub queens: usize,
    /// One such placement, squares in increasing order.
    pub placement: Vec<Square>,
    /// How many minimum dominating sets there are, when counted.
    pub count: Option<u128>,
    /// Whether the minimum (and the count) agree with OEIS A075458 (and
    /// A002564): `None` where OEIS has no minimum.
    pub verified: Option<bool>,
    mismatch: Option<Error>,
}

impl DominateRecord {
    /// An error where a result disagrees with OEIS: never a footnote.
    pub fn check(&self) -> Result<(), Error> {
        self.mismatch.clone().map_or(Ok(()), Err)
    }

    /// The record's named values, in the order every format shows them
    /// (the `dominate` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        vec![
            ("n", self.board.n().into()),
            ("queens", self.queens.into()),
            ("placement", Value::Squares(self.placement.clone())),
            ("count", self.count.into()),
        ]
    }
}
