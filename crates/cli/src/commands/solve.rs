//! `nqueens solve N`: one solution of any board up to 10^7, by construction
//! or by search.
//!
//! The verb parses and checks its arguments, asks the kernel
//! (`nqueens_puzzles::solve`) for a solution, checks it in O(n) with the
//! kernel's independent verifier, and writes it. The columns are written
//! 1-based, one per row, as everywhere in this tool.
//!
//! - Bad input (n out of range, junk, an option the method does not take,
//!   an unwritable `--out`) is an error: one line, exit code 2.
//! - n = 2 and n = 3 have no solution, and the random method may give up:
//!   those are answers, not mistakes, so they are one line on stderr and
//!   exit code 1; json and csv still write the `solve` record, with
//!   `found` false and the reason in `note` (vector has nothing to draw).
//! - A solution that fails the check (a bug) is still written, with
//!   `valid` false, and the run fails with exit code 1.
//!
//! With `--out FILE` the solution goes through `crate::io::Output`, opened
//! before the search starts (so an unwritable FILE is reported at once): a
//! regular FILE is replaced whole once complete, so an error never leaves a
//! half-written FILE nor the temporary file; a device or FIFO is written
//! into. The terminal then
//! gets a one-line summary. Everything is written through a `BufWriter`
//! with a hand-rolled number formatter: ten million columns are 79 MB.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use nqueens_puzzles::solve::{self, Method, Options, Solution, SolveError, MAX_N};

use super::Mismatch;
use crate::cli::{self, SolveArgs, SolveFormat};
use crate::export::{self, Cell, Format, Record};
use crate::io::Output;

/// Exit code for "no solution exists" and "gave up": answers, not errors.
const EXIT_NO_SOLUTION: u8 = 1;

/// A validated `solve` request.
struct Request {
    n: usize,
    method: Method,
    options: Options,
    out: Option<PathBuf>,
    format: SolveFormat,
    reading: cli::Reading,
    /// The sheet's own listing (accessibility with --table or
    /// --every-start): whether from every start, whether with the table.
    sheet: Option<(bool, bool)>,
}

impl TryFrom<SolveArgs> for Request {
    type Error = anyhow::Error;
    fn try_from(a: SolveArgs) -> Result<Request> {
        let n = board_size(&a.n)?;
        let method = match a.method {
            cli::Method::Construct => Method::Construct,
            cli::Method::ConstructMod6 => Method::ConstructMod6,
            cli::Method::MinConflicts => Method::MinConflicts,
            cli::Method::Heuristic => Method::Heuristic,
            cli::Method::Random => Method::Random,
            cli::Method::Backtrack => Method::Backtrack,
            cli::Method::Accessibility => Method::Accessibility,
        };
        if n > method.max_n() {
            // The kernel says it in the same words; saying it here spares
            // creating the --out file.
            bail!(
                "{}",
                SolveError::TooLarge {
                    n,
                    method,
                    limit: method.max_n()
                }
            );
        }
        let mut options = Options::default();
        if let Some(text) = &a.seed {
            if !method.is_seeded() {
                bail!(
                    "--seed applies to the random methods (min-conflicts, random), not to {}",
                    method.name()
                );
            }
            options.seed = seed(text)?;
        }
        if let Some(text) = &a.max_attempts {
            if method != Method::Random {
                bail!(
                    "--max-attempts applies to the random method only, not to {}",
                    method.name()
                );
            }
            options.max_attempts = attempts(text)?;
        }
        let sheet = a.start.is_some() || a.every_start || a.table || a.free_list;
        if sheet && method != Method::Accessibility {
            bail!(
                "--start, --every-start, --table and --free-list apply to --method accessibility, not to {}",
                method.name()
            );
        }
        if let Some(text) = &a.start {
            if a.every_start {
                bail!("--start and --every-start exclude each other");
            }
            options.start = Some(super::accessibility::square(text, n)?);
        }
        options.free_list = a.free_list;
        Ok(Request {
            n,
            method,
            options,
            out: a.out,
            format: a.format,
            reading: a.reading,
            sheet: (a.every_start || a.table).then_some((a.every_start, a.table)),
        })
    }
}

