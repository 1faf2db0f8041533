//! `nqueens count N`, and its variants `--torus` and `--no-three-in-line`:
//! the library's count ([`nqueens::Count`]) behind a progress bar, its
//! record ([`nqueens::CountRecord`], the `count` kind of docs/formats.md,
//! one set of keys for the ordinary count and the variants) printed, then
//! checked against what is published (a mismatch fails with exit code 1
//! after the record is shown).

use std::process::ExitCode;

use anyhow::Result;

use crate::export::{self, Format};
use crate::request::Count;
use crate::run::session;

pub fn run(req: Count) -> Result<ExitCode> {
    let board = req.count.checked().board();
    let variant = req.count.variant();
    let label = match variant {
        Some(v) => format!("--{} {}", v.name(), board.n()),
        None => format!("n = {}", board.n()),
    };
    let record = session::run(label, |c| req.count.run(c))?;
    // A variant's count that contradicts what is proved of it is refused
    // before it is shown; an ordinary count is shown, then refused.
    if variant.is_some() {
        record.check()?;
    }
    export::print_one(Format::from(req.format), &record.fields())?;
    record.check()?;
    Ok(ExitCode::SUCCESS)
}
