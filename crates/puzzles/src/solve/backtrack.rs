//! The plain depth-first search, stopped at its first solution.
//!
//! Rows are filled in order and each row tries its free columns from left
//! to right, so the first solution reached is the lexicographically
//! smallest one (for n = 8, `1 5 8 6 3 7 2 4` in 1-based columns). It is the
//! search of the course documents, with bit masks for the taken columns and
//! diagonals (one `u64` per row of the stack) and no recursion.
//!
//! Its cost is wild: the queens placed before the first solution grow
//! exponentially with n, and very unevenly (n = 20: 199,635; n = 21:
//! 8,562; n = 33: 140 million; n = 34: 2.3 billion). [`BACKTRACK_MAX_N`]
//! is the largest n up to which every board takes a second or so; beyond,
//! use the construction or min-conflicts.
//!
//! [`BACKTRACK_MAX_N`]: super::BACKTRACK_MAX_N

use super::{check_n, Method, Solution, SolveError, BACKTRACK_MAX_N};

// One bit per column in a `u64`, with the shifts never losing a column.
const _: () = assert!(BACKTRACK_MAX_N < 64);

/// The lexicographically first solution of the `n x n` board, by plain
/// depth-first search.
///
/// `steps` counts the queens placed, `backtracks` the queens taken back.
///
/// ```
/// use nqueens_puzzles::solve::backtrack;
/// let s = backtrack(8).unwrap();
/// assert_eq!(s.columns, [0, 4, 7, 5, 2, 6, 1, 3]);
/// assert_eq!(s.steps, 8 + s.backtracks);
/// ```
pub fn backtrack(n: usize) -> Result<Solution, SolveError> {
    check_n(n, Method::Backtrack)?;
    // Bit c stands for column c; the lowest free bit is the leftmost
    // column. `rising` moves one column left per row, `falling` one right.
    let full: u64 = (1 << n) - 1;
    let mut columns = vec![0u32; n];
    // Per row: the free columns not yet tried, and the masks it was entered with.
    let mut free = vec![0u64; n];
    let mut taken = vec![(0u64, 0u64, 0u64); n];
    let (mut steps, mut backtracks) = (0u64, 0u64);
    let mut r = 0;
    free[0] = full;
    loop {
        if free[r] == 0 {
            // Dead end: take back the queen of the row above.
            assert!(r > 0, "no solution for n = {n}");
            r -= 1;
            backtracks += 1;
            continue;
        }
        let bit = free[r] & free[r].wrapping_neg();
        free[r] ^= bit;
        columns[r] = bit.trailing_zeros();
        steps += 1;
        if r + 1 == n {
            break;
        }
        let (cols, rising, falling) = taken[r];
        let next = (
            cols | bit,
            (rising | bit) >> 1,
            ((falling | bit) << 1) & full,
        );
        taken[r + 1] = next;
        free[r + 1] = full & !(next.0 | next.1 | next.2);
        r += 1;
    }
    Ok(Solution {
        columns,
        steps,
        backtracks,
        ..Solution::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::verify;
    use nqueens_kernel::reference::naive;
    use nqueens_kernel::Board;

    #[test]
    fn finds_the_first_solution_of_the_naive_search() {
        for n in (4..=10).chain([1]) {
            let s = backtrack(n).unwrap();
            let first = &naive::solutions(Board::new(n).unwrap())[0];
            let got: Vec<u8> = s.columns.iter().map(|&c| c as u8).collect();
            assert_eq!(&got, first, "n = {n}");
            assert_eq!(s.steps, n as u64 + s.backtracks);
        }
    }

    #[test]
    fn solves_up_to_a_moderate_size() {
        for n in 11..=24 {
            assert!(verify(&backtrack(n).unwrap().columns), "n = {n}");
        }
    }

    #[test]
    fn the_course_board_takes_the_known_path() {
        // 1 5 8 6 3 7 2 4, reached after 113 queens placed (105 taken back).
        let s = backtrack(8).unwrap();
        assert_eq!((s.steps, s.backtracks), (113, 105));
    }
}
