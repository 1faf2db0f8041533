//! `--method swap`: a nearly conflict-free random permutation, then swaps
//! of the queens still attacked (the linear-time repair of Sosic and Gu,
//! 1991/1994). Until 2026-11-25 this was `--method min-conflicts`; that
//! name is now article 003's own repair ([`super::min_conflicts`]), which
//! moves one queen at a time.
//!
//! The board is always a permutation (one queen per row and per column),
//! so only diagonals can clash. Two counter arrays, one per diagonal
//! direction, say how many queens stand on each diagonal; the number of
//! collisions is the sum over diagonals of `count - 1` where positive.
//!
//! 1. **Greedy start.** Rows are filled in order. For row `i` a column is
//!    drawn at random from those not yet used (a random index into the
//!    unused tail of the permutation) and kept if both its diagonals are
//!    free; after `TRIES_PER_ROW` (128) failed draws the row keeps the last
//!    draw anyway and is queued as attacked. Early rows succeed at the
//!    first or second draw; only the last rows, where free diagonals are
//!    scarce, may end up attacked: about a dozen at n = 10^6 and 10^7. At
//!    most 128 draws a row, so O(n); in practice the start is the whole
//!    cost, one random memory access or three per row.
//! 2. **Repair.** A queued queen, picked at random, is swapped with the
//!    queen of a random row when the swap lowers the number of collisions
//!    (the columns stay a permutation); a partner left attacked is queued,
//!    a queen no longer attacked leaves the queue. If the queue empties
//!    while collisions remain (a queen left a diagonal that still holds
//!    two others), the whole board is scanned for attacked queens.
//! 3. **Restart.** After `1000 + 2n` draws without finishing (a local
//!    minimum: no swap helps), the search starts again from a fresh greedy
//!    start; the generator runs on, so a restart is not a replay. The budget
//!    doubles over the first six restarts. Small boards, where local minima
//!    are common, use this (n = 6, with 4 solutions, may restart dozens of
//!    times); large ones almost never do.
//!
//! Everything random comes from one [`Rng`] seeded by the caller, so a
//! seed fixes the solution. Memory: the permutation and two diagonal
//! counter arrays, `u32` each, about 20 bytes per row.

use super::{check_n, Method, Rng, Solution, SolveError};

/// Random draws for one row of the greedy start before it settles for an
/// attacked square.
const TRIES_PER_ROW: u32 = 128;

/// The repair draws allowed before a restart: enough for large boards to
/// finish in one run, few enough that a small board stuck in a local
/// minimum restarts quickly. It doubles with each of the first restarts
/// (up to 64 times the first budget), so that no board keeps restarting on
/// a budget too small for its start.
fn repair_budget(n: usize, restarts: u64) -> u64 {
    (1000 + 2 * n as u64) << restarts.min(6)
}

/// One solution of the `n x n` board by pair swaps, fixed by `seed`.
///
/// `steps` counts the swaps the repair made, over all runs; `restarts` the
/// fresh starts.
///
/// ```
/// use nqueens_puzzles::solve::{swap_repair, verify};
/// let s = swap_repair(10_000, 7).unwrap();
/// assert!(verify(&s.columns));
/// assert_eq!(s, swap_repair(10_000, 7).unwrap());
/// ```
pub fn swap_repair(n: usize, seed: u64) -> Result<Solution, SolveError> {
    check_n(n, Method::Swap)?;
    let mut rng = Rng::new(seed);
    let mut board = Board::new(n);
    let mut steps = 0;
    let mut restarts = 0;
    loop {
        board.greedy_start(&mut rng);
        let (done, swaps) = board.repair(&mut rng, repair_budget(n, restarts));
        steps += swaps;
        if done {
            break;
        }
        restarts += 1;
    }
    Ok(Solution {
        columns: board.q,
        steps,
        restarts,
        ..Solution::default()
    })
}

struct Board {
    n: usize,
    /// `q[row]` = column of the row's queen: always a permutation.
    q: Vec<u32>,
    /// Queens per rising diagonal `row + column`.
    rising: Vec<u32>,
    /// Queens per falling diagonal `row + n - 1 - column`.
    falling: Vec<u32>,
    /// Sum over all diagonals of `count - 1` where positive.
    collisions: u64,
    /// Rows whose queen may be attacked.
    queue: Vec<usize>,
}

impl Board {
    fn new(n: usize) -> Board {
        Board {
            n,
            q: Vec::new(),
            rising: vec![0; 2 * n - 1],
            falling: vec![0; 2 * n - 1],
            collisions: 0,
            queue: Vec::new(),
        }
    }

    #[inline]
    fn add(&mut self, row: usize, col: u32) {
        let (r, f) = (row + col as usize, row + self.n - 1 - col as usize);
        self.collisions += u64::from(self.rising[r] > 0) + u64::from(self.falling[f] > 0);
        self.rising[r] += 1;
        self.falling[f] += 1;
    }

