//! `nqueens levels N --queens K`: document 004's level lists, the
//! placements of the queens of the first K columns in its order and
//! notation (`13`: column 1's queen on line 1, column 2's on line 3), from
//! `nqueens_kernel::reference::level_lists`.
//!
//! `--prefix "r1 r2 ..."` keeps the placements that begin with those
//! lines (004's tables: `--prefix 1` at K = 2 gives `13` ... `18`).
//! Each placement is a `level` record written through the exporter:
//! `--format digits` (the default) writes one placement a line;
//! `--format python` the whole level as 004's Python prints it,
//! `['13', '14', ...]`; json and csv the records. Boards past 9 write each
//! placement as a list of lines (`[1, 10]`), as the document advises.

use std::io::{self, BufWriter};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use nqueens_kernel::reference::level_lists::level;

use crate::export::{self, Column, Format, Numbering, Record, Value};
use crate::request::Levels;

/// One placement: the level's `n`, `queens` and the 1-based `lines` of the
/// first columns' queens.
fn record(n: usize, k: usize, lines: &[u8]) -> Record {
    vec![
        ("n", Value::from(n)),
        ("queens", Value::from(k)),
        (
            "lines",
            Value::Ints(lines.iter().map(|&r| r.into()).collect()),
        ),
    ]
}

pub fn run(args: Levels) -> Result<ExitCode> {
    let (n, k, prefix) = (args.n, args.k, &args.prefix);
    let all = level(n, k).map_err(|e| anyhow!("{e}"))?;
    let out = BufWriter::new(io::stdout().lock());
    let numbering = Numbering {
        base: args.base,
        ..Numbering::default()
    };
    let mut sink = export::listing_numbered(Format::from(args.format), Box::new(out), numbering);
    let keys = ["n", "queens", "lines"].map(|key| Column::new(key, 0));
    sink.begin(&keys)?;
    let kept = || all.iter().filter(|p| p.starts_with(prefix));
    if args.count_header {
        sink.record(&export::listing_count(n, kept().count(), "placements"))?;
    }
    for p in kept() {
        sink.record(&record(n, k, p))?;
    }
    sink.end(&[])?;
    Ok(ExitCode::SUCCESS)
}
