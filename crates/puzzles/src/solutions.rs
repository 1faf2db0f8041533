//! Every solution of a board, one at a time, in lexicographic order: the
//! listing behind `nqueens solutions`.
//!
//! - [`Solutions`]: all solutions, from the empty board or from a validated
//!   prefix (the placements of the first rows, "search from a given
//!   position"). It is the bitmask search of the counting kernel with an
//!   explicit stack that is suspended at each solution and resumed by the
//!   next call, so memory is a few hundred bytes whatever the number of
//!   solutions (n = 14 has 365596 of them, none is ever held).
//! - [`Fundamentals`]: only the fundamental solutions, each the
//!   lexicographically smallest member of its orbit under the 8 symmetries
//!   of the square ([`Symmetry::ALL`]), with the size of that orbit.
//! - [`canonical_orbit`], [`orbit_size`]: the test behind [`Fundamentals`].
//! - [`first_attack`]: the first pair of queens of a placement that attack
//!   each other, and along which line, to explain why a position is refused.
//!
//! Solutions are written as in the rest of the kernel: `columns[r]` is the
//! 0-based column of the queen on row `r`. Lexicographic order on these
//! sequences comes free from the search: each row tries its lowest free
//! column first, and a row is only revisited once every completion of the
//! rows above has been listed.
//!
//! Lines through a queen, as [`first_attack`] names them: its column, its
//! *diagonal* (the squares where `column - row` is the same, parallel to the
//! main diagonal from row 0, column 0) and its *anti-diagonal* (`column +
//! row` the same).

use std::fmt;

use nqueens_kernel::reference::naive;
use nqueens_kernel::search::State;
use nqueens_kernel::symmetry::Symmetry;
use nqueens_kernel::{Board, MAX_N};

/// One solution (or a complete placement): the 0-based column of each row's
/// queen, in a fixed-size array so that the iterators never allocate.
///
/// It dereferences to the slice of its `n` columns.
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_puzzles::solutions::Solutions;
/// let first = Solutions::new(Board::new(4).unwrap()).next().unwrap();
/// assert_eq!(first.len(), 4);
/// assert_eq!(&*first, &[1, 3, 0, 2]);
/// assert_eq!(first.to_vec(), vec![1, 3, 0, 2]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Solution {
    len: u8,
    columns: [u8; MAX_N],
}

impl Solution {
    /// The columns, one per row, 0-based (the same as dereferencing).
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::solutions::Solutions;
    /// let only = Solutions::new(Board::new(1).unwrap()).next().unwrap();
    /// assert_eq!(only.columns(), &[0]);
    /// ```
    pub fn columns(&self) -> &[u8] {
        &self.columns[..usize::from(self.len)]
    }
}

impl std::ops::Deref for Solution {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.columns()
    }
}

impl AsRef<[u8]> for Solution {
    fn as_ref(&self) -> &[u8] {
        self.columns()
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.columns()).finish()
    }
}

/// Every solution of a board, in lexicographic order, optionally only those
/// that extend a given prefix.
///
/// An iterator over [`Solution`]s, each a small copied array; the search
/// state between two solutions is one attack [`State`] and one word of
/// untried columns per row, so memory does not grow with the number of
/// solutions.
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_puzzles::solutions::Solutions;
/// let board = Board::new(8).unwrap();
/// let mut all = Solutions::new(board);
/// assert_eq!(&*all.next().unwrap(), &[0, 4, 7, 5, 2, 6, 1, 3]);
/// assert_eq!(all.count(), 91);
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    n: usize,
    full: u32,
    /// Rows fixed by the prefix: the search never backtracks above them.
    base: usize,
    /// The row whose untried columns are looked at next.
    row: usize,
    /// The columns of the rows placed so far (the prefix, then the search).
    columns: [u8; MAX_N],
    /// The attacks on row `r` from the queens above it: `cols[r]`, `ld[r]`
    /// and `rd[r]` as in [`State`] (plain arrays: the loop is tighter).
    cols: [u32; MAX_N],
    ld: [u32; MAX_N],
    rd: [u32; MAX_N],
    /// `untried[r]`: free columns of row `r` not yet tried in this branch.
    untried: [u32; MAX_N],
    /// A prefix as long as the board is a solution by itself, listed once.
    whole_prefix: bool,
    done: bool,
}

impl Solutions {
    /// All solutions of `board`, from the empty board.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::solutions::Solutions;
    /// assert_eq!(Solutions::new(Board::new(6).unwrap()).count(), 4);
    /// assert_eq!(Solutions::new(Board::new(3).unwrap()).count(), 0);
    /// ```
    pub fn new(board: Board) -> Solutions {
        Solutions::with_prefix(board, &[]).expect("the empty prefix is always valid")
    }

