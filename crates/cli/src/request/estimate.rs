//! `estimate`: the flags handed to the library's request
//! ([`nqueens::EstimateRequest`]), which checks them once: the board, the
//! sample's size (a number or a time), its seed, the design, the threads,
//! the memory budget and the cores the prediction is for.

use anyhow::Result;
use nqueens::Spelling;

use crate::cli::{CountFormat, EstimateArgs};

/// A validated `estimate` request.
pub struct Estimate {
    pub estimate: nqueens::Estimate,
    pub format: CountFormat,
}

impl TryFrom<EstimateArgs> for Estimate {
    type Error = anyhow::Error;
    fn try_from(a: EstimateArgs) -> Result<Estimate> {
        let request = nqueens::EstimateRequest {
            n: a.n,
            samples: a.samples,
            seconds: a.seconds,
            seed: a.seed,
            cores: a.cores,
            design: a.design,
            solver: a.solver,
            run: (&a.run).into(),
            spelling: Spelling::Flags,
        };
        Ok(Estimate {
            estimate: request.check()?,
            format: a.format,
        })
    }
}
