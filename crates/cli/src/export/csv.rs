//! Comma-separated values (RFC 4180 quoting), header from the columns.

use std::io::{self, Write};

use super::{Column, Record, Sink};

pub struct Csv<'a> {
    out: Box<dyn Write + 'a>,
}

impl<'a> Csv<'a> {
    pub fn new(out: Box<dyn Write + 'a>) -> Csv<'a> {
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
    fn begin(&mut self, columns: &[Column]) -> io::Result<()> {
        let keys: Vec<String> = columns.iter().map(|c| field(c.key)).collect();
        writeln!(self.out, "{}", keys.join(","))?;
        self.out.flush()
    }

    fn record(&mut self, record: &Record) -> io::Result<()> {
        let cells: Vec<String> = record.iter().map(|(_, v)| field(&v.plain())).collect();
        writeln!(self.out, "{}", cells.join(","))?;
        self.out.flush()
    }

    fn end(&mut self, _notes: &[String]) -> io::Result<()> {
        self.out.flush()
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
