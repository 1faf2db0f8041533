//! The fundamental solutions: the lexicographically smallest member of each
//! orbit under the 8 symmetries of the square, with the orbit's size.

use nqueens_kernel::reference::naive;
use nqueens_kernel::symmetry::Symmetry;
use nqueens_kernel::{Board, MAX_N};

use super::listing::{PrefixError, Solution, Solutions};

/// The fundamental solutions of a board, in lexicographic order, each with
/// the size of its orbit (1, 2, 4 or 8): a solution is listed when no
/// symmetry of the square turns it into a lexicographically smaller one.
///
/// The orbits partition all solutions, so the sizes add up to the total;
/// the number listed is the unique count (OEIS A002562).
///
/// Under a prefix, the fundamental solutions listed are those that start
/// with the prefix themselves (their canonical form, not some other member
/// of their orbit). A canonical solution's first queen is never right of
/// the middle (its mirror image would be smaller), so such a prefix gives
/// nothing.
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_puzzles::solutions::Fundamentals;
/// let board = Board::new(8).unwrap();
/// let orbits: Vec<usize> = Fundamentals::new(board).map(|(_, orbit)| orbit).collect();
/// assert_eq!(orbits.len(), 12);
/// assert_eq!(orbits.iter().sum::<usize>(), 92);
/// assert_eq!(orbits.iter().filter(|&&o| o == 4).count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Fundamentals {
    all: Solutions,
}

impl Fundamentals {
    /// All fundamental solutions of `board`.
    ///
    /// The first queen only goes on the left half of the first row (the
    /// middle column included): the left-right mirror of any solution
    /// starting on the right half is smaller.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::solutions::Fundamentals;
    /// let (first, orbit) = Fundamentals::new(Board::new(4).unwrap()).next().unwrap();
    /// assert_eq!((&*first, orbit), (&[1, 3, 0, 2][..], 2));
    /// ```
    pub fn new(board: Board) -> Fundamentals {
        let mut all = Solutions::new(board);
        let left_half = u32::MAX >> (32 - board.n().div_ceil(2));
        all.restrict_first_row(left_half);
        Fundamentals { all }
    }

    /// The fundamental solutions of `board` that start with `prefix`
    /// (0-based columns), checked as in [`Solutions::with_prefix`].
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::solutions::Fundamentals;
    /// let board = Board::new(8).unwrap();
    /// assert_eq!(Fundamentals::with_prefix(board, &[0]).unwrap().count(), 2);
    /// assert_eq!(Fundamentals::with_prefix(board, &[7]).unwrap().count(), 0);
    /// ```
    pub fn with_prefix(board: Board, prefix: &[u8]) -> Result<Fundamentals, PrefixError> {
        Ok(Fundamentals {
            all: Solutions::with_prefix(board, prefix)?,
        })
    }
}

impl Iterator for Fundamentals {
    type Item = (Solution, usize);

    fn next(&mut self) -> Option<(Solution, usize)> {
        self.all
            .by_ref()
            .find_map(|s| smallest_in_orbit(&s).map(|orbit| (s, orbit)))
    }
}

impl std::iter::FusedIterator for Fundamentals {}

/// If `columns` is a solution that is the lexicographically smallest member
/// of its orbit under the 8 symmetries of the square, the size of that
/// orbit (8 divided by the number of symmetries that leave it unchanged);
/// `None` if some symmetry makes it smaller, or if it is not a solution.
///
/// Allocation-free: each image is built in a stack array and compared as it
/// is, so it is cheap enough to run on every solution of a listing.
///
/// ```
/// use nqueens_puzzles::solutions::canonical_orbit;
/// assert_eq!(canonical_orbit(&[0, 4, 7, 5, 2, 6, 1, 3]), Some(8));
/// assert_eq!(canonical_orbit(&[2, 4, 1, 7, 0, 6, 3, 5]), Some(4)); // turned half-way, it is itself
/// assert_eq!(canonical_orbit(&[7, 3, 0, 2, 5, 1, 6, 4]), None); // the mirror of the first
/// assert_eq!(canonical_orbit(&[0, 1]), None); // not a solution
/// ```
pub fn canonical_orbit(columns: &[u8]) -> Option<usize> {
    if columns.len() > MAX_N || !naive::is_solution(columns) {
        return None;
    }
    smallest_in_orbit(columns)
}