    #[inline]
    fn remove(&mut self, row: usize, col: u32) {
        let (r, f) = (row + col as usize, row + self.n - 1 - col as usize);
        self.rising[r] -= 1;
        self.falling[f] -= 1;
        self.collisions -= u64::from(self.rising[r] > 0) + u64::from(self.falling[f] > 0);
    }

    #[inline]
    fn attacked(&self, row: usize) -> bool {
        let col = self.q[row] as usize;
        self.rising[row + col] > 1 || self.falling[row + self.n - 1 - col] > 1
    }

    /// Fills the board row by row with random free squares (phase 1).
    fn greedy_start(&mut self, rng: &mut Rng) {
        let n = self.n;
        self.q.clear();
        self.q.extend(0..n as u32);
        self.rising.fill(0);
        self.falling.fill(0);
        self.collisions = 0;
        self.queue.clear();
        for i in 0..n {
            let left = n - i;
            let mut j = i;
            let mut free = false;
            for _ in 0..TRIES_PER_ROW {
                j = i + rng.index(left);
                let col = self.q[j] as usize;
                if self.rising[i + col] == 0 && self.falling[i + n - 1 - col] == 0 {
                    free = true;
                    break;
                }
            }
            self.q.swap(i, j);
            self.add(i, self.q[i]);
            if !free {
                self.queue.push(i);
            }
        }
    }

    /// Swaps attacked queens with random partners while that lowers the
    /// collisions (phase 2). Returns whether the board was solved within
    /// `budget` draws, and the swaps made.
    fn repair(&mut self, rng: &mut Rng, budget: u64) -> (bool, u64) {
        let n = self.n;
        let mut draws = 0;
        let mut swaps = 0;
        while self.collisions > 0 {
            if self.queue.is_empty() {
                self.rescan();
                debug_assert!(
                    !self.queue.is_empty(),
                    "collisions without an attacked queen"
                );
            }
            // A random queued queen, not always the same one: a queen
            // that no swap can help must not hold the others up.
            let slot = rng.index(self.queue.len());
            let k = self.queue[slot];
            if !self.attacked(k) {
                self.queue.swap_remove(slot);
                continue;
            }
            if draws == budget {
                return (false, swaps);
            }
            draws += 1;
            let j = rng.index(n);
            if j != k && self.try_swap(k, j) {
                swaps += 1;
                if self.attacked(j) {
                    self.queue.push(j);
                }
            }
        }
        (true, swaps)
    }

    /// Swaps the columns of rows `k` and `j` if that lowers the collisions.
    #[inline]
    fn try_swap(&mut self, k: usize, j: usize) -> bool {
        let (a, b) = (self.q[k], self.q[j]);
        let before = self.collisions;
        self.remove(k, a);
        self.remove(j, b);
        self.add(k, b);
        self.add(j, a);
        if self.collisions < before {
            self.q[k] = b;
            self.q[j] = a;
            true
        } else {
            self.remove(k, b);
            self.remove(j, a);
            self.add(k, a);
            self.add(j, b);
            false
        }
    }

    /// Queues every attacked queen (when collisions remain that no queued
    /// queen witnesses).
    fn rescan(&mut self) {
        for row in 0..self.n {
            if self.attacked(row) {
                self.queue.push(row);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::verify;
    use nqueens_kernel::reference::naive;

    #[test]
    fn solves_many_sizes_and_seeds() {
        for n in (4..=60).chain([100, 257, 1000, 4096, 10_007]) {
            for seed in 0..5 {
                let s = swap_repair(n, seed).unwrap();
                assert!(verify(&s.columns), "n = {n}, seed = {seed}");
                if n <= 10 {
                    let small: Vec<u8> = s.columns.iter().map(|&c| c as u8).collect();
                    assert!(naive::is_solution(&small), "n = {n}");
                }
            }
        }
        assert_eq!(swap_repair(1, 3).unwrap().columns, [0]);
    }

    #[test]
    fn the_same_seed_gives_the_same_solution() {
        for n in [8, 50, 20_000] {
            let a = swap_repair(n, 11).unwrap();
            assert_eq!(a, swap_repair(n, 11).unwrap(), "n = {n}");
        }
        // Different seeds reach different solutions (overwhelmingly likely).
        let a = swap_repair(20_000, 1).unwrap();
        let b = swap_repair(20_000, 2).unwrap();
        assert_ne!(a.columns, b.columns);
    }

    #[test]
    fn small_boards_restart_and_still_finish() {
        // n = 4 has two solutions only: some seeds must restart.
        let restarts: u64 = (0..50).map(|s| swap_repair(4, s).unwrap().restarts).sum();
        assert!(restarts > 0);
    }

    #[test]
    fn a_large_board_needs_few_steps() {
        let s = swap_repair(200_000, 5).unwrap();
        assert!(verify(&s.columns));
        assert!(s.steps < 10_000, "{} steps", s.steps);
    }
}
