//! `dominate` and `pawns`: the flags handed to the library's requests
//! ([`nqueens::DominateRequest`], [`nqueens::PawnsRequest`]), which check
//! the board and the queens against the limits each puzzle declares, and
//! the run options only `--count` uses.

use anyhow::Result;
use nqueens::Spelling;

use crate::cli::{DominateArgs, PawnsArgs, PlacementArgs, PlacementFormat};

/// A validated `dominate` request: the library's, checked once.
pub struct Dominate {
    pub dominate: nqueens::Dominate,
    pub format: PlacementFormat,
}

/// A validated `pawns` request: the library's, checked once.
pub struct Pawns {
    pub pawns: nqueens::Pawns,
    pub format: PlacementFormat,
}

impl TryFrom<DominateArgs> for Dominate {
    type Error = anyhow::Error;
    fn try_from(a: DominateArgs) -> Result<Dominate> {
        let request = nqueens::DominateRequest {
            n: a.n,
            counting: counting(&a.placement),
            spelling: Spelling::Flags,
        };
        Ok(Dominate {
            dominate: request.check()?,
            format: a.placement.format,
        })
    }
}

impl TryFrom<PawnsArgs> for Pawns {
    type Error = anyhow::Error;
    fn try_from(a: PawnsArgs) -> Result<Pawns> {
        let request = nqueens::PawnsRequest {
            n: a.n,
            queens: a.queens,
            counting: counting(&a.placement),
            spelling: Spelling::Flags,
        };
        Ok(Pawns {
            pawns: request.check()?,
            format: a.placement.format,
        })
    }
}

/// `--count`, `--checkpoint` and the run options, which only the count
/// uses.
fn counting(p: &PlacementArgs) -> nqueens::Counting {
    nqueens::Counting {
        count: p.count,
        checkpoint: p.checkpoint.clone(),
        run: (&p.run).into(),
    }
}
