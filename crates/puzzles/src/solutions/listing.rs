//! The listing itself: every solution, or those under a prefix, streamed
//! by a suspended bitmask search.

use std::fmt;

use super::attack::{first_attack, Attack};
use nqueens_kernel::search::State;
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
    pub(super) fn restrict_first_row(&mut self, mask: u32) {
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
}
