//! Output formats behind one trait: a command builds plain records and a
//! [`Sink`] writes them, each as soon as it is complete.
//!
//! Every record kind, its keys and their types are listed in
//! `docs/formats.md`; `tests/cli/formats.rs` holds the program to that page.
//! A record keeps its keys in every format: a null value is an empty cell
//! in CSV and Markdown and is left out of JSON and text.

mod csv;
mod drawing;
mod format;
mod json;
mod level;
mod markdown;
mod numbers;
mod placed;
mod text;

use std::io::{self, Write};

pub use crate::render::{BoardStyle, Orientation};
pub use drawing::Style;
pub use format::{
    CountFormat, LevelsFormat, PlacementFormat, SolutionFormat, SolveFormat, TableFormat,
};
pub use placed::print_placed;

pub use nqueens::Value;

/// A value as people read it: plain text, as CSV and text tables show it.
pub trait Plain {
    /// The value as plain text.
    fn plain(&self) -> String {
        let mut out = Vec::new();
        self.write_plain(&mut out)
            .expect("writing to memory cannot fail");
        String::from_utf8(out).expect("values are UTF-8")
    }

    /// Writes the value as plain text; a placement of ten million queens
    /// goes out in chunks, never as one string.
    fn write_plain(&self, w: &mut dyn Write) -> io::Result<()>;
}

impl Plain for Value {
    fn write_plain(&self, w: &mut dyn Write) -> io::Result<()> {
        match self {
            Value::Int(v) => write!(w, "{v}"),
            Value::Float(v) => write!(w, "{v:.6}"),
            Value::Ratio(v) => write!(w, "{v:.2}x"),
            Value::Text(s) | Value::Digits(s) => w.write_all(s.as_bytes()),
            Value::Bool(b) => write!(w, "{b}"),
            Value::Null => Ok(()),
            Value::Columns(c) => numbers::write(w, c, b' '),
            Value::Ints(v) => {
                for (i, x) in v.iter().enumerate() {
                    let sep = if i > 0 { " " } else { "" };
                    write!(w, "{sep}{x}")?;
                }
                Ok(())
            }
            Value::Squares(squares) => {
                for (i, &s) in squares.iter().enumerate() {
                    let sep = if i > 0 { " " } else { "" };
                    write!(w, "{sep}{}", crate::render::square(s))?;
                }
                Ok(())
            }
        }
    }
}

/// An ordered list of named values: one count, one table row (the
/// scheduler's and the library's `Fields`).
pub type Record = nqueens::Fields;

/// The row of a table whose columns are `keys`, each value taken from the
/// first of `sources` that holds its key: `table` and `bench` pick their
/// columns from the library's [`nqueens::CountRecord::fields`] and add
/// only what is their own. A key no source holds is null (`bench`'s row
/// of a program, which has no report: its `nodes` and `unique`).
pub fn assemble(keys: impl IntoIterator<Item = &'static str>, sources: &[&Record]) -> Record {
    keys.into_iter()
        .map(|key| {
            let value = sources.iter().find_map(|r| field(r, key));
            (key, value.cloned().unwrap_or(Value::Null))
        })
        .collect()
}

/// A column of a streamed table: its key and the widest value expected, so
/// a text table can be aligned before its rows exist.
#[derive(Clone, Copy, Debug)]
pub struct Column {
    pub key: &'static str,
    pub width: usize,
}

impl Column {
    pub const fn new(key: &'static str, width: usize) -> Column {
        Column { key, width }
    }
}

/// Writes records in one format.
pub trait Sink {
    /// Where it writes.
    fn out(&mut self) -> &mut dyn Write;
    /// Called once before the first record: writes the header of the
    /// formats that have one.
    fn begin(&mut self, columns: &[Column]) -> io::Result<()> {
        let _ = columns;
        Ok(())
    }
    /// Writes one record.
    fn record(&mut self, record: &Record) -> io::Result<()>;
    /// Called once after the last record, with notes for the formats that
    /// show them; flushes.
    fn end(&mut self, notes: &[String]) -> io::Result<()> {
        let _ = notes;
        self.out().flush()
    }
}

/// The available formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Key: value lines, one block per record.
    Text,
    /// An aligned text table.
    TextTable,
    /// `key=value` pairs on one line per record.
    Line,
    /// A record's placement drawn for people (the other keys are left out,
    /// but an `orbit`).
    Drawing(Style),
    /// A `level` record's lines in document 004's notation (`13`, one a
    /// line), or the whole level as its Python prints it (`['13', ...]`).
    Level {
        python: bool,
    },
    Markdown,
    Csv,
    /// One JSON object per line.
    Json,
}

/// Where a sink writes: flushed after each record for tables whose rows
/// come seconds apart, only at the end for fast listings (a flush per
/// solution would be a system call per line).
struct Out<'a> {
    w: Box<dyn Write + 'a>,
    each: bool,
}

impl Out<'_> {
    /// A record is complete: its last bytes, `tail`, are written.
    fn end_line(&mut self, tail: &[u8]) -> io::Result<()> {
        self.write_all(tail)?;
        self.done()
    }

    /// A record is complete.
    fn done(&mut self) -> io::Result<()> {
        if self.each {
            self.w.flush()
        } else {
            Ok(())
        }
    }
}

