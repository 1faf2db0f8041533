//! The accessibility heuristic of the exercise sheet: place each queen where
//! it takes the fewest free squares from the rest of the board, and
//! backtrack when stuck.
//!
//! The sheet borrows the idea from Warnsdorff's rule for the knight's tour:
//! mark every square with the number of squares a queen there would
//! eliminate, and put the next queen on the square that eliminates the
//! fewest, so that the most room is left for the others. Here the queens go
//! row by row (one per row is forced anyway), and a square's score is the
//! number of squares of the rows *below* that are still free and that a
//! queen on it would attack: along its column and its two diagonals (its
//! own row is about to be settled). The free squares of the current row are
//! tried in order of increasing score, ties to the left; if a row has no
//! free square left, the last queen is taken back and its next candidate
//! tried: depth-first search, in heuristic order.
//!
//! The scores are kept up to date rather than recounted: for every column
//! and every diagonal, the number of free squares it still has in the rows
//! below. A square's score is then three look-ups. Placing a queen walks
//! its three lines (each square of them that was free stops being free, so
//! the counts of the lines through that square drop by one), and entering a
//! row removes that row's squares from the counts; taking a queen back does
//! the reverse. Every queen placed or taken back thus costs O(n), choosing
//! the next candidate O(n), and memory is O(n).
//!
//! The order helps a lot (n = 33: 92,000 queens placed, against 140
//! million for the plain search of [`backtrack`]) but it is no cure: the
//! search still backtracks, thousands to millions of times, and the amount
//! jumps about with n (measured: n = 38 and n = 40 place about 1.5 million
//! queens, n = 43 some 43 million, 30 s; n = 44 only 56,000). [`HEURISTIC_MAX_N`] is the
//! largest n up to which every board is solved in about a second.
//!
//! [`HEURISTIC_MAX_N`]: super::HEURISTIC_MAX_N
//! [`backtrack`]: super::backtrack()

use super::{check_n, Method, Solution, SolveError};

/// One solution of the `n x n` board by the accessibility heuristic with
/// backtracking, deterministic.
///
/// `steps` counts the queens placed, `backtracks` the queens taken back.
///
/// ```
/// use nqueens_puzzles::solve::{heuristic, verify};
/// let s = heuristic(8).unwrap();
/// assert!(verify(&s.columns));
/// assert_eq!(s.steps, 8 + s.backtracks);
/// ```
pub fn heuristic(n: usize) -> Result<Solution, SolveError> {
    check_n(n, Method::Heuristic)?;
    let mut b = Board::new(n);
    // last[r]: the candidate (score, column) last tried on row r.
    let mut last: Vec<Option<(u32, u32)>> = vec![None; n];
    let (mut steps, mut backtracks) = (0u64, 0u64);
    let mut r = 0;
    loop {
        match b.next_candidate(r, last[r]) {
            Some((score, col)) => {
                last[r] = Some((score, col));
                b.place(r, col);
                steps += 1;
                if r + 1 == n {
                    break;
                }
                b.enter_row(r + 1, false);
                r += 1;
                last[r] = None;
            }
            None => {
                // Every n that reaches here (1 or 4 and more) has a solution,
                // so the search never backs out of row 0.
                assert!(r > 0, "no solution for n = {n}");
                b.enter_row(r, true);
                r -= 1;
                let col = b.q[r];
                b.unplace(r, col);
                backtracks += 1;
            }
        }
    }
    Ok(Solution {
        columns: b.q,
        steps,
        backtracks,
        ..Solution::default()
    })
}

struct Board {
    n: usize,
    /// Columns of the queens of the rows above and of the current row.
    q: Vec<u32>,
    column_used: Vec<bool>,
    rising_used: Vec<bool>,
    falling_used: Vec<bool>,
    /// Free squares of each column in the rows below the current one.
    column_free: Vec<u32>,
    /// Free squares of each rising diagonal (`row + column`) below.
    rising_free: Vec<u32>,
    /// Free squares of each falling diagonal (`row + n - 1 - column`) below.
    falling_free: Vec<u32>,
}

impl Board {
    /// The empty board, about to choose row 0: the counts cover rows 1..n.
    fn new(n: usize) -> Board {
        let diagonals = 2 * n - 1;
        // A diagonal of index d has min(d, 2n - 2 - d) + 1 squares; drop the
        // one in row 0 where there is one.
        let length = |d: usize| (d.min(2 * n - 2 - d) + 1) as u32;
        let rising_free = (0..diagonals)
            .map(|d| length(d) - u32::from(d < n))
            .collect();
        let falling_free = (0..diagonals)
            .map(|d| length(d) - u32::from(d < n))
            .collect();
        Board {
            n,
            q: Vec::with_capacity(n),
            column_used: vec![false; n],
            rising_used: vec![false; diagonals],
            falling_used: vec![false; diagonals],
            column_free: vec![(n - 1) as u32; n],
            rising_free,
            falling_free,
        }
    }

    #[inline]
    fn free(&self, row: usize, col: usize) -> bool {
        !self.column_used[col]
            && !self.rising_used[row + col]
            && !self.falling_used[row + self.n - 1 - col]
    }