/// [`canonical_orbit`] for a solution known to be one (the iterator's).
fn smallest_in_orbit(columns: &[u8]) -> Option<usize> {
    let n = columns.len();
    let mut fixed = 0;
    let mut image = [0u8; MAX_N];
    for g in Symmetry::ALL {
        for (r, &c) in columns.iter().enumerate() {
            let (r2, c2) = g.map(n, r, usize::from(c));
            image[r2] = c2 as u8;
        }
        match image[..n].cmp(columns) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => fixed += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    Some(8 / fixed)
}

/// The size of the orbit of a solution under the 8 symmetries of the
/// square: how many distinct solutions its turns and mirrors give (itself
/// included). `None` if `columns` is not a solution.
///
/// ```
/// use nqueens_puzzles::solutions::orbit_size;
/// assert_eq!(orbit_size(&[1, 3, 0, 2]), Some(2)); // fixed by the quarter turns
/// assert_eq!(orbit_size(&[7, 3, 0, 2, 5, 1, 6, 4]), Some(8));
/// assert_eq!(orbit_size(&[0, 0]), None);
/// ```
pub fn orbit_size(columns: &[u8]) -> Option<usize> {
    if columns.len() > MAX_N || !naive::is_solution(columns) {
        return None;
    }
    let fixed = Symmetry::ALL
        .iter()
        .filter(|g| g.apply(columns) == columns)
        .count();
    Some(8 / fixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: usize) -> Board {
        Board::new(n).unwrap()
    }

    #[test]
    fn canonical_solutions_count_the_orbits() {
        for n in 1..=10 {
            let all = naive::solutions(board(n));
            let fundamentals: Vec<(Solution, usize)> = Fundamentals::new(board(n)).collect();
            let unique = nqueens_kernel::count(n).unwrap().unique;
            assert_eq!(fundamentals.len() as u128, unique, "n = {n}");
            let orbits: usize = fundamentals.iter().map(|&(_, o)| o).sum();
            assert_eq!(orbits, all.len(), "n = {n}");
            // Against a plain filter of the naive list, orbits counted by
            // collecting the distinct images.
            let expected: Vec<(Vec<u8>, usize)> = all
                .iter()
                .filter(|s| Symmetry::ALL.iter().all(|g| g.apply(s) >= **s))
                .map(|s| {
                    let mut images: Vec<Vec<u8>> =
                        Symmetry::ALL.iter().map(|g| g.apply(s)).collect();
                    images.sort();
                    images.dedup();
                    (s.clone(), images.len())
                })
                .collect();
            let got: Vec<(Vec<u8>, usize)> =
                fundamentals.iter().map(|(s, o)| (s.to_vec(), *o)).collect();
            assert_eq!(got, expected, "n = {n}");
            for s in &all {
                assert_eq!(
                    orbit_size(s),
                    Some(
                        expected
                            .iter()
                            .find(|(c, _)| all_images(c).contains(s))
                            .unwrap()
                            .1
                    )
                );
            }
        }
    }

    fn all_images(s: &[u8]) -> Vec<Vec<u8>> {
        Symmetry::ALL.iter().map(|g| g.apply(s)).collect()
    }

    #[test]
    fn fundamentals_under_a_prefix_are_the_canonical_ones_that_start_with_it() {
        for n in 4..=9 {
            let canonical: Vec<Vec<u8>> = Fundamentals::new(board(n))
                .map(|(s, _)| s.to_vec())
                .collect();
            for a in 0..n as u8 {
                let got: Vec<Vec<u8>> = Fundamentals::with_prefix(board(n), &[a])
                    .unwrap()
                    .map(|(s, _)| s.to_vec())
                    .collect();
                let expected: Vec<Vec<u8>> =
                    canonical.iter().filter(|s| s[0] == a).cloned().collect();
                assert_eq!(got, expected, "n = {n}, first column {a}");
            }
        }
    }
}
