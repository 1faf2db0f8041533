//! `nqueens levels N --queens K`: document 004's level lists, the
//! placements of the queens of the first K columns in its order and
//! notation (`13`: column 1's queen on line 1, column 2's on line 3), from
//! the library's [`nqueens::Levels`] (the kernel's reference level lists).
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

use anyhow::Result;

use crate::export::{self, Column, Format, Numbering};
use crate::request::Levels;

pub fn run(args: Levels) -> Result<ExitCode> {
    let levels = &args.levels;
    let kept = levels.run()?;
    let out = BufWriter::new(io::stdout().lock());
    let numbering = Numbering {
        base: args.base,
        ..Numbering::default()
    };
    let mut sink = export::listing_numbered(Format::from(args.format), Box::new(out), numbering);
    let keys = ["n", "queens", "lines"].map(|key| Column::new(key, 0));
    sink.begin(&keys)?;
    if args.count_header {
        sink.record(&levels.counted(kept.len()).fields())?;
    }
    for record in &kept {
        sink.record(&record.fields())?;
    }
    sink.end(&[])?;
    Ok(ExitCode::SUCCESS)
}
