//! The first rows' columns a listing starts with, as each door takes
//! them: typed on the command line (columns from 1, or from 0 with
//! `--base 0`) or 0-based from Python, each refused in its own words.

use crate::solutions::PrefixError;
use crate::Error;

/// The first rows' columns, as a door takes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prefix {
    /// Typed, as the command line takes it: columns numbered from `base`
    /// (0 or 1), separated by spaces or commas; messages quote the text
    /// and count rows from 1.
    Text {
        /// The columns as typed.
        text: String,
        /// The number of the first column.
        base: u8,
    },
    /// 0-based columns, as Python takes them; messages count rows and
    /// columns from 0.
    Columns(Vec<i64>),
}

/// `"c1 c2 ..."` (columns numbered from `base`, separated by spaces or
/// commas) as 0-based columns; whether the queens attack each other is
/// left to the rules, which name the pair.
pub(super) fn typed(text: &str, n: usize, base: u8) -> Result<Vec<u8>, Error> {
    let (first, last) = (i128::from(base), n as i128 - 1 + i128::from(base));
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() {
        return Err(Error::input(
            "--prefix is empty: give the 1-based columns of the first rows, e.g. \"1 5\"",
        ));
    }
    if tokens.len() > n {
        return Err(Error::input(format!(
            "--prefix \"{text}\": {}",
            PrefixError::TooLong {
                len: tokens.len(),
                n
            }
        )));
    }
    tokens
        .iter()
        .enumerate()
        .map(|(row, t)| {
            let column: i128 = t.parse().map_err(|_| {
                Error::input(format!(
                    "--prefix \"{text}\": '{t}' (row {}) is not a column number; give 1-based columns separated by spaces, e.g. \"1 5\"",
                    row + 1
                ))
            })?;
            if !(first..=last).contains(&column) {
                return Err(Error::input(format!(
                    "--prefix \"{text}\": row {}: column {column} is off the board (columns run from {first} to {last})",
                    row + 1
                )));
            }
            Ok((column - first) as u8)
        })
        .collect()
}

/// 0-based columns, with messages that count rows from 0 too.
pub(super) fn zero_based(prefix: &[i64], n: usize) -> Result<Vec<u8>, Error> {
    if prefix.len() > n {
        return Err(Error::input(format!(
            "prefix: the prefix has {} columns, more than the {n} rows of the board",
            prefix.len()
        )));
    }
    prefix
        .iter()
        .enumerate()
        .map(|(row, &c)| match u8::try_from(c) {
            Ok(c) if usize::from(c) < n => Ok(c),
            _ => Err(Error::input(format!(
                "prefix: row {row}: column {c} is off the board (columns run from 0 to {})",
                n - 1
            ))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_are_parsed_with_clear_messages() {
        assert_eq!(typed("1 5", 8, 1).unwrap(), [0, 4]);
        assert_eq!(typed(" 1,5 ,8 ", 8, 1).unwrap(), [0, 4, 7]);
        let e = |p: &str| typed(p, 8, 1).unwrap_err().to_string();
        assert!(e("").contains("empty"));
        assert!(e("1 x").contains("'x' (row 2) is not a column number"));
        assert!(e("1 9").contains("row 2: column 9 is off the board"));
        assert!(e("0").contains("column 0 is off the board"));
        assert!(e("1 2 3 4 5 6 7 8 1").contains("9 columns, more than the 8 rows"));
        assert_eq!(typed("0 4", 8, 0).unwrap(), [0, 4]);
        assert!(typed("8", 8, 0)
            .unwrap_err()
            .to_string()
            .contains("columns run from 0 to 7"));
        let e = zero_based(&[8], 8).unwrap_err().to_string();
        assert_eq!(
            e,
            "prefix: row 0: column 8 is off the board (columns run from 0 to 7)"
        );
    }
}
