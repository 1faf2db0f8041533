//! A validated board size and its column mask.

use crate::{Error, MAX_N};

/// An `n x n` board whose size the kernel has checked: `1 <= n <= MAX_N`.
///
/// Columns are bits: column `c` (0-based, left to right) is bit `c` of a
/// `u32`, so a whole row of candidate squares is one machine word.
///
/// ```
/// use nqueens_kernel::Board;
/// let board = Board::new(8).unwrap();
/// assert_eq!(board.n(), 8);
/// assert_eq!(board.full(), 0b1111_1111);
/// assert!(Board::new(0).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    full: u32,
}

impl Board {
    /// Checks `n` and builds the board, or says why it cannot.
    ///
    /// ```
    /// use nqueens_kernel::{Board, Error, MAX_N};
    /// assert!(Board::new(MAX_N).is_ok());
    /// assert_eq!(Board::new(MAX_N + 1), Err(Error::BoardTooLarge { n: MAX_N + 1 }));
    /// ```
    pub fn new(n: usize) -> Result<Board, Error> {
        match n {
            0 => Err(Error::EmptyBoard),
            n if n > MAX_N => Err(Error::BoardTooLarge { n }),
            // `u32::MAX >> (32 - n)` rather than `(1 << n) - 1`, which overflows at n = 32.
            n => Ok(Board {
                n,
                full: u32::MAX >> (32 - n),
            }),
        }
    }

    /// The side of the board.
    ///
    /// ```
    /// assert_eq!(nqueens_kernel::Board::new(5).unwrap().n(), 5);
    /// ```
    pub fn n(self) -> usize {
        self.n
    }

    /// The mask with one bit set for each of the `n` columns.
    ///
    /// ```
    /// assert_eq!(nqueens_kernel::Board::new(32).unwrap().full(), u32::MAX);
    /// ```
    pub fn full(self) -> u32 {
        self.full
    }
}
