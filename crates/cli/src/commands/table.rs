//! `nqueens table`: one row per board, each written as soon as it is counted.

use std::io;
use std::process::ExitCode;

use anyhow::Result;
use nqueens::verify::{printed_erratum, Check};
use nqueens::Control;
use nqueens::MAX_N;

use crate::export::{self, Column, Format, Record};
use crate::request::Table;
use crate::run::progress::Bar;

/// Widest values expected, so a text table aligns before its rows exist:
/// totals up to n = 32 stay under 26 digits.
const COLUMNS: [Column; 7] = [
    Column::new("n", 2),
    Column::new("total", 18),
    Column::new("unique", 17),
    Column::new("seconds", 9),
    Column::new("nodes", 14),
    Column::new("oeis", 4),
    Column::new("note", 0),
];

pub fn run(opts: Table) -> Result<ExitCode> {
    let format = Format::from(opts.format);
    let mut sink = export::sink(format, Box::new(io::stdout().lock()));
    let bar = Bar::new(String::new());
    let mut notes = Vec::new();
    let mut mismatches = Vec::new();
    bar.suspend(|| sink.begin(&COLUMNS))?;
    let control = Control::new().progress(&bar);
    opts.table.run(
        &control,
        |n| bar.relabel(format!("n = {n}")),
        |record| -> Result<()> {
            let (board, c) = (record.board, record.total);
            let check = Check::of(board, c.solutions, c.unique);
            let erratum = printed_erratum(board);
            if let Some(e) = erratum {
                notes.push(e.to_string());
            }
            if let Check::Mismatch { total, unique } = check {
                mismatches.push(format!(
                    "n = {}: computed {} / {}, published {total} / {unique}",
                    board.n(),
                    c.solutions,
                    c.unique
                ));
            }
            let own: Record = vec![
                ("oeis", check.mark().into()),
                ("note", erratum.map(|_| "printed copy: 720").into()),
            ];
            let all = record.fields();
            let row = export::assemble(COLUMNS.map(|c| c.key), &[&own, &all]);
            bar.suspend(|| sink.record(&row))?;
            Ok(())
        },
    )?;
    bar.finish();
    notes.push(format!(
        "totals and uniques are computed, then checked against OEIS A000170 / A002562 (known up to n = 27; this kernel counts up to n = {MAX_N})"
    ));
    sink.end(&notes)?;
    if !mismatches.is_empty() {
        return Err(nqueens::Error::mismatch(mismatches.join("; ")).into());
    }
    Ok(ExitCode::SUCCESS)
}
