//! Queens on a torus (modular queens): the board's edges are glued, top to
//! bottom and left to right, so both diagonals wrap around. Two queens at
//! `(r1, c1)` and `(r2, c2)` attack each other when they share a column, or
//! when `c - r` or `c + r` agree modulo `n`.
//!
//! The search is the bitmask depth-first search of the ordinary count with
//! one change: the diagonal masks are *rotated* within the `n` bits of a row
//! instead of shifted, so an attack that leaves the board on one side comes
//! back on the other. A queen in column `c` attacks column `c + 1 (mod n)`
//! of the next row along one diagonal and `c - 1 (mod n)` along the other.
//!
//! Pólya (1918) showed that solutions exist exactly when `gcd(n, 6) = 1`:
//! for even `n` the column sum `Σ c` and the diagonal sums `Σ (c ± r)` modulo
//! `n` cannot all be the permutation sum `n(n - 1)/2`, and for `n` divisible
//! by 3 the sums of squares fail the same way. The search does not use the
//! theorem; the tests check that it finds nothing for those `n`.
//!
//! Every torus solution is an ordinary solution (a wrapped diagonal
//! contains the flat one), so the symmetries of the square act on these
//! solutions as on the ordinary ones ([`crate::variant`]). A sideways shift
//! by one column maps torus solutions onto torus solutions, so every
//! first-row column holds `1/n` of them: a check the tests make, not a
//! shortcut the count takes.

use std::ops::ControlFlow;

use super::walk::Walk;

/// Published counts of modular (toroidal) queens, for checking only
/// (never to produce a count): `(n, total)` for every board this search
/// takes, n = 1..19, from OEIS A051906 (A007705 lists the odd n; n = 1..23
/// were computed by Rivin, Vardi and Zimmermann, 1994). Zero exactly when
/// gcd(n, 6) != 1 (Pólya).
pub const PUBLISHED: [(usize, u64); 19] = [
    (1, 1),
    (2, 0),
    (3, 0),
    (4, 0),
    (5, 10),
    (6, 0),
    (7, 28),
    (8, 0),
    (9, 0),
    (10, 0),
    (11, 88),
    (12, 0),
    (13, 4_524),
    (14, 0),
    (15, 0),
    (16, 0),
    (17, 140_692),
    (18, 0),
    (19, 820_496),
];

/// Whether `columns` (0-based, one per row) is a solution on the torus:
/// every pair of queens compared directly, modulo `n`.
///
/// ```
/// use nqueens_puzzles::variant::torus::is_solution;
/// assert!(is_solution(&[0, 2, 4, 1, 3]));
/// assert!(!is_solution(&[1, 3, 0, 2])); // rows 0 and 3 meet across the edge
/// assert!(!is_solution(&[0, 5]));
/// ```
pub fn is_solution(columns: &[u8]) -> bool {
    let n = columns.len() as i64;
    let on_board = columns.iter().all(|&c| i64::from(c) < n);
    on_board
        && (0..columns.len()).all(|i| {
            (i + 1..columns.len()).all(|j| {
                let (ri, ci) = (i as i64, i64::from(columns[i]));
                let (rj, cj) = (j as i64, i64::from(columns[j]));
                ci != cj
                    && (ci - ri).rem_euclid(n) != (cj - rj).rem_euclid(n)
                    && (ci + ri).rem_euclid(n) != (cj + rj).rem_euclid(n)
            })
        })
}

impl<F: FnMut(&[u8]) -> ControlFlow<()>> Walk<F> {
    /// The search behind [`crate::variant::Variant::Torus`]: the rows
    /// below the first row's queen, on the square of `bit`.
    pub(super) fn below_wrapped(&mut self, bit: u32) -> ControlFlow<()> {
        self.down_wrapped(1, bit, self.left(bit), self.right(bit))
    }

    /// Rotates a row's mask one column up, the top column wrapping to 0.
    fn left(&self, x: u32) -> u32 {
        ((x << 1) | (x >> (self.n - 1))) & self.full
    }

    /// Rotates a row's mask one column down, column 0 wrapping to the top.
    fn right(&self, x: u32) -> u32 {
        (x >> 1) | ((x & 1) << (self.n - 1))
    }

    /// Fills `row` and the rows below it; `up` and `down` are the wrapped
    /// diagonals' attacks on `row`.
    fn down_wrapped(&mut self, row: usize, cols: u32, up: u32, down: u32) -> ControlFlow<()> {
        if row == self.n {
            return self.complete();
        }
        let mut avail = self.full & !(cols | up | down);
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            self.place(row, bit);
            let (up, down) = (self.left(up | bit), self.right(down | bit));
            self.down_wrapped(row + 1, cols | bit, up, down)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use nqueens_kernel::reference::naive;
    use nqueens_kernel::Board;

    /// Every permutation of `0..n`, by Heap's algorithm.
    fn permutations(n: usize) -> Vec<Vec<u8>> {
        fn heap(k: usize, a: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            if k <= 1 {
                out.push(a.clone());
                return;
            }
            for i in 0..k {
                heap(k - 1, a, out);
                let j = if k.is_multiple_of(2) { i } else { 0 };
                a.swap(j, k - 1);
            }
        }
        let mut out = Vec::new();
        heap(n, &mut (0..n as u8).collect(), &mut out);
        out
    }

    #[test]
    fn the_search_lists_exactly_what_the_modular_checker_accepts() {
        Variant::Torus.assert_lists(1..=9, |board| {
            let mut expected: Vec<Vec<u8>> = permutations(board.n())
                .into_iter()
                .filter(|p| is_solution(p))
                .collect();
            expected.sort();
            expected
        });
    }

    #[test]
    fn torus_solutions_are_the_ordinary_ones_that_pass_the_modular_check() {
        Variant::Torus.assert_lists(10..=12, |board| {
            naive::solutions(board)
                .into_iter()
                .filter(|s| is_solution(s))
                .collect()
        });
    }

    #[test]
    fn solutions_exist_exactly_when_n_is_prime_to_6() {
        for n in 1..=15 {
            let total = Variant::Torus.count(Board::new(n).unwrap()).solutions;
            let prime_to_6 = !n.is_multiple_of(2) && !n.is_multiple_of(3);
            assert_eq!(total > 0, prime_to_6, "n = {n}: {total}");
        }
    }

    #[test]
    fn every_first_column_holds_the_same_share() {
        for n in [5, 7, 11, 13] {
            let board = Board::new(n).unwrap();
            let per: Vec<u64> = (0..n)
                .map(|c| Variant::Torus.count_column(board, c).solutions)
                .collect();
            assert!(per.iter().all(|&k| k == per[0]), "n = {n}: {per:?}");
        }
    }

    #[test]
    fn totals_match_oeis_a007705() {
        // OEIS A007705 (n = 2k + 1) / A051906: verification only. The
        // table the merge checks with, n = 1..13 (17 and 19 take seconds;
        // the command line's tests count 17).
        for &(n, known) in PUBLISHED.iter().filter(|&&(n, _)| n <= 13) {
            let t = Variant::Torus.count(Board::new(n).unwrap());
            assert_eq!(t.solutions, known, "n = {n}");
        }
    }

    #[test]
    fn the_largest_board_wraps_without_overflow() {
        let board = Board::new(32).unwrap();
        let s = Walk::new(board, 0, |_: &[u8]| ControlFlow::Continue(()));
        assert_eq!((s.left(1 << 31), s.right(1)), (1, 1 << 31));
        assert_eq!((s.left(1 << 5), s.right(1 << 5)), (1 << 6, 1 << 4));
    }
}
