//! Blocked boards, the figures of exercise sheet 002, §1: "Sur la figure de
//! gauche, cinq reines sont placées mais la sixième est bloquée. Sur la
//! partie droite, sept reines sont placées mais la huitième est bloquée."
//!
//! A partial placement gives, row by row from row 1, the column (from 1) of
//! each row's queen. The module finds the squares the queens attack and the
//! first row left with no free square (neither a queen's nor attacked), the
//! row where the next queen is blocked.
//!
//! ```
//! use nqueens_puzzles::solutions::blocked::Partial;
//! // The sheet's left figure: rows 1..5 hold columns 1, 3, 5, 2, 4.
//! let board = Partial::new(8, &[1, 3, 5, 2, 4]).unwrap();
//! assert_eq!(board.first_blocked_row(), Some(6));
//! ```

use std::fmt;

/// The largest board accepted (the drawing is n x n cells).
pub const MAX_N: usize = 4096;

/// Why a placement is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockedError {
    /// n is 0 or above [`MAX_N`].
    Size(usize),
    /// More queens than rows.
    TooMany {
        /// The board's side.
        n: usize,
        /// The number of queens given.
        queens: usize,
    },
    /// A column outside 1..=n.
    Column {
        /// The row (from 1) whose column is wrong.
        row: usize,
        /// The column given.
        col: usize,
    },
    /// Two queens attack each other, so the placement is not a position of
    /// the search the sheet draws.
    Conflict {
        /// The upper row (from 1).
        first: usize,
        /// The lower row (from 1).
        second: usize,
    },
}

impl fmt::Display for BlockedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Size(n) => write!(f, "board side must be 1..={MAX_N}, got {n}"),
            Self::TooMany { n, queens } => {
                write!(f, "{queens} queens given for a board of {n} rows")
            }
            Self::Column { row, col } => write!(f, "row {row}: column {col} is off the board"),
            Self::Conflict { first, second } => {
                write!(
                    f,
                    "the queens of rows {first} and {second} attack each other"
                )
            }
        }
    }
}

impl std::error::Error for BlockedError {}

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A queen.
    Queen,
    /// Attacked by a queen.
    Attacked,
    /// Free: the next queen could go here.
    Free,
}

/// A partial placement: the queens of rows 1..=k, one per row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partial {
    n: usize,
    cols: Vec<usize>,
    // Lines taken by the queens, so `cell` is O(1).
    col_used: Vec<bool>,
    diag_used: Vec<bool>,
    anti_used: Vec<bool>,
}

impl Partial {
    /// Checks and records the placement: `cols[i]` is the column (from 1) of
    /// the queen in row `i + 1`. Up to n queens; n queens is a full board,
    /// which has no free row.
    ///
    /// ```
    /// use nqueens_puzzles::solutions::blocked::{BlockedError, Partial};
    /// assert_eq!(Partial::new(4, &[1, 2]), Err(BlockedError::Conflict { first: 1, second: 2 }));
    /// ```
    pub fn new(n: usize, cols: &[usize]) -> Result<Self, BlockedError> {
        Partial::placed(n, cols, true)
    }

    /// The placement as [`Partial::new`] records it, queens that attack
    /// each other included: a position the search never reaches, to draw
    /// it (004's `validite('*254')`, which is False). Every other error is
    /// `new`'s.
    ///
    /// ```
    /// use nqueens_puzzles::solutions::blocked::{Cell, Partial};
    /// let board = Partial::drawable(4, &[1, 2]).unwrap();
    /// assert_eq!((board.cell(1, 1), board.cell(2, 2)), (Some(Cell::Queen), Some(Cell::Queen)));
    /// assert_eq!(board.cell(3, 4), Some(Cell::Free));
    /// ```
    pub fn drawable(n: usize, cols: &[usize]) -> Result<Self, BlockedError> {
        Partial::placed(n, cols, false)
    }