pub fn run(args: SolveArgs) -> Result<ExitCode> {
    let req = Request::try_from(args)?;
    if let Some((every_start, table)) = req.sheet {
        return super::accessibility::run(req.n, every_start, table, &req.options);
    }
    // Before the search, which may take seconds: fail fast on a bad FILE.
    let file = req
        .out
        .as_deref()
        .map(|path| Output::create(path, "--out"))
        .transpose()?;
    let start = Instant::now();
    let found = solve::solve(req.n, req.method, &req.options);
    let seconds = start.elapsed().as_secs_f64();
    let mut solution = match found {
        Ok(s) => s,
        Err(e @ SolveError::NoSolution { .. }) => return no_solution(&req, seconds, e.to_string()),
        Err(e @ SolveError::Stuck { .. }) => return no_solution(&req, seconds, e.to_string()),
        Err(e @ SolveError::GaveUp { .. }) => {
            return no_solution(
                &req,
                seconds,
                format!("{e} (raise --max-attempts, or use --method min-conflicts)"),
            )
        }
        Err(e) => return Err(e.into()),
    };
    let valid = solve::verify(&solution.columns);
    let flaw = (!valid).then(|| solve::first_flaw(&solution.columns));
    // Moved into the record that writes it: ten million columns are 40 MB.
    let columns = match req.reading {
        cli::Reading::Rows => std::mem::take(&mut solution.columns),
        cli::Reading::Columns => transpose(&solution.columns),
    };
    let report = Report {
        req: &req,
        seconds,
        solution: Some(&solution),
        valid: Some(valid),
        note: None,
    };
    let format = Format::from(req.format);
    match file {
        Some(mut f) => {
            let path = f.path().to_path_buf();
            let path = path.as_path();
            f.write(|w| {
                export::write_one(format, Box::new(w), &report.record(Some(columns), None))
            })?;
            f.commit()?;
            // The terminal gets the record without the placement; the
            // drawing would be empty, so a `key=value` line instead.
            let summary = match req.format {
                SolveFormat::Vector => Format::Line,
                _ => format,
            };
            export::print_one(summary, &report.record(None, Some(path)))?;
        }
        None => {
            let out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            export::write_one(format, Box::new(out), &report.record(Some(columns), None))?;
        }
    }
    if let Some(flaw) = flaw {
        return Err(Mismatch(format!(
            "the {} solution for n = {} failed its check ({flaw:?}); this is a bug",
            req.method.name(),
            req.n,
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}

/// The placement read column by column: entry c is the row of column c's
/// queen (the inverse permutation of a valid solution; a placement that
/// failed its check is reported as found, never read this way).
fn transpose(columns: &[u32]) -> Vec<u32> {
    let mut rows = vec![0; columns.len()];
    for (r, &c) in columns.iter().enumerate() {
        if let Some(slot) = rows.get_mut(c as usize) {
            *slot = r as u32;
        }
    }
    rows
}

/// There is no solution to show: the record says so (`found` false, the
/// reason in `note`) in the chosen format, and one line on stderr; exit
/// code 1.
fn no_solution(req: &Request, seconds: f64, message: String) -> Result<ExitCode> {
    let report = Report {
        req,
        seconds,
        solution: None,
        valid: None,
        note: Some(message),
    };
    export::print_one(Format::from(req.format), &report.record(None, None))?;
    let _ = writeln!(
        io::stderr(),
        "nqueens: {}",
        report.note.as_deref().unwrap_or_default()
    );
    Ok(ExitCode::from(EXIT_NO_SOLUTION))
}

/// What is reported about a search: a `solve` record (docs/formats.md).
struct Report<'a> {
    req: &'a Request,
    seconds: f64,
    /// `None` when there is none (n = 2, 3) or the method gave up.
    solution: Option<&'a Solution>,
    valid: Option<bool>,
    /// Why there is no solution.
    note: Option<String>,
}

impl Report<'_> {
    /// The record, with the placement's 0-based columns when given and the
    /// file they went to when `out` is. The method's own counts are null
    /// where the method keeps none.
    fn record(&self, placement: Option<Vec<u32>>, out: Option<&Path>) -> Record {
        let s = self.solution;
        let method = self.req.method;
        let count = |applies: bool, value: fn(&Solution) -> u64| -> Cell {
            s.filter(|_| applies).map(value).into()
        };
        vec![
            ("n", self.req.n.into()),
            ("method", method.name().into()),
            ("found", s.is_some().into()),
            ("seconds", self.seconds.into()),
            ("steps", s.map(|s| s.steps).into()),
            ("valid", self.valid.into()),
            (
                "seed",
                method.is_seeded().then_some(self.req.options.seed).into(),
            ),
            (
                "restarts",
                count(method == Method::MinConflicts, |s| s.restarts),
            ),
            (
                "backtracks",
                count(
                    matches!(method, Method::Heuristic | Method::Backtrack),
                    |s| s.backtracks,
                ),
            ),
            ("attempts", count(method == Method::Random, |s| s.attempts)),
            (
                "examined",
                count(method == Method::Accessibility, |s| s.examined),
            ),
            ("note", self.note.clone().into()),
            ("out", out.map(|p| p.to_string_lossy().into_owned()).into()),
            ("placement", placement.map_or(Cell::Null, Cell::Columns)),
        ]
    }
}

/// Parses the board size: 1 to [`MAX_N`].
fn board_size(text: &str) -> Result<usize> {
    let n = whole(text)
        .ok_or_else(|| anyhow!("n must be a whole number from 1 to {MAX_N}, not '{text}'"))?;
    match n {
        Whole::Value(n) if n < 1 => bail!("n must be at least 1, not {n}"),
        Whole::Value(n) if n <= MAX_N as i128 => Ok(n as usize),
        Whole::Value(n) => bail!("n = {n} is too large: n up to {MAX_N}"),
        Whole::Huge { negative: true } => bail!("n must be at least 1, not {}", text.trim()),
        Whole::Huge { negative: false } => {
            bail!("n = {} is too large: n up to {MAX_N}", text.trim())
        }
    }
}

/// Parses `--seed`: any u64.
fn seed(text: &str) -> Result<u64> {
    let range = || {
        anyhow!(
            "--seed must be a whole number from 0 to {}, not '{text}'",
            u64::MAX
        )
    };
    match whole(text).ok_or_else(range)? {
        Whole::Value(v) => u64::try_from(v).map_err(|_| range()),
        Whole::Huge { .. } => Err(range()),
    }
}

/// Parses `--max-attempts`: 1 to u64::MAX.
fn attempts(text: &str) -> Result<u64> {
    let junk = || anyhow!("--max-attempts must be a whole number, not '{text}'");
    match whole(text).ok_or_else(junk)? {
        Whole::Value(v) if v < 1 => bail!("--max-attempts must be at least 1, not {v}"),
        Whole::Value(v) => u64::try_from(v)
            .map_err(|_| anyhow!("--max-attempts must be at most {}, not {v}", u64::MAX)),
        Whole::Huge { negative: true } => {
            bail!("--max-attempts must be at least 1, not {}", text.trim())
        }
        Whole::Huge { negative: false } => bail!(
            "--max-attempts must be at most {}, not {}",
            u64::MAX,
            text.trim()
        ),
    }
}

/// A whole number as typed: its value, or just its sign when it does not
/// even fit an `i128`.
enum Whole {
    Value(i128),
    Huge { negative: bool },
}

/// Reads a whole number (optional sign, digits); `None` for anything else.
fn whole(text: &str) -> Option<Whole> {
    let t = text.trim();
    if let Ok(v) = t.parse::<i128>() {
        return Some(Whole::Value(v));
    }
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(Whole::Huge {
        negative: t.starts_with('-'),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes_are_checked_with_clear_messages() {
        assert_eq!(board_size("8").unwrap(), 8);
        assert_eq!(board_size(" 10000000 ").unwrap(), MAX_N);
        let e = |t: &str| board_size(t).unwrap_err().to_string();
        assert_eq!(e("0"), "n must be at least 1, not 0");
        assert_eq!(e("-3"), "n must be at least 1, not -3");
        assert_eq!(
            e("abc"),
            "n must be a whole number from 1 to 10000000, not 'abc'"
        );
        assert_eq!(e("10000001"), "n = 10000001 is too large: n up to 10000000");
        assert!(e("99999999999999999999999999999999999999999999").contains("too large"));
        assert!(e("-99999999999999999999999999999999999999999999").contains("at least 1"));
        assert!(e("1.5").contains("whole number"));
        assert!(e("").contains("whole number"));
    }

    #[test]
    fn seeds_and_attempts_are_checked() {
        assert_eq!(seed("0").unwrap(), 0);
        assert_eq!(seed("18446744073709551615").unwrap(), u64::MAX);
        assert!(seed("18446744073709551616").is_err());
        assert!(seed("-1").unwrap_err().to_string().contains("from 0 to"));
        assert!(seed("junk").unwrap_err().to_string().contains("not 'junk'"));
        assert_eq!(attempts("5").unwrap(), 5);
        assert!(attempts("0")
            .unwrap_err()
            .to_string()
            .contains("at least 1"));
        assert!(attempts("x")
            .unwrap_err()
            .to_string()
            .contains("whole number"));
        assert!(attempts("99999999999999999999999")
            .unwrap_err()
            .to_string()
            .contains("at most"));
    }
}
