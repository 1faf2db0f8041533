//! Random brute force: random placements until one works.
//!
//! The exercise sheet asks for it to be set against the exhaustive search.
//! One queen per row and per column is kept (a random *permutation* each
//! attempt, not n random squares, which would almost never even fill the
//! columns), and the attempt succeeds if no two queens share a diagonal.
//!
//! The permutation is drawn by Fisher-Yates, one row at a time, and checked
//! as it is drawn: the attempt stops at the first queen that lands on a
//! taken diagonal. That changes nothing to the outcome (the rest of a
//! failed permutation could not save it) but makes a failed attempt cost
//! only the rows drawn, a few dozen at most, instead of n. The next attempt
//! shuffles whatever order the last one left, which is as good as a fresh
//! one for Fisher-Yates.
//!
//! The odds are what they are: a random permutation of 8 is a solution
//! once in 438 tries, of 12 once in 34,000, of 16 once in 1.4 million, and
//! beyond that practically never. Hence the bound on attempts.

use super::{check_n, Method, Rng, Solution, SolveError};

/// Random permutations of `0..n`, drawn from a generator seeded by `seed`,
/// until one is a solution or `max_attempts` have failed.
///
/// `attempts` counts the permutations drawn, the good one included;
/// `steps` counts the queens drawn over all attempts.
///
/// ```
/// use nqueens_puzzles::solve::{random, verify, SolveError};
/// let s = random(8, 1, 1_000_000).unwrap();
/// assert!(verify(&s.columns) && s.attempts >= 1);
/// assert_eq!(random(14, 1, 1000), Err(SolveError::GaveUp { attempts: 1000 }));
/// ```
pub fn random(n: usize, seed: u64, max_attempts: u64) -> Result<Solution, SolveError> {
    check_n(n, Method::Random)?;
    let mut rng = Rng::new(seed);
    let mut q: Vec<u32> = (0..n as u32).collect();
    let mut rising = vec![false; 2 * n - 1];
    let mut falling = vec![false; 2 * n - 1];
    let mut steps = 0u64;
    for attempt in 1..=max_attempts {
        let mut placed = 0;
        while placed < n {
            let j = placed + rng.index(n - placed);
            q.swap(placed, j);
            steps += 1;
            let c = q[placed] as usize;
            let (r, f) = (placed + c, placed + n - 1 - c);
            if rising[r] || falling[f] {
                break;
            }
            rising[r] = true;
            falling[f] = true;
            placed += 1;
        }
        if placed == n {
            return Ok(Solution {
                columns: q,
                steps,
                attempts: attempt,
                ..Solution::default()
            });
        }
        // Clear only what this attempt set.
        for (row, &c) in q[..placed].iter().enumerate() {
            rising[row + c as usize] = false;
            falling[row + n - 1 - c as usize] = false;
        }
    }
    Err(SolveError::GaveUp {
        attempts: max_attempts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{verify, RANDOM_MAX_N};
    use nqueens_kernel::reference::naive;

    #[test]
    fn solves_small_boards_and_is_reproducible() {
        for n in (4..=11).chain([1]) {
            for seed in 0..3 {
                let s = random(n, seed, 10_000_000).unwrap();
                assert!(verify(&s.columns), "n = {n}");
                let small: Vec<u8> = s.columns.iter().map(|&c| c as u8).collect();
                assert!(naive::is_solution(&small), "n = {n}");
                assert_eq!(s, random(n, seed, 10_000_000).unwrap());
                assert!(s.steps >= s.attempts);
            }
        }
    }

    #[test]
    fn the_success_rate_matches_the_count() {
        // n = 6: 4 solutions among 720 permutations, 1 in 180. Over 200
        // successes the mean attempts must come out near 180.
        let (mut total, runs) = (0, 200);
        for seed in 0..runs {
            total += random(6, seed, 1_000_000).unwrap().attempts;
        }
        let mean = total as f64 / runs as f64;
        assert!((140.0..230.0).contains(&mean), "mean {mean}");
    }

    #[test]
    fn gives_up_after_the_bound() {
        assert_eq!(
            random(RANDOM_MAX_N, 0, 500),
            Err(SolveError::GaveUp { attempts: 500 })
        );
        assert_eq!(random(8, 0, 0), Err(SolveError::GaveUp { attempts: 0 }));
    }

    #[test]
    fn boards_past_the_measured_limit_are_refused() {
        let n = RANDOM_MAX_N + 1;
        assert_eq!(
            random(n, 0, 1),
            Err(SolveError::TooLarge {
                n,
                method: Method::Random,
                limit: RANDOM_MAX_N
            })
        );
    }
}
