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

use anyhow::{anyhow, bail, Result};
use nqueens_kernel::reference::level_lists::{level, notation, python_list};

use crate::cli::{LevelsArgs, LevelsFormat};
use crate::options;

pub fn run(args: LevelsArgs) -> Result<ExitCode> {
    let n = options::whole(&args.n, "n")?;
    let k = options::whole(&args.queens, "--queens")?;
    let prefix = prefix(args.prefix.as_deref().unwrap_or(""), n, k)?;
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

/// The lines of the first columns' queens, 1-based, at most `k` of them.
fn prefix(text: &str, n: usize, k: usize) -> Result<Vec<u8>> {
    let lines: Vec<u8> = text
        .split_whitespace()
        .map(|w| match w.parse::<usize>() {
            Ok(r) if (1..=n).contains(&r) => Ok(r as u8),
            _ => Err(anyhow!("--prefix: lines run from 1 to {n}, not '{w}'")),
        })
        .collect::<Result<_>>()?;
    if lines.len() > k {
        bail!(
            "--prefix gives {} lines but --queens is {k}: a prefix holds at most K lines",
            lines.len()
        );
    }
    Ok(lines)
}
