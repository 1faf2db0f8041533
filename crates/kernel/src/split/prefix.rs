//! Prefix subproblems: the valid placements of the first `depth` rows.
//!
//! A split of the board at depth `d` lists, in lexicographic order of their
//! columns, every placement of queens on rows `0..d` that no two attack, with
//! the first row restricted to the left half (half-mirroring). Each one is a
//! self-contained subproblem: counting its completions needs nothing else.
//! Its position in that order is its index. The order depends only on `n` and
//! `d`, so an index names the same subproblem in every run, on every machine
//! and in every version that keeps this documented order: checkpoints and
//! cluster shards refer to work by index.
//!
//! Half-mirroring: reflecting a solution left to right gives a solution, and
//! no solution is its own mirror image when `n > 1` (its first-row queen would
//! have to sit on the middle column, and so would every other queen). So the
//! solutions whose first queen is in column `c < n / 2` are counted once and
//! weighted 2; for odd `n` the middle column is counted with weight 1.

use super::{Part, Partition};
use crate::search::{count_from, lookahead, State};
use crate::{Board, Error, Tally};

/// One subproblem of a split: a placement of the first `depth` rows.
///
/// ```
/// use nqueens_kernel::{split::Split, Board};
/// let board = Board::new(8).unwrap();
/// let split = Split::new(board, 2).unwrap();
/// let first = &split.subproblems()[0];
/// assert_eq!(first.columns(), &[0, 2]);
/// assert_eq!(first.weight, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Subproblem {
    /// Position in the split's lexicographic order.
    pub index: u64,
    /// How many solutions each completion stands for: 2 when the first
    /// queen is left of the middle (its mirror image is not searched), 1 on
    /// the middle column of an odd board.
    pub weight: u8,
    /// The attack state after the prefix.
    pub state: State,
    columns: [u8; crate::MAX_N],
}

impl Subproblem {
    /// The 0-based column of the queen on each prefix row.
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// let split = Split::new(Board::new(5).unwrap(), 3).unwrap();
    /// assert_eq!(split.subproblems()[0].columns(), &[0, 2, 4]);
    /// ```
    pub fn columns(&self) -> &[u8] {
        &self.columns[..self.state.row]
    }

    /// Counts this subproblem's completions, weighted, and the nodes below it.
    ///
    /// `solutions` is already multiplied by [`Subproblem::weight`]; `nodes`
    /// is not, since the mirror images are never searched.
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// let board = Board::new(8).unwrap();
    /// let split = Split::new(board, 1).unwrap();
    /// // Queen in the corner: 4 solutions, and 4 more by mirror image.
    /// assert_eq!(split.subproblems()[0].count(board).solutions, 8);
    /// ```
    pub fn count(&self, board: Board) -> Tally {
        let t = count_from(board, self.state);
        Tally {
            solutions: t.solutions * u64::from(self.weight),
            nodes: t.nodes,
        }
    }
}

/// A board cut into its prefix subproblems at a given depth.
///
/// ```
/// use nqueens_kernel::{split::Split, Board};
/// let board = Board::new(8).unwrap();
/// let split = Split::new(board, 3).unwrap();
/// let tally: u64 = split.subproblems().iter().map(|s| s.count(board).solutions).sum();
/// assert_eq!(tally, 92);
/// ```
pub type Split = Partition<Subproblem>;

impl Partition<Subproblem> {
    /// Enumerates the subproblems of `board` at `depth` (`1..=n`).
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// let board = Board::new(8).unwrap();
    /// assert_eq!(Split::new(board, 1).unwrap().len(), 4);
    /// assert!(Split::new(board, 9).is_err());
    /// ```
    pub fn new(board: Board, depth: usize) -> Result<Split, Error> {
        Split::within(board, depth, None)
    }

    /// [`Split::new`] holding only the subproblems whose index is in
    /// `window` (all for `None`).
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// let board = Board::new(8).unwrap();
    /// let window = Split::within(board, 3, Some(10..12)).unwrap();
    /// assert_eq!(window.subproblems()[0], Split::new(board, 3).unwrap().subproblems()[10]);
    /// ```
    pub fn within(
        board: Board,
        depth: usize,
        window: Option<std::ops::Range<u64>>,
    ) -> Result<Split, Error> {
        let n = board.n();
        let mut split = Split::empty(board, depth, window)?;
        let half = n / 2;
        let mut columns = [0u8; crate::MAX_N];
        // The first row takes the left half, and the middle column of an odd board.
        for c in 0..n.div_ceil(2) {
            let weight = if c < half { 2 } else { 1 };
            columns[0] = c as u8;
            split.prefix_nodes += 1;
            split.extend(State::empty().place(1 << c), weight, &mut columns);
        }
        Ok(split)
    }

    fn extend(&mut self, state: State, weight: u8, columns: &mut [u8; crate::MAX_N]) {
        if state.row == self.depth {
            self.keep(|index| Subproblem {
                index,
                weight,
                state,
                columns: *columns,
            });
            return;
        }
        let mut avail = state.free(self.board);
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            columns[state.row] = bit.trailing_zeros() as u8;
            self.prefix_nodes += 1;
            self.extend(state.place(bit), weight, columns);
        }
    }
}

impl Part for Subproblem {
    type Scratch = ();
    fn index(&self) -> u64 {
        self.index
    }
    fn count(&self, board: Board) -> Tally {
        Subproblem::count(self, board)
    }
    fn estimate(&self, board: Board) -> u64 {
        lookahead(board, self.state, 3).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(board: Board, depth: usize) -> Tally {
        let split = Split::new(board, depth).unwrap();
        let mut t: Tally = split.subproblems().iter().map(|s| s.count(board)).sum();
        t.nodes += split.prefix_nodes();
        t
    }

    #[test]
    fn every_depth_gives_the_same_tally() {
        for n in 1..=10 {
            let board = Board::new(n).unwrap();
            let reference = total(board, 1);
            for depth in 2..=n {
                assert_eq!(total(board, depth), reference, "n = {n}, depth = {depth}");
            }
        }
    }

    #[test]
    fn prefixes_are_valid_and_in_lexicographic_order() {
        let board = Board::new(9).unwrap();
        let split = Split::new(board, 4).unwrap();
        let cols: Vec<Vec<u8>> = split
            .subproblems()
            .iter()
            .map(|s| s.columns().to_vec())
            .collect();
        assert!(cols.windows(2).all(|w| w[0] < w[1]));
        for c in &cols {
            assert!(c[0] <= 4, "first queen in the left half or the middle");
            for i in 0..c.len() {
                for j in i + 1..c.len() {
                    let (di, dc) = (j - i, c[i].abs_diff(c[j]) as usize);
                    assert!(dc != 0 && dc != di, "{c:?} has an attacking pair");
                }
            }
        }
    }

    #[test]
    fn weights_follow_the_mirror() {
        let split = Split::new(Board::new(7).unwrap(), 1).unwrap();
        let w: Vec<u8> = split.subproblems().iter().map(|s| s.weight).collect();
        assert_eq!(w, [2, 2, 2, 1]);
        let split = Split::new(Board::new(6).unwrap(), 1).unwrap();
        let w: Vec<u8> = split.subproblems().iter().map(|s| s.weight).collect();
        assert_eq!(w, [2, 2, 2]);
    }
}
