//! `--threads` and `--max-memory` as the library takes them
//! ([`nqueens::Run`], which checks them once for every verb that runs a
//! count and refuses them where the work would not use them).

use anyhow::Result;
pub use nqueens::Unused;
use nqueens::{Budget, Options, Spelling};

use crate::cli::RunArgs;

impl From<&RunArgs> for nqueens::Run {
    fn from(a: &RunArgs) -> nqueens::Run {
        nqueens::Run {
            threads: a.threads.clone(),
            max_memory: a.max_memory.clone(),
        }
    }
}

/// The scheduler's options for `--threads`, `--max-memory` and a depth,
/// with the memory budget they come from, for work that is not one
/// count of one board (the library's requests check those).
pub fn options(
    args: &RunArgs,
    depth: Option<usize>,
    unused: Unused,
) -> Result<(Options, Option<Budget>)> {
    Ok(nqueens::Run::from(args).options(Spelling::Flags, depth, &unused)?)
}
