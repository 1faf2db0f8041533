//! A `level` record (`levels N --queens K`) in document 004's notation:
//! `digits` writes each placement's lines on a line of its own (`13`, or
//! `[1, 10]` past n = 9); `python` writes the whole level on one line as
//! the document's Python prints its lists, `['13', '14', ...]`. The
//! notation is the kernel's (`reference::level_lists`), so the two cannot
//! drift apart.

use std::io::{self, Write};

use nqueens::reference::{notation, python_item};

use super::{field, Out, Record, Sink, Value};

pub struct Level<'a> {
    out: Out<'a>,
    python: bool,
    /// The number of the first line: 1, or 0 (`--base 0`).
    base: u8,
    /// Placements written so far.
    written: usize,
    /// Whether `python`'s opening bracket is out: only after a count line.
    opened: bool,
}

impl<'a> Level<'a> {
    pub(super) fn new(out: Out<'a>, python: bool, base: u8) -> Level<'a> {
        Level {
            out,
            python,
            base,
            written: 0,
            opened: false,
        }
    }
}

impl Sink for Level<'_> {
    fn out(&mut self) -> &mut dyn Write {
        &mut self.out
    }

    fn record(&mut self, record: &Record) -> io::Result<()> {
        if let Some(count) = super::drawing::count_line(record) {
            return writeln!(self.out, "{count}");
        }
        let (Some(Value::Int(n)), Some(Value::Ints(lines))) =
            (field(record, "n"), field(record, "lines"))
        else {
            return Ok(());
        };
        let n = *n as usize;
        // 1-based in the record; `--base 0` numbers the lines from 0.
        let lines: Vec<u8> = lines.iter().map(|&r| r as u8 + self.base - 1).collect();
        if self.python {
            if !self.opened {
                self.out.write_all(b"[")?;
                self.opened = true;
            }
            let sep = if self.written > 0 { ", " } else { "" };
            write!(self.out, "{sep}{}", python_item(&lines, n))?;
        } else {
            writeln!(self.out, "{}", notation(&lines, n))?;
        }
        self.written += 1;
        self.out.done()
    }

    fn end(&mut self, _notes: &[String]) -> io::Result<()> {
        if self.python {
            let open = if self.opened { "" } else { "[" };
            writeln!(self.out, "{open}]")?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{listing_numbered, Format, Numbering, Record, Value};

    fn write(python: bool, records: &[Record]) -> String {
        let mut buf = Vec::new();
        {
            let format = Format::Level { python };
            let mut s = listing_numbered(format, Box::new(&mut buf), Numbering::default());
            s.begin(&[]).unwrap();
            for r in records {
                s.record(r).unwrap();
            }
            s.end(&[]).unwrap();
        }
        String::from_utf8(buf).unwrap()
    }

    fn placement(n: u128, lines: &[u64]) -> Record {
        vec![("n", Value::Int(n)), ("lines", Value::Ints(lines.to_vec()))]
    }

    #[test]
    fn both_notations_of_the_document() {
        let level = [placement(8, &[1, 3]), placement(8, &[1, 4])];
        assert_eq!(write(false, &level), "13\n14\n");
        assert_eq!(write(true, &level), "['13', '14']\n");
        assert_eq!(write(true, &[]), "[]\n");
        assert_eq!(write(false, &[placement(10, &[1, 10])]), "[1, 10]\n");
    }
}
