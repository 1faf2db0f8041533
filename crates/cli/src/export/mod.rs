//! Output formats behind one trait: a command builds plain records and a
//! [`Sink`] writes them, each as soon as it is complete.

mod csv;
mod json;
mod markdown;
mod text;

use std::io::{self, Write};

/// One value of a record.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Int(u128),
    Float(f64),
    Text(String),
    Bool(bool),
    Null,
}

impl Cell {
    /// The value as plain text, as CSV and text tables show it.
    pub fn plain(&self) -> String {
        match self {
            Cell::Int(v) => v.to_string(),
            Cell::Float(v) => format!("{v:.6}"),
            Cell::Text(s) => s.clone(),
            Cell::Bool(b) => b.to_string(),
            Cell::Null => String::new(),
        }
    }
}

impl From<u128> for Cell {
    fn from(v: u128) -> Cell {
        Cell::Int(v)
    }
}

impl From<usize> for Cell {
    fn from(v: usize) -> Cell {
        Cell::Int(v as u128)
    }
}

impl From<u64> for Cell {
    fn from(v: u64) -> Cell {
        Cell::Int(v.into())
    }
}

impl From<f64> for Cell {
    fn from(v: f64) -> Cell {
        Cell::Float(v)
    }
}

impl From<&str> for Cell {
    fn from(v: &str) -> Cell {
        Cell::Text(v.to_string())
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Cell {
        v.map_or(Cell::Null, Into::into)
    }
}

/// An ordered list of named values: one count, one table row.
pub type Record = Vec<(&'static str, Cell)>;

/// A column of a streamed table: its key and the widest value expected, so
/// a text table can be aligned before its rows exist.
#[derive(Clone, Copy, Debug)]
pub struct Column {
    pub key: &'static str,
    pub width: usize,
}

/// Writes records in one format. Every record is flushed when written.
pub trait Sink {
    /// Called once before the first record.
    fn begin(&mut self, columns: &[Column]) -> io::Result<()>;
    /// Writes one record.
    fn record(&mut self, record: &Record) -> io::Result<()>;
    /// Called once after the last record, with notes for formats that show them.
    fn end(&mut self, notes: &[String]) -> io::Result<()>;
}

/// The available formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Key: value lines, one block per record.
    Text,
    /// An aligned text table.
    TextTable,
    Markdown,
    Csv,
    /// One JSON object per line.
    Json,
}

impl From<crate::cli::TableFormat> for Format {
    fn from(f: crate::cli::TableFormat) -> Format {
        use crate::cli::TableFormat as T;
        match f {
            T::Text => Format::TextTable,
            T::Markdown => Format::Markdown,
            T::Csv => Format::Csv,
            T::Json => Format::Json,
        }
    }
}

impl From<crate::cli::CountFormat> for Format {
    fn from(f: crate::cli::CountFormat) -> Format {
        use crate::cli::CountFormat as C;
        match f {
            C::Text => Format::Text,
            C::Json => Format::Json,
            C::Csv => Format::Csv,
        }
    }
}

/// Writes one record to stdout in `format`: a count, a merge.
pub fn print_one(format: Format, record: &Record) -> io::Result<()> {
    let mut sink = sink(format, Box::new(io::stdout().lock()));
    let columns: Vec<Column> = record
        .iter()
        .map(|(key, _)| Column { key, width: 0 })
        .collect();
    sink.begin(&columns)?;
    sink.record(record)?;
    sink.end(&[])
}

/// A sink for `format` writing to `out`.
pub fn sink<'a>(format: Format, out: Box<dyn Write + 'a>) -> Box<dyn Sink + 'a> {
    match format {
        Format::Text => Box::new(text::Text::vertical(out)),
        Format::TextTable => Box::new(text::Text::table(out)),
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
                Column { key: "n", width: 2 },
                Column {
                    key: "total",
                    width: 5,
                },
                Column {
                    key: "note",
                    width: 4,
                },
            ];
            s.begin(&cols).unwrap();
            s.record(&vec![
                ("n", Cell::from(8usize)),
                ("total", Cell::from(92u128)),
                ("note", Cell::Null),
            ])
            .unwrap();
            s.record(&vec![
                ("n", Cell::from(10usize)),
                ("total", Cell::from(724u128)),
                ("note", Cell::from("a, \"b\"")),
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
            Format::Markdown,
            Format::Csv,
            Format::Json,
        ] {
            let out = render(f);
            assert!(out.contains("92") && out.contains("724"), "{f:?}: {out}");
        }
    }
}
