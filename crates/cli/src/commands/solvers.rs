//! `nqueens solvers`: the counting methods, one `solver` record each (the
//! library's `nqueens::solvers()`, which Python's `solvers()` returns too).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{SolversArgs, TableFormat};
use crate::export::Plain;
use crate::export::{self, Column, Format, Record, Value};

const COLUMNS: [Column; 8] = [
    Column::new("name", 0),
    Column::new("min_n", 0),
    Column::new("max_n", 0),
    Column::new("default", 0),
    Column::new("threads", 0),
    Column::new("splits", 0),
    Column::new("budgeted", 0),
    Column::new("description", 0),
];

pub fn run(args: SolversArgs) -> Result<ExitCode> {
    let records: Vec<Record> = nqueens::solvers();
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
    let field = |r: &Record, key: &str| {
        r.iter()
            .find(|(k, _)| *k == key)
            .map_or(Value::Null, |(_, v)| v.clone())
    };
    let w = records
        .iter()
        .map(|r| field(r, "name").plain().len())
        .max()
        .unwrap_or(0);
    for r in records {
        let default = if field(r, "default") == Value::Bool(true) {
            " (default)"
        } else {
            ""
        };
        writeln!(
            out,
            "{:<w$}  n = {}..={:<3} {}{default}",
            field(r, "name").plain(),
            field(r, "min_n").plain(),
            field(r, "max_n").plain(),
            field(r, "description").plain()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