    /// The solutions of `board` whose first rows hold the queens of `prefix`
    /// (0-based columns, one per row, at most `n` of them), in lexicographic
    /// order. The prefix is checked first: a column outside the board, more
    /// rows than the board has, or two queens that attack each other is an
    /// error that says which. A valid prefix with no completion gives an
    /// empty iterator.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::solutions::{Line, PrefixError, Solutions};
    /// let board = Board::new(8).unwrap();
    /// let from: Vec<_> = Solutions::with_prefix(board, &[0, 4]).unwrap().collect();
    /// assert_eq!(from.len(), 1);
    /// assert_eq!(&*from[0], &[0, 4, 7, 5, 2, 6, 1, 3]);
    /// assert_eq!(Solutions::with_prefix(board, &[0]).unwrap().count(), 4);
    /// let e = Solutions::with_prefix(board, &[0, 1]).unwrap_err();
    /// assert!(matches!(e, PrefixError::Attack(a) if a.line == Line::Diagonal));
    /// assert!(Solutions::with_prefix(board, &[8]).is_err());
    /// ```
    pub fn with_prefix(board: Board, prefix: &[u8]) -> Result<Solutions, PrefixError> {
        let n = board.n();
        if prefix.len() > n {
            return Err(PrefixError::TooLong {
                len: prefix.len(),
                n,
            });
        }
        if let Some((row, &column)) = prefix
            .iter()
            .enumerate()
            .find(|&(_, &c)| usize::from(c) >= n)
        {
            return Err(PrefixError::OutOfRange { row, column, n });
        }
        if let Some(attack) = first_attack(prefix) {
            return Err(PrefixError::Attack(attack));
        }
        let mut it = Solutions {
            n,
            full: board.full(),
            base: prefix.len(),
            row: prefix.len(),
            columns: [0; MAX_N],
            cols: [0; MAX_N],
            ld: [0; MAX_N],
            rd: [0; MAX_N],
            untried: [0; MAX_N],
            whole_prefix: prefix.len() == n,
            done: false,
        };
        let mut state = State::empty();
        for (r, &c) in prefix.iter().enumerate() {
            it.columns[r] = c;
            state = state.place(1 << c);
        }
        if !it.whole_prefix {
            let b = it.base;
            (it.cols[b], it.ld[b], it.rd[b]) = (state.cols, state.ld, state.rd);
            it.untried[b] = state.free(board);
        }
        Ok(it)
    }

    /// The board side.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_puzzles::solutions::Solutions;
    /// assert_eq!(Solutions::new(Board::new(5).unwrap()).n(), 5);
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// Only the first row's columns in `mask` are tried (the others are
    /// skipped as if attacked); used to skip half of the board when only
    /// fundamental solutions are wanted. Does nothing under a prefix.
    fn restrict_first_row(&mut self, mask: u32) {
        if self.base == 0 {
            self.untried[0] &= mask;
        }
    }

    fn solution(&self) -> Solution {
        Solution {
            len: self.n as u8,
            columns: self.columns,
        }
    }
}

impl Iterator for Solutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        if self.done {
            return None;
        }
        if self.whole_prefix {
            self.done = true;
            return Some(self.solution());
        }
        // Resumes where the last solution was found: on the row above the
        // last (whose other columns are tried next), then backtracks.
        let (n, full) = (self.n, self.full);
        let mut r = self.row;
        loop {
            let avail = self.untried[r];
            if avail == 0 {
                if r == self.base {
                    self.done = true;
                    return None;
                }
                r -= 1;
                continue;
            }
            // The lowest free column first: lexicographic order.
            let bit = avail & avail.wrapping_neg();
            self.untried[r] = avail ^ bit;
            self.columns[r] = bit.trailing_zeros() as u8;
            if r + 1 == n {
                // Only when the prefix leaves one row (or n = 1).
                self.row = r;
                return Some(self.solution());
            }
            let cols = self.cols[r] | bit;
            let ld = (self.ld[r] | bit) << 1;
            let rd = (self.rd[r] | bit) >> 1;
            let free = full & !(cols | ld | rd);
            if r + 2 == n {
                // The last row is settled here, not pushed: every column but
                // one holds a queen, so it has at most one free square.
                if free != 0 {
                    self.columns[r + 1] = free.trailing_zeros() as u8;
                    self.row = r;
                    return Some(self.solution());
                }
                continue;
            }
            r += 1;
            (self.cols[r], self.ld[r], self.rd[r]) = (cols, ld, rd);
            self.untried[r] = free;
        }
    }
}

