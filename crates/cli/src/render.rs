//! Board drawing shared by `nqueens solutions --format board|algebraic` and
//! `nqueens show`: square names, text grids (ASCII or Unicode) and SVG.
//!
//! One convention everywhere, the chess diagram's: a square is named by
//! its file (column) letter and rank (row) number, `A1` being column 1 of
//! row 1, so the placement `1 5 8 6 3 7 2 4` is `A1 E2 H3 F4 C5 G6 B7 D8`.
//! Rank 1 (the first row of a placement) is drawn at the bottom and file A
//! on the left, as White sees a chessboard; the square A1 is dark.
//!
//! Files past Z are named as spreadsheet columns are: Z, AA, AB, ..., AZ,
//! BA, ..., ZZ, AAA (bijective base 26), so every board size has names.
//!
//! Limits: text grids up to [`TEXT_MAX_N`] files (wider ones no longer fit
//! a terminal line); SVG up to [`SVG_MAX_N`] (the checkering is one SVG
//! pattern, so the file grows with n, not n^2, and only viewers set the
//! limit).

use std::fmt::{self, Write as _};

use clap::ValueEnum;

/// How a board is turned on the page (`--orientation`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Orientation {
    /// Row 1 at the bottom, file letters underneath, as White sees a chessboard (000's Graphique, 003's diagrams).
    #[default]
    Chess,
    /// Row 1 at the top, column numbers across (002 §1): the vector read row -> column.
    Rows,
    /// The vector read column -> line (002 §2.3, 003's construction, 004): line 1 at the top, column numbers across.
    Columns,
}

/// How `show` draws a board in the terminal (`--style`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum BoardStyle {
    /// Q and -, or a queen glyph on coloured squares on a UTF-8 terminal.
    #[default]
    Grid,
    /// 004's `afficher`: `1|R| | |...`, numbers across the top and down the side.
    Pipes,
    /// 000's `Graphique`: ` @ !` cells between `---+` rules, no numbers.
    Graphique,
}

/// The widest board drawn as text: 64 files take about 200 terminal columns.
pub const TEXT_MAX_N: usize = 64;

/// The widest board drawn as SVG.
pub const SVG_MAX_N: usize = 1000;

pub use nqueens::squares::{file, name as square};

/// An ASCII grid of pieces on their 0-based `(row, column)` squares, each
/// drawn with its letter and empty squares with `-`: rank numbers on the
/// left, file letters underneath, rank 1 at the bottom, as [`text`] draws
/// queens.
pub fn pieces(n: usize, pieces: &[((usize, usize), char)]) -> String {
    let rank_width = n.to_string().len();
    let mut out = String::new();
    for row in (0..n).rev() {
        let _ = write!(out, "{:>rank_width$}", row + 1);
        for column in 0..n {
            let piece = pieces
                .iter()
                .find(|&&(s, _)| s == (row, column))
                .map_or('-', |&(_, p)| p);
            let _ = write!(out, " {piece}");
        }
        out.push('\n');
    }
    let _ = write!(out, "{:rank_width$}", "");
    for column in 0..n {
        let _ = write!(out, " {}", file(column));
    }
    out.push('\n');
    out
}

/// How a text grid is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextStyle {
    /// `Q` for a queen and `-` for an empty square: any terminal, any pipe.
    Ascii,
    /// A queen glyph on light and dark squares, coloured with terminal
    /// background colours, or shaded with `░` when colours are not wanted.
    Unicode {
        /// Whether to use colour escapes (off when `NO_COLOR` is set).
        color: bool,
    },
}

/// Whether the square of 0-based `column` and `row` is dark (A1 is).
fn dark(column: usize, row: usize) -> bool {
    (column + row).is_multiple_of(2)
}

