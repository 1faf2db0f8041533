//! The most kings, knights, bishops or rooks that fit on a board, none
//! attacking another, and the ways to place them (the dynamic programs of
//! `nqueens_puzzles::pieces`): [`PiecesRequest`] checked once into
//! [`Pieces`], run into a [`PiecesRecord`].
//!
//! Unless only the numbers are asked for, one placement of the most
//! pieces is rebuilt too and checked square by square with the attack
//! rule before it is handed on: a placement that fails the check is a bug
//! ([`crate::ErrorKind::Mismatch`]).

use std::time::Instant;

use nqueens_puzzles::pieces::{self, Piece};
use nqueens_sched::{Fields, Value};

use crate::squares::{self, Square};
use crate::{number, Board, Error};

/// A pieces count as asked for: every value as the user gave it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PiecesRequest {
    /// The piece's name: `kings`, `knights`, `bishops` or `rooks`.
    pub piece: String,
    /// The board side, as typed.
    pub n: String,
    /// Only the numbers: no placement rebuilt.
    pub count_only: bool,
}

impl PiecesRequest {
    /// The count and one placement of `piece` on the board of side `n`.
    pub fn new(piece: impl ToString, n: impl ToString) -> PiecesRequest {
        PiecesRequest {
            piece: piece.to_string(),
            n: n.to_string(),
            count_only: false,
        }
    }

    /// Checks the piece's name, then the board against that piece's limit.
    ///
    /// ```
    /// use nqueens::PiecesRequest;
    /// let e = PiecesRequest::new("queens", 8).check().unwrap_err();
    /// assert_eq!(e.to_string(), "unknown piece 'queens'");
    /// let e = PiecesRequest::new("rooks", 0).check().unwrap_err().to_string();
    /// assert!(e.starts_with("n must be a whole number from 1 to "), "{e}");
    /// ```
    pub fn check(&self) -> Result<Pieces, Error> {
        let Some(piece) = Piece::by_name(&self.piece) else {
            return Err(Error::input(format!("unknown piece '{}'", self.piece)));
        };
        let owner = format!(" for {}", piece.name());
        let board = number::board(&self.n, "n", piece.max_n(), &owner)?;
        Ok(Pieces {
            piece,
            board,
            place: !self.count_only,
        })
    }
}

/// A pieces count checked once, ready to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    piece: Piece,
    board: Board,
    place: bool,
}

impl Pieces {
    /// The piece.
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// The board (up to the piece's limit).
    pub fn board(&self) -> Board {
        self.board
    }

    /// Counts, and rebuilds one placement unless only the numbers were
    /// asked for; a placement that fails its check is an error.
    ///
    /// ```
    /// let record = nqueens::PiecesRequest::new("bishops", 8).check()?.run()?;
    /// assert_eq!((record.max, record.count, record.placement.map(|p| p.len())), (14, 256, Some(14)));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn run(&self) -> Result<PiecesRecord, Error> {
        let (piece, n) = (self.piece, self.board.n());
        let start = Instant::now();
        let (count, placement) = if self.place {
            let (c, s) = pieces::count_and_place(piece, self.board).map_err(refused)?;
            (c, Some(s))
        } else {
            (pieces::count(piece, self.board).map_err(refused)?, None)
        };
        let seconds = start.elapsed().as_secs_f64();
        if let Some(squares) = &placement {
            check(piece, n, count.max, squares)?;
        }
        Ok(PiecesRecord {
            piece,
            board: self.board,
            max: count.max,
            count: count.ways,
            seconds,
            placement,
        })
    }
}

/// A count the dynamic programs refused.
fn refused(e: pieces::PieceError) -> Error {
    Error::input(e.to_string())
}

/// The answer of a pieces count.
#[derive(Clone, Debug, PartialEq)]
pub struct PiecesRecord {
    /// The piece.
    pub piece: Piece,
    /// The board.
    pub board: Board,
    /// The most pieces, none attacking another.
    pub max: usize,
    /// The ways to place that many.
    pub count: u128,
    /// The seconds the count (and the placement) took.
    pub seconds: f64,
    /// One placement of `max` pieces, checked, unless only the numbers
    /// were asked for.
    pub placement: Option<Vec<Square>>,
}

impl PiecesRecord {
    /// The record's named values, in the order every format shows them
    /// (the `pieces` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        vec![
            ("piece", self.piece.name().into()),
            ("n", self.board.n().into()),
            ("max", self.max.into()),
            ("count", self.count.into()),
            ("seconds", self.seconds.into()),
            (
                "placement",
                self.placement.clone().map_or(Value::Null, Value::Squares),
            ),
        ]
    }
}

/// The placement holds `max` pieces, on the board, none attacking another.
fn check(piece: Piece, n: usize, max: usize, placed: &[Square]) -> Result<(), Error> {
    let bad = if placed.len() != max {
        Some(format!("{} pieces, not {max}", placed.len()))
    } else if let Some(s) = placed.iter().find(|s| s.0 >= n || s.1 >= n) {
        Some(format!("{} is off the board", squares::name(*s)))
    } else {
        placed.iter().enumerate().find_map(|(i, &a)| {
            placed[i + 1..]
                .iter()
                .find(|&&b| a == b || piece.attacks(a, b))
                .map(|&b| format!("{} and {} clash", squares::name(a), squares::name(b)))
        })
    };
    match bad {
        None => Ok(()),
        Some(why) => Err(Error::mismatch(format!(
            "n = {n}: the placement of {piece} rebuilt from the count is wrong: {why}"
        ))),
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
