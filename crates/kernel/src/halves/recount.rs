//! A row set counted again by a method independent of the join: a
//! depth-first search of the whole board, one queen a row, each row's queen
//! kept to the columns its row set gives it, every solution a leaf.
//!
//! The search shares nothing with the listing of the sides, the keys or
//! the join (nor with [`crate::search`]): only the row set's definition,
//! which is the subproblem itself — its rows (the rows whose queens stand
//! in the left columns `0..left`), its middle queen's row (the queen of
//! column `left`, when the cut is around a middle column) and its weight
//! (its orbit's size). A defect of the join, the keys or the listing shows
//! as a different count; a defect of the split's definition (a wrong weight,
//! a row set listed twice) does not, and is tested apart (the split's
//! orbits cover every row set once, and the recounts add up to the
//! published totals).
//!
//! The rows are not placed top to bottom, which at n = 24 placed about 200
//! queens a solution (a row's queen kept to half the columns meets its
//! dead end late): the next row is the one with the fewest open squares,
//! and a board where a row or a free column has none left is dropped. The
//! order on a tie: the middle queen's row, the side with fewer placements
//! of its own (each side counted alone first, by the same search; the
//! other way round placed 2.5 and 2.8 times more queens on two of three
//! row sets at n = 22, as many on the third), each side's rows from the
//! board's edges inwards. That places 19 to 35 queens a solution on the
//! larger row sets at n = 22 to 26 (more on small ones: 118 on one at
//! n = 28), each 16 to 23 ns on the machine of
//! `results/2026-11-28-p18-recount/`, which has the figures.

use super::{HalfSplit, RowSet};
use crate::{Board, Error};

/// What [`RowSet::recount`] found: the row set's solutions, weighted as
/// [`RowSet::count`] weights them, and the search's own work.
///
/// Compare `solutions` with [`RowSet::count`]'s (and with what a shard
/// records for the row set: its weighted solutions); `nodes` counts the
/// queens this search placed, not comparable with the join's nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Recount {
    /// The solutions of the row set times its orbit's size: what the join
    /// reports as its solutions.
    pub solutions: u64,
    /// The solutions with exactly this row set's layout (`solutions /
    /// weight`).
    pub unweighted: u64,
    /// The orbit's size the solutions are multiplied by (1, 2 or 4).
    pub weight: u8,
    /// Queens placed by the search (dead ends included, the root not; the
    /// counts of each side alone that choose the order included).
    pub nodes: u64,
}

impl RowSet {
    /// Counts this row set of `board` (the board its split was made for)
    /// again by a depth-first search of the whole board, one queen a row,
    /// each row's queen kept to its part of the columns: the left columns
    /// `0..left` for the rows of [`RowSet::rows`], column `left` for the
    /// middle queen's row, the columns right of them for the others. The
    /// same solutions as [`RowSet::count`] by a method that shares nothing
    /// with it but the row set; far slower, as every solution is a leaf of
    /// the search (at n = 24, 90 to 160 times the join's time; at n = 28,
    /// 75 times on a small row set, an estimated 250 to 1,000 on larger
    /// ones).
    ///
    /// The most constrained row is placed next (the module's doc says how);
    /// any order counts the same.
    ///
    /// ```
    /// use nqueens_kernel::{halves::HalfSplit, Board};
    /// let board = Board::new(10).unwrap();
    /// for s in HalfSplit::new(board, 5).unwrap().subproblems() {
    ///     let again = s.recount(board);
    ///     assert_eq!(again.solutions, s.count(board).solutions);
    ///     assert_eq!(again.solutions, again.unweighted * u64::from(s.weight));
    /// }
    /// ```
    pub fn recount(&self, board: Board) -> Recount {
        let n = board.n();
        let left = usize::from(self.left);
        let columns =
            |from: usize, to: usize| -> u32 { (from..to).fold(0, |mask, c| mask | 1 << c) };
        let middle = self.middle.map(usize::from);
        let right_from = left + usize::from(middle.is_some());
        let mut search = Search {
            n,
            region: [0; 32],
            order: [0; 32],
            depth: 0,
            columns: 0,
            nodes: 0,
        };
        let (mut lefts, mut rights) = (Vec::new(), Vec::new());
        for r in 0..n {
            search.region[r] = if self.rows >> r & 1 == 1 {
                lefts.push(r);
                columns(0, left)
            } else if middle == Some(r) {
                columns(left, right_from)
            } else {
                rights.push(r);
                columns(right_from, n)
            };
        }
        // From the edges inwards: by distance from the middle of the
        // board, farthest first (the upper row of two as far).
        let outwards = |r: &usize| n.abs_diff(2 * r + 1);
        lefts.sort_by_key(|r| std::cmp::Reverse(outwards(r)));
        rights.sort_by_key(|r| std::cmp::Reverse(outwards(r)));
        let first: Vec<usize> = middle.into_iter().collect();
        let mut alone = |side: &[usize]| {
            let rows: Vec<usize> = first.iter().chain(side).copied().collect();
            search.count(&rows)
        };
        let (by_left, by_right) = (alone(&lefts), alone(&rights));
        let sides = if by_right < by_left {
            [rights, lefts]
        } else {
            [lefts, rights]
        };
        let every: Vec<usize> = first
            .iter()
            .chain(sides.iter().flatten())
            .copied()
            .collect();
        let unweighted = search.count(&every);
        Recount {
            solutions: unweighted * u64::from(self.weight),
            unweighted,
            weight: self.weight,
            nodes: search.nodes,
        }
    }
}