/// A text grid of the placement (`columns[r]` = 0-based column of row
/// `r`'s queen): rank numbers on the left, file letters underneath, rank 1
/// at the bottom. Every line ends with a newline.
pub fn text(columns: &[usize], style: TextStyle) -> String {
    let n = columns.len();
    let rank_width = n.to_string().len();
    let files: Vec<String> = (0..n).map(file).collect();
    let file_width = files.last().map_or(1, String::len);
    let mut out = String::new();
    for row in (0..n).rev() {
        let _ = write!(out, "{:>rank_width$}", row + 1);
        match style {
            TextStyle::Ascii => {
                for c in 0..n {
                    let square = if columns[row] == c { "Q" } else { "-" };
                    let _ = write!(out, " {square:>file_width$}");
                }
            }
            TextStyle::Unicode { color } => {
                out.push(' ');
                for c in 0..n {
                    out.push_str(&unicode_square(
                        columns[row] == c,
                        dark(c, row),
                        color,
                        file_width,
                    ));
                }
                if color {
                    out.push_str(RESET);
                }
            }
        }
        out.push('\n');
    }
    let _ = write!(out, "{:rank_width$}", "");
    match style {
        TextStyle::Ascii => {
            for f in &files {
                let _ = write!(out, " {f:>file_width$}");
            }
        }
        TextStyle::Unicode { .. } => {
            // Squares are `file_width + 2` wide; the letters sit in their middle.
            out.push(' ');
            for f in &files {
                let _ = write!(out, " {f:^file_width$} ");
            }
        }
    }
    out.push('\n');
    out
}

/// The placement drawn as the source documents draw it, numbers from
/// `base` (0 or 1) across the top (columns) and down the side (lines):
/// `Rows` reads `columns[r]` as row `r`'s column, row `base` at the top;
/// `Columns` reads it as the line of column `r`'s queen (the transpose);
/// `Chess` is `Rows` upside down. `Grid` is 002's layout (`Q` and `-`,
/// aligned); `Pipes` 004's `afficher` (`R` and blanks between bars);
/// `Graphique` 000's procedure (`@` between `!` bars and `---+` rules, no
/// numbers, so `base` is not used).
///
/// ```text
///   0 1 2 3 4          1|2|3|4|
/// 0 - Q - - -        1| |R| | |
/// ```
pub fn grid(columns: &[usize], orientation: Orientation, style: BoardStyle, base: usize) -> String {
    let n = columns.len();
    let queen = |line: usize, column: usize| match orientation {
        Orientation::Columns => columns[column] == line,
        Orientation::Rows | Orientation::Chess => columns[line] == column,
    };
    let lines: Vec<usize> = match orientation {
        Orientation::Chess => (0..n).rev().collect(),
        _ => (0..n).collect(),
    };
    if style == BoardStyle::Graphique {
        return graphique(n, &lines, queen);
    }
    let w = (n - 1 + base).to_string().len();
    // What sets the two styles apart: a cell, a line's label, the marks
    // and the corner above the labels.
    let pipes = style == BoardStyle::Pipes;
    let cell = |s: &dyn fmt::Display| {
        if pipes {
            format!("{s}|")
        } else {
            format!(" {s:>w$}")
        }
    };
    let label = |s: usize| {
        if pipes {
            format!("{s}|")
        } else {
            format!("{s:>w$}")
        }
    };
    let (queen_mark, empty, corner) = if pipes {
        ("R", " ", "  ".to_string())
    } else {
        ("Q", "-", " ".repeat(w))
    };
    let mut out = corner;
    for c in 0..n {
        out += &cell(&(c + base));
    }
    out.push('\n');
    for &l in &lines {
        out += &label(l + base);
        for c in 0..n {
            out += &cell(&if queen(l, c) { queen_mark } else { empty });
        }
        out.push('\n');
    }
    out
}