impl std::iter::FusedIterator for Solutions {}

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

/// A line two queens can share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// The same column.
    Column,
    /// The same diagonal: `column - row` equal, parallel to the main
    /// diagonal through row 0, column 0.
    Diagonal,
    /// The same anti-diagonal: `column + row` equal.
    AntiDiagonal,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Line::Column => "the same column",
            Line::Diagonal => "a diagonal",
            Line::AntiDiagonal => "an anti-diagonal",
        })
    }
}

/// Two queens of a placement (one per row) that attack each other.
///
/// Fields are 0-based; the message ([`fmt::Display`]) counts from 1, as a
/// person reads a board: "queens on rows 1 and 2 (columns 1 and 2) attack
/// along a diagonal".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attack {
    /// The two rows, the upper (smaller) first.
    pub rows: [usize; 2],
    /// The columns of the queens on those rows.
    pub columns: [usize; 2],
    /// The line they share.
    pub line: Line,
}

impl fmt::Display for Attack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "queens on rows {} and {} (columns {} and {}) attack along {}",
            self.rows[0] + 1,
            self.rows[1] + 1,
            self.columns[0] + 1,
            self.columns[1] + 1,
            self.line
        )
    }
}

/// The first two queens of a placement that attack each other, or `None`
/// if no two do. `columns[r]` is the column of row `r`'s queen (so rows
/// never clash); columns may be any values, the board need not be square,
/// and they may be of any unsigned type up to `usize` (`u8` for the
/// kernel's boards, `usize` for the drawings of larger ones).
///
/// "First" is reproducible: the lowest row whose queen is attacked from
/// above, and of the queens above it the highest one.
///
/// ```
/// use nqueens_puzzles::solutions::{first_attack, Line};
/// assert_eq!(first_attack(&[1u8, 3, 0, 2]), None);
/// let a = first_attack(&[0u8, 2, 4, 4]).unwrap();
/// assert_eq!((a.rows, a.columns, a.line), ([2, 3], [4, 4], Line::Column));
/// let a = first_attack(&[2usize, 1, 3]).unwrap();
/// assert_eq!((a.rows, a.line), ([0, 1], Line::AntiDiagonal));
/// assert_eq!(a.to_string(), "queens on rows 1 and 2 (columns 3 and 2) attack along an anti-diagonal");
/// ```
pub fn first_attack<C: Copy + Into<usize>>(columns: &[C]) -> Option<Attack> {
    for (j, &cj) in columns.iter().enumerate() {
        let cj: usize = cj.into();
        for i in (0..j).rev() {
            let ci: usize = columns[i].into();
            let dr = j - i;
            let line = if ci == cj {
                Line::Column
            } else if cj.abs_diff(ci) != dr {
                continue;
            } else if cj > ci {
                // Down a row and right a column: `column - row` kept.
                Line::Diagonal
            } else {
                Line::AntiDiagonal
            };
            return Some(Attack {
                rows: [i, j],
                columns: [ci, cj],
                line,
            });
        }
    }
    None
}

/// Why a prefix was refused.
///
/// Fields are 0-based; messages count rows and columns from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrefixError {
    /// More rows than the board has.
    TooLong {
        /// Rows given.
        len: usize,
        /// The board side.
        n: usize,
    },
    /// A column off the board.
    OutOfRange {
        /// The row (0-based).
        row: usize,
        /// The column given (0-based).
        column: u8,
        /// The board side.
        n: usize,
    },
    /// Two queens of the prefix attack each other.
    Attack(Attack),
}

impl fmt::Display for PrefixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PrefixError::TooLong { len, n } => write!(
                f,
                "the prefix has {len} columns, more than the {n} rows of the board"
            ),
            PrefixError::OutOfRange { row, column, n } => write!(
                f,
                "row {}: column {} is off the board (columns run from 1 to {n})",
                row + 1,
                u32::from(column) + 1
            ),
            PrefixError::Attack(a) => write!(f, "{a}"),
        }
    }
}

