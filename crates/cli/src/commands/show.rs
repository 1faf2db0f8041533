//! `nqueens show "c1 c2 ..."`: draws one placement and checks it.
//!
//! The placement is one 1-based column per row; its length is the board
//! size. Junk, a column off the board or a column given twice is bad input
//! (exit 2, nothing drawn). Any other placement is drawn, attacking or not;
//! if two queens attack each other, the first such pair (see
//! `nqueens::solutions::first_attack`) is reported on stderr
//! afterwards and the exit code is 1, so scripts can test placements.
//!
//! The terminal drawing is Unicode (a queen glyph on coloured light and
//! dark squares) when stdout is a terminal and the locale (`LC_ALL`, else
//! `LC_CTYPE`, else `LANG`) says UTF-8, unless `--ascii`; plain ASCII
//! otherwise, so pipes and files get `Q` and `-`. Colour is left out when
//! `NO_COLOR` is set or `TERM` is `dumb`. Rank 1 (the first row) is at the
//! bottom, as in `render`.
//!
//! `--format json|csv` writes a `show` record instead of the drawing (keys
//! in docs/formats.md): the placement, whether it is a solution, the
//! attacking pair as two `[row, column]` squares, the SVG written; the
//! exit code and the line on stderr are the same.
//!
//! Limits: the terminal drawing stops at 64 x 64 ([`TEXT_MAX_N`]); wider
//! boards, up to 1000 x 1000
//! ([`SVG_MAX_N`](crate::render::SVG_MAX_N)), are drawn with `--svg` only.
//! The SVG is written through `crate::io`: a failure never leaves a
//! half-written picture, and a device or a link stays one.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Result;
use nqueens::solutions::Attack;

use crate::cli::CountFormat;
use crate::export::{self, Format};
use crate::render::{self, TextStyle, TEXT_MAX_N};
use crate::request::Show;

/// Exit code for a placement in which two queens attack each other.
const EXIT_ATTACK: u8 = 1;

pub fn run(args: Show) -> Result<ExitCode> {
    if let Some(partial) = &args.partial {
        return super::partial::run(partial, args.format);
    }
    let Some(mut placement) = args.placement else {
        unreachable!("a full placement, or a partial board")
    };
    placement.svg = args
        .svg
        .as_deref()
        .map(|p| p.to_string_lossy().into_owned());
    let (columns, attack) = (&placement.columns, placement.attack);
    let n = columns.len();
    let text = args.format == CountFormat::Text;
    // The picture first: if it cannot be written, nothing has been printed.
    if let Some(path) = &args.svg {
        let svg = render::svg(columns, attack.map(|a| a.rows));
        crate::io::write_whole(path, "--svg", svg.as_bytes())?;
    }
    if !text {
        export::print_one(Format::from(args.format), &placement.fields())?;
        return verdict(attack);
    }
    let mut out = io::stdout().lock();
    if let Some((orientation, drawn, base)) = args.drawing.filter(|_| n <= TEXT_MAX_N) {
        let grid = render::grid(columns, orientation, drawn, base.into());
        out.write_all(grid.as_bytes())?;
    } else if n <= TEXT_MAX_N {
        out.write_all(render::text(columns, style(args.ascii)).as_bytes())?;
    } else {
        writeln!(
            out,
            "{n} x {n}: too wide for the terminal ({TEXT_MAX_N} x {TEXT_MAX_N} at most), drawn only as SVG"
        )?;
    }
    if let Some(path) = &args.svg {
        writeln!(out, "wrote {}", nqueens::visible::path(path))?;
    }
    if attack.is_none() {
        if n == 1 {
            writeln!(out, "a solution: one queen, alone on its board")?;
        } else {
            writeln!(
                out,
                "a solution: no two of the {n} queens attack each other"
            )?;
        }
    }
    out.flush()?;
    drop(out);
    verdict(attack)
}

/// The exit code, and the attacking pair named on stderr.
fn verdict(attack: Option<Attack>) -> Result<ExitCode> {
    match attack {
        Some(a) => {
            writeln!(io::stderr(), "nqueens: not a solution: {a}")?;
            Ok(ExitCode::from(EXIT_ATTACK))
        }
        None => Ok(ExitCode::SUCCESS),
    }
}

/// How to draw on stdout.
fn style(ascii: bool) -> TextStyle {
    if ascii || !io::stdout().is_terminal() || !utf8_locale() {
        return TextStyle::Ascii;
    }
    let set = |var: &str| std::env::var_os(var).is_some_and(|v| !v.is_empty());
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    TextStyle::Unicode {
        color: !set("NO_COLOR") && !dumb,
    }
}

/// Whether the locale's character set is UTF-8: the first of `LC_ALL`,
/// `LC_CTYPE` and `LANG` that is set decides, as in POSIX.
fn utf8_locale() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|var| std::env::var(var).ok())
        .find(|v| !v.is_empty())
        .is_some_and(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
}
