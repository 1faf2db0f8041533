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
use std::ops::ControlFlow;
use std::process::ExitCode;

use anyhow::Result;
use nqueens::solutions::{
    blocked::Partial, classify, naive, Fundamentals, PrefixError, Solution, Solutions, Symmetry,
};
use nqueens::{Board, Variant, MAX_N};

use crate::cli::SolutionFormat;
use crate::export::{self, Column, Format, Sink, Value};
use crate::request::Solutions as Request;

pub fn run(req: Request) -> Result<ExitCode> {
    let req = &req;
    let prefix = req.prefix.as_deref().unwrap_or(&[]);
    let limit = req.limit.unwrap_or(u64::MAX);
    // `--count header`: the listing walked once to count it, whatever the
    // limit, then again to write it.
    let header = if req.count_header {
        let mut count = 0usize;
        each(req, u64::MAX, &mut |_, _| {
            count += 1;
            Ok(())
        })?;
        Some(count)
    } else {
        each(req, 0, &mut |_, _| Ok(()))?; // the prefix checked before any output
        None
    };
    let mut writer = Writer::new(req)?;
    // With --unique the listing counts symmetry classes, not solutions.
    let of = if req.unique {
        "unique solutions"
    } else {
        "solutions"
    };
    if let Some(count) = header {
        writer
            .sink
            .record(&export::listing_count(req.board.n(), count, of))?;
    }
    let mut check = req
        .verify
        .then(|| Verifier::new(req.unique, prefix, req.variant));
    let listed = each(req, limit, &mut |s, orbit| {
        if let Some(check) = &mut check {
            check.add(s, orbit)?;
        }
        writer.write(s, orbit)?;
        Ok(())
    });
    if let Err(e) = listed {
        writer.sink.end(&[])?;
        return Err(e);
    }
    // A prefix nothing completes: say so, and where the next queen is stuck.
    // (With --unique an empty listing may still have completions: their
    // orbits are listed by smaller members.)
    let dead_end = (writer.written == 0
        && !prefix.is_empty()
        && limit > 0
        && !req.unique
        && req.variant.is_none())
    .then(|| {
        let cols: Vec<usize> = prefix.iter().map(|&c| usize::from(c) + 1).collect();
        Partial::new(req.board.n(), &cols)
            .ok()
            .and_then(|p| p.first_blocked_row())
    });
    let written = writer.finish(dead_end.flatten())?;
    if let Some(blocked) = dead_end {
        // On stderr in every format (json also has it in its record), as
        // `solve` does for its answers that are not a success.
        let words: Vec<String> = prefix.iter().map(|&c| (c + 1).to_string()).collect();
        let why = match blocked {
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
    if let Some(check) = check {
        // Complete when nothing narrowed the listing down: then the count
        // (Burnside, a different search) must agree with it.
        let complete = req.prefix.is_none() && written < limit;
        let message = check.finish(complete.then_some(req.board))?;
        writeln!(io::stderr(), "{message}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Hands the listing's solutions to `f` in lexicographic order, each with
/// its orbit (0 without `--unique`), at most `limit` of them; an error from
/// `f` ends the listing. A prefix the rules refuse is an error before the
/// first solution, so a caller can check it with a limit of 0.
///
/// A variant's search runs one first-row column after the other and hands
/// over each solution as it is found, in the same order.
fn each(req: &Request, limit: u64, f: &mut dyn FnMut(&[u8], usize) -> Result<()>) -> Result<()> {
    let prefix = req.prefix.as_deref().unwrap_or(&[]);
    let Some(variant) = req.variant else {
        // Both iterators as one: a solution and its orbit.
        let solutions: Box<dyn Iterator<Item = (Solution, usize)>> = if req.unique {
            Box::new(if prefix.is_empty() {
                Fundamentals::new(req.board)
            } else {
                Fundamentals::with_prefix(req.board, prefix).map_err(|e| prefix_error(req, e))?
            })
        } else {
            let it = Solutions::with_prefix(req.board, prefix).map_err(|e| prefix_error(req, e))?;
            Box::new(it.map(|s| (s, 0)))
        };
        // `take`, not a test after the next item: finding one solution too
        // many can take seconds on a large board.
        for (solution, orbit) in solutions.take(usize::try_from(limit).unwrap_or(usize::MAX)) {
            f(&solution, orbit)?;
        }
        return Ok(());
    };
    if !prefix.is_empty() {
        // The ordinary rules first, for the same messages as without a variant.
        Solutions::with_prefix(req.board, prefix).map_err(|e| prefix_error(req, e))?;
    }
    if limit == 0 {
        return Ok(());
    }
    let firsts = match prefix.first() {
        Some(&c) => usize::from(c)..usize::from(c) + 1,
        None => 0..req.board.n(),
    };
    let (mut handed, mut failure) = (0u64, None);
    for first in firsts {
        let searched = variant.search(req.board, first, |s| {
            if !s.starts_with(prefix) {
                return ControlFlow::Continue(());
            }
            let orbit = if req.unique {
                match classify(s).orbit {
                    Some(orbit) => orbit,
                    None => return ControlFlow::Continue(()),
                }
            } else {
                0
            };
            if let Err(e) = f(s, orbit) {
                failure = Some(e);
                return ControlFlow::Break(());
            }
            handed += 1;
            if handed == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if searched.stopped {
            break;
        }
    }
    failure.map_or(Ok(()), Err)
}

fn prefix_error(req: &Request, e: PrefixError) -> anyhow::Error {
    let given: Vec<String> = req
        .prefix
        .iter()
        .flatten()
        .map(|c| (c + 1).to_string())
        .collect();
    anyhow::anyhow!("--prefix \"{}\": {e}", given.join(" "))
}

/// The keys of a `solution` record.
/// Exit code for a `--prefix` that no solution extends (docs/formats.md).
const EXIT_NO_COMPLETION: u8 = 1;

const COLUMNS: [Column; 2] = [Column::new("placement", 0), Column::new("orbit", 0)];

/// Writes the listing's `solution` records through a buffered sink.
struct Writer {
    sink: Box<dyn Sink>,
    n: usize,
    json: bool,
    unique: bool,
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
            n: req.board.n(),
            json: req.format == SolutionFormat::Json,
            unique: req.unique,
            written: 0,
        })
    }

    fn write(&mut self, columns: &[u8], orbit: usize) -> io::Result<()> {
        self.sink.record(&vec![
            (
                "placement",
                Value::Columns(columns.iter().map(|&c| u32::from(c)).collect()),
            ),
            ("orbit", self.unique.then_some(orbit).into()),
        ])?;
        self.written += 1;
        Ok(())
    }

    /// Ends the listing, returning how many solutions it holds. In JSON an
    /// empty listing still says so, in a record of its own, with the first
    /// row a prefix left without a free square.
    fn finish(mut self, blocked: Option<usize>) -> io::Result<u64> {
        if self.written == 0 && self.json {
            self.sink.record(&vec![
                ("n", self.n.into()),
                ("found", false.into()),
                ("blocked_row", blocked.into()),
            ])?;
        }
        self.sink.end(&[])?;
        Ok(self.written)
    }
}

/// The `--verify` checks, one solution at a time.
struct Verifier {
    unique: bool,
    prefix: Vec<u8>,
    /// The variant whose rule every solution must also keep.
    variant: Option<Variant>,
    /// The solution before, empty before the first.
    previous: Vec<u8>,
    count: u64,
    orbits: u64,
}

impl Verifier {
    fn new(unique: bool, prefix: &[u8], variant: Option<Variant>) -> Verifier {
        Verifier {
            unique,
            prefix: prefix.to_vec(),
            variant,
            previous: Vec::with_capacity(MAX_N),
            count: 0,
            orbits: 0,
        }
    }

    fn add(&mut self, s: &[u8], orbit: usize) -> Result<()> {
        self.count += 1;
        let fail = |why: &str| -> Result<()> {
            let shown: Vec<String> = s.iter().map(|c| (c + 1).to_string()).collect();
            Err(nqueens::Error::mismatch(format!(
                "verification failed: solution {} ({}) {why}",
                self.count,
                shown.join(" ")
            ))
            .into())
        };
        if !naive::is_solution(s) {
            return fail("is not a solution");
        }
        if let Some(v) = self.variant {
            if !v.allows(s) {
                return fail(&format!("breaks the --{} rule", v.name()));
            }
        }
        if !s.starts_with(&self.prefix) {
            return fail("does not start with the prefix");
        }
        // Strictly increasing: no repeats, and the promised order.
        if !self.previous.is_empty() && s <= self.previous.as_slice() {
            return fail("is not after the one before it in lexicographic order");
        }
        if self.unique {
            let images: Vec<Vec<u8>> = Symmetry::ALL.iter().map(|g| g.apply(s)).collect();
            if images.iter().any(|image| image.as_slice() < s) {
                return fail("is not the smallest of its orbit");
            }
            let fixed = images.iter().filter(|image| image.as_slice() == s).count();
            if orbit * fixed != 8 {
                return fail(&format!("has orbit {}, not {orbit}", 8 / fixed.max(1)));
            }
            self.orbits += orbit as u64;
        }
        self.previous.clear();
        self.previous.extend_from_slice(s);
        Ok(())
    }

    /// The closing message, after comparing with the count when `complete`
    /// holds the board that was listed whole.
    fn finish(self, complete: Option<Board>) -> Result<String> {
        let plural = |k: u64| if k == 1 { "" } else { "s" };
        let mut message = if self.unique {
            format!(
                "verified: {} fundamental solution{}, all valid and canonical, none repeated, orbits sum to {}",
                self.count,
                plural(self.count),
                self.orbits
            )
        } else {
            format!(
                "verified: {} solution{}, all valid, none repeated",
                self.count,
                plural(self.count)
            )
        };
        if let Some(board) = complete {
            let (total, unique) = match self.variant {
                None => {
                    let c = nqueens::solutions::count(board.n())?;
                    (c.total, c.unique)
                }
                Some(v) => {
                    let t = v.count(board);
                    (u128::from(t.solutions), t.unique(board))
                }
            };
            let (listed, counted) = if self.unique {
                (u128::from(self.count), unique)
            } else {
                (u128::from(self.count), total)
            };
            if listed != counted || (self.unique && u128::from(self.orbits) != total) {
                return Err(nqueens::Error::mismatch(format!(
                    "verification failed: listed {listed}{}, but the count says {counted} ({total} in all)",
                    if self.unique { " fundamental" } else { "" },
                ))
                .into());
            }
            message.push_str(", none missing (the count agrees)");
        }
        Ok(message)
    }
}
