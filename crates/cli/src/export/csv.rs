//! Comma-separated values (RFC 4180 quoting), header from the columns.

use std::io::{self, Write};

use super::Plain;
use super::{Column, Out, Record, Sink, Value};

pub struct Csv<'a> {
    out: Out<'a>,
}

impl<'a> Csv<'a> {
    pub(super) fn new(out: Out<'a>) -> Csv<'a> {
        Csv { out }
    }
}

fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

impl Sink for Csv<'_> {
    fn out(&mut self) -> &mut dyn Write {
        &mut self.out
    }

    fn begin(&mut self, columns: &[Column]) -> io::Result<()> {
        let keys: Vec<String> = columns.iter().map(|c| field(c.key)).collect();
        writeln!(self.out, "{}", keys.join(","))?;
        self.out.done()
    }

    fn record(&mut self, record: &Record) -> io::Result<()> {
        for (i, (_, v)) in record.iter().enumerate() {
            if i > 0 {
                self.out.write_all(b",")?;
            }
            match v {
                // Only text can hold a comma or a quote; a placement is
                // written straight through, however long.
                Value::Text(s) => self.out.write_all(field(s).as_bytes())?,
                // A number for the spreadsheet, without the `x` people read.
                Value::Ratio(r) => write!(self.out, "{r:.6}")?,
                v => v.write_plain(&mut self.out)?,
            }
        }
        self.out.end_line(b"\n")
    }
}

#[cfg(test)]
mod tests {
    use super::super::{tests::render, Format};

    #[test]
    fn quotes_only_what_needs_it() {
        assert_eq!(
            render(Format::Csv),
            "n,total,note\n8,92,\n10,724,\"a, \"\"b\"\"\"\n"
        );
    }
}
