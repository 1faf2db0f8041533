//! `nqueens levels N --queens K`: document 004's level lists, the
//! placements of the queens of the first K columns in its order and
//! notation (`13`: column 1's queen on line 1, column 2's on line 3), from
//! `nqueens_kernel::reference::level_lists`.
//!
//! `--prefix "r1 r2 ..."` keeps the placements that begin with those
//! lines (004's tables: `--prefix 1` at K = 2 gives `13` ... `18`).
//! `--format digits` (the default) writes one placement a line;
//! `--format python` the whole level as 004's Python prints it,
//! `['13', '14', ...]`. Boards past 9 write each placement as a list of
//! lines (`[1, 10]`), as the document advises.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use nqueens_kernel::reference::level_lists::{level, notation, python_list};

use crate::cli::LevelsFormat;
use crate::request::Levels;

pub fn run(args: Levels) -> Result<ExitCode> {
    let (n, k, prefix) = (args.n, args.k, args.prefix);
    let all = level(n, k).map_err(|e| anyhow!("{e}"))?;
    let kept: Vec<Vec<u8>> = all.into_iter().filter(|p| p.starts_with(&prefix)).collect();
    let mut out = io::stdout().lock();
    match args.format {
        LevelsFormat::Python => writeln!(out, "{}", python_list(&kept, n))?,
        LevelsFormat::Digits => {
            for p in &kept {
                writeln!(out, "{}", notation(p, n))?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
