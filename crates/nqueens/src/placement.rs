//! One placement looked at (`nqueens show`): a full board
//! ([`ShowRequest`]: one 1-based column per row, each on the board and
//! none twice; the first pair that attacks each other, if any) or the
//! first rows of one ([`PartialRequest`]: `--size N`, as exercise sheet
//! 002 §1 draws its blocked boards; the rows left with no free square).
//! The door that draws declares how large a board it can draw; the
//! placement is checked against that here.

use crate::solutions::blocked::{BlockedError, Partial};
use crate::solutions::{first_attack, Attack};
use nqueens_sched::{Fields, Value};

use crate::{number, Error, Spelling};

/// A full placement as typed: `"1 5 8 6 3 7 2 4"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowRequest {
    /// 1-based columns separated by spaces or commas, one per row.
    pub columns: String,
    /// The most rows the door can draw.
    pub max_n: usize,
    /// What the door says of that limit, after "boards up to N x N can be
    /// drawn" (` (as SVG; 64 x 64 in the terminal)`).
    pub drawn: String,
}

/// A checked full placement and its first attacking pair: the `show`
/// record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// 0-based columns, one per row.
    pub columns: Vec<usize>,
    /// The first two queens that attack each other (`None`: a solution).
    pub attack: Option<Attack>,
    /// The picture a door drew of it (`--svg`), which its record names.
    pub svg: Option<String>,
}

impl Placement {
    /// The record's named values, in the order every format shows them
    /// (the `show` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        let attack = self
            .attack
            .map(|a| Value::Squares(vec![(a.rows[0], a.columns[0]), (a.rows[1], a.columns[1])]));
        vec![
            ("n", self.columns.len().into()),
            (
                "placement",
                Value::Columns(self.columns.iter().map(|&c| c as u32).collect()),
            ),
            ("solution", self.attack.is_none().into()),
            ("attack", attack.into()),
            ("svg", self.svg.clone().into()),
        ]
    }
}

impl ShowRequest {
    /// Checks the placement: junk, a column off the board or a column
    /// given twice is refused; any other placement is looked at,
    /// attacking or not.
    ///
    /// ```
    /// use nqueens::placement::ShowRequest;
    /// let request = |c: &str| ShowRequest { columns: c.into(), max_n: 1000, drawn: String::new() };
    /// let p = request("2 4 1 3").check()?;
    /// assert_eq!((p.columns, p.attack), (vec![1, 3, 0, 2], None));
    /// let p = request("1 2").check()?;
    /// assert_eq!(p.attack.unwrap().to_string(), "queens on rows 1 and 2 (columns 1 and 2) attack along a diagonal");
    /// let e = request("2 4 1 4").check().unwrap_err();
    /// assert!(e.to_string().starts_with("column 4 is given twice (rows 2 and 4)"), "{e}");
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn check(&self) -> Result<Placement, Error> {
        let columns = placement(&self.columns, self.max_n, &self.drawn)?;
        let attack = first_attack(&columns);
        Ok(Placement {
            columns,
            attack,
            svg: None,
        })
    }
}

/// Parses the placement: 1-based columns separated by spaces or commas,
/// one per row, each on the board and none twice. Returns 0-based columns.
fn placement(text: &str, max_n: usize, drawn: &str) -> Result<Vec<usize>, Error> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let n = tokens.len();
    if n == 0 {
        return Err(Error::input(
            "the placement is empty: give one 1-based column per row, e.g. \"1 5 8 6 3 7 2 4\"",
        ));
    }
    if n > max_n {
        return Err(Error::input(format!(
            "the placement has {n} rows; boards up to {max_n} x {max_n} can be drawn{drawn}"
        )));
    }
    // The row that holds each column, to name both rows of a repeat.
    let mut row_of = vec![None; n];
    let mut columns = Vec::with_capacity(n);
    for (row, t) in tokens.iter().enumerate() {
        let column: i128 = t.parse().map_err(|_| {
            Error::input(format!(
                "'{t}' (row {}) is not a column number; give 1-based columns separated by spaces, e.g. \"1 5 8 6 3 7 2 4\"",
                row + 1
            ))
        })?;
        if !(1..=n as i128).contains(&column) {
            let given = if n == 1 {
                "1 column given, so the only column is 1".to_string()
            } else {
                format!("{n} columns given, so columns run from 1 to {n}")
            };
            return Err(Error::input(format!(
                "row {}: column {column} is off the board ({given})",
                row + 1
            )));
        }
        let c = (column - 1) as usize;
        if let Some(first) = row_of[c] {
            return Err(Error::input(format!(
                "column {column} is given twice (rows {} and {}): a placement has one queen per column",
                first + 1,
                row + 1
            )));
        }
        row_of[c] = Some(row);
        columns.push(c);
    }
    Ok(columns)
}

