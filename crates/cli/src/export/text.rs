//! Text for people: `key  value` blocks, or an aligned table.

use std::io::{self, Write};

use super::{Column, Record, Sink};

pub struct Text<'a> {
    out: Box<dyn Write + 'a>,
    table: bool,
    widths: Vec<usize>,
    written: usize,
}

impl<'a> Text<'a> {
    pub fn vertical(out: Box<dyn Write + 'a>) -> Text<'a> {
        Text {
            out,
            table: false,
            widths: Vec::new(),
            written: 0,
        }
    }

    pub fn table(out: Box<dyn Write + 'a>) -> Text<'a> {
        Text {
            out,
            table: true,
            widths: Vec::new(),
            written: 0,
        }
    }
}

impl Sink for Text<'_> {
    fn begin(&mut self, columns: &[Column]) -> io::Result<()> {
        if !self.table {
            return Ok(());
        }
        self.widths = columns.iter().map(|c| c.width.max(c.key.len())).collect();
        let head: Vec<String> = columns
            .iter()
            .zip(&self.widths)
            .map(|(c, &w)| format!("{:>w$}", c.key))
            .collect();
        writeln!(self.out, "{}", head.join("  ").trim_end())?;
        self.out.flush()
    }

    fn record(&mut self, record: &Record) -> io::Result<()> {
        if self.table {
            let cells: Vec<String> = record
                .iter()
                .enumerate()
                .map(|(i, (_, v))| {
                    format!(
                        "{:>w$}",
                        v.plain(),
                        w = self.widths.get(i).copied().unwrap_or(0)
                    )
                })
                .collect();
            writeln!(self.out, "{}", cells.join("  ").trim_end())?;
        } else {
            if self.written > 0 {
                writeln!(self.out)?;
            }
            let w = record.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
            for (k, v) in record.iter().filter(|(_, v)| *v != super::Cell::Null) {
                writeln!(self.out, "{k:<w$}  {}", v.plain())?;
            }
        }
        self.written += 1;
        self.out.flush()
    }

    fn end(&mut self, notes: &[String]) -> io::Result<()> {
        if !notes.is_empty() {
            writeln!(self.out)?;
            for note in notes {
                writeln!(self.out, "note: {note}")?;
            }
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{tests::render, Format};

    #[test]
    fn tables_are_right_aligned_under_their_headers() {
        let out = render(Format::TextTable);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], " n  total  note");
        assert_eq!(lines[1], " 8     92");
        assert!(lines.last().unwrap().starts_with("note: a note"));
    }

    #[test]
    fn blocks_skip_empty_values() {
        let out = render(Format::Text);
        assert!(
            out.starts_with("n      8\ntotal  92\n\nn      10\n"),
            "{out}"
        );
    }
}
