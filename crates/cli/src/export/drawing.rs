//! A record's placement drawn for people: `solutions --format
//! vector|algebraic|digits|board` and `solve`'s default. Only the
//! `placement` (one queen per row) is drawn, with the `orbit` when the
//! record has one; a record without a placement draws nothing.
//!
//! A solution costs no formatting work: the names of the columns are made
//! once per board size and one line buffer is reused.

use std::io::{self, Write};

use super::{field, numbers, BoardStyle, Numbering, Orientation, Out, Record, Sink, Value};
use crate::render::{self, TextStyle};

/// How a placement is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// 1-based columns, one per row: `1 5 8 6 3 7 2 4`.
    Vector,
    /// Column letter and row number per queen: `A1 E2 H3 ...`.
    Algebraic,
    /// One digit per row: `15863724` (boards up to 9 x 9).
    Digits,
    /// A grid with `Q` and `-`, rank 1 at the bottom.
    Board,
}

pub struct Drawing<'a> {
    out: Out<'a>,
    style: Style,
    numbering: Numbering,
    /// The 1-based column numbers, or the file letters for `Algebraic`.
    names: Vec<String>,
    line: Vec<u8>,
    first: bool,
}

impl<'a> Drawing<'a> {
    pub(super) fn new(out: Out<'a>, style: Style, numbering: Numbering) -> Drawing<'a> {
        Drawing {
            out,
            style,
            numbering,
            names: Vec::new(),
            line: Vec::with_capacity(256),
            first: true,
        }
    }

    fn name_columns(&mut self, n: usize) {
        if self.names.len() != n {
            self.names = (0..n)
                .map(|c| match self.style {
                    Style::Algebraic => render::file(c),
                    _ => (c + usize::from(self.numbering.base)).to_string(),
                })
                .collect();
        }
    }
}

impl Sink for Drawing<'_> {
    fn out(&mut self) -> &mut dyn Write {
        &mut self.out
    }

    fn record(&mut self, record: &Record) -> io::Result<()> {
        if let Some(count) = count_line(record) {
            writeln!(self.out, "{count}")?;
            return self.out.done();
        }
        let Some(Value::Columns(columns)) = field(record, "placement") else {
            return Ok(());
        };
        let orbit = match field(record, "orbit") {
            Some(Value::Int(o)) => Some(*o),
            _ => None,
        };
        if self.style == Style::Vector && columns.len() > 4096 {
            // `solve` at up to 10^7: straight out in chunks.
            numbers::write_from(&mut self.out, columns, b' ', self.numbering.base)?;
            self.out.write_all(b"\n")?;
            return self.out.done();
        }
        self.name_columns(columns.len());
        let line = &mut self.line;
        line.clear();
        let name = |c: u32| self.names[c as usize].as_bytes();
        match self.style {
            Style::Vector | Style::Digits => {
                let sep: &[u8] = if self.style == Style::Vector {
                    b" "
                } else {
                    b""
                };
                for (r, &c) in columns.iter().enumerate() {
                    if r > 0 {
                        line.extend_from_slice(sep);
                    }
                    line.extend_from_slice(name(c));
                }
            }
            Style::Algebraic => {
                for (r, &c) in columns.iter().enumerate() {
                    if r > 0 {
                        line.push(b' ');
                    }
                    line.extend_from_slice(name(c));
                    numbers::push_decimal(line, r as u64 + 1);
                }
            }
            Style::Board => {
                // A blank line between boards, none before the first.
                if !self.first {
                    line.push(b'\n');
                }
                if let Some(orbit) = orbit {
                    line.extend_from_slice(format!("orbit {orbit}\n").as_bytes());
                }
                let columns: Vec<usize> = columns.iter().map(|&c| c as usize).collect();
                let Numbering { base, orientation } = self.numbering;
                let drawn = if orientation == Orientation::Chess && base == 1 {
                    render::text(&columns, TextStyle::Ascii)
                } else {
                    render::grid(&columns, orientation, BoardStyle::Grid, base.into())
                };
                line.extend_from_slice(drawn.as_bytes());
            }
        }
        if self.style != Style::Board {
            if let Some(orbit) = orbit {
                line.extend_from_slice(format!(" (orbit {orbit})").as_bytes());
            }
            line.push(b'\n');
        }
        self.first = false;
        self.out.write_all(line)?;
        self.out.done()
    }
}

/// A `listing-count` record (`--count`) drawn for people:
/// `92 solutions`, `1 placement`.
pub(super) fn count_line(record: &Record) -> Option<String> {
    match (field(record, "count"), field(record, "of")) {
        (Some(Value::Int(count)), Some(Value::Text(of))) => {
            let of = if *count == 1 {
                of.strip_suffix('s').unwrap_or(of)
            } else {
                of
            };
            Some(format!("{count} {of}"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{sink, Format, Record, Value};
    use super::*;

    fn draw(style: Style, record: &Record) -> String {
        let mut buf = Vec::new();
        {
            let mut s = sink(Format::Drawing(style), Box::new(&mut buf));
            s.record(record).unwrap();
            s.end(&[]).unwrap();
        }
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn every_style_draws_the_classic_solution() {
        let plain: Record = vec![("placement", Value::Columns(vec![0, 4, 7, 5, 2, 6, 1, 3]))];
        let mut orbit = plain.clone();
        orbit.push(("orbit", Value::Int(8)));
        assert_eq!(draw(Style::Vector, &plain), "1 5 8 6 3 7 2 4\n");
        assert_eq!(draw(Style::Algebraic, &plain), "A1 E2 H3 F4 C5 G6 B7 D8\n");
        assert_eq!(draw(Style::Digits, &orbit), "15863724 (orbit 8)\n");
        assert!(draw(Style::Board, &orbit).starts_with("orbit 8\n8 - - - Q"));
    }

    #[test]
    fn nothing_is_drawn_without_a_placement() {
        assert_eq!(draw(Style::Vector, &vec![("n", Value::Int(2))]), "");
    }

    #[test]
    fn long_vectors_are_written_whole() {
        let columns: Vec<u32> = (0..10_000).collect();
        let out = draw(Style::Vector, &vec![("placement", Value::Columns(columns))]);
        assert!(out.starts_with("1 2 3 ") && out.ends_with(" 9999 10000\n"));
    }
}