    fn placed(n: usize, cols: &[usize], no_attack: bool) -> Result<Self, BlockedError> {
        if n == 0 || n > MAX_N {
            return Err(BlockedError::Size(n));
        }
        if cols.len() > n {
            return Err(BlockedError::TooMany {
                n,
                queens: cols.len(),
            });
        }
        let mut board = Partial {
            n,
            cols: Vec::with_capacity(cols.len()),
            col_used: vec![false; n],
            diag_used: vec![false; 2 * n - 1],
            anti_used: vec![false; 2 * n - 1],
        };
        for (i, &col) in cols.iter().enumerate() {
            let row = i + 1;
            if col == 0 || col > n {
                return Err(BlockedError::Column { row, col });
            }
            if no_attack && board.cell(row, col) != Some(Cell::Free) {
                let first = board.attacker(row, col).unwrap_or(row);
                return Err(BlockedError::Conflict { first, second: row });
            }
            board.cols.push(col);
            let (r, c) = (row - 1, col - 1);
            board.col_used[c] = true;
            board.diag_used[r + n - 1 - c] = true;
            board.anti_used[r + c] = true;
        }
        Ok(board)
    }

    /// The board's side.
    ///
    /// ```
    /// use nqueens_puzzles::solutions::blocked::Partial;
    /// assert_eq!(Partial::new(8, &[]).unwrap().n(), 8);
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// The first row (from 1) holding the queen that attacks `(row, col)`.
    fn attacker(&self, row: usize, col: usize) -> Option<usize> {
        self.cols.iter().enumerate().find_map(|(i, &c)| {
            let r = i + 1;
            (c == col || r.abs_diff(row) == c.abs_diff(col)).then_some(r)
        })
    }

    /// What stands on `(row, col)`, both from 1; `None` off the board.
    ///
    /// ```
    /// use nqueens_puzzles::solutions::blocked::{Cell, Partial};
    /// let board = Partial::new(4, &[2]).unwrap();
    /// assert_eq!(board.cell(1, 2), Some(Cell::Queen));
    /// assert_eq!(board.cell(2, 3), Some(Cell::Attacked));
    /// assert_eq!(board.cell(2, 4), Some(Cell::Free));
    /// assert_eq!(board.cell(5, 1), None);
    /// ```
    pub fn cell(&self, row: usize, col: usize) -> Option<Cell> {
        let n = self.n;
        if row == 0 || col == 0 || row > n || col > n {
            return None;
        }
        let (r, c) = (row - 1, col - 1);
        if self.cols.get(r) == Some(&col) {
            return Some(Cell::Queen);
        }
        let attacked = r < self.cols.len()
            || self.col_used[c]
            || self.diag_used[r + n - 1 - c]
            || self.anti_used[r + c];
        Some(if attacked { Cell::Attacked } else { Cell::Free })
    }

    /// Every square, row by row: `grid[row - 1][col - 1]`.
    ///
    /// ```
    /// use nqueens_puzzles::solutions::blocked::{Cell, Partial};
    /// let grid = Partial::new(2, &[1]).unwrap().grid();
    /// assert_eq!(grid[1], vec![Cell::Attacked, Cell::Attacked]);
    /// ```
    pub fn grid(&self) -> Vec<Vec<Cell>> {
        (1..=self.n)
            .map(|r| (1..=self.n).filter_map(|c| self.cell(r, c)).collect())
            .collect()
    }

    /// The free squares of a row (columns from 1); empty off the board.
    ///
    /// ```
    /// use nqueens_puzzles::solutions::blocked::Partial;
    /// assert_eq!(Partial::new(4, &[1]).unwrap().free_in_row(2), vec![3, 4]);
    /// ```
    pub fn free_in_row(&self, row: usize) -> Vec<usize> {
        (1..=self.n)
            .filter(|&c| self.cell(row, c) == Some(Cell::Free))
            .collect()
    }

    /// The first row (from 1) below the queens with no free square, or
    /// `None` when every empty row still has one (or no row is empty).
    ///
    /// ```
    /// use nqueens_puzzles::solutions::blocked::Partial;
    /// // The sheet's right figure: seven queens, the eighth blocked.
    /// let board = Partial::new(8, &[1, 3, 5, 7, 2, 4, 6]).unwrap();
    /// assert_eq!(board.first_blocked_row(), Some(8));
    /// assert_eq!(Partial::new(8, &[1]).unwrap().first_blocked_row(), None);
    /// ```
    pub fn first_blocked_row(&self) -> Option<usize> {
        (self.cols.len() + 1..=self.n).find(|&r| self.free_in_row(r).is_empty())
    }

