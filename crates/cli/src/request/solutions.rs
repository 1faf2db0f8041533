//! `solutions`: the board (the variant's limit or the kernel's), the
//! prefix of first rows, the limit on how many are listed.

use anyhow::{bail, Result};
use nqueens_kernel::Board;
use nqueens_puzzles::solutions::PrefixError;
use nqueens_puzzles::variant::Variant;

use super::count;
use super::number;
use crate::cli::{SolutionFormat, SolutionsArgs};

/// A validated `solutions` request.
pub struct Solutions {
    pub board: Board,
    /// 0-based columns of the first rows.
    pub prefix: Option<Vec<u8>>,
    pub unique: bool,
    pub limit: Option<u64>,
    pub format: SolutionFormat,
    pub verify: bool,
    pub variant: Option<Variant>,
}

/// Rows `--format digits` writes as one digit each.
const DIGITS_MAX_N: usize = 9;

impl TryFrom<SolutionsArgs> for Solutions {
    type Error = anyhow::Error;
    fn try_from(a: SolutionsArgs) -> Result<Solutions> {
        let variant = count::variant(&a.variant)?;
        let board = count::board(&a.n, variant)?;
        let n = board.n();
        if a.format == SolutionFormat::Digits && n > DIGITS_MAX_N {
            bail!(
                "--format digits writes one digit per row, so it needs n <= {DIGITS_MAX_N}, not n = {n} (use --format vector)"
            );
        }
        let prefix = a.prefix.as_deref().map(|p| prefix(p, n)).transpose()?;
        let limit = a
            .limit
            .as_deref()
            .map(|k| number::whole(k, "--limit", 1..=u64::MAX, ""))
            .transpose()?;
        Ok(Solutions {
            board,
            prefix,
            unique: a.unique,
            limit,
            format: a.format,
            verify: a.verify,
            variant,
        })
    }
}

/// Parses `--prefix "c1 c2 ..."` (1-based columns separated by spaces or
/// commas) into 0-based columns; whether the queens attack each other is
/// left to the kernel, which names the pair.
fn prefix(text: &str, n: usize) -> Result<Vec<u8>> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() {
        bail!("--prefix is empty: give the 1-based columns of the first rows, e.g. \"1 5\"");
    }
    if tokens.len() > n {
        bail!(
            "--prefix \"{text}\": {}",
            PrefixError::TooLong {
                len: tokens.len(),
                n
            }
        );
    }
    tokens
        .iter()
        .enumerate()
        .map(|(row, t)| {
            let column: i128 = t.parse().map_err(|_| {
                anyhow::anyhow!(
                    "--prefix \"{text}\": '{t}' (row {}) is not a column number; give 1-based columns separated by spaces, e.g. \"1 5\"",
                    row + 1
                )
            })?;
            if !(1..=n as i128).contains(&column) {
                bail!(
                    "--prefix \"{text}\": row {}: column {column} is off the board (columns run from 1 to {n})",
                    row + 1
                );
            }
            Ok((column - 1) as u8)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_are_parsed_with_clear_messages() {
        assert_eq!(prefix("1 5", 8).unwrap(), [0, 4]);
        assert_eq!(prefix(" 1,5 ,8 ", 8).unwrap(), [0, 4, 7]);
        let e = |p: &str| prefix(p, 8).unwrap_err().to_string();
        assert!(e("").contains("empty"));
        assert!(e("1 x").contains("'x' (row 2) is not a column number"));
        assert!(e("1 9").contains("row 2: column 9 is off the board"));
        assert!(e("0").contains("column 0 is off the board"));
        assert!(e("1 2 3 4 5 6 7 8 1").contains("9 columns, more than the 8 rows"));
    }
}