/// [`RowSet::recount`] of the row set with index `index` in the split of
/// `board` with the left part `left` columns wide (the split's depth: a
/// plan's `depth`; the `halves` solver's default is `n / 2`): the row set
/// found by [`HalfSplit::within`], then counted by the plain search.
///
/// ```
/// use nqueens_kernel::{halves::{recount, HalfSplit}, Board, Error};
/// let board = Board::new(11).unwrap();
/// let split = HalfSplit::new(board, 5).unwrap();
/// let again = recount(board, 5, 17).unwrap();
/// assert_eq!(again.solutions, split.get(17).unwrap().count(board).solutions);
/// let len = split.len() as u64;
/// assert_eq!(recount(board, 5, len), Err(Error::IndexOutOfRange { index: len, len }));
/// ```
pub fn recount(board: Board, left: usize, index: u64) -> Result<Recount, Error> {
    let window = index..index.saturating_add(1);
    let split = HalfSplit::within(board, left, Some(window))?;
    Ok(split.get(index)?.recount(board))
}

/// The search: its fixed data, the rows it places, and its node count.
struct Search {
    n: usize,
    /// The columns open to each row's queen (its part of the board).
    region: [u32; 32],
    /// The rows to place, in order (the first `depth`).
    order: [usize; 32],
    depth: usize,
    /// The columns of the rows to place (their regions' union).
    columns: u32,
    /// Queens placed, by every search so far.
    nodes: u64,
}

impl Search {
    /// The placements of one queen on each of `rows` (in that order), in
    /// its region, no two on a column or a diagonal.
    fn count(&mut self, rows: &[usize]) -> u64 {
        self.order[..rows.len()].copy_from_slice(rows);
        self.depth = rows.len();
        self.columns = rows.iter().fold(0, |c, &r| c | self.region[r & 31]);
        if rows.is_empty() {
            return 1;
        }
        self.below(0, 0, 0, 0)
    }

    /// The completions of the placements of rows `order[..k]`: `cols`
    /// their columns, `diag` their diagonals (bit `c - r + n - 1` for the
    /// square of row `r`, column `c`) and `anti` their anti-diagonals (bit
    /// `r + c`).
    ///
    /// None if a row of `order[k..]` has no open square left, or a free
    /// column no open square (each part of the columns has as many free
    /// columns as rows left to fill them). Otherwise the next row placed
    /// is the one with the fewest open squares (the first of them in
    /// `order` on a tie), moved to `order[k]`.
    fn below(&mut self, k: usize, cols: u32, diag: u64, anti: u64) -> u64 {
        let n = self.n;
        let (mut fewest, mut at, mut squares, mut reached) = (u32::MAX, k, 0, 0);
        for j in k..self.depth {
            let r = self.order[j & 31];
            let attacked = cols | (diag >> (n - 1 - r)) as u32 | (anti >> r) as u32;
            let open = self.region[r & 31] & !attacked;
            if open == 0 {
                return 0;
            }
            reached |= open;
            if open.count_ones() < fewest {
                (fewest, at, squares) = (open.count_ones(), j, open);
            }
        }
        if reached != self.columns & !cols {
            return 0;
        }
        self.order.swap(k & 31, at & 31);
        if k + 1 == self.depth {
            self.nodes += u64::from(fewest);
            return u64::from(fewest);
        }
        let r = self.order[k & 31];
        let mut found = 0;
        while squares != 0 {
            let c = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            self.nodes += 1;
            let (d, a) = (1 << (c + n - 1 - r), 1 << (r + c));
            found += self.below(k + 1, cols | 1 << c, diag | d, anti | a);
        }
        found
    }
}

#[cfg(test)]
mod tests;
