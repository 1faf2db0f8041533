//! Two variants of the problem with their own searches: queens on a torus
//! ([`torus`]) and queens with no three in line ([`collinear`]).
//!
//! Both keep the rules of the square's symmetries: a turn or a mirror of
//! the board maps a toroidal diagonal (`c - r` or `c + r` modulo `n`) onto
//! a toroidal diagonal, and any straight line onto a straight line. So each
//! variant's solutions fall into orbits under the same 8 symmetries as the
//! ordinary ones, and "unique" means the same thing for all three.
//!
//! The searches hand each solution to [`classify`], which finds, with no
//! allocation, whether the half turn and the quarter turn fix it and
//! whether it is the lexicographically smallest member of its orbit. A
//! [`VariantTally`] so carries two independent routes to the number of
//! orbits: Burnside's lemma on the fixed counts ([`VariantTally::unique`])
//! and the count of smallest members ([`VariantTally::fundamental`]); the
//! tests check that they agree.
//!
//! Every search starts from one first-row column, so a scheduler can fan
//! the `n` columns out over threads and add the tallies.

pub mod collinear;
mod tally;
pub mod torus;
mod walk;

use std::ops::ControlFlow;

use nqueens_kernel::Board;

pub use tally::{classify, Searched, Symmetries, VariantTally};
use walk::Walk;

/// A variant of the n-queens problem.
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_puzzles::variant::Variant;
/// let t = Variant::Torus.count(Board::new(5).unwrap());
/// assert_eq!(t.solutions, 10);
/// assert_eq!(Variant::NoThreeInLine.name(), "no-three-in-line");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Modular queens: both diagonals wrap around the board's edges, as on
    /// a torus (Pólya: solutions exist exactly when `gcd(n, 6) = 1`).
    Torus,
    /// Ordinary queens with no three of them on one straight line of any
    /// slope.
    NoThreeInLine,
}

impl Variant {
    /// Both variants.
    pub const ALL: [Variant; 2] = [Variant::Torus, Variant::NoThreeInLine];

    /// The variant's name, as the command line spells its flag.
    ///
    /// ```
    /// assert_eq!(nqueens_puzzles::variant::Variant::Torus.name(), "torus");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Variant::Torus => "torus",
            Variant::NoThreeInLine => "no-three-in-line",
        }
    }

    /// The largest board this variant counts or lists: chosen by
    /// measurement so that a run takes about a minute at most on two
    /// threads (release build, 2-core machine; docs/usage.md, "Variants"): torus
    /// n = 19 takes 53 to 72 s on one thread and each size up costs 4 to 10
    /// times more; no-three-in-line n = 17 takes 34 to 38 s and n = 18
    /// about 5 times more.
    ///
    /// ```
    /// use nqueens_puzzles::variant::Variant;
    /// assert_eq!((Variant::Torus.max_n(), Variant::NoThreeInLine.max_n()), (19, 17));
    /// ```
    pub fn max_n(self) -> usize {
        match self {
            Variant::Torus => 19,
            Variant::NoThreeInLine => 17,
        }
    }

    /// The only split depth a variant's search takes: it splits by
    /// first-row column, one piece per column.
    pub const DEPTH: usize = 1;

    /// Whether `columns` (0-based, one per row) is a solution of this
    /// variant, checked pair by pair or triple by triple with no search
    /// code: the independent check of tests and `--verify`.
    ///
    /// ```
    /// use nqueens_puzzles::variant::Variant;
    /// assert!(Variant::Torus.allows(&[0, 2, 4, 1, 3]));
    /// assert!(!Variant::Torus.allows(&[1, 3, 0, 2])); // a solution on the flat board only
    /// assert!(Variant::NoThreeInLine.allows(&[1, 3, 0, 2]));
    /// ```
    pub fn allows(self, columns: &[u8]) -> bool {
        match self {
            Variant::Torus => torus::is_solution(columns),
            Variant::NoThreeInLine => {
                nqueens_kernel::reference::naive::is_solution(columns)
                    && collinear::triple(columns).is_none()
            }
        }
    }

    /// Searches the solutions whose first-row queen stands in column
    /// `first`, in lexicographic order, handing each to `visit`; `visit`
    /// may stop the search with [`ControlFlow::Break`]. Returns the nodes
    /// (queens placed, the first one included) and whether it was stopped.
    /// A `first` off the board finds nothing.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::variant::Variant;
    /// let mut found = Vec::new();
    /// let done = Variant::Torus.search(Board::new(5).unwrap(), 0, |s| {
    ///     found.push(s.to_vec());
    ///     ControlFlow::Continue(())
    /// });
    /// assert!(!done.stopped);
    /// assert_eq!(found, [vec![0, 2, 4, 1, 3], vec![0, 3, 1, 4, 2]]);
    /// ```
    pub fn search(
        self,
        board: Board,
        first: usize,
        visit: impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Searched {
        if first >= board.n() {
            return Searched::default();
        }
        let below = match self {
            Variant::Torus => Walk::below_wrapped,
            Variant::NoThreeInLine => Walk::below_in_line,
        };
        Walk::search(board, first, visit, below)
    }

    /// Counts the solutions whose first-row queen stands in column `first`,
    /// with their symmetries.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::variant::Variant;
    /// let board = Board::new(7).unwrap();
    /// // A torus solution shifted sideways is one: every column holds 28 / 7.
    /// assert!((0..7).all(|c| Variant::Torus.count_column(board, c).solutions == 4));
    /// ```
    pub fn count_column(self, board: Board, first: usize) -> VariantTally {
        let mut tally = VariantTally::default();
        let searched = self.search(board, first, |s| {
            tally.add_solution(classify(s));
            ControlFlow::Continue(())
        });
        tally.nodes = searched.nodes;
        tally
    }

    /// Counts every solution of `board`, one first-row column after the
    /// other, on the calling thread.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::variant::Variant;
    /// let board = Board::new(8).unwrap();
    /// let t = Variant::NoThreeInLine.count(board);
    /// assert_eq!((t.solutions, t.unique(board)), (8, 1));
    /// ```
    pub fn count(self, board: Board) -> VariantTally {
        (0..board.n()).map(|c| self.count_column(board, c)).sum()
    }
}

