//! The textbook search of the source documents, instrumented as there.
//!
//! One queen per row; three tables say which columns and which diagonals of
//! each direction are taken; the placing procedure loops over every column
//! of the next row. It is slow on purpose: it is the yardstick that the
//! classic course figures refer to. For n = 8 the placing procedure is called
//! 2056 times (the first call not counted) and its column loop turns 15720
//! times: `n` passes in each of the 1965 calls that are not on the last row.

use crate::Board;

/// What the classic search found and how much work it did.
///
/// ```
/// use nqueens_kernel::{reference::classic, Board};
/// let t = classic(Board::new(8).unwrap());
/// assert_eq!((t.solutions, t.calls, t.iterations), (92, 2056, 15720));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ClassicTally {
    /// Solutions found.
    pub solutions: u64,
    /// Calls of the placing procedure, the first one not counted: one per
    /// queen placed, so equal to the nodes of the full search tree.
    pub calls: u64,
    /// Passes of the column loop.
    pub iterations: u64,
}

/// Runs the classic table search on the whole board (no mirroring).
///
/// ```
/// use nqueens_kernel::{reference::classic, Board};
/// assert_eq!(classic(Board::new(6).unwrap()).solutions, 4);
/// ```
pub fn classic(board: Board) -> ClassicTally {
    let n = board.n();
    let mut search = Classic {
        n,
        column: vec![false; n],
        // Rising diagonals are indexed by row + column, falling ones by
        // row - column + n - 1: 2n - 1 of each.
        rising: vec![false; 2 * n - 1],
        falling: vec![false; 2 * n - 1],
        tally: ClassicTally::default(),
    };
    search.place(0);
    search.tally
}

struct Classic {
    n: usize,
    column: Vec<bool>,
    rising: Vec<bool>,
    falling: Vec<bool>,
    tally: ClassicTally,
}

impl Classic {
    /// Places a queen on row `row`, the rows above it being filled.
    fn place(&mut self, row: usize) {
        if row == self.n {
            self.tally.solutions += 1;
            return;
        }
        for col in 0..self.n {
            self.tally.iterations += 1;
            let (r, f) = (row + col, row + self.n - 1 - col);
            if self.column[col] || self.rising[r] || self.falling[f] {
                continue;
            }
            self.column[col] = true;
            self.rising[r] = true;
            self.falling[f] = true;
            self.tally.calls += 1;
            self.place(row + 1);
            self.column[col] = false;
            self.rising[r] = false;
            self.falling[f] = false;
        }
    }
}
