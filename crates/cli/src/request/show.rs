//! `show`: the placement (one 1-based column per row, each on the board
//! and none twice) and how it can be drawn.

use anyhow::{anyhow, bail, Result};

use crate::cli::{BoardStyle, CountFormat, Orientation, ShowArgs};
use crate::render::{SVG_MAX_N, TEXT_MAX_N};

/// A validated `show` request.
pub struct Show {
    /// 0-based columns, one per row (empty for a partial board).
    pub columns: Vec<usize>,
    /// A partial board (`--size N`): fewer queens than rows.
    pub partial: Option<PartialBoard>,
    pub svg: Option<std::path::PathBuf>,
    pub ascii: bool,
    pub format: CountFormat,
    /// The documents' drawing instead of the chess diagram: how it is
    /// turned, its style and the number of its first row and column.
    pub drawing: Option<(Orientation, BoardStyle, u8)>,
}

/// A partial placement to draw with its attacked squares.
pub struct PartialBoard {
    /// The board side.
    pub n: usize,
    /// 1-based columns of the first rows' queens.
    pub columns: Vec<usize>,
    /// `--orientation columns`: the placement read as 004 writes it, the
    /// lines of the first columns' queens, and drawn that way.
    pub by_columns: bool,
    /// `--ascii`: `Q` for a queen instead of `★`.
    pub ascii: bool,
}

impl TryFrom<ShowArgs> for Show {
    type Error = anyhow::Error;
    fn try_from(a: ShowArgs) -> Result<Show> {
        let drawing = drawing(&a)?;
        if let Some(size) = &a.size {
            if drawing.is_some_and(|(_, style, base)| style != BoardStyle::Grid || base != 1) {
                bail!("--style and --base draw a full board; a partial board (--size) is drawn as sheet 002 draws it (--orientation columns turns it as 004 reads it)");
            }
            return partial(&a, size);
        }
        let columns = placement(&a.columns)?;
        let n = columns.len();
        let text = a.format == CountFormat::Text;
        if a.ascii && !text {
            bail!(
                "--ascii does not apply: it chooses the characters of the drawing, and --format {} draws nothing",
                super::value_name(a.format)
            );
        }
        if text && n > TEXT_MAX_N && a.svg.is_none() {
            bail!(
                "a {n} x {n} board is too wide to draw in the terminal ({TEXT_MAX_N} x {TEXT_MAX_N} at most); draw it with --svg FILE"
            );
        }
        Ok(Show {
            columns,
            partial: None,
            svg: a.svg,
            ascii: a.ascii,
            format: a.format,
            drawing,
        })
    }
}

/// `--orientation`, `--style`, `--base`: the documents' drawing, in the
/// terminal only, or `None` for the chess diagram.
fn drawing(a: &ShowArgs) -> Result<Option<(Orientation, BoardStyle, u8)>> {
    let base = super::base(a.base.as_deref())?;
    let asked = (a.orientation.unwrap_or_default(), a.style, base);
    if asked == (Orientation::Chess, BoardStyle::Grid, 1) {
        return Ok(None);
    }
    if a.style == BoardStyle::Graphique && a.base.is_some() {
        bail!("--base numbers the drawing's rows and columns; --style graphique draws no numbers, as 000's Graphique");
    }
    if a.format != CountFormat::Text {
        bail!(
            "--orientation, --style and --base turn and number the drawing; --format {} draws nothing",
            super::value_name(a.format)
        );
    }
    if a.svg.is_some() {
        bail!("--orientation, --style and --base draw the terminal board; the SVG is the chess diagram");
    }
    Ok(Some(asked))
}

