//! Queens with no three in line: ordinary solutions in which no three
//! queens stand on one straight line, whatever its slope (the lines of
//! slope 0, infinity and ±1 are ruled out by the queens' own moves, so the
//! new ones are the others, e.g. a knight's move repeated).
//!
//! The search prunes as it goes. Beside the usual column and diagonal
//! masks, it keeps one mask per later row of the squares that a line
//! through two placed queens crosses. When a queen goes to `(row, c)`, then
//! for every earlier queen `(i, ci)` the line through both is walked in
//! steps of `(a, b) = (row - i, c - ci) / g`, `g` their greatest common
//! divisor, so that the walk visits *every* lattice square of the line
//! below `row`, and each square it meets on the board is forbidden. All of
//! it is integer arithmetic: no slopes, no rounding. After each placement
//! the search also looks ahead: if some later row has no square left that
//! is free of columns, diagonals and lines, the branch is dropped at once
//! (this halves the time at n = 16).
//!
//! It is exact: any three queens in line, in rows `r1 < r2 < r3`, are
//! caught when the third is tried, because placing the second marked the
//! square of the third. And nothing else is forbidden, since every marked
//! square lies on a line through two queens.

use std::ops::ControlFlow;

use super::walk::Walk;
use nqueens_kernel::MAX_N;

/// The first three queens of `columns` (0-based, one per row) on one
/// straight line, as their rows in increasing order (in the order
/// `(0, 1, 2)`, `(0, 1, 3)`, ...), or `None`. Checked triple by triple
/// with a cross product, independently of the search.
///
/// ```
/// use nqueens_puzzles::variant::collinear::triple;
/// // The first 8-queens solution: rows 1, 3 and 5 hold columns 4, 5 and 6,
/// // a knight's move (two rows, one column) apart.
/// assert_eq!(triple(&[0, 4, 7, 5, 2, 6, 1, 3]), Some([1, 3, 5]));
/// assert_eq!(triple(&[1, 3, 0, 2]), None);
/// ```
pub fn triple(columns: &[u8]) -> Option<[usize; 3]> {
    let n = columns.len();
    let point = |r: usize| (r as i64, i64::from(columns[r]));
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let ((ri, ci), (rj, cj), (rk, ck)) = (point(i), point(j), point(k));
                if (rj - ri) * (ck - ci) == (rk - ri) * (cj - ci) {
                    return Some([i, j, k]);
                }
            }
        }
    }
    None
}

/// `GCD[a][b]`: the greatest common divisor of `a` and `b`, for `a, b < 32`.
const GCD: [[u8; MAX_N]; MAX_N] = {
    let mut t = [[0u8; MAX_N]; MAX_N];
    let mut a = 0;
    while a < MAX_N {
        let mut b = 0;
        while b < MAX_N {
            let (mut x, mut y) = (a, b);
            while y != 0 {
                let r = x % y;
                x = y;
                y = r;
            }
            t[a][b] = x as u8;
            b += 1;
        }
        a += 1;
    }
    t
};

/// Published counts of boards with no three queens on any line, for
/// checking only (never to produce a count): `(n, total, classes)`, the
/// totals from OEIS A365437 and the classes under the square's symmetries
/// from MathOverflow question 457913, n = 1..12.
pub const PUBLISHED: [(usize, u64, u64); 12] = [
    (1, 1, 1),
    (2, 0, 0),
    (3, 0, 0),
    (4, 2, 1),
    (5, 0, 0),
    (6, 0, 0),
    (7, 0, 0),
    (8, 8, 1),
    (9, 32, 4),
    (10, 40, 5),
    (11, 96, 12),
    (12, 410, 53),
];

impl<F: FnMut(&[u8]) -> ControlFlow<()>> Walk<F> {
    /// The search behind [`crate::variant::Variant::NoThreeInLine`]: the
    /// rows below the first row's queen, on the square of `bit`.
    pub(super) fn below_in_line(&mut self, bit: u32) -> ControlFlow<()> {
        self.down_in_line(1, bit, bit << 1, bit >> 1, &[0; MAX_N])
    }

    /// Fills `row` and the rows below it; `lines[r]` holds the squares of
    /// row `r` on a line through two placed queens.
    fn down_in_line(
        &mut self,
        row: usize,
        cols: u32,
        ld: u32,
        rd: u32,
        lines: &[u32; MAX_N],
    ) -> ControlFlow<()> {
        if row == self.n {
            return self.complete();
        }
        let mut avail = self.full & !(cols | ld | rd | lines[row]);
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            let c = self.place(row, bit);
            let mut next = *lines;
            let (cols, ld, rd) = (cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
            if row + 1 < self.n {
                self.mark(row, c, &mut next);
                if self.dead_row(row + 1, cols, ld, rd, &next) {
                    continue;
                }
            }
            self.down_in_line(row + 1, cols, ld, rd, &next)?;
        }
        ControlFlow::Continue(())
    }

