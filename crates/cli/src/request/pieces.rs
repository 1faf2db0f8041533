//! `pieces`: the flags handed to the library's request
//! ([`nqueens::PiecesRequest`]), which checks the piece and the board
//! against that piece's limit.

use anyhow::Result;

use crate::cli::{CountFormat, PiecesArgs};

/// A validated `pieces` request.
pub struct Pieces {
    pub pieces: nqueens::Pieces,
    pub format: CountFormat,
}

impl TryFrom<PiecesArgs> for Pieces {
    type Error = anyhow::Error;
    fn try_from(a: PiecesArgs) -> Result<Pieces> {
        let request = nqueens::PiecesRequest {
            piece: a.piece,
            n: a.n,
            count_only: a.count,
        };
        Ok(Pieces {
            pieces: request.check()?,
            format: a.format,
        })
    }
}
