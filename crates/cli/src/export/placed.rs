//! The record of a placement of squares (`dominate`, `pawns`) in the
//! formats those verbs offer: `text` is the record's `key  value` lines,
//! a blank line and the drawn board; `algebraic` the squares alone on one
//! line, and the count, when there is one, on a second; json and csv the
//! record.

use std::io::{self, Write};

use super::Plain;
use super::{columns, field, sink, Format, PlacementFormat, Record, Value};

/// Writes `record` to stdout in `format`; `board` is its drawing and
/// `squares` its squares on one line, for the formats that show them.
pub fn print_placed(
    format: PlacementFormat,
    record: &Record,
    board: &str,
    squares: &str,
) -> io::Result<()> {
    let mut out = io::stdout().lock();
    match format {
        PlacementFormat::Algebraic => {
            writeln!(out, "{squares}")?;
            if let Some(count @ Value::Int(_)) = field(record, "count") {
                writeln!(out, "{}", count.plain())?;
            }
        }
        _ => {
            let mut s = sink(Format::from(format), Box::new(&mut out));
            s.begin(&columns(record))?;
            s.record(record)?;
            s.end(&[])?;
            drop(s);
            if format == PlacementFormat::Text {
                writeln!(out)?;
                out.write_all(board.as_bytes())?;
            }
        }
    }
    out.flush()
}
