//! One pair subproblem and its count: the search of [`crate::search`] with
//! the last row's columns as targets, or with a reserved last-row queen's
//! column and diagonals masked from every row.

use super::orbit::bottom_diagonals;
use crate::search::{fill, lookahead, lookahead_masked, State};
use crate::split::Part;
use crate::{Board, Tally, MAX_N};

/// One subproblem of a [`PairSplit`](super::PairSplit): a first-row column `a`, the last-row
/// columns it is counted with (one reserved partner, or all of `a`'s
/// partners), and the queens of the rows from 1 down to the split's depth.
///
/// ```
/// use nqueens_kernel::{pairs::PairSplit, Board};
/// let split = PairSplit::new(Board::new(8).unwrap(), 2).unwrap();
/// let first = &split.subproblems()[0];
/// assert_eq!(first.columns(), &[0, 2]);
/// // a = 0 has 6 partners, too many to reserve one: all of them count.
/// assert_eq!((first.last_column(), first.last_columns()), (None, 0b0111_1110));
/// assert_eq!((first.weight(1), first.weight(7)), (4, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PairSubproblem {
    /// Position in the split's order.
    pub index: u64,
    /// The attack state of the top rows (the last-row queen not included).
    pub(super) top: State,
    /// The last-row columns counted here: one bit when reserved.
    pub(super) last: u32,
    pub(super) reserved: bool,
    pub(super) n: u8,
    pub(super) columns: [u8; MAX_N],
}

impl PairSubproblem {
    /// The 0-based column of the queen on each placed top row, row 0 first.
    ///
    /// ```
    /// use nqueens_kernel::{pairs::PairSplit, Board};
    /// let split = PairSplit::new(Board::new(6).unwrap(), 3).unwrap();
    /// assert_eq!(split.subproblems()[0].columns(), &[0, 2, 4]);
    /// ```
    pub fn columns(&self) -> &[u8] {
        &self.columns[..self.top.row]
    }

    /// The column `a` of the first row's queen.
    ///
    /// ```
    /// use nqueens_kernel::{pairs::PairSplit, Board};
    /// let split = PairSplit::new(Board::new(6).unwrap(), 1).unwrap();
    /// assert_eq!(split.subproblems()[0].first_column(), 0);
    /// ```
    pub fn first_column(&self) -> u8 {
        self.columns[0]
    }

    /// The reserved column `b` of the last row's queen, or `None` when the
    /// subproblem counts all of `a`'s partners.
    ///
    /// ```
    /// use nqueens_kernel::{pairs::PairSplit, Board};
    /// let split = PairSplit::new(Board::new(6).unwrap(), 1).unwrap();
    /// let last: Vec<_> = split.subproblems().iter().map(|s| s.last_column()).collect();
    /// // a = 0 and 1 count all partners; a = 2 has the one partner 3.
    /// assert_eq!(last, [None, None, Some(3)]);
    /// ```
    pub fn last_column(&self) -> Option<u8> {
        self.reserved.then(|| self.last.trailing_zeros() as u8)
    }

    /// The last-row columns this subproblem counts, one bit per column:
    /// the reserved one, or all of `a`'s partners (those the top rows attack
    /// simply have no completion).
    ///
    /// ```
    /// use nqueens_kernel::{pairs::PairSplit, Board};
    /// let split = PairSplit::new(Board::new(6).unwrap(), 1).unwrap();
    /// // a = 1: the partners 2, 3 and 4.
    /// assert_eq!(split.subproblems()[1].last_columns(), 0b1_1100);
    /// ```
    pub fn last_columns(&self) -> u32 {
        self.last
    }

    /// The weight of the pair `(a, last)`, the size of its orbit: 4, or 2
    /// when `last = n - 1 - a` (1 for `n = 1`); 0 when `last` is not one of
    /// [`PairSubproblem::last_columns`].
    ///
    /// ```
    /// use nqueens_kernel::{pairs::PairSplit, Board};
    /// let split = PairSplit::new(Board::new(6).unwrap(), 1).unwrap();
    /// let s = &split.subproblems()[1]; // a = 1
    /// assert_eq!((s.weight(2), s.weight(4), s.weight(5)), (4, 2, 0));
    /// ```
    pub fn weight(&self, last: u8) -> u8 {
        if last >= self.n || self.last & 1 << last == 0 {
            0
        } else if self.n == 1 {
            1
        } else if usize::from(self.columns[0]) + usize::from(last) == usize::from(self.n) - 1 {
            2
        } else {
            4
        }
    }