/// 000's `Graphique` procedure: a `---+` rule above and below every line,
/// each square ` @ !` or `   !`, the `lines` in the order given (000 writes
/// line 8 first: `for j := 8 downto 1`). It numbers nothing; the blank line
/// it writes after each solution separates the solutions of its file and
/// is left out.
fn graphique(n: usize, lines: &[usize], queen: impl Fn(usize, usize) -> bool) -> String {
    let rule = "---+".repeat(n) + "\n";
    let mut out = rule.clone();
    for &l in lines {
        for c in 0..n {
            out += if queen(l, c) { " @ !" } else { "   !" };
        }
        out.push('\n');
        out += &rule;
    }
    out
}

const RESET: &str = "\x1b[0m";

/// One Unicode square, `width + 2` terminal columns wide.
fn unicode_square(queen: bool, dark: bool, color: bool, width: usize) -> String {
    let piece = if queen { "♛" } else { " " };
    if color {
        // Black glyphs on 256-colour wood tones: readable on light and dark
        // terminal themes alike, since the squares bring their own background.
        let background = if dark { 137 } else { 223 };
        format!("\x1b[38;5;16;48;5;{background}m {piece:^width$} ")
    } else if dark {
        let shade = "░".repeat(width);
        if queen {
            format!("░{}░", centred("♛", '░', width))
        } else {
            format!("░{shade}░")
        }
    } else {
        format!(" {piece:^width$} ")
    }
}

/// `glyph` centred in `width` columns padded with `fill`.
fn centred(glyph: &str, fill: char, width: usize) -> String {
    let left = (width - 1) / 2;
    let right = width - 1 - left;
    let pad = |k: usize| std::iter::repeat_n(fill, k).collect::<String>();
    format!("{}{glyph}{}", pad(left), pad(right))
}

/// The side of a square, in SVG user units.
const CELL: usize = 40;

