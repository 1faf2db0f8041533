//! `solutions`: the board (the variant's limit or the kernel's), the
//! prefix of first rows, the limit on how many are listed.

use anyhow::{bail, Result};
use nqueens::solutions::PrefixError;
use nqueens::Board;
use nqueens::Variant;

use super::count;
use crate::cli::{Orientation, SolutionFormat, SolutionsArgs};
use crate::export::Numbering;
use nqueens::number;

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
    /// `--count`: a first line (or record) with how many match.
    pub count_header: bool,
    /// How the drawings number and turn the board.
    pub numbering: Numbering,
}

/// Rows `--format digits` writes as one digit each.
const DIGITS_MAX_N: usize = 9;

impl TryFrom<SolutionsArgs> for Solutions {
    type Error = anyhow::Error;
    fn try_from(a: SolutionsArgs) -> Result<Solutions> {
        let variant = count::variant(&a.variant)?;
        let board = number::board_for(&a.n, variant)?;
        let n = board.n();
        if a.format == SolutionFormat::Digits && n > DIGITS_MAX_N {
            bail!(
                "--format digits writes one digit per row, so it needs n <= {DIGITS_MAX_N}, not n = {n} (use --format vector)"
            );
        }
        let base = super::base(a.base.as_deref())?;
        let machine = matches!(
            a.format,
            SolutionFormat::Json | SolutionFormat::Csv | SolutionFormat::Markdown
        );
        let format = super::value_name(a.format);
        if base == 0 && machine {
            bail!("--base 0 numbers the drawings; --format {format} numbers from 1, as docs/formats.md says");
        }
        if base == 0 && a.format == SolutionFormat::Algebraic {
            bail!("--base 0 does not apply to --format algebraic: files are letters and ranks count from 1");
        }
        if a.orientation != Orientation::Chess && a.format != SolutionFormat::Board {
            bail!(
                "--orientation turns a drawn board: it needs --format board, not --format {format}"
            );
        }
        if a.count && matches!(a.format, SolutionFormat::Csv | SolutionFormat::Markdown) {
            bail!("--count does not apply to --format {format}: a table's rows are its count");
        }
        let prefix = a
            .prefix
            .as_deref()
            .map(|p| prefix(p, n, base))
            .transpose()?;
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
            count_header: a.count,
            numbering: Numbering {
                base,
                orientation: a.orientation,
            },
        })
    }
}

/// Parses `--prefix "c1 c2 ..."` (columns numbered from `base`, separated
/// by spaces or commas) into 0-based columns; whether the queens attack
/// each other is left to the kernel, which names the pair.
fn prefix(text: &str, n: usize, base: u8) -> Result<Vec<u8>> {
    let (first, last) = (i128::from(base), n as i128 - 1 + i128::from(base));
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
            if !(first..=last).contains(&column) {
                bail!(
                    "--prefix \"{text}\": row {}: column {column} is off the board (columns run from {first} to {last})",
                    row + 1
                );
            }
            Ok((column - first) as u8)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_are_parsed_with_clear_messages() {
        assert_eq!(prefix("1 5", 8, 1).unwrap(), [0, 4]);
        assert_eq!(prefix(" 1,5 ,8 ", 8, 1).unwrap(), [0, 4, 7]);
        let e = |p: &str| prefix(p, 8, 1).unwrap_err().to_string();
        assert!(e("").contains("empty"));
        assert!(e("1 x").contains("'x' (row 2) is not a column number"));
        assert!(e("1 9").contains("row 2: column 9 is off the board"));
        assert!(e("0").contains("column 0 is off the board"));
        assert!(e("1 2 3 4 5 6 7 8 1").contains("9 columns, more than the 8 rows"));
        assert_eq!(prefix("0 4", 8, 0).unwrap(), [0, 4]);
        assert!(prefix("8", 8, 0)
            .unwrap_err()
            .to_string()
            .contains("columns run from 0 to 7"));
    }
}
