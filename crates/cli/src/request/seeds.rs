//! `levels` and `space`: the source documents' level lists and search-space
//! sizes, each checked against the limits the kernel's reference code
//! declares (`reference::level_lists::MAX_N`, `reference::search_space::MAX_N`).

use anyhow::{anyhow, bail, Result};
use nqueens_kernel::reference::{level_lists, search_space};

use crate::cli::{LevelsArgs, LevelsFormat, SpaceArgs, TableFormat};
use nqueens::number;

/// A validated `levels` request.
pub struct Levels {
    pub n: usize,
    /// Queens placed: the level.
    pub k: usize,
    /// 1-based lines of the first columns' queens, at most `k`.
    pub prefix: Vec<u8>,
    pub format: LevelsFormat,
    /// `--count`: a first line (or record) with the level's size.
    pub count_header: bool,
    /// The number of the first line: 1, or 0.
    pub base: u8,
}

impl TryFrom<LevelsArgs> for Levels {
    type Error = anyhow::Error;
    fn try_from(a: LevelsArgs) -> Result<Levels> {
        let n = number::size(&a.n, "n", 1..=level_lists::MAX_N, " for level lists")?;
        let k = number::size(&a.queens, "--queens", 1..=n, &format!(" on n = {n}"))?;
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
        let prefix = prefix(a.prefix.as_deref().unwrap_or(""), n, k, base)?;
        Ok(Levels {
            n,
            k,
            prefix,
            format: a.format,
            count_header: a.count,
            base,
        })
    }
}

/// The lines of the first columns' queens, numbered from `base` in the
/// text and returned 1-based, at most `k` of them.
fn prefix(text: &str, n: usize, k: usize, base: u8) -> Result<Vec<u8>> {
    let (first, last) = (usize::from(base), n - 1 + usize::from(base));
    let lines: Vec<u8> = text
        .split_whitespace()
        .map(|w| match w.parse::<usize>() {
            Ok(r) if (first..=last).contains(&r) => Ok((r + 1 - first) as u8),
            _ => Err(anyhow!(
                "--prefix: lines run from {first} to {last}, not '{w}'"
            )),
        })
        .collect::<Result<_>>()?;
    if lines.len() > k {
        bail!(
            "--prefix gives {} lines but --queens is {k}: a prefix holds at most K lines",
            lines.len()
        );
    }
    Ok(lines)
}

/// A validated `space` request.
pub struct Space {
    pub n: usize,
    pub format: TableFormat,
}

impl TryFrom<SpaceArgs> for Space {
    type Error = anyhow::Error;
    fn try_from(a: SpaceArgs) -> Result<Space> {
        let n = number::size(
            &a.n,
            "n",
            1..=search_space::MAX_N,
            " for exact search-space sizes",
        )?;
        Ok(Space {
            n,
            format: a.format,
        })
    }
}