/// An SVG picture of the placement: checkered squares, a queen on each
/// row's square, rank numbers on the left and file letters underneath
/// (rank 1 at the bottom, as in [`text`]). The queens of `attack` (two
/// 0-based rows), if any, are drawn red and joined by a red line.
pub fn svg(columns: &[usize], attack: Option<[usize; 2]>) -> String {
    let n = columns.len();
    let left = 14 + 10 * n.to_string().len();
    let (top, right, bottom) = (10, 10, 30);
    let side = n * CELL;
    let (width, height) = (left + side + right, top + side + bottom);
    // Shown at most about 1000 pixels wide; the drawing itself is vector
    // and scales, so a large board is still readable when zoomed.
    let scale = (1000.0 / width as f64).min(1.0);
    let (x0, y0) = (left, top);
    // Centre of the square of 0-based column `c` and row `r` (rank r + 1).
    let centre =
        |c: usize, r: usize| (x0 + c * CELL + CELL / 2, y0 + (n - 1 - r) * CELL + CELL / 2);
    // The pattern's top-left square is file A of rank n: dark when A(n) is.
    let first_dark = dark(0, n - 1);
    let (a, b) = if first_dark { (0, CELL) } else { (CELL, 0) };

    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{:.0}" height="{:.0}" viewBox="0 0 {width} {height}">"##,
        width as f64 * scale,
        height as f64 * scale
    );
    let placement: Vec<String> = columns.iter().map(|c| (c + 1).to_string()).collect();
    let title = if n <= 64 {
        format!("{n} queens: {}", placement.join(" "))
    } else {
        format!("{n} queens")
    };
    let _ = writeln!(s, "<title>{title}</title>");
    let _ = writeln!(s, "<defs>");
    let _ = writeln!(
        s,
        r##"<pattern id="squares" x="{x0}" y="{y0}" width="{p}" height="{p}" patternUnits="userSpaceOnUse"><rect x="{a}" y="0" width="{CELL}" height="{CELL}" fill="{DARK}"/><rect x="{b}" y="{CELL}" width="{CELL}" height="{CELL}" fill="{DARK}"/></pattern>"##,
        p = 2 * CELL,
    );
    // A crown of five points on a base, in a 40 x 40 box; the fill comes
    // from each <use>, the white outline keeps it visible on dark squares.
    let _ = writeln!(
        s,
        r##"<symbol id="queen" viewBox="0 0 40 40"><g stroke="#ffffff" stroke-width="1.2" stroke-linejoin="round"><path d="M10 30 L5 14 L12 22 L13 10 L17.5 21 L20 8 L22.5 21 L27 10 L28 22 L35 14 L30 30 Z"/><rect x="9" y="30" width="22" height="5" rx="1.5"/><circle cx="5" cy="13" r="2.3"/><circle cx="13" cy="9" r="2.3"/><circle cx="20" cy="7" r="2.3"/><circle cx="27" cy="9" r="2.3"/><circle cx="35" cy="13" r="2.3"/></g></symbol>"##
    );
    let _ = writeln!(s, "</defs>");
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r##"<rect x="{x0}" y="{y0}" width="{side}" height="{side}" fill="{LIGHT}"/>"##
    );
    let _ = writeln!(
        s,
        r##"<rect x="{x0}" y="{y0}" width="{side}" height="{side}" fill="url(#squares)" stroke="#555555" stroke-width="1"/>"##
    );
    let _ = writeln!(
        s,
        r##"<g font-family="DejaVu Sans, Verdana, sans-serif" font-size="16" fill="#333333">"##
    );
    for r in 0..n {
        let (_, y) = centre(0, r);
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" text-anchor="end">{}</text>"##,
            x0 - 6,
            y + 6,
            r + 1
        );
    }
    for c in 0..n {
        let (x, _) = centre(c, 0);
        let _ = writeln!(
            s,
            r##"<text x="{x}" y="{}" text-anchor="middle">{}</text>"##,
            y0 + side + 20,
            file(c)
        );
    }
    let _ = writeln!(s, "</g>");
    if let Some([r1, r2]) = attack {
        let ((xa, ya), (xb, yb)) = (centre(columns[r1], r1), centre(columns[r2], r2));
        let _ = writeln!(
            s,
            r##"<line x1="{xa}" y1="{ya}" x2="{xb}" y2="{yb}" stroke="{RED}" stroke-width="4" stroke-linecap="round" opacity="0.8"/>"##
        );
    }
    for (r, &c) in columns.iter().enumerate() {
        let (x, y) = centre(c, r);
        let hit = attack.is_some_and(|pair| pair.contains(&r));
        let _ = writeln!(
            s,
            r##"<use href="#queen" xlink:href="#queen" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{}"/>"##,
            x - CELL / 2,
            y - CELL / 2,
            if hit { RED } else { "#1a1a1a" }
        );
    }
    s.push_str("</svg>\n");
    s
}

