//! Two variants of the problem with their own searches: queens on a torus
//! ([`crate::torus`]) and queens with no three in line ([`crate::collinear`]).
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

use std::cmp::Ordering;
use std::ops::ControlFlow;

use crate::symmetry::burnside;
use crate::{collinear, torus, Board, MAX_N};

/// A variant of the n-queens problem.
///
/// ```
/// use nqueens_kernel::{Board, Variant};
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
    /// assert_eq!(nqueens_kernel::Variant::Torus.name(), "torus");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Variant::Torus => "torus",
            Variant::NoThreeInLine => "no-three-in-line",
        }
    }

    /// Whether `columns` (0-based, one per row) is a solution of this
    /// variant, checked pair by pair or triple by triple with no search
    /// code: the independent check of tests and `--verify`.
    ///
    /// ```
    /// use nqueens_kernel::Variant;
    /// assert!(Variant::Torus.allows(&[0, 2, 4, 1, 3]));
    /// assert!(!Variant::Torus.allows(&[1, 3, 0, 2])); // a solution on the flat board only
    /// assert!(Variant::NoThreeInLine.allows(&[1, 3, 0, 2]));
    /// ```
    pub fn allows(self, columns: &[u8]) -> bool {
        match self {
            Variant::Torus => torus::is_solution(columns),
            Variant::NoThreeInLine => {
                crate::reference::naive::is_solution(columns)
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
    /// use nqueens_kernel::{Board, Variant};
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
        match self {
            Variant::Torus => torus::search(board, first, visit),
            Variant::NoThreeInLine => collinear::search(board, first, visit),
        }
    }

    /// Counts the solutions whose first-row queen stands in column `first`,
    /// with their symmetries.
    ///
    /// ```
    /// use nqueens_kernel::{Board, Variant};
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
    /// use nqueens_kernel::{Board, Variant};
    /// let board = Board::new(8).unwrap();
    /// let t = Variant::NoThreeInLine.count(board);
    /// assert_eq!((t.solutions, t.unique(board)), (8, 1));
    /// ```
    pub fn count(self, board: Board) -> VariantTally {
        (0..board.n()).map(|c| self.count_column(board, c)).sum()
    }
}

/// The end of a [`Variant::search`].
///
/// ```
/// let s = nqueens_kernel::Searched::default();
/// assert_eq!((s.nodes, s.stopped), (0, false));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Searched {
    /// Queens placed, the first-row one included.
    pub nodes: u64,
    /// Whether the visitor stopped the search before its end.
    pub stopped: bool,
}

/// What a variant's count found: solutions, nodes, and the symmetries of
/// the solutions, from which the number of orbits follows in two ways.
///
/// ```
/// use nqueens_kernel::{Board, Variant};
/// let board = Board::new(5).unwrap();
/// let t = Variant::Torus.count(board);
/// // The two orbits of 5 toroidal queens: one of 8, one of 2.
/// assert_eq!((t.solutions, t.fixed_90, t.fundamental, t.unique(board)), (10, 2, 2, 2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VariantTally {
    /// Solutions found.
    pub solutions: u64,
    /// Queens placed on the way.
    pub nodes: u64,
    /// Solutions a half turn leaves unchanged.
    pub fixed_180: u64,
    /// Solutions a quarter turn leaves unchanged.
    pub fixed_90: u64,
    /// Solutions that are the lexicographically smallest of their orbit:
    /// one per orbit.
    pub fundamental: u64,
}

impl VariantTally {
    /// Orbits under the 8 symmetries of the square, by Burnside's lemma on
    /// the fixed counts (equal to [`VariantTally::fundamental`], found the
    /// other way).
    ///
    /// ```
    /// use nqueens_kernel::{Board, Variant};
    /// let board = Board::new(11).unwrap();
    /// let t = Variant::Torus.count(board);
    /// assert_eq!(t.unique(board), u128::from(t.fundamental));
    /// ```
    pub fn unique(&self, board: Board) -> u128 {
        burnside(
            board,
            u128::from(self.solutions),
            u128::from(self.fixed_180),
            u128::from(self.fixed_90),
        )
    }