    /// Whether some row from `row` down has no free square left.
    fn dead_row(&self, row: usize, cols: u32, ld: u32, rd: u32, lines: &[u32; MAX_N]) -> bool {
        let (mut ld, mut rd) = (ld, rd);
        for line in &lines[row..self.n] {
            if self.full & !(cols | ld | rd | line) == 0 {
                return true;
            }
            ld <<= 1;
            rd >>= 1;
        }
        false
    }

    /// Marks in `lines` the squares below `row` on the lines through the
    /// new queen `(row, c)` and each queen above it.
    fn mark(&self, row: usize, c: usize, lines: &mut [u32; MAX_N]) {
        let n = self.n as i64;
        for i in 0..row {
            let ci = usize::from(self.columns[i]);
            let (dr, dc) = (row - i, c.abs_diff(ci));
            let g = usize::from(GCD[dr][dc]);
            let a = (dr / g) as i64;
            let b = (dc / g) as i64 * if c > ci { 1 } else { -1 };
            let (mut r, mut col) = (row as i64 + a, c as i64 + b);
            while r < n && (0..n).contains(&col) {
                lines[r as usize] |= 1 << col;
                r += a;
                col += b;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solutions::Solutions;
    use crate::variant::Variant;
    use nqueens_kernel::Board;

    #[test]
    fn the_search_lists_exactly_the_solutions_with_no_triple_in_line() {
        Variant::NoThreeInLine.assert_lists(1..=10, |board| {
            Solutions::new(board)
                .filter(|s| triple(s).is_none())
                .map(|s| s.to_vec())
                .collect()
        });
    }

    #[test]
    fn counts_match_mathoverflow_457913_and_oeis_a365437() {
        for (n, total, unique) in PUBLISHED {
            let board = Board::new(n).unwrap();
            let t = Variant::NoThreeInLine.count(board);
            let want = (total, u128::from(unique));
            assert_eq!((t.solutions, t.unique(board)), want, "n = {n}");
        }
    }

    /// Whether three queens of `s` stand on a line whose step is a
    /// knight's move (1 x 2 or 2 x 1), the lines one sees at a glance.
    fn knight_triple(s: &[u8]) -> bool {
        let n = s.len();
        let p = |r: usize| (r as i64, i64::from(s[r]));
        (0..n).any(|i| {
            (i + 1..n).any(|j| {
                (j + 1..n).any(|k| {
                    let ((ri, ci), (rj, cj), (rk, ck)) = (p(i), p(j), p(k));
                    let (dr, dc) = (rj - ri, (cj - ci).abs());
                    let g = i64::from(GCD[dr as usize][dc as usize]);
                    (rj - ri) * (ck - ci) == (rk - ri) * (cj - ci)
                        && matches!((dr / g, dc / g), (1, 2) | (2, 1))
                })
            })
        })
    }

    #[test]
    fn eight_queens_keep_one_fundamental_solution_where_knight_lines_alone_keep_three() {
        let board = Board::new(8).unwrap();
        let fundamental: Vec<Vec<u8>> = crate::solutions::Fundamentals::new(board)
            .map(|(s, _)| s.to_vec())
            .collect();
        assert_eq!(fundamental.len(), 12);
        let survivors: Vec<&Vec<u8>> = fundamental.iter().filter(|s| triple(s).is_none()).collect();
        assert_eq!(survivors, [&vec![2, 4, 7, 3, 0, 6, 1, 5]]); // 3 5 8 4 1 7 2 6
        let knight_free: Vec<&Vec<u8>> = fundamental.iter().filter(|s| !knight_triple(s)).collect();
        assert_eq!(
            knight_free,
            [
                &vec![1, 4, 6, 3, 0, 7, 5, 2], // 2 5 7 4 1 8 6 3
                &vec![2, 4, 7, 3, 0, 6, 1, 5],
                &vec![2, 5, 1, 4, 7, 0, 6, 3], // 3 6 2 5 8 1 7 4
            ]
        );
        // What kills the last one: c1, e4, g7 (rows 0, 3, 6) and b3, e4, h5
        // (rows 2, 3, 4, columns 1, 4, 7: one row, three columns apart).
        let last = [2, 5, 1, 4, 7, 0, 6, 3];
        assert_eq!(triple(&last), Some([0, 3, 6]));
        assert_eq!(&last[2..5], &[1, 4, 7]);
        assert_eq!(triple(&last[2..5]), Some([0, 1, 2]));
    }

    #[test]
    fn the_gcd_table_is_right() {
        assert_eq!(GCD[12][18], 6);
        assert_eq!(GCD[7][0], 7);
        assert_eq!(GCD[0][5], 5);
        assert_eq!(GCD[31][30], 1);
    }

    #[test]
    fn the_triple_finder_sees_every_slope() {
        // Slope 1/3: rows 0, 1, 2 at columns 0, 3, 6.
        assert_eq!(triple(&[0, 3, 6]), Some([0, 1, 2]));
        // Slope 3: rows 0, 3, 6 at columns 0, 1, 2 (other rows anywhere).
        assert_eq!(triple(&[0, 5, 9, 1, 7, 4, 2]), Some([0, 3, 6]));
        assert_eq!(triple(&[0, 2]), None);
    }
}
