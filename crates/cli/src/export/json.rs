//! JSON: one object per record, one record per line, keys in record order;
//! null values are left out.

use std::io::{self, Write};

use super::{numbers, Out, Record, Sink, Value};

pub struct Json<'a> {
    out: Out<'a>,
}

impl<'a> Json<'a> {
    pub(super) fn new(out: Out<'a>) -> Json<'a> {
        Json { out }
    }
}

fn write_value(w: &mut dyn Write, cell: &Value) -> io::Result<()> {
    match cell {
        // Integers are written exactly, whatever their size (u128 totals from n = 29 on).
        Value::Int(v) => write!(w, "{v}"),
        // Past u128: the digits as a JSON number, exact (Python's json reads it exactly).
        Value::Digits(d) => w.write_all(d.as_bytes()),
        // Rust writes floats without an exponent, which JSON accepts.
        Value::Float(v) | Value::Ratio(v) if v.is_finite() => write!(w, "{v}"),
        Value::Float(_) | Value::Ratio(_) | Value::Null => w.write_all(b"null"),
        Value::Text(s) => serde_json::to_writer(w, s).map_err(io::Error::other),
        Value::Bool(b) => write!(w, "{b}"),
        Value::Columns(c) => {
            w.write_all(b"[")?;
            numbers::write(w, c, b',')?;
            w.write_all(b"]")
        }
        Value::Ints(v) => {
            w.write_all(b"[")?;
            for (i, x) in v.iter().enumerate() {
                let sep = if i > 0 { "," } else { "" };
                write!(w, "{sep}{x}")?;
            }
            w.write_all(b"]")
        }
        Value::Squares(squares) => {
            w.write_all(b"[")?;
            for (i, (row, column)) in squares.iter().enumerate() {
                let sep = if i > 0 { "," } else { "" };
                write!(w, "{sep}[{},{}]", row + 1, column + 1)?;
            }
            w.write_all(b"]")
        }
    }
}

impl Sink for Json<'_> {
    fn out(&mut self) -> &mut dyn Write {
        &mut self.out
    }

    fn record(&mut self, record: &Record) -> io::Result<()> {
        self.out.write_all(b"{")?;
        let present = record.iter().filter(|(_, v)| *v != Value::Null);
        for (i, (k, v)) in present.enumerate() {
            if i > 0 {
                self.out.write_all(b",")?;
            }
            // Keys are the program's own identifiers: nothing to escape.
            debug_assert!(k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'));
            self.out.write_all(b"\"")?;
            self.out.write_all(k.as_bytes())?;
            self.out.write_all(b"\":")?;
            write_value(&mut self.out, v)?;
        }
        self.out.end_line(b"}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::super::{sink, tests::render, Format, Value};

    #[test]
    fn each_line_is_a_json_object() {
        let out = render(Format::Json);
        let rows: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(rows[0], serde_json::json!({"n": 8, "total": 92}));
        assert_eq!(rows[1]["note"], "a, \"b\"");
    }

    #[test]
    fn placements_are_arrays() {
        let mut buf = Vec::new();
        {
            let mut s = sink(Format::Json, Box::new(&mut buf));
            s.record(&vec![
                ("placement", Value::Columns(vec![1, 3, 0, 2])),
                ("squares", Value::Squares(vec![(0, 0), (2, 1)])),
                ("seconds", Value::Float(0.25)),
                ("sizes", Value::Ints(vec![8, 42])),
                (
                    "big",
                    Value::Digits("340282366920938463463374607431768211456".into()),
                ),
            ])
            .unwrap();
        }
        let text = String::from_utf8(buf.clone()).unwrap();
        assert!(text.contains("\"big\":340282366920938463463374607431768211456}"));
        let v: serde_json::Value = serde_json::from_slice(&buf).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"placement": [2, 4, 1, 3], "squares": [[1, 1], [3, 2]], "seconds": 0.25, "sizes": [8, 42], "big": 3.402823669209385e38})
        );
    }
}
