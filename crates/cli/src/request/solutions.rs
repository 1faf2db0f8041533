//! `solutions`: the board (the variant's limit or the kernel's), the
//! prefix of first rows, the limit on how many are listed.

use anyhow::{bail, Result};
use nqueens::listing::{Prefix, SolutionsRequest};
use nqueens::Listing;

use super::count;
use crate::cli::{Orientation, SolutionFormat, SolutionsArgs};
use crate::export::Numbering;

/// A validated `solutions` request: the library's listing and how it is
/// written.
pub struct Solutions {
    pub listing: Listing,
    pub format: SolutionFormat,
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
        let base = super::base(a.base.as_deref())?;
        let listing = SolutionsRequest {
            n: a.n.clone(),
            variant,
            prefix: a.prefix.clone().map(|text| Prefix::Text { text, base }),
            unique: a.unique,
            limit: a.limit.clone(),
            verify: a.verify,
            spelling: nqueens::Spelling::Flags,
        }
        .check()?;
        let n = listing.board.n();
        if a.format == SolutionFormat::Digits && n > DIGITS_MAX_N {
            bail!(
                "--format digits writes one digit per row, so it needs n <= {DIGITS_MAX_N}, not n = {n} (use --format vector)"
            );
        }
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
        Ok(Solutions {
            listing,
            format: a.format,
            count_header: a.count,
            numbering: Numbering {
                base,
                orientation: a.orientation,
            },
        })
    }
}
