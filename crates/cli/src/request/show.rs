//! `show`: the placement (one 1-based column per row, each on the board
//! and none twice) and how it can be drawn.

use anyhow::{bail, Result};
use nqueens::placement::{PartialPlacement, PartialRequest, Placement, ShowRequest};
use nqueens::Spelling;

use crate::cli::{BoardStyle, CountFormat, Orientation, ShowArgs};
use crate::render::{SVG_MAX_N, TEXT_MAX_N};

/// A validated `show` request.
pub struct Show {
    /// The placement and its first attacking pair (`None` for a partial
    /// board).
    pub placement: Option<Placement>,
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
    /// The board side and the first rows' queens (1-based columns).
    pub placement: PartialPlacement,
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
        let placement = ShowRequest {
            columns: a.columns.clone(),
            max_n: SVG_MAX_N,
            drawn: format!(" (as SVG; {TEXT_MAX_N} x {TEXT_MAX_N} in the terminal)"),
        }
        .check()?;
        let n = placement.columns.len();
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
            placement: Some(placement),
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
    let placement = PartialRequest {
        size: size.into(),
        columns: a.columns.clone(),
        max_n: TEXT_MAX_N,
        owner: " for a board drawn in the terminal".into(),
        spelling: Spelling::Flags,
    }
    .check()?;
    Ok(Show {
        placement: None,
        partial: Some(PartialBoard {
            placement,
            by_columns: a.orientation == Some(Orientation::Columns),
            ascii: a.ascii,
        }),
        svg: None,
        ascii: a.ascii,
        format: a.format,
        drawing: None,
    })
}
