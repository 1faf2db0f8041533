//! What a variant's search yields, shared by the searches (`torus.rs`,
//! `collinear.rs`) and the [`Variant`](super::Variant) that dispatches to
//! them: the end of a search ([`Searched`]), the symmetries of one solution
//! ([`classify`]) and their sum over many ([`VariantTally`]).

use std::cmp::Ordering;

use nqueens_kernel::symmetry::burnside;
use nqueens_kernel::{Board, MAX_N};

/// The end of a [`Variant::search`](super::Variant::search).
///
/// ```
/// let s = nqueens_puzzles::variant::Searched::default();
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
/// use nqueens_kernel::Board;
/// use nqueens_puzzles::variant::Variant;
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
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::variant::Variant;
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

    pub(super) fn add_solution(&mut self, s: Symmetries) {
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
/// let s = nqueens_puzzles::variant::classify(&[1, 3, 0, 2]);
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
/// use nqueens_puzzles::variant::classify;
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