/// `--size N`: a partial board, drawn in the terminal only.
fn partial(a: &ShowArgs, size: &str) -> Result<Show> {
    if a.svg.is_some() {
        bail!("--svg does not apply with --size: a partial board is drawn in the terminal only");
    }
    if a.ascii && a.format != CountFormat::Text {
        bail!(
            "--ascii does not apply: it chooses the characters of the drawing, and --format {} draws nothing",
            super::value_name(a.format)
        );
    }
    if a.orientation == Some(Orientation::Chess) {
        bail!("--orientation chess does not apply with --size: a partial board is drawn row 1 at the top, as sheet 002 draws it (--orientation rows, the default), or turned as 004 reads it (--orientation columns)");
    }
    let n = nqueens::number::size(
        size,
        "--size",
        1..=TEXT_MAX_N,
        " for a board drawn in the terminal",
    )?;
    let columns = a
        .columns
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<usize>().map_err(|_| {
                anyhow!("'{t}' is not a column number; give 1-based columns, e.g. \"1 3 5\"")
            })
        })
        .collect::<Result<_>>()?;
    Ok(Show {
        columns: Vec::new(),
        partial: Some(PartialBoard {
            n,
            columns,
            by_columns: a.orientation == Some(Orientation::Columns),
            ascii: a.ascii,
        }),
        svg: None,
        ascii: a.ascii,
        format: a.format,
        drawing: None,
    })
}

/// Parses the placement: 1-based columns separated by spaces or commas,
/// one per row, each on the board and none twice. Returns 0-based columns.
fn placement(text: &str) -> Result<Vec<usize>> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let n = tokens.len();
    if n == 0 {
        bail!("the placement is empty: give one 1-based column per row, e.g. \"1 5 8 6 3 7 2 4\"");
    }
    if n > SVG_MAX_N {
        bail!(
            "the placement has {n} rows; boards up to {SVG_MAX_N} x {SVG_MAX_N} can be drawn (as SVG; {TEXT_MAX_N} x {TEXT_MAX_N} in the terminal)"
        );
    }
    // The row that holds each column, to name both rows of a repeat.
    let mut row_of = vec![None; n];
    let mut columns = Vec::with_capacity(n);
    for (row, t) in tokens.iter().enumerate() {
        let column: i128 = t.parse().map_err(|_| {
            anyhow!(
                "'{t}' (row {}) is not a column number; give 1-based columns separated by spaces, e.g. \"1 5 8 6 3 7 2 4\"",
                row + 1
            )
        })?;
        if !(1..=n as i128).contains(&column) {
            let given = if n == 1 {
                "1 column given, so the only column is 1".to_string()
            } else {
                format!("{n} columns given, so columns run from 1 to {n}")
            };
            bail!(
                "row {}: column {column} is off the board ({given})",
                row + 1
            );
        }
        let c = (column - 1) as usize;
        if let Some(first) = row_of[c] {
            bail!(
                "column {column} is given twice (rows {} and {}): a placement has one queen per column",
                first + 1,
                row + 1
            );
        }
        row_of[c] = Some(row);
        columns.push(c);
    }
    Ok(columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_are_checked_with_clear_messages() {
        assert_eq!(
            placement("1 5 8 6 3 7 2 4").unwrap(),
            [0, 4, 7, 5, 2, 6, 1, 3]
        );
        assert_eq!(placement("2,4, 1,3").unwrap(), [1, 3, 0, 2]);
        let e = |p: &str| placement(p).unwrap_err().to_string();
        assert!(e(" ").contains("empty"));
        assert!(e("1 two 3").contains("'two' (row 2) is not a column number"));
        assert!(e("1 2 4").contains("row 3: column 4 is off the board (3 columns given"));
        assert!(e("2").contains(
            "row 1: column 2 is off the board (1 column given, so the only column is 1)"
        ));
        assert!(e("1 -2").contains("column -2 is off the board"));
        assert!(e("2 4 1 4").contains("column 4 is given twice (rows 2 and 4)"));
        let wide = vec!["1"; SVG_MAX_N + 1].join(" ");
        assert!(e(&wide).contains("up to 1000 x 1000"));
    }
}
