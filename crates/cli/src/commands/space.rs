//! `nqueens space N`: the sizes of the search spaces the source documents
//! compare (000's "une case parmi 64, la seconde une sur 63", 003's 64^8,
//! A(64, 8) and 8^8, 002's C(64, 8)), exact for any n up to 10,000 from
//! the library's [`nqueens::Space`] (the kernel's reference code). One `space` record each,
//! through the exporter: an aligned table (text), markdown, csv, json.

use std::process::ExitCode;

use anyhow::Result;

use crate::export::Plain;
use crate::export::{self, Column, Format};
use crate::request::Space;

pub fn run(args: Space) -> Result<ExitCode> {
    let records: Vec<_> = args.space.run()?.iter().map(|r| r.fields()).collect();
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
