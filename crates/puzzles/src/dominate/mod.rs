//! Queen domination: the fewest queens that occupy or attack every square
//! of an `n x n` board (the domination number γ, OEIS A075458), and how
//! many such minimum sets there are (OEIS A002564).
//!
//! # Method
//!
//! Squares are numbered `row * n + column` and a set of squares is a bit
//! set of three 64-bit words (so `n <= 13`). For each square `s` the table `reach[s]` holds `s`
//! and every square a queen on `s` attacks: its row, column and both
//! diagonals. A set of queens dominates when the union of their `reach`
//! is the whole board.
//!
//! The search keeps the squares already covered, the queens chosen and a
//! set of *forbidden* squares, and with `k` queens left:
//!
//! 1. If everything is covered, the chosen queens dominate.
//! 2. Otherwise let `s` be the first uncovered square. Every dominating
//!    set containing the chosen queens has a queen in `reach[s]` (only
//!    those squares cover `s`), so the search branches on the candidates
//!    `q` of `reach[s]` that are not forbidden, in increasing order, and
//!    **forbids each candidate in the branches after its own**.
//! 3. Pruning: a queen covers at most `widest` squares (the largest
//!    `reach`), so more than `k * widest` uncovered squares is a dead end;
//!    with one queen left the candidates are exactly the squares whose
//!    `reach` contains every uncovered square, an intersection of bit sets
//!    and a population count, with no branching.
//!
//! Iterative deepening finds γ: `k` runs upwards from the counting bound
//! `ceil(n^2 / widest)`, and the first `k` with a dominating set is γ.
//!
//! # Each minimum set is counted exactly once
//!
//! Let `k = γ` and let `D` be a dominating set of `k` queens. Call a node
//! of the search *on the path of `D`* when its chosen queens are a subset
//! of `D` and its forbidden squares are disjoint from `D`; the root is.
//! At such a node with uncovered squares, `D` has a queen in `reach[s]`;
//! let `q` be the first one in the branching order. The branch of `q` is on
//! the path of `D` (it forbids only candidates before `q`, none in `D`).
//! Every earlier branch chose a square outside `D`; every later branch
//! forbids `q`, which is in `D`: neither is on the path. So exactly one
//! child is on the path, each step adds a queen of `D`, and after at most
//! `k` steps the chosen queens cover the board. They are then all of `D`:
//! fewer than `k` would be a dominating set smaller than γ. Conversely
//! every leaf the search counts is a dominating set of `k` distinct
//! queens, on the path of itself. Hence leaves and minimum dominating sets
//! are in one-to-one correspondence. The tests check this against a
//! brute force over all subsets for `n <= 7`.
//!
//! # Symmetry and parts
//!
//! Deciding whether `k` queens suffice uses the transposition (rows for
//! columns), which fixes the corner square `A1` that the search covers
//! first: if a dominating set covers the corner only from its column, its
//! transpose covers it from its row. So the first branching may skip the
//! corner's column (the diagonal and row remain), which removes a third of
//! the work of every `k` below γ. Counting must see every set, so it
//! branches fully.
//!
//! For progress and threads, [`Domination::parts`] cuts the counting
//! search into independent [`Part`]s (the nodes at a given depth, each
//! with its own forbidden set); [`Domination::count_part`] counts one.
//! Their sum is the number of minimum dominating sets.
//!
//! ```
//! use nqueens_puzzles::dominate::Domination;
//! let d = Domination::new(nqueens_kernel::Board::new(8).unwrap()).unwrap();
//! let min = d.minimum();
//! assert_eq!(min.queens(), 5);
//! assert!(d.dominates(min.placement()));
//! assert_eq!(d.count(&min).solutions, 4860);
//! ```

use std::fmt;

mod search;
mod set;

use nqueens_kernel::{Board, Tally};
use set::Set;

/// The largest board: `n * n` squares in a bit set of 192 bits.
pub const MAX_N: usize = 13;

/// Why a domination search was refused: its board is larger than its
/// bit sets hold (the kernel's [`Board`] is never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DominateError {
    /// `n` is above [`MAX_N`].
    TooLarge {
        /// The requested board size.
        n: usize,
    },
}

impl fmt::Display for DominateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DominateError::TooLarge { n } => write!(
                f,
                "n = {n} is too large for the domination search: n up to {MAX_N} (one bit per square in 192 bits)"
            ),
        }
    }
}

impl std::error::Error for DominateError {}

/// A square: 0-based `(row, column)`.
pub type Square = (usize, usize);

/// The squares of one board and what a queen on each reaches.
#[derive(Clone, Debug)]
pub struct Domination {
    n: usize,
    /// `reach[s]`: `s` and every square a queen on `s` attacks.
    reach: Vec<Set>,
    /// All `n * n` squares.
    full: Set,
    /// The largest `reach`, in squares.
    widest: u32,
}

