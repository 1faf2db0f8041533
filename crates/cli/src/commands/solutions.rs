//! `nqueens solutions N`: every solution (or every fundamental one) in
//! lexicographic order, streamed.
//!
//! The kernel's iterators hand over one solution at a time and this verb
//! writes it at once through a buffered stdout, so memory stays flat
//! however many solutions there are, and a closed pipe (`| head -1`) ends
//! the run with an `io::Error` that `main` turns into a quiet exit 0.
//!
//! Columns are written 1-based, one per row. `algebraic` names squares as
//! `render` does (file letter = column, rank number = row; files past Z are
//! AA, AB, ... as spreadsheet columns), `board` draws each solution with
//! rank 1 at the bottom. With `--unique` each text line ends with
//! `(orbit K)` and each JSON object has `"orbit": K`. Every format writes
//! `solution` records through `export` (keys in docs/formats.md); json,
//! csv and markdown are the machine formats, the others drawings of the
//! same records. A listing that finds nothing exits 0: csv and markdown
//! write their header alone, json one record `{"n": N, "found": false}`,
//! the drawings nothing. A `--prefix` that no solution extends is the
//! exception: one line on stderr names the first row it leaves without a
//! free square (002 §1's blocked boards; json also has `blocked_row` in
//! its record) and the exit code is 1, as for any answer that is not a
//! success.
//!
//! `--prefix` with `--unique` lists the fundamental solutions that start
//! with the prefix themselves: every orbit is listed by its smallest
//! member, and that member is the one compared with the prefix.
//!
//! `--verify` re-checks what was written with code that shares nothing with
//! the search: `naive::is_solution`, the eight symmetries applied one by
//! one, and strictly increasing order (which rules out repeats). When the
//! whole board was listed, the number is also compared with the count.
//!
//! `--torus` and `--no-three-in-line` list a variant's solutions instead
//! ([`nqueens::Variant`]): its search runs one first-row column after
//! the other and hands over each solution as it is found, in the same
//! lexicographic order, so `--limit`, `--unique`, `--prefix`, `--verify` and
//! every format work as above. `--verify` then also checks the variant's
//! rule with its own independent checker and compares with its count.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Result;
use nqueens::listing::{Listed, SolutionRecord};
use nqueens::{Control, Listing};

use crate::cli::SolutionFormat;
use crate::export::{self, Column, Format, Sink};
use crate::request::Solutions as Request;

pub fn run(req: Request) -> Result<ExitCode> {
    let req = &req;
    let listing = &req.listing;
    let control = Control::new();
    // `--count header`: the listing walked once to count it, whatever the
    // limit, then again to write it.
    let header = req
        .count_header
        .then(|| listing.counted(&control))
        .transpose()?;
    let mut writer = Writer::new(req)?;
    if let Some(counted) = header {
        writer.sink.record(&counted.fields())?;
    }
    let listed = match listing.run(&control, |s, orbit| writer.write(listing.record(s, orbit))) {
        Ok(listed) => listed,
        Err(e) => {
            writer.sink.end(&[])?;
            return Err(e);
        }
    };
    writer.finish(listing, &listed)?;
    if listed.dead_end.is_some() {
        // On stderr in every format (json also has it in its record), as
        // `solve` does for its answers that are not a success.
        let words: Vec<String> = listing
            .prefix
            .iter()
            .map(|&c| (c + 1).to_string())
            .collect();
        let why = match listed.dead_end.flatten() {
            Some(row) => format!("row {row} has no free square"),
            None => "every row below it keeps a free square, but they cannot all be filled".into(),
        };
        writeln!(
            io::stderr(),
            "nqueens: no solution extends --prefix \"{}\": {why}",
            words.join(" ")
        )?;
        return Ok(ExitCode::from(EXIT_NO_COMPLETION));
    }
    if let Some(verdict) = listed.verdict() {
        writeln!(io::stderr(), "{}", verdict?)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Exit code for a `--prefix` that no solution extends (docs/formats.md).
const EXIT_NO_COMPLETION: u8 = 1;

/// The keys of a `solution` record.
const COLUMNS: [Column; 2] = [Column::new("placement", 0), Column::new("orbit", 0)];

/// Writes the listing's `solution` records through a buffered sink.
struct Writer {
    sink: Box<dyn Sink>,
    json: bool,
    written: u64,
}

impl Writer {
    fn new(req: &Request) -> io::Result<Writer> {
        let out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
        let format = Format::from(req.format);
        let mut sink = export::listing_numbered(format, Box::new(out), req.numbering);
        sink.begin(&COLUMNS)?;
        Ok(Writer {
            sink,
            json: req.format == SolutionFormat::Json,
            written: 0,
        })
    }

    fn write(&mut self, record: SolutionRecord) -> Result<()> {
        self.sink.record(&record.fields())?;
        self.written += 1;
        Ok(())
    }

    /// Ends the listing. In JSON an empty listing still says so, in a
    /// record of its own, with the first row a prefix left without a free
    /// square.
    fn finish(mut self, listing: &Listing, listed: &Listed) -> io::Result<()> {
        if self.written == 0 && self.json {
            self.sink.record(&listing.no_solution(listed).fields())?;
        }
        self.sink.end(&[])
    }
}