const LIGHT: &str = "#eedcb9";
const DARK: &str = "#a97d58";
const RED: &str = "#c8102e";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documents_grids() {
        // 002 §2.3's first board at n = 5, read column -> line, from 0.
        let columns = [3, 0, 2, 4, 1];
        let g = grid(&columns, Orientation::Columns, BoardStyle::Grid, 0);
        assert_eq!(
            g,
            "  0 1 2 3 4\n0 - Q - - -\n1 - - - - Q\n2 - - Q - -\n3 Q - - - -\n4 - - - Q -\n"
        );
        // Rows: row 0 holds column 3; chess: the same, upside down.
        let rows = grid(&columns, Orientation::Rows, BoardStyle::Grid, 1);
        assert!(rows.starts_with("  1 2 3 4 5\n1 - - - Q -\n"), "{rows}");
        let chess = grid(&columns, Orientation::Chess, BoardStyle::Grid, 1);
        assert!(chess.ends_with("1 - - - Q -\n"), "{chess}");
        // 004's afficher, its first solution 15863724.
        let first = [0, 4, 7, 5, 2, 6, 1, 3];
        let pipes = grid(&first, Orientation::Columns, BoardStyle::Pipes, 1);
        assert!(
            pipes.starts_with("  1|2|3|4|5|6|7|8|\n1|R| | | | | | | |\n2| | | | | | |R| |\n"),
            "{pipes}"
        );
        // 000's Graphique: no numbers, line 4 first in the chess
        // orientation, `@` between `!` bars under `---+` rules.
        let g = grid(&[1, 3, 0, 2], Orientation::Chess, BoardStyle::Graphique, 1);
        assert_eq!(
            g,
            "---+---+---+---+\n   !   ! @ !   !\n---+---+---+---+\n @ !   !   !   !\n\
             ---+---+---+---+\n   !   !   ! @ !\n---+---+---+---+\n   ! @ !   !   !\n\
             ---+---+---+---+\n"
        );
        // Two-digit labels stay aligned.
        let ten = grid(
            &[0, 2, 5, 7, 9, 4, 8, 1, 3, 6],
            Orientation::Rows,
            BoardStyle::Grid,
            1,
        );
        assert!(
            ten.starts_with("    1  2  3") && ten.contains("\n10  -"),
            "{ten}"
        );
    }

    #[test]
    fn pieces_are_drawn_on_their_squares() {
        let g = pieces(3, &[((0, 0), 'K'), ((2, 2), 'K')]);
        assert_eq!(g, "3 - - K\n2 - - -\n1 K - -\n  A B C\n");
        assert_eq!(square((7, 27)), "AB8");
    }

    #[test]
    fn the_ascii_grid_has_rank_one_at_the_bottom() {
        let g = text(&[0, 4, 7, 5, 2, 6, 1, 3], TextStyle::Ascii);
        let lines: Vec<&str> = g.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "8 - - - Q - - - -");
        assert_eq!(lines[7], "1 Q - - - - - - -");
        assert_eq!(lines[8], "  A B C D E F G H");
    }

    #[test]
    fn wide_boards_keep_their_columns_aligned() {
        let columns: Vec<usize> = (0..30).collect();
        for style in [TextStyle::Ascii, TextStyle::Unicode { color: false }] {
            let g = text(&columns, style);
            let widths: Vec<usize> = g.lines().map(|l| l.chars().count()).collect();
            assert!(widths.iter().all(|&w| w == widths[0]), "{style:?}: {g}");
        }
        let g = text(&columns, TextStyle::Ascii);
        assert!(g.lines().last().unwrap().ends_with(" AC AD"));
        assert!(g.lines().next().unwrap().starts_with("30  -  -"));
    }

    #[test]
    fn the_unicode_grid_is_checkered_with_a1_dark() {
        let g = text(&[1, 3, 0, 2], TextStyle::Unicode { color: false });
        let lines: Vec<&str> = g.lines().collect();
        assert_eq!(lines[3], "1 ░░░ ♛ ░░░   ");
        assert_eq!(lines[0], "4    ░░░ ♛ ░░░");
        assert_eq!(lines[4], "   A  B  C  D ");
        let coloured = text(&[1, 3, 0, 2], TextStyle::Unicode { color: true });
        assert!(coloured.contains("\x1b[38;5;16;48;5;137m"));
        assert!(coloured.lines().take(4).all(|l| l.ends_with(RESET)));
    }

    #[test]
    fn the_svg_names_every_file_and_rank_and_marks_an_attack() {
        let s = svg(&[0, 1, 3, 2], Some([0, 1]));
        assert!(s.starts_with("<svg") && s.trim_end().ends_with("</svg>"));
        assert_eq!(s.matches("<use ").count(), 4);
        assert_eq!(s.matches(RED).count(), 3, "two red queens and the line");
        for label in [">A<", ">D<", ">1<", ">4<"] {
            assert!(s.contains(label), "{label}");
        }
        // Rank 1 at the bottom: its queen (row 0, file A) is the lowest.
        assert!(s.contains(r#"x="24" y="130""#), "{s}");
    }
}
