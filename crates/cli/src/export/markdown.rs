//! GitHub-flavoured Markdown tables.

use std::io::{self, Write};

use super::Plain;
use super::{Column, Out, Record, Sink};

pub struct Markdown<'a> {
    out: Out<'a>,
}

impl<'a> Markdown<'a> {
    pub(super) fn new(out: Out<'a>) -> Markdown<'a> {
        Markdown { out }
    }
}

impl Sink for Markdown<'_> {
    fn out(&mut self) -> &mut dyn Write {
        &mut self.out
    }

    fn begin(&mut self, columns: &[Column]) -> io::Result<()> {
        let keys: Vec<&str> = columns.iter().map(|c| c.key).collect();
        writeln!(self.out, "| {} |", keys.join(" | "))?;
        writeln!(self.out, "|{}", "---:|".repeat(keys.len()))?;
        self.out.done()
    }

    fn record(&mut self, record: &Record) -> io::Result<()> {
        let cells: Vec<String> = record
            .iter()
            .map(|(_, v)| v.plain().replace('|', "\\|"))
            .collect();
        writeln!(self.out, "| {} |", cells.join(" | "))?;
        self.out.done()
    }

    fn end(&mut self, notes: &[String]) -> io::Result<()> {
        for note in notes {
            writeln!(self.out, "\n> {note}")?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{tests::render, Format};

    #[test]
    fn header_separator_and_rows() {
        let out = render(Format::Markdown);
        assert!(
            out.starts_with("| n | total | note |\n|---:|---:|---:|\n| 8 | 92 |  |\n"),
            "{out}"
        );
        assert!(out.contains("> a note"));
    }
}
