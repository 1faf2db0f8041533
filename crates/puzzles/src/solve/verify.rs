//! The O(n) check of a placement, applied to every solution before it is
//! shown.
//!
//! A placement is one column per row, so rows never clash; it is a solution
//! when every column is on the board and no column, rising diagonal
//! (`row + column`) or falling diagonal (`row - column`) holds two queens.
//! One pass with three bit sets (5n bits in all) decides it, which keeps the
//! check cheap next to any search, even at n = 10^7. It shares no code with
//! the searches, so a bug in one of them cannot hide itself.

/// Why a placement is not a solution: the first row (0-based) whose queen is
/// off the board or attacked by a queen of an earlier row.
///
/// ```
/// use nqueens_puzzles::solve::{first_flaw, Flaw};
/// assert_eq!(first_flaw(&[1, 3, 0, 2]), None);
/// assert_eq!(first_flaw(&[0, 2, 1]), Some(Flaw::SameDiagonal { row: 2 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flaw {
    /// The queen of `row` is in a column `>= n`.
    OffBoard {
        /// The row, 0-based.
        row: usize,
    },
    /// The queen of `row` shares its column with an earlier queen.
    SameColumn {
        /// The row, 0-based.
        row: usize,
    },
    /// The queen of `row` shares a diagonal with an earlier queen.
    SameDiagonal {
        /// The row, 0-based.
        row: usize,
    },
}

/// Whether `columns` (the 0-based column of each row's queen) is a
/// solution: n queens, none attacking another. The empty placement is not.
///
/// ```
/// use nqueens_puzzles::solve::verify;
/// assert!(verify(&[1, 3, 0, 2]));
/// assert!(!verify(&[0, 1, 2, 3]));
/// assert!(!verify(&[]));
/// ```
pub fn verify(columns: &[u32]) -> bool {
    !columns.is_empty() && first_flaw(columns).is_none()
}

/// The first flaw of `columns` in row order, or `None` for a solution (or
/// the empty placement).
///
/// ```
/// use nqueens_puzzles::solve::{first_flaw, Flaw};
/// assert_eq!(first_flaw(&[0, 0]), Some(Flaw::SameColumn { row: 1 }));
/// assert_eq!(first_flaw(&[5]), Some(Flaw::OffBoard { row: 0 }));
/// ```
pub fn first_flaw(columns: &[u32]) -> Option<Flaw> {
    let n = columns.len();
    let mut column = Bits::new(n);
    let mut rising = Bits::new(2 * n);
    let mut falling = Bits::new(2 * n);
    for (row, &c) in columns.iter().enumerate() {
        let c = c as usize;
        if c >= n {
            return Some(Flaw::OffBoard { row });
        }
        if column.test_and_set(c) {
            return Some(Flaw::SameColumn { row });
        }
        // row + c < 2n - 1 and row + n - 1 - c < 2n - 1.
        if rising.test_and_set(row + c) || falling.test_and_set(row + n - 1 - c) {
            return Some(Flaw::SameDiagonal { row });
        }
    }
    None
}

/// A fixed-size bit set.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }

    /// Sets bit `i` and says whether it was already set.
    fn test_and_set(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let was = self.0[word] & bit != 0;
        self.0[word] |= bit;
        was
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_kernel::reference::naive;
    use nqueens_kernel::Board;

    #[test]
    fn agrees_with_the_naive_check_on_every_permutation_up_to_7() {
        for n in 1..=7u32 {
            let mut p: Vec<u32> = (0..n).collect();
            let mut found = 0;
            permutations(&mut p, 0, &mut |p| {
                let small: Vec<u8> = p.iter().map(|&c| c as u8).collect();
                assert_eq!(verify(p), naive::is_solution(&small), "{p:?}");
                found += usize::from(verify(p));
            });
            let known = naive::solutions(Board::new(n as usize).unwrap()).len();
            assert_eq!(found, known, "n = {n}");
        }
    }

    fn permutations(p: &mut Vec<u32>, k: usize, visit: &mut dyn FnMut(&[u32])) {
        if k == p.len() {
            visit(p);
            return;
        }
        for i in k..p.len() {
            p.swap(k, i);
            permutations(p, k + 1, visit);
            p.swap(k, i);
        }
    }

    #[test]
    fn rejects_broken_placements_and_names_the_row() {
        assert_eq!(first_flaw(&[1, 3, 0, 4]), Some(Flaw::OffBoard { row: 3 }));
        assert_eq!(first_flaw(&[1, 3, 1, 2]), Some(Flaw::SameColumn { row: 2 }));
        // Falling diagonal: (0,0) and (3,3).
        assert_eq!(
            first_flaw(&[0, 2, 4, 3, 1]),
            Some(Flaw::SameDiagonal { row: 3 })
        );
        // Rising diagonal: (0,3) and (3,0).
        assert_eq!(
            first_flaw(&[3, 1, 4, 0, 2]),
            Some(Flaw::SameDiagonal { row: 3 })
        );
        assert!(!verify(&[]));
        assert!(verify(&[0]));
        assert!(!verify(&[u32::MAX]));
    }

    #[test]
    fn large_placements() {
        let n = 100_000;
        let mut s = crate::solve::construct(n).unwrap().columns;
        assert!(verify(&s));
        // The main diagonal, and its mirror.
        let diagonal: Vec<u32> = (0..n as u32).collect();
        assert_eq!(first_flaw(&diagonal), Some(Flaw::SameDiagonal { row: 1 }));
        let mirror: Vec<u32> = (0..n as u32).rev().collect();
        assert_eq!(first_flaw(&mirror), Some(Flaw::SameDiagonal { row: 1 }));
        // One queen moved onto another's column.
        s[70_000] = s[69_999];
        assert_eq!(first_flaw(&s), Some(Flaw::SameColumn { row: 70_000 }));
    }
}