/// A minimum dominating set found by [`Domination::minimum`]: the proof
/// that no smaller set exists, which counting relies on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minimum {
    queens: usize,
    placement: Vec<Square>,
}

impl Minimum {
    /// The domination number γ: the fewest queens that dominate the board.
    ///
    /// ```
    /// let d = nqueens_puzzles::dominate::Domination::new(nqueens_kernel::Board::new(4).unwrap()).unwrap();
    /// assert_eq!(d.minimum().queens(), 2);
    /// ```
    pub fn queens(&self) -> usize {
        self.queens
    }

    /// One minimum dominating set, squares in increasing order (row, then
    /// column).
    ///
    /// ```
    /// let d = nqueens_puzzles::dominate::Domination::new(nqueens_kernel::Board::new(3).unwrap()).unwrap();
    /// assert_eq!(d.minimum().placement(), &[(1, 1)]);
    /// ```
    pub fn placement(&self) -> &[Square] {
        &self.placement
    }
}

/// One independent piece of the counting search: a node with its chosen
/// queens, covered squares and forbidden squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    covered: Set,
    forbidden: Set,
    chosen: Set,
    left: u32,
}

impl Domination {
    /// The tables of an `n x n` board, `n <= MAX_N` (the kernel's board
    /// is never empty).
    ///
    /// ```
    /// use nqueens_puzzles::dominate::{Domination, DominateError, MAX_N};
    /// let board = |n| nqueens_kernel::Board::new(n).unwrap();
    /// assert!(Domination::new(board(8)).is_ok());
    /// assert!(nqueens_kernel::Board::new(0).is_err()); // refused before any puzzle
    /// assert_eq!(Domination::new(board(MAX_N + 1)).unwrap_err(), DominateError::TooLarge { n: MAX_N + 1 });
    /// ```
    pub fn new(board: Board) -> Result<Domination, DominateError> {
        let n = board.n();
        if n > MAX_N {
            return Err(DominateError::TooLarge { n });
        }
        let reach: Vec<Set> = (0..n * n)
            .map(|s| {
                let (r, c) = (s / n, s % n);
                (0..n * n)
                    .filter(|&t| lined_up((r, c), (t / n, t % n)))
                    .fold(Set::EMPTY, |m, t| m | Set::single(t))
            })
            .collect();
        let widest = reach.iter().map(|m| m.count_ones()).max().unwrap_or(0);
        let full = (0..n * n).fold(Set::EMPTY, |m, t| m | Set::single(t));
        Ok(Domination {
            n,
            reach,
            full,
            widest,
        })
    }

    /// The queens `part` (one of [`Domination::parts`]) has already
    /// chosen, in increasing order: its squares on this board, whose side
    /// the part does not repeat.
    ///
    /// ```
    /// use nqueens_puzzles::dominate::Domination;
    /// let d = Domination::new(nqueens_kernel::Board::new(5).unwrap()).unwrap();
    /// let parts = d.parts(&d.minimum(), 1);
    /// assert_eq!(d.chosen(&parts[0]), vec![(0, 0)]);
    /// ```
    pub fn chosen(&self, part: &Part) -> Vec<Square> {
        squares(part.chosen, self.n)
    }

    /// The board side.
    ///
    /// ```
    /// assert_eq!(nqueens_puzzles::dominate::Domination::new(nqueens_kernel::Board::new(6).unwrap()).unwrap().n(), 6);
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// The counting bound: `ceil(n^2 / w)` queens at least, `w` being the
    /// most squares one queen reaches (28 on 8 x 8, from a centre square).
    ///
    /// ```
    /// let d = nqueens_puzzles::dominate::Domination::new(nqueens_kernel::Board::new(8).unwrap()).unwrap();
    /// assert_eq!(d.lower_bound(), 3);
    /// ```
    pub fn lower_bound(&self) -> usize {
        let squares = (self.n * self.n) as u32;
        squares.div_ceil(self.widest) as usize
    }

    /// Whether queens on `placement` occupy or attack every square.
    /// Squares off the board are ignored.
    ///
    /// ```
    /// let d = nqueens_puzzles::dominate::Domination::new(nqueens_kernel::Board::new(4).unwrap()).unwrap();
    /// assert!(d.dominates(&[(1, 1), (1, 2)]));
    /// assert!(!d.dominates(&[(1, 1), (2, 2)])); // D1 is left
    /// ```
    pub fn dominates(&self, placement: &[Square]) -> bool {
        let covered = placement
            .iter()
            .filter(|&&(r, c)| r < self.n && c < self.n)
            .fold(Set::EMPTY, |m, &(r, c)| m | self.reach[r * self.n + c]);
        covered == self.full
    }