    fn add_solution(&mut self, s: Symmetries) {
        self.solutions += 1;
        self.fixed_180 += u64::from(s.fixed_180);
        self.fixed_90 += u64::from(s.fixed_90);
        self.fundamental += u64::from(s.orbit.is_some());
    }
}

impl std::ops::Add for VariantTally {
    type Output = VariantTally;
    fn add(self, o: VariantTally) -> VariantTally {
        VariantTally {
            solutions: self.solutions + o.solutions,
            nodes: self.nodes + o.nodes,
            fixed_180: self.fixed_180 + o.fixed_180,
            fixed_90: self.fixed_90 + o.fixed_90,
            fundamental: self.fundamental + o.fundamental,
        }
    }
}

impl std::iter::Sum for VariantTally {
    fn sum<I: Iterator<Item = VariantTally>>(iter: I) -> VariantTally {
        iter.fold(VariantTally::default(), |a, b| a + b)
    }
}

/// How the 8 symmetries of the square act on one solution.
///
/// ```
/// let s = nqueens_kernel::classify(&[1, 3, 0, 2]);
/// assert!(s.fixed_90 && s.fixed_180);
/// assert_eq!(s.orbit, Some(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetries {
    /// The half turn leaves it unchanged.
    pub fixed_180: bool,
    /// The quarter turn leaves it unchanged.
    pub fixed_90: bool,
    /// If it is the lexicographically smallest member of its orbit, the
    /// size of the orbit; `None` otherwise.
    pub orbit: Option<usize>,
}

/// The symmetries of a permutation (`columns[r]` = 0-based column of row
/// `r`'s queen, at most [`MAX_N`] rows): each of the 7 other images is
/// compared with it square by square, built lazily from the permutation
/// and its inverse, so most comparisons end at the first row.
///
/// ```
/// use nqueens_kernel::classify;
/// assert_eq!(classify(&[0, 4, 7, 5, 2, 6, 1, 3]).orbit, Some(8));
/// assert_eq!(classify(&[7, 3, 0, 2, 5, 1, 6, 4]).orbit, None); // a mirror image of the above
/// assert!(classify(&[2, 4, 1, 7, 0, 6, 3, 5]).fixed_180);
/// ```
pub fn classify(columns: &[u8]) -> Symmetries {
    const ROTATE_90: usize = 0;
    const ROTATE_180: usize = 1;
    let n = columns.len();
    let last = n.saturating_sub(1) as u8;
    let mut inverse = [0u8; MAX_N];
    for (r, &c) in columns.iter().enumerate() {
        inverse[usize::from(c)] = r as u8;
    }
    // Row i of image g, from the maps of `Symmetry`: e.g. the quarter turn
    // sends (r, c) to (c, n - 1 - r), so its row c holds n - 1 - r.
    let image = |g: usize, i: usize| -> u8 {
        match g {
            ROTATE_90 => last - inverse[i],
            ROTATE_180 => last - columns[n - 1 - i],
            2 => inverse[n - 1 - i],        // three quarter turns
            3 => last - columns[i],         // left-right mirror
            4 => columns[n - 1 - i],        // top-bottom mirror
            5 => inverse[i],                // main-diagonal mirror
            _ => last - inverse[n - 1 - i], // anti-diagonal mirror
        }
    };
    let mut fixed = 1;
    let (mut fixed_90, mut fixed_180, mut smallest) = (false, false, true);
    for g in 0..7 {
        let order = (0..n)
            .map(|i| image(g, i).cmp(&columns[i]))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal);
        match order {
            Ordering::Less => smallest = false,
            Ordering::Greater => {}
            Ordering::Equal => {
                fixed += 1;
                fixed_90 |= g == ROTATE_90;
                fixed_180 |= g == ROTATE_180;
            }
        }
    }
    Symmetries {
        fixed_180,
        fixed_90,
        orbit: smallest.then_some(8 / fixed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solutions::{canonical_orbit, Solutions};
    use crate::symmetry::Symmetry;

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
