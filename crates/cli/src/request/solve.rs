//! `solve`: the flags handed to the library's request
//! ([`nqueens::SolveRequest`], which checks the method, the board against
//! the method's own limit and the options only some methods take); the
//! output's options checked here.

use std::path::PathBuf;

use anyhow::{bail, Result};
use nqueens::Spelling;

use crate::cli::{Reading, SolveArgs, SolveFormat};

/// A validated `solve` request: the library's, and the output's options.
pub struct Solve {
    pub solve: nqueens::Solve,
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
        let request = nqueens::SolveRequest {
            n: a.n,
            method: a.method,
            seed: a.seed,
            max_attempts: a.max_attempts,
            start: a.start,
            every_start: a.every_start,
            table: a.table,
            free_list: a.free_list,
            spelling: Spelling::Flags,
        };
        let solve = request.check()?;
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
            solve,
            out: a.out,
            format: a.format,
            reading: a.reading,
            base,
            sheet: (a.every_start || a.table).then_some((a.every_start, a.table)),
        })
    }
}