#[cfg(test)]
impl Variant {
    /// Asserts that the search lists, for every n of `sizes`, exactly the
    /// solutions an independent source gives, in its (lexicographic) order.
    pub(crate) fn assert_lists(
        self,
        sizes: std::ops::RangeInclusive<usize>,
        expected: impl Fn(Board) -> Vec<Vec<u8>>,
    ) {
        for n in sizes {
            let board = Board::new(n).unwrap();
            let mut listed = Vec::new();
            for c in 0..n {
                self.search(board, c, |s| {
                    listed.push(s.to_vec());
                    ControlFlow::Continue(())
                });
            }
            assert_eq!(listed, expected(board), "{self:?}, n = {n}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solutions::{canonical_orbit, Solutions};
    use nqueens_kernel::symmetry::Symmetry;

    #[test]
    fn classify_agrees_with_the_symmetries_applied_one_by_one() {
        for n in 1..=9 {
            for s in Solutions::new(Board::new(n).unwrap()) {
                let c = classify(&s);
                assert_eq!(c.orbit, canonical_orbit(&s), "{s:?}");
                assert_eq!(c.fixed_180, Symmetry::Rotate180.apply(&s) == *s, "{s:?}");
                assert_eq!(c.fixed_90, Symmetry::Rotate90.apply(&s) == *s, "{s:?}");
            }
        }
    }

    #[test]
    fn burnside_and_the_smallest_members_count_the_same_orbits() {
        for variant in Variant::ALL {
            for n in 1..=13 {
                let board = Board::new(n).unwrap();
                let t = variant.count(board);
                assert_eq!(
                    t.unique(board),
                    u128::from(t.fundamental),
                    "{variant:?}, n = {n}"
                );
            }
        }
    }

    #[test]
    fn a_column_off_the_board_finds_nothing() {
        let board = Board::new(5).unwrap();
        for variant in Variant::ALL {
            assert_eq!(variant.count_column(board, 5), VariantTally::default());
        }
    }

    #[test]
    fn a_visitor_can_stop_the_search() {
        let board = Board::new(13).unwrap();
        let mut seen = 0;
        let done = Variant::Torus.search(board, 0, |_| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(done.stopped);
        assert_eq!(seen, 3);
    }
}
