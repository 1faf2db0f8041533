//! `solve`: the method, the board checked against the method's own limit,
//! and the options only the random methods take.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};
use nqueens_puzzles::solve::accessibility::Square;
use nqueens_puzzles::solve::{Method, Options};

use crate::cli::{Reading, SolveArgs, SolveFormat};
use nqueens::number;

/// A validated `solve` request.
pub struct Solve {
    pub n: usize,
    pub method: Method,
    pub options: Options,
    pub out: Option<PathBuf>,
    pub format: SolveFormat,
    pub reading: Reading,
    /// The number of the first row and column in the written vector.
    pub base: u8,
    /// The sheet's own listing (accessibility with --table or
    /// --every-start): whether from every start, whether with the table.
    pub sheet: Option<(bool, bool)>,
}

impl TryFrom<SolveArgs> for Solve {
    type Error = anyhow::Error;
    fn try_from(a: SolveArgs) -> Result<Solve> {
        let method = method(&a.method)?;
        let n = number::size(&a.n, "n", 1..=method.max_n(), &method.limit_owner())?;
        let mut options = Options::default();
        if let Some(text) = &a.seed {
            if !method.is_seeded() {
                bail!(
                    "--seed applies to the methods that draw random numbers ({}), not to {}",
                    Method::names(Method::is_seeded),
                    method.name()
                );
            }
            options.seed = number::whole(text, "--seed", 0..=u64::MAX, "")?;
        }
        if let Some(text) = &a.max_attempts {
            if !method.has_attempts() {
                bail!(
                    "--max-attempts applies to the methods that give up ({}), not to {}",
                    Method::names(Method::has_attempts),
                    method.name()
                );
            }
            options.max_attempts = number::whole(text, "--max-attempts", 1..=u64::MAX, "")?;
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
            options.start = Some(square(text, n)?);
        }
        options.free_list = a.free_list;
        let base = super::base(a.base.as_deref())?;
        if base == 0 && a.format != SolveFormat::Vector {
            bail!(
                "--base 0 numbers the vector; --format {} numbers from 1, as docs/formats.md says",
                super::value_name(a.format)
            );
        }
        if base == 0 && (a.every_start || a.table) {
            bail!("--base does not apply to --every-start and --table: the sheet's listing numbers from 0 already");
        }
        if a.every_start || a.table {
            if a.out.is_some() {
                bail!("--out takes one solution; --every-start and --table print the sheet's listing to standard output");
            }
            if a.reading != Reading::Rows {
                bail!("--reading does not apply to --every-start and --table: the sheet's runs are (row,column) squares");
            }
            if a.table && a.format == SolveFormat::Csv {
                bail!("--table with --format csv: the table's rows and the runs are two kinds of row; use --format json, or csv without --table");
            }
        }
        Ok(Solve {
            n,
            method,
            options,
            out: a.out,
            format: a.format,
            reading: a.reading,
            base,
            sheet: (a.every_start || a.table).then_some((a.every_start, a.table)),
        })
    }
}

/// Looks a method up by name (clap has already checked it is one).
fn method(name: &str) -> Result<Method> {
    match Method::by_name(name) {
        Some(m) => Ok(m),
        None => bail!(
            "unknown method '{name}' (known: {})",
            Method::names(|_| true)
        ),
    }
}

/// Parses `--start ROW,COL`: the sheet's coordinates, from 0.
pub fn square(text: &str, n: usize) -> Result<Square> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let (Some(r), Some(c), 2) = (parts.first(), parts.get(1), parts.len()) else {
        bail!("--start \"{text}\": give ROW,COL from 0, e.g. 1,1");
    };
    let coord = |t: &str| {
        t.parse::<usize>()
            .ok()
            .filter(|&v| v < n)
            .ok_or_else(|| anyhow!("--start \"{text}\": '{t}' is not from 0 to {}", n - 1))
    };
    Ok((coord(r)?, coord(c)?))
}
