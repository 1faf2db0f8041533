//! Pair subproblems: solutions grouped by the columns of their first-row and
//! last-row queens, one pair per orbit of the board's mirror symmetries.
//!
//! # The symmetry
//!
//! Every solution has a queen in column `a` of the first row and one in
//! column `b` of the last row. The group of the identity, the left-right
//! mirror, the top-bottom mirror and the half turn maps solutions to
//! solutions, and acts on their pairs `(a, b)` alike:
//!
//! ```text
//! left-right mirror   (a, b) -> (n-1-a, n-1-b)
//! top-bottom mirror   (a, b) -> (b, a)
//! half turn           (a, b) -> (n-1-b, n-1-a)
//! ```
//!
//! Each element maps the solutions with pair `p` one to one onto those with
//! its image, so all pairs of one orbit have the same number of solutions,
//! and the total is the sum, over one pair per orbit, of that pair's
//! solutions times the orbit size. The count takes the lexicographically
//! smallest pair of each orbit, the *canonical* one.
//!
//! On a board with `n > 1`, the pair of a solution has `a != b` (one column)
//! and `|a - b| != n - 1` (the two queens are `n - 1` rows apart, so they
//! share a diagonal exactly then). For such a pair, `(a, b) <= (b, a)` means
//! `a < b`, and `(a, b) <= (n-1-b, n-1-a)` then means `a + b <= n - 1`; the
//! left-right image is then larger on its own, since `2a < a + b <= n - 1`.
//! So the canonical pairs are those with `a < b <= n - 1 - a`, the pair
//! `(0, n - 1)` left out; the `b` of a canonical pair are the *partners* of
//! `a`. No mirror fixes a pair (it would need `a = b`), and the half turn
//! fixes it exactly when `b = n - 1 - a`. So the weight of a pair, the size
//! of its orbit, is 2 when `b = n - 1 - a` and 4 otherwise. `n = 1` is the
//! one board whose first row is its last: its one pair `(0, 0)` is fixed by
//! the whole group, and has weight 1.
//!
//! # Two kinds of subproblem
//!
//! Fixing the last-row queen before the search prunes every row with its
//! column and diagonals, but the search then runs once per partner, and the
//! runs overlap: deep in the tree, where most nodes are, a partial placement
//! usually leaves two or three columns that could still take the last
//! queen, and is visited once for each. So the runs together can visit more
//! nodes than one unrestricted run that keeps, at the last row, the
//! completions whose last queen lands on a partner (n = 16, `a = 0`: 105
//! million nodes for its 14 partners one by one, 56 million in one run).
//! Measured, fixing `b` pays only when `a` has few partners (it has
//! `n - 1 - 2a`, or `n - 2` for `a = 0`). So:
//!
//! - when `a` has at most `(n + 1) / 3` partners (`3 * partners <= n + 1`),
//!   its last-row queen is *reserved*: one subproblem per partner `b`, with
//!   `b`'s column and diagonals kept free of other queens from the start;
//! - otherwise one subproblem counts all of `a`'s partners at once: the
//!   search runs as an unrestricted one, and a completion counts (with the
//!   weight of its pair) when its last-row queen lands on a partner.
//!
//! # The split
//!
//! A split at depth `d` places the top rows `0..d` (`0..n-1` at most), row 0
//! holding `a`, and lists every placement in which no two queens attack each
//! other (the reserved last-row queen included). The order is: by `a`, then
//! by the reserved `b` (for reserved subproblems), then by the columns of rows
//! `1..d` in lexicographic order. It depends only on `n` and `d`, so an index
//! names the same subproblem in every run. As with [`crate::split::Split`], the
//! prefix nodes plus the nodes of all subproblems are the same at every
//! depth.

use crate::search::{fill, lookahead, lookahead_masked, State};
use crate::split::{Part, Partition};
use crate::{Board, Error, Tally, MAX_N};

