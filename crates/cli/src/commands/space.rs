//! `nqueens space N`: the sizes of the search spaces the source documents
//! compare (000's "une case parmi 64, la seconde une sur 63", 003's 64^8,
//! A(64, 8) and 8^8, 002's C(64, 8)), exact for any n up to 10,000 from
//! `nqueens_kernel::reference::search_space`. One `space` record each,
//! through the exporter: an aligned table (text), markdown, csv, json.

use std::process::ExitCode;

use anyhow::{anyhow, Result};
use nqueens_kernel::reference::search_space::{size, Kind};

use crate::export::Plain;
use crate::export::{self, Column, Format, Record, Value};
use crate::request::Space;

/// The name and formula of each search space.
fn describe(kind: Kind) -> (&'static str, &'static str) {
    match kind {
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
    }
}

pub fn run(args: Space) -> Result<ExitCode> {
    let n = args.n;
    let records = Kind::ALL
        .into_iter()
        .map(|kind| {
            let (name, formula) = describe(kind);
            let value = size(kind, n).map_err(|e| anyhow!("{e}"))?;
            Ok(vec![
                ("n", Value::from(n)),
                ("space", Value::from(name)),
                ("size", Value::Digits(value.to_string())),
                ("formula", Value::from(formula)),
            ])
        })
        .collect::<Result<Vec<Record>>>()?;
    let width = |key: &'static str| {
        let widest = records
            .iter()
            .map(|r| export::field(r, key).map_or(0, |v| v.plain().len()));
        Column::new(key, widest.max().unwrap_or(0))
    };
    // The formula last and unpadded: right-aligned prose reads badly.
    let mut columns = ["n", "space", "size", "formula"].map(width);
    columns[3].width = 0;
    let mut sink = export::sink(
        Format::from(args.format),
        Box::new(std::io::stdout().lock()),
    );
    sink.begin(&columns)?;
    for r in &records {
        sink.record(r)?;
    }
    sink.end(&[])?;
    Ok(ExitCode::SUCCESS)
}
