//! `nqueens solvers`: the counting methods, one `solver` record each.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{SolversArgs, TableFormat};
use crate::export::{self, Cell, Column, Format, Record};

const COLUMNS: [Column; 4] = [
    Column::new("name", 0),
    Column::new("max_n", 0),
    Column::new("default", 0),
    Column::new("description", 0),
];

pub fn run(args: SolversArgs) -> Result<ExitCode> {
    let all = nqueens_sched::solvers::all();
    let records: Vec<Record> = all
        .iter()
        .enumerate()
        .map(|(i, s)| {
            vec![
                ("name", s.name().into()),
                ("max_n", s.max_n().into()),
                // The registry lists the default first.
                ("default", (i == 0).into()),
                ("description", s.description().into()),
            ]
        })
        .collect();
    if args.format == TableFormat::Text {
        return text(&records);
    }
    let mut sink = export::sink(Format::from(args.format), Box::new(io::stdout().lock()));
    sink.begin(&COLUMNS)?;
    for r in &records {
        sink.record(r)?;
    }
    sink.end(&[])?;
    Ok(ExitCode::SUCCESS)
}

/// The text format people read: names aligned, the range, the description,
/// the default marked.
fn text(records: &[Record]) -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    let w = records
        .iter()
        .map(|r| r[0].1.plain().len())
        .max()
        .unwrap_or(0);
    for r in records {
        let default = if r[2].1 == Cell::Bool(true) {
            " (default)"
        } else {
            ""
        };
        writeln!(
            out,
            "{:<w$}  n = 1..={:<3} {}{default}",
            r[0].1.plain(),
            r[1].1.plain(),
            r[3].1.plain()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