    /// Adds `delta` (+1 or -1) to the counts of the three lines through
    /// the square.
    #[inline]
    fn count(&mut self, row: usize, col: usize, delta: i32) {
        let f = row + self.n - 1 - col;
        self.column_free[col] = self.column_free[col].wrapping_add_signed(delta);
        self.rising_free[row + col] = self.rising_free[row + col].wrapping_add_signed(delta);
        self.falling_free[f] = self.falling_free[f].wrapping_add_signed(delta);
    }

    /// The free square of row `row` with the smallest (score, column) after
    /// `after`, if any.
    fn next_candidate(&self, row: usize, after: Option<(u32, u32)>) -> Option<(u32, u32)> {
        let mut best: Option<(u32, u32)> = None;
        for col in 0..self.n {
            if !self.free(row, col) {
                continue;
            }
            let score = self.column_free[col]
                + self.rising_free[row + col]
                + self.falling_free[row + self.n - 1 - col];
            let key = (score, col as u32);
            // Past the last one tried, and better than the best so far.
            if after.is_some_and(|a| key <= a) || best.is_some_and(|b| b <= key) {
                continue;
            }
            best = Some(key);
        }
        best
    }

    /// The squares of the rows below `row` on the three lines through
    /// `(row, col)` that are free, with `delta` applied to their counts.
    fn walk_lines(&mut self, row: usize, col: usize, delta: i32) {
        let n = self.n;
        for i in row + 1..n {
            let t = i - row;
            if self.free(i, col) {
                self.count(i, col, delta);
            }
            if col >= t && self.free(i, col - t) {
                self.count(i, col - t, delta);
            }
            if col + t < n && self.free(i, col + t) {
                self.count(i, col + t, delta);
            }
        }
    }

    /// Puts a queen on a free square of the current row.
    fn place(&mut self, row: usize, col: u32) {
        let c = col as usize;
        // Free squares below on its lines stop being free. The three lines
        // meet only at (row, col), so no square is counted twice.
        self.walk_lines(row, c, -1);
        self.column_used[c] = true;
        self.rising_used[row + c] = true;
        self.falling_used[row + self.n - 1 - c] = true;
        self.q.push(col);
    }

    /// Takes back the queen of `row`, the last one placed.
    fn unplace(&mut self, row: usize, col: u32) {
        let c = col as usize;
        self.q.pop();
        self.column_used[c] = false;
        self.rising_used[row + c] = false;
        self.falling_used[row + self.n - 1 - c] = false;
        self.walk_lines(row, c, 1);
    }

    /// Makes `row` the current row (its free squares leave the counts), or
    /// with `leave`, undoes that.
    fn enter_row(&mut self, row: usize, leave: bool) {
        let delta = if leave { 1 } else { -1 };
        for col in 0..self.n {
            if self.free(row, col) {
                self.count(row, col, delta);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::verify;
    use nqueens_kernel::reference::naive;

    #[test]
    fn solves_every_small_board() {
        // Up to 33 every board takes milliseconds; 34 to 42 take up to a
        // second or so each, too slow for the test suite.
        for n in (4..=33).chain([1, 37, 41]) {
            let s = heuristic(n).unwrap();
            assert!(verify(&s.columns), "n = {n}: {:?}", s.columns);
            assert_eq!(s.steps, n as u64 + s.backtracks, "n = {n}");
            if n <= 10 {
                let small: Vec<u8> = s.columns.iter().map(|&c| c as u8).collect();
                assert!(naive::is_solution(&small), "n = {n}");
            }
        }
    }

    #[test]
    fn the_first_queen_goes_to_a_corner() {
        // A corner attacks the fewest squares: 3(n - 1) on an empty board.
        for n in [5, 8, 13] {
            assert_eq!(heuristic(n).unwrap().columns[0], 0, "n = {n}");
        }
    }

    #[test]
    fn the_counts_match_a_recount() {
        // Place a few queens, then recount every line by brute force.
        let n = 9;
        let mut b = Board::new(n);
        for (r, c) in [(0, 0), (1, 2), (2, 4)] {
            b.place(r, c);
            b.enter_row(r + 1, false);
        }
        let row = 3;
        let mut col = vec![0; n];
        let mut rise = vec![0; 2 * n - 1];
        let mut fall = vec![0; 2 * n - 1];
        for i in row + 1..n {
            for j in 0..n {
                if b.free(i, j) {
                    col[j] += 1;
                    rise[i + j] += 1;
                    fall[i + n - 1 - j] += 1;
                }
            }
        }
        assert_eq!(
            (col, rise, fall),
            (
                b.column_free.clone(),
                b.rising_free.clone(),
                b.falling_free.clone()
            )
        );
        // And back to the empty board.
        for (r, c) in [(2, 4), (1, 2), (0, 0)] {
            b.enter_row(r + 1, true);
            b.unplace(r, c);
        }
        let fresh = Board::new(n);
        assert_eq!(b.column_free, fresh.column_free);
        assert_eq!(b.rising_free, fresh.rising_free);
        assert_eq!(b.falling_free, fresh.falling_free);
    }
}