    /// The board drawn as the sheet draws its figures: a header of column
    /// numbers, then one line per row, a tab between cells, `★` for a queen;
    /// attacked squares as `x` and free ones as `.` (the sheet leaves both
    /// blank).
    ///
    /// ```
    /// use nqueens_puzzles::solutions::blocked::Partial;
    /// assert_eq!(Partial::new(2, &[1]).unwrap().draw(), "\t1\t2\n1\t★\tx\n2\tx\tx\n");
    /// ```
    pub fn draw(&self) -> String {
        self.drawn(false)
    }

    /// [`Partial::draw`] turned for document 004, which places its queens
    /// column by column: the placement read as the lines of columns 1, 2,
    /// ..., line 1 at the top and columns across (the transpose, under
    /// which every attack stays one).
    ///
    /// ```
    /// use nqueens_puzzles::solutions::blocked::Partial;
    /// // Column 1's queen on line 2 of a 3 x 3 board.
    /// let turned = Partial::new(3, &[2]).unwrap().draw_by_columns();
    /// assert_eq!(turned, "\t1\t2\t3\n1\tx\tx\t.\n2\t★\tx\tx\n3\tx\tx\t.\n");
    /// ```
    pub fn draw_by_columns(&self) -> String {
        self.drawn(true)
    }

