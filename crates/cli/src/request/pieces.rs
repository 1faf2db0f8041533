//! `pieces`: the piece, and the board checked against that piece's limit.

use anyhow::{bail, Result};
use nqueens_puzzles::pieces::Piece;

use crate::cli::{CountFormat, PiecesArgs};
use nqueens::number;

/// A validated `pieces` request.
pub struct Pieces {
    pub piece: Piece,
    pub n: usize,
    pub count: bool,
    pub format: CountFormat,
}

impl TryFrom<PiecesArgs> for Pieces {
    type Error = anyhow::Error;
    fn try_from(a: PiecesArgs) -> Result<Pieces> {
        let Some(piece) = Piece::by_name(&a.piece) else {
            bail!("unknown piece '{}'", a.piece);
        };
        let owner = format!(" for {}", piece.name());
        let n = number::size(&a.n, "n", 1..=piece.max_n(), &owner)?;
        Ok(Pieces {
            piece,
            n,
            count: a.count,
            format: a.format,
        })
    }
}
