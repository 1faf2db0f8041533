//! A solution written down directly, in O(n): the explicit rule by n mod 6
//! (Hoffman, Loessi and Moore, 1969).
//!
//! No search at all: every queen's column is a formula of its row. Let `m`
//! be `n` when `n` is even and `n - 1` when it is odd, and `h = m / 2`.
//! Rows and columns are 1-based in the formulas.
//!
//! - If `m mod 6 != 2`: row `i` gets column `2i` and row `h + i` gets
//!   column `2i - 1`, for `i = 1..=h` (the even columns, then the odd
//!   ones). Within a half the columns move two steps per row, never one,
//!   so no diagonal is shared; across the halves, rows `i` and `h + j`
//!   would share one only if `h = 3(i - j) + 1`, that is `m mod 6 = 2`.
//! - If `m mod 6 = 2`: with `v(i) = (2(i - 1) + h - 1) mod m`, row `i` gets
//!   column `1 + v(i)` and row `m + 1 - i` gets column `m - v(i)`, for
//!   `i = 1..=h` (a shifted version of the same idea, mirrored in the lower
//!   half).
//! - If `n` is odd, both patterns leave the main diagonal empty, so the
//!   last queen goes to the corner `(n, n)`.
//!
//! It covers n = 1 and every n >= 4; n = 2 and n = 3 have no solution.
//! The tests check every n up to 2000 and some far larger.

use super::{check_n, Method, Solution, SolveError};

/// A solution of the `n x n` board by the n mod 6 rule, in O(n) time.
///
/// `steps` is `n` (one formula per queen).
///
/// ```
/// use nqueens_puzzles::solve::{construct, verify, SolveError};
/// let s = construct(8).unwrap();
/// assert_eq!(s.columns, [3, 5, 7, 1, 6, 0, 2, 4]);
/// assert!(verify(&construct(1_000).unwrap().columns));
/// assert_eq!(construct(3), Err(SolveError::NoSolution { n: 3 }));
/// ```
pub fn construct(n: usize) -> Result<Solution, SolveError> {
    check_n(n, Method::ConstructMod6)?;
    let mut columns = vec![0u32; n];
    let m = n - n % 2;
    let h = m / 2;
    if m % 6 != 2 {
        for r in 0..h {
            // 0-based: row r gets column 2r + 1, row h + r gets column 2r.
            columns[r] = (2 * r + 1) as u32;
            columns[h + r] = (2 * r) as u32;
        }
    } else {
        for i in 1..=h {
            let v = (2 * (i - 1) + h - 1) % m;
            columns[i - 1] = v as u32;
            columns[m - i] = (m - 1 - v) as u32;
        }
    }
    if n % 2 == 1 {
        columns[n - 1] = (n - 1) as u32;
    }
    Ok(Solution {
        columns,
        steps: n as u64,
        ..Solution::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{verify, MAX_N};
    use nqueens_kernel::reference::naive;

    #[test]
    fn every_n_up_to_2000_is_solved_except_2_and_3() {
        for n in 1..=2000 {
            match construct(n) {
                Ok(s) => {
                    assert!(n != 2 && n != 3, "n = {n}");
                    assert_eq!(s.columns.len(), n);
                    assert!(verify(&s.columns), "n = {n}: {:?}", s.columns);
                    if n <= 10 {
                        let small: Vec<u8> = s.columns.iter().map(|&c| c as u8).collect();
                        assert!(naive::is_solution(&small), "n = {n}");
                    }
                }
                Err(e) => assert!(
                    (n == 2 || n == 3) && e == SolveError::NoSolution { n },
                    "n = {n}: {e}"
                ),
            }
        }
    }

    #[test]
    fn large_boards_of_every_residue_mod_12() {
        for n in 1_000_000..1_000_012 {
            assert!(verify(&construct(n).unwrap().columns), "n = {n}");
        }
        assert!(verify(&construct(MAX_N).unwrap().columns));
    }

    #[test]
    fn out_of_range_is_refused() {
        assert_eq!(construct(0), Err(SolveError::EmptyBoard));
        assert!(matches!(
            construct(MAX_N + 1),
            Err(SolveError::TooLarge { n, .. }) if n == MAX_N + 1
        ));
        assert_eq!(construct(2), Err(SolveError::NoSolution { n: 2 }));
    }
}
