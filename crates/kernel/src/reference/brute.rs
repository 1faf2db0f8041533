//! Exhaustive brute force: every one-per-row-and-column placement (all `n!`
//! permutations), each checked for diagonal attacks only at the end, as the
//! exercise sheet's "exhaustive brute force" asks. Hopeless past n = 11 or
//! so, and that is the point: it is the floor the other methods are
//! measured against.

use crate::{Board, Tally};

/// The largest board the brute force accepts: 11! = 39,916,800 permutations.
pub const BRUTE_MAX_N: usize = 11;

/// Counts solutions by trying every permutation; `nodes` is the number of
/// permutations checked (`n!`).
///
/// Permutations are visited in lexicographic order (Narayana's next
/// permutation), so the walk needs no recursion and no extra memory.
///
/// ```
/// use nqueens_kernel::{reference::brute_force, Board};
/// let t = brute_force(Board::new(6).unwrap());
/// assert_eq!((t.solutions, t.nodes), (4, 720));
/// ```
pub fn brute_force(board: Board) -> Tally {
    let n = board.n();
    let mut p: Vec<u8> = (0..n as u8).collect();
    let mut tally = Tally::default();
    loop {
        tally.nodes += 1;
        if no_diagonal_attack(&p) {
            tally.solutions += 1;
        }
        if !next_permutation(&mut p) {
            return tally;
        }
    }
}

fn no_diagonal_attack(p: &[u8]) -> bool {
    (0..p.len()).all(|i| (i + 1..p.len()).all(|j| usize::from(p[i].abs_diff(p[j])) != j - i))
}

/// Advances to the next permutation in lexicographic order; false after the last.
fn next_permutation(p: &mut [u8]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len())
        .rev()
        .find(|&j| p[j] > p[i - 1])
        .expect("p[i] > p[i - 1] exists");
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_every_permutation_once() {
        let mut p = vec![0u8, 1, 2, 3];
        let mut seen = vec![p.clone()];
        while next_permutation(&mut p) {
            seen.push(p.clone());
        }
        assert_eq!(seen.len(), 24);
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn agrees_with_the_naive_solver() {
        for n in 1..=8 {
            let board = Board::new(n).unwrap();
            assert_eq!(
                brute_force(board).solutions,
                crate::reference::naive::solutions(board).len() as u64,
                "n = {n}"
            );
        }
    }
}