impl Write for Out<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.w.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.w.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// The value of `key` in `record`, if it has one.
pub fn field<'r>(record: &'r Record, key: &str) -> Option<&'r Value> {
    record.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
}

/// The columns of one record, for a sink that writes just that record.
pub fn columns(record: &Record) -> Vec<Column> {
    record.iter().map(|(key, _)| Column::new(key, 0)).collect()
}

/// Writes one record to stdout in `format`: a count, a merge.
pub fn print_one(format: Format, record: &Record) -> io::Result<()> {
    write_one(format, Box::new(io::stdout().lock()), record)
}

/// Writes one record to `out` in `format`.
pub fn write_one<'a>(format: Format, out: Box<dyn Write + 'a>, record: &Record) -> io::Result<()> {
    write_one_numbered(format, out, record, Numbering::default())
}

/// [`write_one`], a drawing numbered as `numbering` says (`solve --base`).
pub fn write_one_numbered<'a>(
    format: Format,
    out: Box<dyn Write + 'a>,
    record: &Record,
    numbering: Numbering,
) -> io::Result<()> {
    let mut sink = make(format, Out { w: out, each: true }, numbering);
    sink.begin(&columns(record))?;
    sink.record(record)?;
    sink.end(&[])
}

/// A sink for `format` writing to `out`, flushing after every record.
pub fn sink<'a>(format: Format, out: Box<dyn Write + 'a>) -> Box<dyn Sink + 'a> {
    make(format, Out { w: out, each: true }, Numbering::default())
}

/// How the drawings number rows and columns and turn the board: the source
/// documents' habits (`--base`, `--orientation`). The machine formats
/// always number from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbering {
    /// The number of the first row and column: 1, or 0 as 002's and 003's
    /// programs print them.
    pub base: u8,
    pub orientation: Orientation,
}

impl Default for Numbering {
    fn default() -> Numbering {
        Numbering {
            base: 1,
            orientation: Orientation::Chess,
        }
    }
}

/// A sink for a fast stream of records (`solutions`, `levels`), flushing
/// at the end only (give it a buffered writer), its drawings numbered and
/// turned as `numbering` says.
pub fn listing_numbered<'a>(
    format: Format,
    out: Box<dyn Write + 'a>,
    numbering: Numbering,
) -> Box<dyn Sink + 'a> {
    let out = Out {
        w: out,
        each: false,
    };
    make(format, out, numbering)
}

/// The sink of `format`; only the drawings and the level lists read
/// `numbering` (the machine formats always number from 1).
fn make(format: Format, out: Out<'_>, numbering: Numbering) -> Box<dyn Sink + '_> {
    match format {
        Format::Text => Box::new(text::Text::vertical(out)),
        Format::TextTable => Box::new(text::Text::table(out)),
        Format::Line => Box::new(text::Text::line(out)),
        Format::Drawing(style) => Box::new(drawing::Drawing::new(out, style, numbering)),
        Format::Level { python } => Box::new(level::Level::new(out, python, numbering.base)),
        Format::Markdown => Box::new(markdown::Markdown::new(out)),
        Format::Csv => Box::new(csv::Csv::new(out)),
        Format::Json => Box::new(json::Json::new(out)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Renders two records in a format, for the format tests.
    pub(super) fn render(format: Format) -> String {
        let mut buf = Vec::new();
        {
            let mut s = sink(format, Box::new(&mut buf));
            let cols = [
                Column::new("n", 2),
                Column::new("total", 5),
                Column::new("note", 4),
            ];
            s.begin(&cols).unwrap();
            s.record(&vec![
                ("n", Value::from(8usize)),
                ("total", Value::from(92u128)),
                ("note", Value::Null),
            ])
            .unwrap();
            s.record(&vec![
                ("n", Value::from(10usize)),
                ("total", Value::from(724u128)),
                ("note", Value::from("a, \"b\"")),
            ])
            .unwrap();
            s.end(&["a note".to_string()]).unwrap();
        }
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn every_format_writes_every_value() {
        for f in [
            Format::Text,
            Format::TextTable,
            Format::Line,
            Format::Markdown,
            Format::Csv,
            Format::Json,
        ] {
            let out = render(f);
            assert!(out.contains("92") && out.contains("724"), "{f:?}: {out}");
        }
    }

    #[test]
    fn a_row_takes_each_column_from_the_first_source_that_has_it() {
        let own: Record = vec![("oeis", "ok".into()), ("n", 9usize.into())];
        let counted: Record = vec![("n", 8usize.into()), ("total", 92u128.into())];
        let row = assemble(["n", "total", "oeis", "unique"], &[&counted, &own]);
        assert_eq!(
            row,
            vec![
                ("n", Value::Int(8)),
                ("total", Value::Int(92)),
                ("oeis", Value::from("ok")),
                ("unique", Value::Null),
            ]
        );
    }

    #[test]
    fn placements_are_written_1_based() {
        assert_eq!(Value::Columns(vec![0, 4, 7]).plain(), "1 5 8");
        assert_eq!(Value::Squares(vec![(0, 0), (1, 2)]).plain(), "A1 C2");
        assert_eq!(Value::Ratio(1.926).plain(), "1.93x");
        assert_eq!(Value::Ints(vec![8, 42, 140]).plain(), "8 42 140");
    }
}