    // Indices, not iterators: the turned drawing reads the grid transposed.
    #[allow(clippy::needless_range_loop)]
    fn drawn(&self, by_columns: bool) -> String {
        let grid = self.grid();
        let mut out = String::new();
        for c in 1..=self.n {
            out.push_str(&format!("\t{c}"));
        }
        out.push('\n');
        for r in 0..self.n {
            out.push_str(&(r + 1).to_string());
            for c in 0..self.n {
                let cell = if by_columns { &grid[c][r] } else { &grid[r][c] };
                out.push('\t');
                out.push(match cell {
                    Cell::Queen => '★',
                    Cell::Attacked => 'x',
                    Cell::Free => '.',
                });
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads a figure of the sheet as copied (tabs, `★`): the column of the
    /// star in each row that has one, rows in order.
    fn figure(text: &str) -> Vec<usize> {
        text.lines()
            .skip(1)
            .filter_map(|line| line.split('\t').position(|cell| cell == "★"))
            .collect()
    }

    // 002 §1, "Exemple", the two figures copied from the sheet.
    const LEFT: &str = "\t1\t2\t3\t4\t5\t6\t7\t8
1\t★\t\t\t\t\t\t\t
2\t\t\t★\t\t\t\t\t
3\t\t\t\t\t★\t\t\t
4\t\t★\t\t\t\t\t\t
5\t\t\t\t★\t\t\t\t
6\t\t\t\t\t\t\t\t
7\t\t\t\t\t\t\t\t
8\t\t\t\t\t\t\t\t";
    const RIGHT: &str = "\t1\t2\t3\t4\t5\t6\t7\t8
1\t★\t\t\t\t\t\t\t
2\t\t\t★\t\t\t\t\t
3\t\t\t\t\t★\t\t\t
4\t\t\t\t\t\t\t★\t
5\t\t★\t\t\t\t\t\t
6\t\t\t\t★\t\t\t\t
7\t\t\t\t\t\t★\t\t
8\t\t\t\t\t\t\t\t";

    #[test]
    fn the_sheets_figures_read_as_placements() {
        assert_eq!(figure(LEFT), vec![1, 3, 5, 2, 4]);
        assert_eq!(figure(RIGHT), vec![1, 3, 5, 7, 2, 4, 6]);
    }

    #[test]
    fn five_placed_and_the_sixth_blocked() {
        let board = Partial::new(8, &figure(LEFT)).unwrap();
        assert_eq!(board.first_blocked_row(), Some(6));
        assert!(board.free_in_row(6).is_empty());
        // Rows 7 and 8 are blocked too; the sixth is the first.
        assert!(board.free_in_row(7).is_empty() && board.free_in_row(8).is_empty());
        // With four queens, row 5 still had free squares.
        assert_eq!(
            Partial::new(8, &figure(LEFT)[..4]).unwrap().free_in_row(5),
            vec![4, 8]
        );
    }

    #[test]
    fn seven_placed_and_the_eighth_blocked() {
        let board = Partial::new(8, &figure(RIGHT)).unwrap();
        assert_eq!(board.first_blocked_row(), Some(8));
        assert!(board.free_in_row(8).is_empty());
    }

    #[test]
    fn the_drawing_keeps_the_sheets_queens() {
        // Blank the marks of attacked and free squares: the sheet's figure.
        let drawn = Partial::new(8, &figure(LEFT)).unwrap().draw();
        assert_eq!(drawn.replace(['x', '.'], ""), format!("{LEFT}\n"));
        let drawn = Partial::new(8, &figure(RIGHT)).unwrap().draw();
        assert_eq!(drawn.replace(['x', '.'], ""), format!("{RIGHT}\n"));
    }

    /// Independent: a square is attacked when some queen shares its row,
    /// column or a diagonal (the sheet's |r[i] - r[j]| = |i - j|, §2.1).
    fn attacked_naive(cols: &[usize], row: usize, col: usize) -> bool {
        cols.iter().enumerate().any(|(i, &c)| {
            let r = i + 1;
            r == row || c == col || r.abs_diff(row) == c.abs_diff(col)
        })
    }

    #[test]
    fn cells_agree_with_the_plain_rule() {
        for (n, cols) in [
            (8, figure(LEFT)),
            (8, figure(RIGHT)),
            (5, vec![2, 4]),
            (6, vec![]),
        ] {
            let board = Partial::new(n, &cols).unwrap();
            for r in 1..=n {
                for c in 1..=n {
                    let want = if cols.get(r - 1) == Some(&c) {
                        Cell::Queen
                    } else if attacked_naive(&cols, r, c) {
                        Cell::Attacked
                    } else {
                        Cell::Free
                    };
                    assert_eq!(board.cell(r, c), Some(want), "n={n} ({r},{c})");
                }
            }
        }
    }

    #[test]
    fn the_first_blocked_row_agrees_with_a_plain_scan() {
        // Every non-attacking prefix of every length on 6 x 6.
        fn walk(n: usize, cols: &mut Vec<usize>) {
            let board = Partial::new(n, cols).unwrap();
            let want = (cols.len() + 1..=n).find(|&r| (1..=n).all(|c| attacked_naive(cols, r, c)));
            assert_eq!(board.first_blocked_row(), want, "{cols:?}");
            for c in 1..=n {
                if !attacked_naive(cols, cols.len() + 1, c) && cols.len() < n {
                    cols.push(c);
                    walk(n, cols);
                    cols.pop();
                }
            }
        }
        walk(6, &mut Vec::new());
    }

    #[test]
    fn a_full_solution_has_no_blocked_row() {
        assert_eq!(
            Partial::new(4, &[2, 4, 1, 3]).unwrap().first_blocked_row(),
            None
        );
        assert_eq!(Partial::new(1, &[1]).unwrap().first_blocked_row(), None);
    }

    #[test]
    fn bad_input_is_a_documented_error() {
        assert_eq!(Partial::new(0, &[]), Err(BlockedError::Size(0)));
        assert_eq!(
            Partial::new(MAX_N + 1, &[]),
            Err(BlockedError::Size(MAX_N + 1))
        );
        assert_eq!(
            Partial::new(2, &[1, 2, 1]),
            Err(BlockedError::TooMany { n: 2, queens: 3 })
        );
        assert_eq!(
            Partial::new(8, &[1, 9]),
            Err(BlockedError::Column { row: 2, col: 9 })
        );
        assert_eq!(
            Partial::new(8, &[0]),
            Err(BlockedError::Column { row: 1, col: 0 })
        );
        assert_eq!(
            Partial::new(8, &[1, 3, 1]),
            Err(BlockedError::Conflict {
                first: 1,
                second: 3
            })
        );
        let err = Partial::new(8, &[2, 4, 1, 4]).unwrap_err();
        assert_eq!(
            err,
            BlockedError::Conflict {
                first: 2,
                second: 4
            }
        );
        assert!(err.to_string().contains("rows 2 and 4"));
        let board = Partial::new(3, &[]).unwrap();
        assert_eq!((board.cell(0, 1), board.cell(1, 4)), (None, None));
        assert!(board.free_in_row(9).is_empty());
    }
}