    /// Counts this subproblem's completions, weighted, and the nodes below it.
    ///
    /// `solutions` is the sum of the weights of the completions' pairs;
    /// `nodes` (queens placed below the top rows, the last-row queen only
    /// when it lands on a counted column, and never when reserved) is not
    /// weighted, since the other pairs of an orbit are never searched.
    ///
    /// ```
    /// use nqueens_kernel::{pairs::PairSplit, Board};
    /// let board = Board::new(8).unwrap();
    /// let split = PairSplit::new(board, 1).unwrap();
    /// let pairs: u64 = split.subproblems().iter().map(|s| s.count(board).solutions).sum();
    /// assert_eq!(pairs, 92);
    /// // a = 0: 4 solutions, each standing for 4.
    /// assert_eq!(split.subproblems()[0].count(board).solutions, 16);
    /// ```
    pub fn count(&self, board: Board) -> Tally {
        let n = board.n();
        let a = usize::from(self.columns[0]);
        if self.reserved {
            let b = self.last.trailing_zeros() as usize;
            let weight = u64::from(self.weight(b as u8));
            if self.top.row + 1 >= n {
                // Every row holds its queen (n = 1: the first row is the last).
                return Tally {
                    solutions: weight,
                    nodes: 0,
                };
            }
            let mut top = self.top;
            top.cols |= 1 << b;
            let mut masks = [0u32; MAX_N];
            for (i, m) in masks.iter_mut().enumerate().take(n - 1 - self.top.row) {
                *m = bottom_diagonals(n, b, self.top.row + i);
            }
            let (hits, nodes) = fill::<true>(board, top, &masks, n - 2, [board.full(), 0]);
            Tally {
                solutions: weight * hits[0],
                nodes,
            }
        } else {
            let half = self.last & 1 << (n - 1 - a);
            let targets = [self.last & !half, half];
            let (hits, nodes) = fill::<false>(board, self.top, &[0; MAX_N], n - 1, targets);
            Tally {
                solutions: 4 * hits[0] + 2 * hits[1],
                nodes,
            }
        }
    }
}

