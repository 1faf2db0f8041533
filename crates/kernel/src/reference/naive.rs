//! A plain backtracker, kept deliberately simple, to check the fast code.
//!
//! It shares nothing with the bitmask kernel: a queen is a `(row, column)`
//! pair, and a new queen is tested against every queen already placed with
//! the textbook rule (same column, or `|dr| == |dc|`). It enumerates every
//! solution, so the symmetry counts can be checked by applying the eight
//! symmetries one by one. Use it for small boards only (n <= 12).

use crate::Board;

/// Every solution of `board`, in lexicographic order, as the 0-based column
/// of each row's queen.
///
/// ```
/// use nqueens_kernel::{reference::naive, Board};
/// assert_eq!(naive::solutions(Board::new(4).unwrap()), vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
/// ```
pub fn solutions(board: Board) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut queens = Vec::with_capacity(board.n());
    extend(board.n(), &mut queens, &mut out);
    out
}

fn extend(n: usize, queens: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    let row = queens.len();
    if row == n {
        out.push(queens.clone());
        return;
    }
    for col in 0..n as u8 {
        let safe = queens.iter().enumerate().all(|(r, &c)| {
            let (dr, dc) = (row - r, usize::from(c.abs_diff(col)));
            dc != 0 && dc != dr
        });
        if safe {
            queens.push(col);
            extend(n, queens, out);
            queens.pop();
        }
    }
}

/// Whether `columns` is a solution: a permutation with no two queens on a diagonal.
///
/// ```
/// use nqueens_kernel::reference::naive::is_solution;
/// assert!(is_solution(&[1, 3, 0, 2]));
/// assert!(!is_solution(&[0, 1, 2, 3]));
/// ```
pub fn is_solution(columns: &[u8]) -> bool {
    let n = columns.len();
    (0..n).all(|i| {
        usize::from(columns[i]) < n
            && (i + 1..n).all(|j| {
                let dc = usize::from(columns[i].abs_diff(columns[j]));
                dc != 0 && dc != j - i
            })
    })
}
