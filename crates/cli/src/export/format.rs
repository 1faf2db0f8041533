//! The formats a user can ask for, as clap value lists, and the sink each
//! one selects. They live here, beside the sinks, so that `cli.rs` takes
//! them from the exporter and the exporter never looks back at `cli.rs`.

use clap::ValueEnum;

use super::{Format, Style};

/// One record: a count, a merge, a piece count, a placement shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CountFormat {
    Text,
    Json,
    Csv,
}

/// A table: one record per row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    Text,
    Markdown,
    Csv,
    Json,
}

/// How `solutions` writes each solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolutionFormat {
    /// 1-based columns, one per row: `1 5 8 6 3 7 2 4`.
    Vector,
    /// Column letter and row number per queen: `A1 E2 H3 ...`; files past Z are AA, AB, ... (spreadsheet style).
    Algebraic,
    /// One digit per row: `15863724` (n <= 9).
    Digits,
    /// A drawn grid with `Q` and `-`, rank 1 (the first row) at the bottom, file A on the left.
    Board,
    /// One JSON object per line: `placement` (and `orbit` with --unique); see docs/formats.md.
    Json,
    /// A header, then one row per solution: placement, orbit.
    Csv,
    /// A Markdown table, one row per solution.
    Markdown,
}

/// How `solve` writes its solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// 1-based columns, one per row.
    Vector,
    /// One JSON object: n, method, found, seconds, steps, valid, the method's counts, placement.
    Json,
    /// A header and one row, the same keys as json.
    Csv,
}

/// How `levels` writes a level's placements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelsFormat {
    /// One placement a line, its lines as digits: `13` (a list `[1, 10]` past n = 9).
    Digits,
    /// The whole level as 004's Python prints it: `['13', '14', ...]`.
    Python,
    /// One JSON object per placement: n, queens, lines; see docs/formats.md.
    Json,
    /// A header, then one row per placement.
    Csv,
}

/// How `dominate` and `pawns` write their record. Named as the other
/// verbs name the same output: `text` a record then its board (as
/// `pieces` and `show`), `algebraic` squares as letter and number (as
/// `solutions`); the first names, `board` and `vector`, are kept as
/// hidden aliases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlacementFormat {
    /// The record as `key  value` lines, then the board drawn with `Q` (and `P`), rank 1 at the bottom.
    #[value(alias = "board")]
    Text,
    /// The squares on one line (`A1 C2 ...`); with --count, the count on a second line.
    #[value(alias = "vector")]
    Algebraic,
    /// One JSON object on one line; see docs/formats.md.
    Json,
    /// A header and one row, the same keys as json.
    Csv,
}

impl From<TableFormat> for Format {
    fn from(f: TableFormat) -> Format {
        match f {
            TableFormat::Text => Format::TextTable,
            TableFormat::Markdown => Format::Markdown,
            TableFormat::Csv => Format::Csv,
            TableFormat::Json => Format::Json,
        }
    }
}

impl From<CountFormat> for Format {
    fn from(f: CountFormat) -> Format {
        match f {
            CountFormat::Text => Format::Text,
            CountFormat::Json => Format::Json,
            CountFormat::Csv => Format::Csv,
        }
    }
}

impl From<SolutionFormat> for Format {
    fn from(f: SolutionFormat) -> Format {
        match f {
            SolutionFormat::Vector => Format::Drawing(Style::Vector),
            SolutionFormat::Algebraic => Format::Drawing(Style::Algebraic),
            SolutionFormat::Digits => Format::Drawing(Style::Digits),
            SolutionFormat::Board => Format::Drawing(Style::Board),
            SolutionFormat::Json => Format::Json,
            SolutionFormat::Csv => Format::Csv,
            SolutionFormat::Markdown => Format::Markdown,
        }
    }
}

impl From<PlacementFormat> for Format {
    /// The board's record block (its drawing follows it) and the machine
    /// formats; `vector` draws the squares alone.
    fn from(f: PlacementFormat) -> Format {
        match f {
            PlacementFormat::Text | PlacementFormat::Algebraic => Format::Text,
            PlacementFormat::Json => Format::Json,
            PlacementFormat::Csv => Format::Csv,
        }
    }
}

impl From<LevelsFormat> for Format {
    fn from(f: LevelsFormat) -> Format {
        match f {
            LevelsFormat::Digits => Format::Level { python: false },
            LevelsFormat::Python => Format::Level { python: true },
            LevelsFormat::Json => Format::Json,
            LevelsFormat::Csv => Format::Csv,
        }
    }
}

impl From<SolveFormat> for Format {
    fn from(f: SolveFormat) -> Format {
        match f {
            SolveFormat::Vector => Format::Drawing(Style::Vector),
            SolveFormat::Json => Format::Json,
            SolveFormat::Csv => Format::Csv,
        }
    }
}
