//! `levels` and `space`: the flags handed to the library's requests
//! ([`nqueens::LevelsRequest`], [`nqueens::SpaceRequest`]), which check
//! them against the limits the kernel's reference code declares; the
//! formats' own options checked here.

use anyhow::{bail, Result};

use crate::cli::{LevelsArgs, LevelsFormat, SpaceArgs, TableFormat};

/// A validated `levels` request.
pub struct Levels {
    /// The library's level, its prefix checked.
    pub levels: nqueens::Levels,
    pub format: LevelsFormat,
    /// `--count`: a first line (or record) with the level's size.
    pub count_header: bool,
    /// The number of the first line: 1, or 0.
    pub base: u8,
}

impl TryFrom<LevelsArgs> for Levels {
    type Error = anyhow::Error;
    fn try_from(a: LevelsArgs) -> Result<Levels> {
        let request = nqueens::LevelsRequest {
            n: a.n,
            queens: a.queens,
        };
        let levels = request.check()?;
        let base = super::base(a.base.as_deref())?;
        if base == 0 && matches!(a.format, LevelsFormat::Json | LevelsFormat::Csv) {
            bail!(
                "--base 0 numbers 004's notation; --format {} numbers lines from 1, as docs/formats.md says",
                super::value_name(a.format)
            );
        }
        if a.count && a.format == LevelsFormat::Csv {
            bail!("--count does not apply to --format csv: a table's rows are its count");
        }
        Ok(Levels {
            levels: levels.prefix(a.prefix.as_deref().unwrap_or(""), base)?,
            format: a.format,
            count_header: a.count,
            base,
        })
    }
}

/// A validated `space` request.
pub struct Space {
    pub space: nqueens::Space,
    pub format: TableFormat,
}

impl TryFrom<SpaceArgs> for Space {
    type Error = anyhow::Error;
    fn try_from(a: SpaceArgs) -> Result<Space> {
        Ok(Space {
            space: nqueens::SpaceRequest { n: a.n }.check()?,
            format: a.format,
        })
    }
}