impl std::error::Error for PrefixError {}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_kernel::reference::naive;

    fn board(n: usize) -> Board {
        Board::new(n).unwrap()
    }

    fn listed(it: impl Iterator<Item = Solution>) -> Vec<Vec<u8>> {
        it.map(|s| s.to_vec()).collect()
    }

    #[test]
    fn the_listing_is_the_naive_solvers_list() {
        for n in 1..=10 {
            let expected = naive::solutions(board(n));
            assert_eq!(listed(Solutions::new(board(n))), expected, "n = {n}");
        }
    }

    #[test]
    fn every_prefix_lists_exactly_the_solutions_that_start_with_it() {
        for n in 1..=9 {
            let all = naive::solutions(board(n));
            // Every valid prefix of one and two rows, and the first three
            // rows of every solution (so every non-empty result is seen).
            let mut prefixes: Vec<Vec<u8>> = Vec::new();
            for a in 0..n as u8 {
                prefixes.push(vec![a]);
                if n > 1 {
                    for b in 0..n as u8 {
                        prefixes.push(vec![a, b]);
                    }
                }
            }
            for s in &all {
                prefixes.push(s[..3.min(n)].to_vec());
                prefixes.push(s.clone());
            }
            for p in prefixes {
                let expected: Vec<Vec<u8>> =
                    all.iter().filter(|s| s.starts_with(&p)).cloned().collect();
                match Solutions::with_prefix(board(n), &p) {
                    Ok(it) => assert_eq!(listed(it), expected, "n = {n}, prefix {p:?}"),
                    Err(PrefixError::Attack(a)) => {
                        assert!(expected.is_empty());
                        assert_eq!(first_attack(&p), Some(a));
                    }
                    Err(e) => panic!("n = {n}, prefix {p:?}: {e}"),
                }
            }
        }
    }

    #[test]
    fn a_prefix_is_checked() {
        let b = board(8);
        assert_eq!(
            Solutions::with_prefix(b, &[0; 9]).unwrap_err(),
            PrefixError::TooLong { len: 9, n: 8 }
        );
        let e = Solutions::with_prefix(b, &[0, 8]).unwrap_err();
        assert_eq!(
            e,
            PrefixError::OutOfRange {
                row: 1,
                column: 8,
                n: 8
            }
        );
        assert_eq!(
            e.to_string(),
            "row 2: column 9 is off the board (columns run from 1 to 8)"
        );
        let e = Solutions::with_prefix(b, &[0, 1]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "queens on rows 1 and 2 (columns 1 and 2) attack along a diagonal"
        );
        let e = Solutions::with_prefix(b, &[4, 0, 4]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "queens on rows 1 and 3 (columns 5 and 5) attack along the same column"
        );
        // A valid full placement lists itself once; a dead end lists nothing.
        let s = [0, 4, 7, 5, 2, 6, 1, 3];
        assert_eq!(listed(Solutions::with_prefix(b, &s).unwrap()), [s.to_vec()]);
        assert_eq!(Solutions::with_prefix(b, &[0, 2, 4, 1]).unwrap().count(), 0);
    }

    #[test]
    fn the_largest_board_works_up_to_its_top_column() {
        // The lexicographically first 32-queens solution takes seconds of
        // backtracking; a deep prefix of a known solution (the n mod 6 = 2
        // construction, and its mirror, whose first queen is on column 31)
        // keeps this fast while reaching every column bit.
        let b = board(MAX_N);
        let known: Vec<u8> = (1..32)
            .step_by(2)
            .chain([2, 0])
            .chain((6..31).step_by(2))
            .chain([4])
            .collect();
        let mirror: Vec<u8> = known.iter().map(|&c| 31 - c).collect();
        for s in [known, mirror] {
            assert!(naive::is_solution(&s));
            let got = listed(Solutions::with_prefix(b, &s[..20]).unwrap());
            assert!(got.contains(&s), "{s:?}");
            assert!(got.windows(2).all(|w| w[0] < w[1]));
            assert!(got
                .iter()
                .all(|t| naive::is_solution(t) && t.starts_with(&s[..20])));
        }
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

    #[test]
    fn attacks_name_the_first_pair_and_the_line() {
        assert_eq!(first_attack::<u8>(&[]), None);
        assert_eq!(first_attack(&[5u8]), None);
        let a = first_attack(&[0u8, 2, 1]).unwrap();
        // Row 2 is attacked by row 1 (anti-diagonal) and row 0 (none):
        // the nearest attacker above is named.
        assert_eq!(
            (a.rows, a.columns, a.line),
            ([1, 2], [2, 1], Line::AntiDiagonal)
        );
        let a = first_attack(&[0u8, 5, 2]).unwrap();
        assert_eq!((a.rows, a.line), ([0, 2], Line::Diagonal));
        // Agrees with the naive check on every placement of a small board.
        for code in 0..6u32.pow(6) {
            let p: Vec<u8> = (0..6).map(|i| (code / 6u32.pow(i) % 6) as u8).collect();
            assert_eq!(first_attack(&p).is_none(), naive::is_solution(&p), "{p:?}");
        }
    }
}
