//! `levels` and `space`: the source documents' level lists and search-space
//! sizes, each checked against the limits the kernel's reference code
//! declares (`reference::level_lists::MAX_N`, `reference::search_space::MAX_N`).

use anyhow::{anyhow, bail, Result};
use nqueens_kernel::reference::{level_lists, search_space};

use super::number;
use crate::cli::{LevelsArgs, LevelsFormat, SpaceArgs, TableFormat};

/// A validated `levels` request.
pub struct Levels {
    pub n: usize,
    /// Queens placed: the level.
    pub k: usize,
    /// 1-based lines of the first columns' queens, at most `k`.
    pub prefix: Vec<u8>,
    pub format: LevelsFormat,
}

impl TryFrom<LevelsArgs> for Levels {
    type Error = anyhow::Error;
    fn try_from(a: LevelsArgs) -> Result<Levels> {
        let n = number::size(&a.n, "n", 1..=level_lists::MAX_N, " for level lists")?;
        let k = number::size(&a.queens, "--queens", 0..=n, &format!(" on n = {n}"))?;
        let prefix = prefix(a.prefix.as_deref().unwrap_or(""), n, k)?;
        Ok(Levels {
            n,
            k,
            prefix,
            format: a.format,
        })
    }
}

/// The lines of the first columns' queens, 1-based, at most `k` of them.
fn prefix(text: &str, n: usize, k: usize) -> Result<Vec<u8>> {
    let lines: Vec<u8> = text
        .split_whitespace()
        .map(|w| match w.parse::<usize>() {
            Ok(r) if (1..=n).contains(&r) => Ok(r as u8),
            _ => Err(anyhow!("--prefix: lines run from 1 to {n}, not '{w}'")),
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