/// One subproblem of a [`PairSplit`]: a first-row column `a`, the last-row
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
    top: State,
    /// The last-row columns counted here: one bit when reserved.
    last: u32,
    reserved: bool,
    n: u8,
    columns: [u8; MAX_N],
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

/// A board cut into pair subproblems at a given depth.
///
/// ```
/// use nqueens_kernel::{pairs::PairSplit, Board};
/// let board = Board::new(8).unwrap();
/// let split = PairSplit::new(board, 3).unwrap();
/// let total: u64 = split.subproblems().iter().map(|s| s.count(board).solutions).sum();
/// assert_eq!(total, 92);
/// ```
pub type PairSplit = Partition<PairSubproblem>;

impl Partition<PairSubproblem> {
    /// Enumerates the subproblems of `board` at `depth` (`1..=n`).
    ///
    /// The last row never belongs to the top rows, so on a board with
    /// `n > 1`, `depth` = `n` places the same rows as `n - 1`. The range is
    /// that of [`crate::split::Split::new`], so a depth valid for one is valid for
    /// the other.
    ///
    /// ```
    /// use nqueens_kernel::{pairs::PairSplit, Board};
    /// let board = Board::new(8).unwrap();
    /// // a = 0 and 1 count all partners (6 and 5 of them); a = 2 and 3
    /// // reserve theirs (3 and 1): 2 + 3 + 1 subproblems.
    /// assert_eq!(PairSplit::new(board, 1).unwrap().len(), 6);
    /// assert!(PairSplit::new(board, 0).is_err());
    /// assert!(PairSplit::new(board, 9).is_err());
    /// ```
    pub fn new(board: Board, depth: usize) -> Result<PairSplit, Error> {
        let n = board.n();
        let mut split = PairSplit::empty(board, depth)?;
        let mut columns = [0u8; MAX_N];
        if n == 1 {
            // The first row is the last: one queen, the pair (0, 0), reserved.
            split.prefix_nodes = 1;
            split.push(State::empty().place(1), 1, true, &columns);
            return Ok(split);
        }
        let rows = depth.min(n - 1);
        for a in 0..n {
            let partners = partners(n, a);
            if partners == 0 {
                continue;
            }
            columns[0] = a as u8;
            split.prefix_nodes += 1;
            let top = State::empty().place(1 << a);
            if reserves(n, partners) {
                let mut rest = partners;
                while rest != 0 {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    // The last-row queen is a node of the prefix.
                    split.prefix_nodes += 1;
                    split.extend(top, 1 << b, true, rows, &mut columns);
                }
            } else {
                split.extend(top, partners, false, rows, &mut columns);
            }
        }
        Ok(split)
    }

    fn push(&mut self, top: State, last: u32, reserved: bool, columns: &[u8; MAX_N]) {
        self.parts.push(PairSubproblem {
            index: self.next_index(),
            top,
            last,
            reserved,
            n: self.board.n() as u8,
            columns: *columns,
        });
    }

    fn extend(
        &mut self,
        top: State,
        last: u32,
        reserved: bool,
        rows: usize,
        columns: &mut [u8; MAX_N],
    ) {
        if top.row == rows {
            self.push(top, last, reserved, columns);
            return;
        }
        let mut avail = top.free(self.board);
        if reserved {
            let b = last.trailing_zeros() as usize;
            avail &= !(last | bottom_diagonals(self.board.n(), b, top.row));
        }
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            columns[top.row] = bit.trailing_zeros() as u8;
            self.prefix_nodes += 1;
            self.extend(top.place(bit), last, reserved, rows, columns);
        }
    }
}