    /// A dominating set of at most `k` queens, if there is one.
    ///
    /// ```
    /// let d = nqueens_puzzles::dominate::Domination::new(nqueens_kernel::Board::new(8).unwrap()).unwrap();
    /// assert!(d.find(4).is_none());
    /// assert_eq!(d.find(5).unwrap().len(), 5);
    /// ```
    pub fn find(&self, k: usize) -> Option<Vec<Square>> {
        let root = Part {
            covered: Set::EMPTY,
            forbidden: Set::EMPTY,
            chosen: Set::EMPTY,
            left: u32::try_from(k).unwrap_or(u32::MAX),
        };
        self.find_from(root, self.first_branching())
            .map(|chosen| squares(chosen, self.n))
    }

    /// The domination number and one minimum dominating set, by iterative
    /// deepening from [`Domination::lower_bound`].
    ///
    /// ```
    /// let d = nqueens_puzzles::dominate::Domination::new(nqueens_kernel::Board::new(5).unwrap()).unwrap();
    /// let m = d.minimum();
    /// assert_eq!((m.queens(), m.placement().len()), (3, 3));
    /// ```
    pub fn minimum(&self) -> Minimum {
        // One queen per row always dominates, so the loop ends by k = n.
        (self.lower_bound()..=self.n)
            .find_map(|k| {
                self.find(k).map(|placement| Minimum {
                    queens: placement.len(),
                    placement,
                })
            })
            .expect("n queens on one column dominate the board")
    }

    /// The counting search cut into independent parts: its nodes `depth`
    /// queens down (and the shallower ones that finish earlier), in search
    /// order. Counting every part and adding up gives
    /// [`Domination::count`].
    ///
    /// ```
    /// use nqueens_puzzles::dominate::Domination;
    /// let d = Domination::new(nqueens_kernel::Board::new(6).unwrap()).unwrap();
    /// let min = d.minimum();
    /// let parts = d.parts(&min, 2);
    /// let sum: u64 = parts.iter().map(|p| d.count_part(p).solutions).sum();
    /// assert_eq!(sum, d.count(&min).solutions);
    /// ```
    pub fn parts(&self, minimum: &Minimum, depth: usize) -> Vec<Part> {
        let mut out = Vec::new();
        let root = Part {
            covered: Set::EMPTY,
            forbidden: Set::EMPTY,
            chosen: Set::EMPTY,
            left: minimum.queens as u32,
        };
        self.expand(root, depth, &mut out);
        out
    }

    /// Minimum dominating sets within one part, and the nodes visited.
    ///
    /// ```
    /// use nqueens_puzzles::dominate::Domination;
    /// let d = Domination::new(nqueens_kernel::Board::new(4).unwrap()).unwrap();
    /// let parts = d.parts(&d.minimum(), 1);
    /// assert!(parts.iter().any(|p| d.count_part(p).solutions > 0));
    /// ```
    pub fn count_part(&self, part: &Part) -> Tally {
        let mut nodes = 0;
        let solutions = self.count_from(*part, &mut nodes);
        Tally { solutions, nodes }
    }

    /// The number of minimum dominating sets (OEIS A002564), on the
    /// calling thread.
    ///
    /// ```
    /// let d = nqueens_puzzles::dominate::Domination::new(nqueens_kernel::Board::new(5).unwrap()).unwrap();
    /// assert_eq!(d.count(&d.minimum()).solutions, 186);
    /// ```
    pub fn count(&self, minimum: &Minimum) -> Tally {
        self.parts(minimum, 0)
            .iter()
            .map(|p| self.count_part(p))
            .fold(Tally::default(), |a, b| a + b)
    }
}

/// Whether a queen on `a` occupies or attacks `b`.
fn lined_up(a: Square, b: Square) -> bool {
    a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
}

