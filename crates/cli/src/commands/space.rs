//! `nqueens space N`: the sizes of the search spaces the source documents
//! compare (000's "une case parmi 64, la seconde une sur 63", 003's 64^8,
//! A(64, 8) and 8^8, 002's C(64, 8)), exact for any n up to 10,000 from
//! `nqueens_kernel::reference::search_space`. One `name  value` line each,
//! the formula last.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use nqueens_kernel::reference::search_space::{size, Kind};

use crate::request::Space;

pub fn run(args: Space) -> Result<ExitCode> {
    let n = args.n;
    let mut out = io::stdout().lock();
    for kind in Kind::ALL {
        let (name, formula) = match kind {
            Kind::Placements => (
                "placements",
                "(n^2)^n: n numbered queens, each on any square",
            ),
            Kind::Arrangements => (
                "arrangements",
                "A(n^2, n): n numbered queens on distinct squares",
            ),
            Kind::Combinations => ("combinations", "C(n^2, n): sets of n squares"),
            Kind::PerRow => ("per_row", "n^n: one queen per row"),
            Kind::Permutations => ("permutations", "n!: one queen per row and per column"),
        };
        let value = size(kind, n).map_err(|e| anyhow!("{e}"))?;
        writeln!(out, "{name:<14} {value}  {formula}")?;
    }
    Ok(ExitCode::SUCCESS)
}