impl Part for PairSubproblem {
    type Scratch = ();
    fn index(&self) -> u64 {
        self.index
    }
    fn count(&self, board: Board) -> Tally {
        PairSubproblem::count(self, board)
    }
    fn estimate(&self, board: Board) -> u64 {
        if !self.reserved || self.top.row + 1 >= board.n() {
            return lookahead(board, self.top, 3).max(1);
        }
        // A reserved last-row queen prunes every row: its column and diagonals.
        let (n, b) = (board.n(), self.last.trailing_zeros() as usize);
        let mut top = self.top;
        top.cols |= 1 << b;
        let masks: Vec<u32> = (self.top.row..n - 1)
            .take(3)
            .map(|r| bottom_diagonals(n, b, r))
            .collect();
        lookahead_masked(board, top, &masks, 3).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::super::orbit::{partners, reserves};
    use super::*;
    use crate::pairs::PairSplit;
    use crate::reference::naive;

    #[test]
    fn each_subproblem_counts_its_own_pairs_and_orbits_agree() {
        for n in 2..=10 {
            let board = Board::new(n).unwrap();
            let all = naive::solutions(board);
            let with_pair = |a: usize, b: usize| {
                all.iter()
                    .filter(|s| usize::from(s[0]) == a && usize::from(s[n - 1]) == b)
                    .count() as u64
            };
            let m = n - 1;
            for s in PairSplit::new(board, 1).unwrap().subproblems() {
                let a = usize::from(s.first_column());
                let mut want = 0;
                for b in 0..n {
                    let own = with_pair(a, b);
                    for (x, y) in [(m - a, m - b), (b, a), (m - b, m - a)] {
                        assert_eq!(with_pair(x, y), own, "n = {n}, ({a}, {b}) -> ({x}, {y})");
                    }
                    want += own * u64::from(s.weight(b as u8));
                }
                assert_eq!(s.count(board).solutions, want, "n = {n}, {s:?}");
            }
        }
    }

    /// Fills rows `row..n` by the textbook test against every queen already
    /// placed (a reserved last-row queen among them), the last row only on
    /// the columns of `last`; counts completions by `weight` of the
    /// last-row column, and queens placed.
    fn naive_fill(
        n: usize,
        queens: &mut Vec<(usize, usize)>,
        row: usize,
        last: u32,
        weight: &dyn Fn(usize) -> u64,
    ) -> Tally {
        if row == n {
            let b = queens.iter().find(|q| q.0 == n - 1).unwrap().1;
            return Tally {
                solutions: weight(b),
                nodes: 0,
            };
        }
        if queens.iter().any(|q| q.0 == row) {
            return naive_fill(n, queens, row + 1, last, weight);
        }
        let mut t = Tally::default();
        for c in 0..n {
            let safe = queens.iter().all(|&(r, q)| {
                let (dr, dc) = (r.abs_diff(row), q.abs_diff(c));
                dc != 0 && dc != dr
            });
            if safe && (row < n - 1 || last & 1 << c != 0) {
                queens.push((row, c));
                t.nodes += 1;
                t += naive_fill(n, queens, row + 1, last, weight);
                queens.pop();
            }
        }
        t
    }

    fn check_against_naive(board: Board, s: &PairSubproblem) {
        let n = board.n();
        let mut queens: Vec<(usize, usize)> = s
            .columns()
            .iter()
            .enumerate()
            .map(|(r, &c)| (r, usize::from(c)))
            .collect();
        queens.extend(s.last_column().map(|b| (n - 1, usize::from(b))));
        let weight = |b: usize| u64::from(s.weight(b as u8));
        let want = naive_fill(n, &mut queens, s.columns().len(), s.last, &weight);
        assert_eq!(s.count(board), want, "{s:?}");
    }

    #[test]
    fn every_subproblem_equals_a_naive_fill() {
        for n in 2..=9 {
            let board = Board::new(n).unwrap();
            for depth in 1..n {
                for s in PairSplit::new(board, depth).unwrap().subproblems() {
                    check_against_naive(board, s);
                }
            }
        }
    }

    /// A subproblem built by hand: top rows greedily filled, first free
    /// column first, avoiding a reserved last-row queen.
    fn greedy(
        n: usize,
        a: usize,
        last: u32,
        reserved: bool,
        rows: usize,
    ) -> Option<PairSubproblem> {
        let mut columns = [0u8; MAX_N];
        let mut queens = Vec::new();
        if reserved {
            queens.push((n - 1, last.trailing_zeros() as usize));
        }
        let mut top = State::empty();
        for (r, column) in columns.iter_mut().enumerate().take(rows) {
            let c = if r == 0 {
                a
            } else {
                (0..n).find(|&c| {
                    queens
                        .iter()
                        .all(|&(qr, qc)| qc != c && qc.abs_diff(c) != qr.abs_diff(r))
                })?
            };
            queens.push((r, c));
            *column = c as u8;
            top = top.place(1 << c);
        }
        Some(PairSubproblem {
            index: 0,
            top,
            last,
            reserved,
            n: n as u8,
            columns,
        })
    }

    #[test]
    fn the_largest_board_keeps_its_edge_diagonals() {
        assert_eq!(bottom_diagonals(MAX_N, 0, 0), 1 << 31);
        assert_eq!(bottom_diagonals(MAX_N, 31, 0), 1);
        assert_eq!(bottom_diagonals(MAX_N, 31, 1), 1 << 1);
        assert_eq!(bottom_diagonals(MAX_N, 5, 30), 0b101_0000);
        assert_eq!(partners(MAX_N, 0), u32::MAX >> 1 & !1);
        assert_eq!(partners(MAX_N, 15), 1 << 16);
        assert!(reserves(MAX_N, partners(MAX_N, 10)) && !reserves(MAX_N, partners(MAX_N, 9)));
        // n = 32: last-row queens in edge and middle columns, whose diagonals
        // reach the top rows, under greedy placements of many top rows,
        // against the naive fill of the rest.
        let board = Board::new(MAX_N).unwrap();
        let mut checked = 0;
        for (a, last, reserved) in [
            (0, partners(MAX_N, 0), false),
            (1, partners(MAX_N, 1), false),
            (13, 1 << 14, true),
            (15, 1 << 16, true),
            (0, 1 << 30, true),
            (0, 1 << 1, true),
            (2, 1 << 29, true),
        ] {
            for rows in [18, 20, 22, 24] {
                if let Some(s) = greedy(MAX_N, a, last, reserved, rows) {
                    check_against_naive(board, &s);
                    checked += 1;
                }
            }
        }
        assert!(
            checked >= 12,
            "only {checked} placements reached their depth"
        );
    }
}
