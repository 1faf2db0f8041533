//! `nqueens bench`: the harness's run ([`nqueens_bench::run`]) behind a
//! progress bar over its timed runs, each row printed as soon as it is
//! complete; and `nqueens plot`: a recorded run drawn into an SVG file.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use nqueens_bench::{Row, Show};

use crate::export::{self, Column, Format, Record, Sink};
use crate::io::Output;
use crate::request::{Bench, Plot};
use crate::run::progress::Bar;

/// The bench row's columns ([`nqueens_bench::KEYS`]) with the widest
/// values expected, so a text table aligns before its rows exist.
const COLUMNS: [Column; 17] = [
    Column::new("n", 2),
    Column::new("solver", 8),
    Column::new("timing", 10),
    Column::new("threads", 2),
    Column::new("runs", 2),
    Column::new("median_s", 9),
    Column::new("min_s", 9),
    Column::new("max_s", 9),
    Column::new("nodes", 12),
    Column::new("nodes_per_s", 11),
    Column::new("speedup", 7),
    Column::new("total", 11),
    Column::new("unique", 10),
    Column::new("oeis", 4),
    Column::new("cpu_s", 9),
    Column::new("max_rss_kib", 6),
    Column::new("note", 0),
];

pub fn run(req: Bench) -> Result<ExitCode> {
    let sink = export::sink(Format::from(req.format), Box::new(io::stdout().lock()));
    nqueens_bench::run(&req.bench, &mut Printed { sink, bar: None })?;
    Ok(ExitCode::SUCCESS)
}

pub fn plot(req: Plot) -> Result<ExitCode> {
    let svg = req.recorded.svg()?;
    let mut file = Output::create(&req.out, "--out")?;
    file.write(|w| w.write_all(svg.as_bytes()))?;
    file.commit()?;
    writeln!(
        io::stdout(),
        "wrote {}",
        nqueens_files::visible::path(&req.out)
    )?;
    Ok(ExitCode::SUCCESS)
}

/// A bench run on the command line: rows through the chosen format's
/// sink, progress on a bar over the timed runs (drawn once the run
/// starts).
struct Printed<'a> {
    sink: Box<dyn Sink + 'a>,
    bar: Option<Bar>,
}

impl Show for Printed<'_> {
    fn start(&mut self, runs: u64) -> io::Result<()> {
        let bar = self.bar.insert(Bar::runs(runs));
        bar.suspend(|| self.sink.begin(&COLUMNS))
    }

    fn running(&mut self, label: String) {
        if let Some(bar) = &self.bar {
            bar.relabel(label);
        }
    }

    fn ran(&mut self) {
        if let Some(bar) = &self.bar {
            bar.advance();
        }
    }

    fn skipped(&mut self, runs: u64) {
        if let Some(bar) = &self.bar {
            bar.skip(runs);
        }
    }

    fn row(&mut self, row: &Row) -> io::Result<()> {
        let record = record(row);
        match &self.bar {
            Some(bar) => bar.suspend(|| self.sink.record(&record)),
            None => self.sink.record(&record),
        }
    }

    fn summary(&mut self, rows: &[Row], notes: &[String]) -> String {
        let mut buf = Vec::new();
        {
            let mut md = export::sink(Format::Markdown, Box::new(&mut buf));
            let _ = md.begin(&COLUMNS);
            for row in rows {
                let _ = md.record(&record(row));
            }
            let _ = md.end(notes);
        }
        String::from_utf8(buf).expect("the sinks write UTF-8")
    }

    fn end(&mut self, notes: &[String]) -> io::Result<()> {
        if let Some(bar) = &self.bar {
            bar.finish();
        }
        self.sink.end(notes)
    }
}

/// A bench row as printed: its fields under [`COLUMNS`].
fn record(row: &Row) -> Record {
    export::assemble(COLUMNS.map(|c| c.key), &[&row.fields()])
}

#[cfg(test)]
mod tests {
    use super::COLUMNS;

    #[test]
    fn the_columns_are_the_rows_keys() {
        assert_eq!(COLUMNS.map(|c| c.key), nqueens_bench::KEYS);
    }
}