/// Counts the total of `board` on one thread with pair subproblems: the sum
/// over the depth-1 [`PairSplit`] plus its prefix nodes.
///
/// The solutions equal those of [`crate::count_total`], in fewer nodes
/// (about 1.3 times fewer from n = 12 on).
///
/// ```
/// use nqueens_kernel::{count_total, pairs::count_total_pairs, Board};
/// let board = Board::new(10).unwrap();
/// let pairs = count_total_pairs(board);
/// assert_eq!(pairs.solutions, 724);
/// assert!(pairs.nodes < count_total(board).nodes);
/// ```
pub fn count_total_pairs(board: Board) -> Tally {
    PairSplit::new(board, 1)
        .expect("depth 1 is valid for every board")
        .count(board)
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

/// The partners of first-row column `a` on a board with `n > 1`: the
/// columns `b` with `a < b <= n - 1 - a`, `(0, n - 1)` left out.
fn partners(n: usize, a: usize) -> u32 {
    if 2 * a + 2 > n {
        return 0;
    }
    let hi = n - 1 - a;
    // Bits a + 1 ..= hi.
    let mut mask = (u32::MAX >> (31 - hi)) & !(u32::MAX >> (31 - a));
    if a == 0 {
        mask &= !(1 << (n - 1));
    }
    mask
}

/// Whether a first-row column with these partners reserves its last-row
/// queen: when it has at most `(n + 1) / 3` of them (see the module
/// documentation; the threshold is measured, for n = 13 to 17).
fn reserves(n: usize, partners: u32) -> bool {
    3 * partners.count_ones() as usize <= n + 1
}

/// The columns of row `row` that the queen at `(n - 1, last)` attacks along
/// its two diagonals (`last +- (n - 1 - row)`, where on the board).
fn bottom_diagonals(n: usize, last: usize, row: usize) -> u32 {
    let d = n - 1 - row;
    let right = if last + d < n { 1 << (last + d) } else { 0 };
    let left = if last >= d { 1 << (last - d) } else { 0 };
    right | left
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count_total;
    use crate::reference::naive;
    use crate::search::count_from;

    fn total(board: Board, depth: usize) -> Tally {
        let split = PairSplit::new(board, depth).unwrap();
        let mut t: Tally = split.subproblems().iter().map(|s| s.count(board)).sum();
        t.nodes += split.prefix_nodes();
        t
    }

    #[test]
    fn the_pair_total_equals_the_unmirrored_search() {
        for n in 1..=12 {
            let board = Board::new(n).unwrap();
            let plain = count_from(board, State::empty());
            assert_eq!(
                count_total_pairs(board).solutions,
                plain.solutions,
                "n = {n}"
            );
        }
    }

    #[test]
    fn every_depth_gives_the_same_tally() {
        for n in 1..=11 {
            let board = Board::new(n).unwrap();
            let reference = total(board, 1);
            assert_eq!(reference, count_total_pairs(board));
            for depth in 2..=n {
                assert_eq!(total(board, depth), reference, "n = {n}, depth = {depth}");
            }
        }
    }

    #[test]
    fn canonical_pairs_are_the_orbit_minima_with_orbit_sizes_as_weights() {
        for n in 2..=MAX_N {
            let m = n - 1;
            let mut want = Vec::new();
            for a in 0..n {
                for b in 0..n {
                    if a == b || a.abs_diff(b) == m {
                        continue;
                    }
                    let orbit = [(a, b), (m - a, m - b), (b, a), (m - b, m - a)];
                    if orbit.iter().all(|&p| p >= (a, b)) {
                        let mut distinct = orbit.to_vec();
                        distinct.sort_unstable();
                        distinct.dedup();
                        want.push((a, b, distinct.len() as u8));
                    }
                }
            }
            let covered: usize = want.iter().map(|&(_, _, w)| usize::from(w)).sum();
            assert_eq!(covered, n * (n - 1) - 2, "every valid pair once, n = {n}");
            let mut got = Vec::new();
            for a in 0..n {
                let p = partners(n, a);
                assert_eq!(u64::from(p) >> n, 0);
                for b in 0..n {
                    if p & 1 << b != 0 {
                        got.push((a, b, if a + b == m { 2 } else { 4 }));
                    }
                }
            }
            assert_eq!(got, want, "n = {n}");
        }
    }

    #[test]
    fn the_split_weighs_pairs_by_their_orbits() {
        let board = Board::new(8).unwrap();
        let split = PairSplit::new(board, 1).unwrap();
        let listed: Vec<_> = split
            .subproblems()
            .iter()
            .map(|s| (s.first_column(), s.last_column(), s.last_columns()))
            .collect();
        assert_eq!(
            listed,
            [
                (0, None, 0b0111_1110),
                (1, None, 0b0111_1100),
                (2, Some(3), 1 << 3),
                (2, Some(4), 1 << 4),
                (2, Some(5), 1 << 5),
                (3, Some(4), 1 << 4),
            ]
        );
        let s = split.subproblems();
        // (0, 1): images (7, 6), (1, 0), (6, 7): 4 pairs.
        assert_eq!(s[0].weight(1), 4);
        // (1, 6): the half turn gives (1, 6) back; (6, 1) is the other.
        assert_eq!(s[1].weight(6), 2);
        assert_eq!(s[4].weight(5), 2);
        assert_eq!(s[5].weight(4), 2);
        assert_eq!(s[2].weight(3), 4);
        // Not counted here: (0, 7) attacks along the long diagonal, (1, 0)
        // is not canonical, (2, 4) belongs to another subproblem.
        assert_eq!((s[0].weight(7), s[1].weight(0), s[2].weight(4)), (0, 0, 0));
        assert_eq!(s[0].weight(40), 0);
        let one = PairSplit::new(Board::new(1).unwrap(), 1).unwrap();
        let s = &one.subproblems()[0];
        assert_eq!((one.len(), s.last_column(), s.weight(0)), (1, Some(0), 1));
        assert_eq!(
            s.count(Board::new(1).unwrap()),
            Tally {
                solutions: 1,
                nodes: 0
            }
        );
    }

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

    #[test]
    fn indices_are_stable_and_in_order() {
        for depth in [1, 3, 5] {
            let board = Board::new(11).unwrap();
            let split = PairSplit::new(board, depth).unwrap();
            assert_eq!(split, PairSplit::new(board, depth).unwrap());
            assert!(split
                .subproblems()
                .iter()
                .any(|s| s.last_column().is_some()));
            assert!(split
                .subproblems()
                .iter()
                .any(|s| s.last_column().is_none()));
            let keys: Vec<(u8, Option<u8>, Vec<u8>)> = split
                .subproblems()
                .iter()
                .map(|s| (s.first_column(), s.last_column(), s.columns()[1..].to_vec()))
                .collect();
            assert!(keys.windows(2).all(|w| w[0] < w[1]));
            for (i, s) in split.subproblems().iter().enumerate() {
                assert_eq!(s.index, i as u64);
                assert_eq!(s.columns().len(), depth);
                assert_eq!(split.get(s.index).unwrap(), s);
                // The placed queens, a reserved last one included, attack no one.
                let mut q: Vec<(usize, u8)> = s.columns().iter().copied().enumerate().collect();
                q.extend(s.last_column().map(|b| (10, b)));
                for (i, &(ri, ci)) in q.iter().enumerate() {
                    for &(rj, cj) in &q[i + 1..] {
                        let (dr, dc) = (rj - ri, usize::from(ci.abs_diff(cj)));
                        assert!(dc != 0 && dc != dr, "{s:?}");
                    }
                }
            }
            assert!(split.get(split.len() as u64).is_err());
        }
    }

    #[test]
    fn the_pairs_search_fewer_nodes_than_half_mirroring() {
        for n in 12..=13 {
            let board = Board::new(n).unwrap();
            let (pairs, mirror) = (count_total_pairs(board).nodes, count_total(board).nodes);
            assert!(5 * pairs < 4 * mirror, "n = {n}: {pairs} vs {mirror}");
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
