//! JSON: one object per record, one record per line, keys in record order.

use std::io::{self, Write};

use super::{Cell, Column, Record, Sink};

pub struct Json<'a> {
    out: Box<dyn Write + 'a>,
}

impl<'a> Json<'a> {
    pub fn new(out: Box<dyn Write + 'a>) -> Json<'a> {
        Json { out }
    }
}

fn value(cell: &Cell) -> String {
    match cell {
        // Integers are written exactly, whatever their size (u128 totals from n = 29 on).
        Cell::Int(v) => v.to_string(),
        Cell::Float(v) if v.is_finite() => format!("{v}"),
        Cell::Float(_) | Cell::Null => "null".to_string(),
        Cell::Text(s) => serde_json::to_string(s).expect("a string always serializes"),
        Cell::Bool(b) => b.to_string(),
    }
}

impl Sink for Json<'_> {
    fn begin(&mut self, _columns: &[Column]) -> io::Result<()> {
        Ok(())
    }

    fn record(&mut self, record: &Record) -> io::Result<()> {
        let fields: Vec<String> = record
            .iter()
            .filter(|(_, v)| *v != Cell::Null)
            .map(|(k, v)| {
                format!(
                    "{}:{}",
                    serde_json::to_string(k).expect("a key always serializes"),
                    value(v)
                )
            })
            .collect();
        writeln!(self.out, "{{{}}}", fields.join(","))?;
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
    fn each_line_is_a_json_object() {
        let out = render(Format::Json);
        let rows: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(rows[0], serde_json::json!({"n": 8, "total": 92}));
        assert_eq!(rows[1]["note"], "a, \"b\"");
    }
}
