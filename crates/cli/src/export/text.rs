//! Text for people: `key  value` blocks, an aligned table, or `key=value`
//! pairs on one line.

use std::io::{self, Write};

use super::Plain;
use super::{Column, Out, Record, Sink, Value};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    Vertical,
    Table,
    Line,
}

pub struct Text<'a> {
    out: Out<'a>,
    layout: Layout,
    widths: Vec<usize>,
    written: usize,
}

impl<'a> Text<'a> {
    fn new(out: Out<'a>, layout: Layout) -> Text<'a> {
        Text {
            out,
            layout,
            widths: Vec::new(),
            written: 0,
        }
    }

    pub(super) fn vertical(out: Out<'a>) -> Text<'a> {
        Text::new(out, Layout::Vertical)
    }

    pub(super) fn table(out: Out<'a>) -> Text<'a> {
        Text::new(out, Layout::Table)
    }

    pub(super) fn line(out: Out<'a>) -> Text<'a> {
        Text::new(out, Layout::Line)
    }
}

impl Sink for Text<'_> {
    fn out(&mut self) -> &mut dyn Write {
        &mut self.out
    }

    fn begin(&mut self, columns: &[Column]) -> io::Result<()> {
        if self.layout != Layout::Table {
            return Ok(());
        }
        self.widths = columns.iter().map(|c| c.width.max(c.key.len())).collect();
        let head: Vec<String> = columns
            .iter()
            .zip(&self.widths)
            .map(|(c, &w)| right(c.key, w))
            .collect();
        writeln!(self.out, "{}", head.join("  ").trim_end())?;
        self.out.done()
    }

    fn record(&mut self, record: &Record) -> io::Result<()> {
        let present = || record.iter().filter(|(_, v)| *v != Value::Null);
        match self.layout {
            Layout::Table => {
                let cells: Vec<String> = record
                    .iter()
                    .enumerate()
                    .map(|(i, (_, v))| right(&shown(v), self.widths.get(i).copied().unwrap_or(0)))
                    .collect();
                writeln!(self.out, "{}", cells.join("  ").trim_end())?;
            }
            Layout::Vertical => {
                if self.written > 0 {
                    writeln!(self.out)?;
                }
                let w = present().map(|(k, _)| k.len()).max().unwrap_or(0);
                for (k, v) in present() {
                    write!(self.out, "{k}{}  ", pad(k, w))?;
                    write_shown(v, &mut self.out)?;
                    writeln!(self.out)?;
                }
            }
            Layout::Line => {
                for (i, (k, v)) in present().enumerate() {
                    let sep = if i > 0 { " " } else { "" };
                    write!(self.out, "{sep}{k}=")?;
                    write_shown(v, &mut self.out)?;
                }
                writeln!(self.out)?;
            }
        }
        self.written += 1;
        self.out.done()
    }

    fn end(&mut self, notes: &[String]) -> io::Result<()> {
        if !notes.is_empty() {
            writeln!(self.out)?;
            for note in notes {
                writeln!(self.out, "note: {}", nqueens::visible::visible(note))?;
            }
        }
        self.out.flush()
    }
}

/// The spaces that pad `text` to `width` characters. Padded by hand:
/// `format!`'s width is a `u16` and panics past 65,535, which a cell can
/// exceed (`space 10000`'s sizes have 80,000 digits).
fn pad(text: &str, width: usize) -> String {
    " ".repeat(width.saturating_sub(text.chars().count()))
}

/// `text` right-aligned in `width` characters.
fn right(text: &str, width: usize) -> String {
    pad(text, width) + text
}

/// A cell as the text layouts show it: text (a path, a name the user
/// typed) with its control and bidirectional characters escaped, as on
/// stderr (`visible`), so a name echoed back can neither break a record's
/// line nor reach the terminal as an escape sequence.
fn shown(v: &Value) -> String {
    match v {
        Value::Text(s) => nqueens::visible::visible(s).into_owned(),
        v => v.plain(),
    }
}

/// [`shown`], written: a long placement still goes out in chunks.
fn write_shown(v: &Value, w: &mut dyn Write) -> io::Result<()> {
    match v {
        Value::Text(s) => w.write_all(nqueens::visible::visible(s).as_bytes()),
        v => v.write_plain(w),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{tests::render, Format};
    use super::right;

    #[test]
    fn cells_wider_than_a_format_width_are_aligned_without_a_panic() {
        let wide = "9".repeat(70_000);
        assert_eq!(right(&wide, 70_001), format!(" {wide}"));
        assert_eq!(right("ab", 1), "ab");
        assert_eq!(right("é", 3), "  é");
    }

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

    #[test]
    fn names_echoed_back_keep_their_control_characters_escaped() {
        // A path the user typed (`solve --out`, `run-shard --out`) in
        // every text layout and in a note: no raw newline, no escape.
        use super::super::{sink, Column, Value};
        for format in [Format::Text, Format::TextTable, Format::Line] {
            let mut buf = Vec::new();
            {
                let mut s = sink(format, Box::new(&mut buf));
                s.begin(&[Column::new("out", 3)]).unwrap();
                s.record(&vec![("out", Value::from("a\n\u{1b}[31mb"))])
                    .unwrap();
                s.end(&["recorded in a\n\u{1b}[31mb".to_string()]).unwrap();
            }
            let out = String::from_utf8(buf).unwrap();
            assert!(!out.contains('\u{1b}'), "{format:?}: {out:?}");
            assert!(out.contains("a\\n\\x1b[31mb"), "{format:?}: {out:?}");
        }
    }

    #[test]
    fn lines_hold_key_value_pairs() {
        let out = render(Format::Line);
        assert!(
            out.starts_with("n=8 total=92\nn=10 total=724 note=a, \"b\"\n"),
            "{out}"
        );
    }
}
