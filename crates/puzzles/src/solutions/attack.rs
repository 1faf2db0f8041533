//! Why a placement is not a solution: the first pair of queens that attack
//! each other, and along which line.

use std::fmt;

/// A line two queens can share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// The same column.
    Column,
    /// The same diagonal: `column - row` equal, parallel to the main
    /// diagonal through row 0, column 0.
    Diagonal,
    /// The same anti-diagonal: `column + row` equal.
    AntiDiagonal,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Line::Column => "the same column",
            Line::Diagonal => "a diagonal",
            Line::AntiDiagonal => "an anti-diagonal",
        })
    }
}

/// Two queens of a placement (one per row) that attack each other.
///
/// Fields are 0-based; the message ([`fmt::Display`]) counts from 1, as a
/// person reads a board: "queens on rows 1 and 2 (columns 1 and 2) attack
/// along a diagonal".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attack {
    /// The two rows, the upper (smaller) first.
    pub rows: [usize; 2],
    /// The columns of the queens on those rows.
    pub columns: [usize; 2],
    /// The line they share.
    pub line: Line,
}

impl fmt::Display for Attack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "queens on rows {} and {} (columns {} and {}) attack along {}",
            self.rows[0] + 1,
            self.rows[1] + 1,
            self.columns[0] + 1,
            self.columns[1] + 1,
            self.line
        )
    }
}

/// The first two queens of a placement that attack each other, or `None`
/// if no two do. `columns[r]` is the column of row `r`'s queen (so rows
/// never clash); columns may be any values, the board need not be square,
/// and they may be of any unsigned type up to `usize` (`u8` for the
/// kernel's boards, `usize` for the drawings of larger ones).
///
/// "First" is reproducible: the lowest row whose queen is attacked from
/// above, and of the queens above it the highest one.
///
/// ```
/// use nqueens_puzzles::solutions::{first_attack, Line};
/// assert_eq!(first_attack(&[1u8, 3, 0, 2]), None);
/// let a = first_attack(&[0u8, 2, 4, 4]).unwrap();
/// assert_eq!((a.rows, a.columns, a.line), ([2, 3], [4, 4], Line::Column));
/// let a = first_attack(&[2usize, 1, 3]).unwrap();
/// assert_eq!((a.rows, a.line), ([0, 1], Line::AntiDiagonal));
/// assert_eq!(a.to_string(), "queens on rows 1 and 2 (columns 3 and 2) attack along an anti-diagonal");
/// ```
pub fn first_attack<C: Copy + Into<usize>>(columns: &[C]) -> Option<Attack> {
    for (j, &cj) in columns.iter().enumerate() {
        let cj: usize = cj.into();
        for i in (0..j).rev() {
            let ci: usize = columns[i].into();
            let dr = j - i;
            let line = if ci == cj {
                Line::Column
            } else if cj.abs_diff(ci) != dr {
                continue;
            } else if cj > ci {
                // Down a row and right a column: `column - row` kept.
                Line::Diagonal
            } else {
                Line::AntiDiagonal
            };
            return Some(Attack {
                rows: [i, j],
                columns: [ci, cj],
                line,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_kernel::reference::naive;

    #[test]
    fn attacks_name_the_first_pair_and_the_line() {
        assert_eq!(first_attack::<u8>(&[]), None);
        assert_eq!(first_attack(&[5u8]), None);
        let a = first_attack(&[0u8, 2, 1]).unwrap();
        // Row 2 is attacked by row 1 (anti-diagonal) and row 0 (none):
        // the nearest attacker above is named.
        assert_eq!(
            (a.rows, a.columns, a.line),
            ([1, 2], [2, 1], Line::AntiDiagonal)
        );
        let a = first_attack(&[0u8, 5, 2]).unwrap();
        assert_eq!((a.rows, a.line), ([0, 2], Line::Diagonal));
        // Agrees with the naive check on every placement of a small board.
        for code in 0..6u32.pow(6) {
            let p: Vec<u8> = (0..6).map(|i| (code / 6u32.pow(i) % 6) as u8).collect();
            assert_eq!(first_attack(&p).is_none(), naive::is_solution(&p), "{p:?}");
        }
    }
}
