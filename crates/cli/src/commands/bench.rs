//! `nqueens bench`: the harness's run ([`nqueens_bench::run`]) behind a
//! progress bar over its timed runs, each row printed as soon as it is
//! complete; and `nqueens plot`: a recorded run drawn into an SVG file.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use nqueens::Value;
use nqueens_bench::{Row, Show};

use crate::export::{self, Column, Format, Record, Sink};
use crate::io::Output;
use crate::request::{Bench, Plot};
use crate::run::progress::Bar;
use crate::run::signals;

/// Exit code of an interrupted bench, as a shell reports SIGINT.
const EXIT_INTERRUPTED: u8 = 130;
/// How long after Ctrl-C the run may take to return.
const GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// The bench row's columns ([`nqueens_bench::KEYS`]) with the widest
/// values expected, so a text table aligns before its rows exist.
const COLUMNS: [Column; 21] = [
    Column::new("n", 2),
    Column::new("solver", 8),
    Column::new("timing", 10),
    Column::new("threads", 2),
    Column::new("runs", 4),
    Column::new("mean_s", 9),
    Column::new("stddev_s", 9),
    Column::new("median_s", 9),
    Column::new("min_s", 9),
    Column::new("max_s", 9),
    Column::new("user_s", 9),
    Column::new("system_s", 9),
    Column::new("max_rss_kib", 6),
    Column::new("nodes", 12),
    Column::new("nodes_per_s", 11),
    Column::new("speedup", 18),
    Column::new("speedup_stddev", 6),
    Column::new("total", 11),
    Column::new("unique", 10),
    Column::new("oeis", 4),
    Column::new("note", 0),
];

pub fn run(req: Bench) -> Result<ExitCode> {
    let format = Format::from(req.format);
    let sink = export::sink(format, Box::new(io::stdout().lock()));
    let mut printed = Printed {
        sink,
        bar: None,
        for_people: matches!(format, Format::Text | Format::TextTable | Format::Markdown),
    };
    // Ctrl-C or SIGTERM: every child the bench started is ended, whole
    // process group, and the run returns interrupted once its record is
    // marked so; a built-in solver counting in-process cannot be stopped
    // midway, so past a grace the watcher marks the record and exits.
    let stop = req.bench.stop.clone();
    signals::on_stop(move || {
        stop.now();
        std::thread::sleep(GRACE);
        stop.mark_record();
        let _ = writeln!(
            io::stderr(),
            "nqueens: error: the bench was interrupted; a count in flight did not stop within {} s",
            GRACE.as_secs()
        );
        std::process::exit(i32::from(EXIT_INTERRUPTED));
    })?;
    match nqueens_bench::run(&req.bench, &mut printed) {
        Err(e)
            if e.downcast_ref::<nqueens::Error>()
                .is_some_and(|e| e.kind() == nqueens::ErrorKind::Interrupted) =>
        {
            drop(printed);
            let _ = io::stdout().flush();
            let _ = writeln!(
                io::stderr(),
                "nqueens: error: the bench was interrupted; every program it started has been ended{}",
                match &req.bench.out {
                    Some(_) => " (the record says it is not whole)",
                    None => "",
                }
            );
            Ok(ExitCode::from(EXIT_INTERRUPTED))
        }
        result => {
            result?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

pub fn plot(req: Plot) -> Result<ExitCode> {
    let svg = req.recorded.svg()?;
    let mut file = Output::create(&req.out, "--out")?;
    file.write(|w| w.write_all(svg.as_bytes()))?;
    file.commit()?;
    writeln!(io::stdout(), "wrote {}", nqueens::visible::path(&req.out))?;
    Ok(ExitCode::SUCCESS)
}

/// A bench run on the command line: rows through the chosen format's
/// sink, progress on a bar over the timed runs (drawn once the run
/// starts).
struct Printed<'a> {
    sink: Box<dyn Sink + 'a>,
    bar: Option<Bar>,
    /// Text or Markdown: the speed-up drawn with its uncertainty.
    for_people: bool,
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

    fn more(&mut self, runs: u64) {
        if let Some(bar) = &self.bar {
            bar.grow(runs);
        }
    }

    fn skipped(&mut self, runs: u64) {
        if let Some(bar) = &self.bar {
            bar.skip(runs);
        }
    }

    fn row(&mut self, row: &Row) -> io::Result<()> {
        let record = record(row, self.for_people);
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
                let _ = md.record(&record(row, true));
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

/// A bench row as printed: its fields under [`COLUMNS`]; for people
/// (`for_people`), the speed-up with its uncertainty, `3.21 +- 0.08x`.
fn record(row: &Row, for_people: bool) -> Record {
    let mut fields = row.fields();
    if for_people {
        let stddev = fields.iter().find_map(|(k, v)| match (*k, v) {
            ("speedup_stddev", Value::Float(s)) => Some(*s),
            _ => None,
        });
        for (k, v) in fields.iter_mut() {
            if let ("speedup", Value::Ratio(r), Some(s)) = (*k, &*v, stddev) {
                *v = Value::Text(format!("{r:.2} +- {s:.2}x"));
            }
        }
    }
    export::assemble(COLUMNS.map(|c| c.key), &[&fields])
}

#[cfg(test)]
mod tests {
    use super::COLUMNS;

    #[test]
    fn the_columns_are_the_rows_keys() {
        assert_eq!(COLUMNS.map(|c| c.key), nqueens_bench::KEYS);
    }
}