/// The first rows' queens on a board of a given side, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialRequest {
    /// The board side, as typed.
    pub size: String,
    /// 1-based columns of the first rows' queens, separated by spaces or
    /// commas.
    pub columns: String,
    /// The largest side the door can draw.
    pub max_n: usize,
    /// Whose limit that is, after the range in a refusal
    /// (` for a board drawn in the terminal`).
    pub owner: String,
    /// How messages name the values.
    pub spelling: Spelling,
}

/// The rows a partial placement whose queens attack no other leaves
/// with no free square: the `partial` record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocked {
    /// The board side.
    pub n: usize,
    /// 1-based columns of the first rows' queens.
    pub columns: Vec<usize>,
    /// The first row (from 1) with no free square.
    pub first_blocked_row: Option<usize>,
    /// Every row below the queens with no free square.
    pub blocked_rows: Vec<u64>,
}

impl Blocked {
    /// The record's named values, in the order every format shows them
    /// (the `partial` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        let columns = self.columns.iter().map(|&c| c as u32 - 1).collect();
        vec![
            ("n", self.n.into()),
            ("queens", self.columns.len().into()),
            ("placement", Value::Columns(columns)),
            ("first_blocked_row", self.first_blocked_row.into()),
            ("blocked_rows", Value::Ints(self.blocked_rows.clone())),
        ]
    }
}

/// A checked partial placement, before its squares are looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialPlacement {
    /// The board side.
    pub n: usize,
    /// 1-based columns of the first rows' queens.
    pub columns: Vec<usize>,
    spelling: Spelling,
}

/// What a partial placement leaves.
#[derive(Debug)]
pub enum PartialRecord {
    /// No two queens attack each other: the board, and its rows left with
    /// no free square.
    Position {
        /// The board with its attacked squares.
        board: Partial,
        /// Its blocked rows: the `partial` record.
        blocked: Blocked,
    },
    /// Two queens attack each other: not a position of the search. The
    /// board is drawable all the same, with no rows called blocked.
    Conflict {
        /// The board with its queens and the squares they attack, or why
        /// it cannot be drawn (a column off the board below the pair).
        board: Result<Partial, Error>,
        /// The pair.
        conflict: BlockedError,
    },
}

impl PartialRequest {
    /// Checks the side against the door's limit and the columns as
    /// numbers; whether they are on the board is the run's to say.
    ///
    /// ```
    /// use nqueens::placement::{PartialRecord, PartialRequest};
    /// use nqueens::Spelling;
    /// let request = PartialRequest { size: "4".into(), columns: "2 4".into(), max_n: 64, owner: String::new(), spelling: Spelling::Flags };
    /// let PartialRecord::Position { blocked, .. } = request.check()?.run()? else { panic!() };
    /// assert_eq!(blocked.first_blocked_row, None);
    /// let request = PartialRequest { columns: "1 x".into(), ..request };
    /// assert!(request.check().unwrap_err().to_string().starts_with("'x' is not a column number"));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn check(&self) -> Result<PartialPlacement, Error> {
        let n = number::size(
            &self.size,
            &self.spelling.of("size"),
            1..=self.max_n,
            &self.owner,
        )?;
        let columns = self
            .columns
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<usize>().map_err(|_| {
                    Error::input(format!(
                        "'{t}' is not a column number; give 1-based columns, e.g. \"1 3 5\""
                    ))
                })
            })
            .collect::<Result<_, Error>>()?;
        Ok(PartialPlacement {
            n,
            columns,
            spelling: self.spelling,
        })
    }
}

impl PartialPlacement {
    /// The board with its attacked squares and blocked rows; two queens
    /// that attack each other make a [`PartialRecord::Conflict`]; too
    /// many queens or a column off the board is refused.
    pub fn run(&self) -> Result<PartialRecord, Error> {
        let (n, cols) = (self.n, &self.columns);
        let refused =
            |e: BlockedError| Error::input(format!("{} {n}: {e}", self.spelling.of("size")));
        let board = match Partial::new(n, cols) {
            Ok(b) => b,
            Err(conflict @ BlockedError::Conflict { .. }) => {
                let board = Partial::drawable(n, cols).map_err(refused);
                return Ok(PartialRecord::Conflict { board, conflict });
            }
            Err(e) => return Err(refused(e)),
        };
        let blocked_rows = (cols.len() + 1..=n)
            .filter(|&r| board.free_in_row(r).is_empty())
            .map(|r| r as u64)
            .collect();
        let blocked = Blocked {
            n,
            columns: cols.clone(),
            first_blocked_row: board.first_blocked_row(),
            blocked_rows,
        };
        Ok(PartialRecord::Position { board, blocked })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SVG_MAX_N: usize = 1000;

    #[test]
    fn placements_are_checked_with_clear_messages() {
        let placement = |p: &str| placement(p, SVG_MAX_N, "");
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