/// The squares of a bit set, in increasing order.
fn squares(mut set: Set, n: usize) -> Vec<Square> {
    let mut out = Vec::with_capacity(set.count_ones() as usize);
    while !set.is_empty() {
        let s = set.first();
        out.push((s / n, s % n));
        set ^= Set::single(s);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_kernel::oeis;

    fn board(n: usize) -> Board {
        Board::new(n).unwrap()
    }

    /// Every `k`-subset of `0..m`, by index vectors, calling `f` on each.
    fn subsets(m: usize, k: usize, f: &mut impl FnMut(&[usize])) {
        fn go(
            start: usize,
            m: usize,
            k: usize,
            cur: &mut Vec<usize>,
            f: &mut impl FnMut(&[usize]),
        ) {
            if cur.len() == k {
                f(cur);
                return;
            }
            for s in start..=m - (k - cur.len()) {
                cur.push(s);
                go(s + 1, m, k, cur, f);
                cur.pop();
            }
        }
        if k <= m {
            go(0, m, k, &mut Vec::new(), f);
        }
    }

    /// Domination checked square by square with coordinates only.
    fn brute_dominates(n: usize, queens: &[usize]) -> bool {
        (0..n * n).all(|t| {
            queens
                .iter()
                .any(|&q| lined_up((q / n, q % n), (t / n, t % n)))
        })
    }

    /// γ and the number of minimum sets by trying every subset, smallest
    /// sizes first.
    fn brute(n: usize) -> (usize, u64) {
        for k in 1..=n {
            let mut count = 0;
            subsets(n * n, k, &mut |s| {
                if brute_dominates(n, s) {
                    count += 1;
                }
            });
            if count > 0 {
                return (k, count);
            }
        }
        unreachable!("n queens on a column dominate")
    }

    #[test]
    fn minimum_and_count_match_brute_force() {
        for n in 1..=7 {
            let d = Domination::new(board(n)).unwrap();
            let m = d.minimum();
            let (gamma, count) = brute(n);
            assert_eq!(m.queens(), gamma, "n = {n}");
            assert_eq!(d.count(&m).solutions, count, "n = {n}");
            let flat: Vec<usize> = m.placement().iter().map(|&(r, c)| r * n + c).collect();
            assert!(brute_dominates(n, &flat), "n = {n}");
        }
    }

    #[test]
    fn minimum_matches_oeis_a075458_and_counts_a002564() {
        for n in 1..=10 {
            let d = Domination::new(board(n)).unwrap();
            let m = d.minimum();
            assert_eq!(m.queens(), oeis::DOMINATION[n], "n = {n}");
            assert!(d.dominates(m.placement()), "n = {n}");
            // Known lower bound: γ >= (n - 1) / 2 (Spencer).
            assert!(2 * m.queens() + 1 >= n, "n = {n}");
            if n <= 9 {
                assert_eq!(
                    u128::from(d.count(&m).solutions),
                    oeis::MINIMUM_DOMINATING_SETS[n],
                    "n = {n}"
                );
            }
        }
    }

    #[test]
    fn every_counted_set_is_distinct_and_dominating() {
        // Enumerate the leaves of the counting search for n = 6 explicitly.
        let n = 6;
        let d = Domination::new(board(n)).unwrap();
        let m = d.minimum();
        let mut found = Vec::new();
        fn leaves(d: &Domination, node: Part, out: &mut Vec<Set>) {
            let open = d.full & !node.covered;
            if open.is_empty() {
                out.push(node.chosen);
            } else if node.left > 0 {
                d.children(node, |c| leaves(d, c, out));
            }
        }
        let root = d.parts(&m, 0)[0];
        leaves(&d, root, &mut found);
        let total = found.len();
        assert!(found.iter().all(|&s| s.count_ones() as usize == m.queens()));
        assert!(found.iter().all(|&s| d.dominates(&squares(s, n))));
        found.sort_unstable();
        found.dedup();
        assert_eq!(found.len(), total, "a set was counted twice");
        assert_eq!(total as u64, d.count(&m).solutions);
    }

    #[test]
    fn parts_add_up_at_every_depth() {
        for n in [5, 7, 8] {
            let d = Domination::new(board(n)).unwrap();
            let m = d.minimum();
            let whole = d.count(&m).solutions;
            for depth in 0..=3 {
                let parts = d.parts(&m, depth);
                let sum: u64 = parts.iter().map(|p| d.count_part(p).solutions).sum();
                assert_eq!(sum, whole, "n = {n}, depth {depth}");
            }
        }
    }

    #[test]
    fn the_symmetric_first_branching_finds_what_the_full_one_does() {
        for n in 1..=8 {
            let d = Domination::new(board(n)).unwrap();
            for k in 1..=d.minimum().queens() {
                let root = Part {
                    covered: Set::EMPTY,
                    forbidden: Set::EMPTY,
                    chosen: Set::EMPTY,
                    left: k as u32,
                };
                let full = d.find_from(root, d.full).is_some();
                assert_eq!(d.find(k).is_some(), full, "n = {n}, k = {k}");
            }
        }
    }

    #[test]
    fn sizes_are_checked() {
        // An empty board is the kernel's to refuse, before any puzzle.
        assert_eq!(Board::new(0), Err(nqueens_kernel::Error::EmptyBoard));
        assert_eq!(
            Domination::new(board(14)).unwrap_err(),
            DominateError::TooLarge { n: 14 }
        );
        let d = Domination::new(board(MAX_N)).unwrap();
        assert_eq!(d.full.count_ones() as usize, MAX_N * MAX_N);
        assert!(!d.dominates(&[(99, 99)]));
    }
}
