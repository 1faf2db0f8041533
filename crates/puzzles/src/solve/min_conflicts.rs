//! Article 003's iterative repair, as the article describes it: a greedy
//! start, then the least-conflict heuristic (Minton, Johnston, Philips and
//! Laird, 1990/1992), one queen moved at a time.
//!
//! **Orientation.** The article keeps "une seule dame par colonne" and
//! moves a queen "dans la même colonne"; its columns are this tool's rows
//! (the article's construction lists, column by column, the line of each
//! queen: `nqueens solve 8 --reading columns` prints its list). So here
//! every row holds one queen, and a queen moves within its row, to another
//! column. Unlike the pair swaps of `--method swap` ([`super::swap_repair`]),
//! two queens may share a column until the repair is done.
//!
//! A queen's **conflicts** are the other queens on its column and its two
//! diagonals (counted whether or not a queen stands between). Three counter
//! arrays (queens per column, per rising and per falling diagonal) give the
//! conflicts of any square in O(1).
//!
//! 1. **Greedy start** (the article's "point de départ raisonnablement
//!    bon"). Row by row, each queen goes to a square of its row with the
//!    fewest conflicts with the queens already placed, ties broken at
//!    random. A square with no conflict must be in a free column, so up to
//!    [`DRAWS`] random free columns are tried first (kept in a list with
//!    each one's index, O(1) to take out or put back): the first found with
//!    both diagonals empty is a uniformly random conflict-free square. Only
//!    when the draws fail is the whole row scanned for the least count
//!    (random ties by reservoir sampling). At n = 10^6 the scan happens for
//!    about a dozen rows, the last ones, and the start leaves 10 to 16
//!    queens attacked (seeds 1, 7, 17).
//! 2. **Repair.** The queen with the most conflicts (ties at random) moves
//!    to the square of its row, other than its own, with the fewest
//!    conflicts (ties at random): one move is one of the article's
//!    "étapes", and `steps` counts them. A move to a square with as many
//!    conflicts as before (sideways) is allowed and counted. The attacked
//!    queens are kept in a list (a queen joins it when a move puts a queen
//!    on one of its lines; queens no longer attacked are dropped when met),
//!    so finding the worst queen costs the length of the list, tens at
//!    n = 10^6, never a pass over the board. The best square is looked for
//!    among the free columns first, as in the start; the whole row is
//!    scanned, O(n), when none of them is conflict-free, and the board is
//!    scanned to list the queens a move lands on when it lands on an
//!    attacked square. At n = 10^6 few columns are free (5 to 8 after the
//!    start), so most moves scan their row (27 of 35 for seed 1): a few
//!    milliseconds a move, the repair's whole cost. Most moves are sideways:
//!    a dozen attacked queens take 20 to 130 moves.
//! 3. **Restart.** If every other square of the worst queen's row has more
//!    conflicts than its own (the article's "extremum local"), or after
//!    `100 + 2n` moves without a solution, the search starts again from a
//!    fresh greedy start, as the article advises; the generator runs on, so
//!    a restart is not a replay. `steps` counts the moves of every run,
//!    `restarts` the fresh starts.
//!
//! Everything random comes from one [`Rng`] seeded by the caller, so a
//! seed fixes the solution. Memory: about 33 bytes a row (the placement,
//! the three counter arrays, the free-column list and its index, a flag a
//! row), 33 MB at n = 10^6.

use super::{check_n, Method, Rng, Solution, SolveError};

/// Random free columns tried for a conflict-free square before the whole
/// row is scanned.
const DRAWS: usize = 64;

/// No index: a column that is not in the free list.
const NONE: u32 = u32::MAX;

/// The moves allowed from one start before a restart.
fn move_budget(n: usize) -> u64 {
    100 + 2 * n as u64
}

/// One solution of the `n x n` board by article 003's iterative repair,
/// fixed by `seed`.
///
/// `steps` counts the queens moved by the repair, over all runs (the
/// article's steps; the greedy start is not counted); `restarts` the fresh
/// starts.
///
/// ```
/// use nqueens_puzzles::solve::{min_conflicts, verify};
/// let s = min_conflicts(10_000, 7).unwrap();
/// assert!(verify(&s.columns));
/// assert_eq!(s, min_conflicts(10_000, 7).unwrap());
/// ```
pub fn min_conflicts(n: usize, seed: u64) -> Result<Solution, SolveError> {
    check_n(n, Method::MinConflicts)?;
    let mut board = Board::new(n);
    let (steps, restarts) = board.solve(&mut Rng::new(seed));
    Ok(Solution {
        columns: board.q,
        steps,
        restarts,
        ..Solution::default()
    })
}

/// What a run did, for the tests' recount.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Event {
    /// A greedy start ended with this placement.
    Start(Vec<u32>),
    /// The queen of `row` moved from column `from` to column `to`.
    Move { row: usize, from: u32, to: u32 },
    /// The run stopped without a solution.
    Restart,
}

struct Board {
    n: usize,
    /// `q[row]` = column of the row's queen (columns may repeat).
    q: Vec<u32>,
    /// Queens per column.
    cols: Vec<u32>,
    /// Queens per rising diagonal `row + column`.
    rising: Vec<u32>,
    /// Queens per falling diagonal `row + n - 1 - column`.
    falling: Vec<u32>,
    /// The columns without a queen, in no order.
    free: Vec<u32>,
    /// Each column's index in `free`, or [`NONE`].
    slot: Vec<u32>,
    /// Rows whose queen may be attacked; every attacked row is there.
    attacked: Vec<u32>,
    /// Whether a row is in `attacked`.
    listed: Vec<bool>,
    /// The events, when the tests ask for them.
    trace: Option<Vec<Event>>,
}

impl Board {
    fn new(n: usize) -> Board {
        Board {
            n,
            q: vec![0; n],
            cols: vec![0; n],
            rising: vec![0; 2 * n - 1],
            falling: vec![0; 2 * n - 1],
            free: Vec::with_capacity(n),
            slot: vec![NONE; n],
            attacked: Vec::new(),
            listed: vec![false; n],
            trace: None,
        }
    }

    /// Greedy starts and repairs until one ends in a solution: the moves
    /// made and the restarts.
    fn solve(&mut self, rng: &mut Rng) -> (u64, u64) {
        let (mut steps, mut restarts) = (0, 0);
        loop {
            self.greedy_start(rng);
            if let Some(t) = &mut self.trace {
                t.push(Event::Start(self.q.clone()));
            }
            let (done, moves) = self.repair(rng, move_budget(self.n));
            steps += moves;
            if done {
                return (steps, restarts);
            }
            if let Some(t) = &mut self.trace {
                t.push(Event::Restart);
            }
            restarts += 1;
        }
    }

    /// The conflicts of `row`'s square `col` with the queens on the board
    /// (the row's own queen, if it stands there, included).
    #[inline]
    fn square(&self, row: usize, col: usize) -> u32 {
        self.cols[col] + self.rising[row + col] + self.falling[row + self.n - 1 - col]
    }

    /// The conflicts of `row`'s queen: the other queens on its lines.
    #[inline]
    fn conflicts(&self, row: usize) -> u32 {
        self.square(row, self.q[row] as usize) - 3
    }

    #[inline]
    fn add(&mut self, row: usize, col: u32) {
        let c = col as usize;
        if self.cols[c] == 0 {
            // Out of the free list: the last entry takes its place.
            let i = self.slot[c] as usize;
            let last = self.free.pop().expect("a free column is listed");
            if last != col {
                self.free[i] = last;
                self.slot[last as usize] = i as u32;
            }
            self.slot[c] = NONE;
        }
        self.cols[c] += 1;
        self.rising[row + c] += 1;
        self.falling[row + self.n - 1 - c] += 1;
    }

    #[inline]
    fn remove(&mut self, row: usize, col: u32) {
        let c = col as usize;
        self.cols[c] -= 1;
        self.rising[row + c] -= 1;
        self.falling[row + self.n - 1 - c] -= 1;
        if self.cols[c] == 0 {
            self.slot[c] = self.free.len() as u32;
            self.free.push(col);
        }
    }

    /// The square of `row` (other than column `skip`) with the fewest
    /// conflicts, ties broken uniformly at random, and its conflicts. The
    /// row's own queen must be off the board.
    fn best_square(&self, row: usize, skip: Option<u32>, rng: &mut Rng) -> (u32, u32) {
        let n = self.n;
        let clear = |c: u32| {
            let c = c as usize;
            self.rising[row + c] == 0 && self.falling[row + n - 1 - c] == 0
        };
        // A square without conflict is in a free column.
        if self.free.len() > DRAWS {
            for _ in 0..DRAWS {
                let c = self.free[rng.index(self.free.len())];
                if Some(c) != skip && clear(c) {
                    return (c, 0);
                }
            }
        } else {
            let (mut pick, mut ties) = (NONE, 0);
            for &c in &self.free {
                if Some(c) != skip && clear(c) {
                    ties += 1;
                    if rng.index(ties) == 0 {
                        pick = c;
                    }
                }
            }
            if ties > 0 {
                return (pick, 0);
            }
        }
        // The whole row.
        let (mut pick, mut least, mut ties) = (NONE, u32::MAX, 0);
        for c in 0..n {
            if Some(c as u32) == skip {
                continue;
            }
            let k = self.square(row, c);
            if k < least {
                (pick, least, ties) = (c as u32, k, 1);
            } else if k == least {
                ties += 1;
                if rng.index(ties) == 0 {
                    pick = c as u32;
                }
            }
        }
        (pick, least)
    }

    /// Places every queen, row by row, on a least-conflict square (phase 1).
    fn greedy_start(&mut self, rng: &mut Rng) {
        let n = self.n;
        self.cols.fill(0);
        self.rising.fill(0);
        self.falling.fill(0);
        self.free.clear();
        self.free.extend(0..n as u32);
        for (c, s) in self.slot.iter_mut().enumerate() {
            *s = c as u32;
        }
        for row in 0..n {
            let (col, _) = self.best_square(row, None, rng);
            self.q[row] = col;
            self.add(row, col);
        }
    }

    /// Moves the worst queen to the best square of its row until no queen
    /// is attacked (phase 2). Returns whether the board was solved within
    /// `budget` moves, and the moves made.
    fn repair(&mut self, rng: &mut Rng, budget: u64) -> (bool, u64) {
        self.attacked.clear();
        self.listed.fill(false);
        for row in 0..self.n {
            if self.conflicts(row) > 0 {
                self.list(row);
            }
        }
        let mut moves = 0;
        loop {
            let (row, worst) = self.worst(rng);
            if worst == 0 {
                return (true, moves);
            }
            if moves == budget {
                return (false, moves);
            }
            let from = self.q[row];
            self.remove(row, from);
            let (to, least) = self.best_square(row, Some(from), rng);
            if to == NONE || least > worst {
                // Every other square is worse: a local minimum.
                self.add(row, from);
                return (false, moves);
            }
            self.q[row] = to;
            self.add(row, to);
            moves += 1;
            if let Some(t) = &mut self.trace {
                t.push(Event::Move { row, from, to });
            }
            if least > 0 {
                self.list_lines_of(row);
            }
        }
    }

    /// The attacked queen with the most conflicts (ties at random) and its
    /// conflicts, or 0 when no queen is attacked; drops the listed queens
    /// that no longer are.
    fn worst(&mut self, rng: &mut Rng) -> (usize, u32) {
        let (mut pick, mut worst, mut ties) = (0, 0, 0);
        let mut i = 0;
        while i < self.attacked.len() {
            let row = self.attacked[i] as usize;
            let k = self.conflicts(row);
            if k == 0 {
                self.listed[row] = false;
                self.attacked.swap_remove(i);
                continue;
            }
            if k > worst {
                (pick, worst, ties) = (row, k, 1);
            } else if k == worst {
                ties += 1;
                if rng.index(ties) == 0 {
                    pick = row;
                }
            }
            i += 1;
        }
        (pick, worst)
    }

    fn list(&mut self, row: usize) {
        if !self.listed[row] {
            self.listed[row] = true;
            self.attacked.push(row as u32);
        }
    }

    /// Lists `row`'s queen and every queen on its lines (after a move onto
    /// an attacked square): one pass over the board.
    fn list_lines_of(&mut self, row: usize) {
        let n = self.n;
        let c = self.q[row] as usize;
        let (r, f) = (row + c, row + n - 1 - c);
        for s in 0..n {
            let d = self.q[s] as usize;
            if d == c || s + d == r || s + n - 1 - d == f {
                self.list(s);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::verify;

    /// The conflicts of `row`'s square `col` with the queens of `rows`,
    /// counted pair by pair.
    fn recount(q: &[u32], rows: impl Iterator<Item = usize>, row: usize, col: u32) -> u32 {
        let mut k = 0;
        for s in rows.filter(|&s| s != row) {
            let (a, b) = (q[s] as i64, col as i64);
            if a == b || (a - b).abs() == (s as i64 - row as i64).abs() {
                k += 1;
            }
        }
        k
    }

    fn traced(n: usize, seed: u64) -> (Solution, Vec<Event>) {
        let mut board = Board::new(n);
        board.trace = Some(Vec::new());
        let (steps, restarts) = board.solve(&mut Rng::new(seed));
        let trace = board.trace.take().unwrap();
        let s = Solution {
            columns: board.q,
            steps,
            restarts,
            ..Solution::default()
        };
        (s, trace)
    }

    /// Replays a run from its trace, counting conflicts pair by pair with
    /// no counter: every start is greedy, every move takes a queen with the
    /// most conflicts to a least-conflict square of its row, and `steps`
    /// and `restarts` are the moves and the failed runs.
    fn replay(n: usize, seed: u64) {
        let (s, trace) = traced(n, seed);
        let mut q: Vec<u32> = Vec::new();
        let (mut moves, mut restarts) = (0, 0);
        for e in &trace {
            match e {
                Event::Start(start) => {
                    q.clone_from(start);
                    for row in 0..n {
                        let here = recount(&q, 0..row, row, q[row]);
                        let best = (0..n as u32)
                            .map(|c| recount(&q, 0..row, row, c))
                            .min()
                            .unwrap();
                        assert_eq!(here, best, "n = {n} seed {seed}: greedy row {row}");
                    }
                }
                Event::Move { row, from, to } => {
                    let conflicts: Vec<u32> = (0..n).map(|r| recount(&q, 0..n, r, q[r])).collect();
                    let worst = *conflicts.iter().max().unwrap();
                    assert!(worst > 0, "a move on a solved board");
                    assert_eq!(conflicts[*row], worst, "n = {n} seed {seed}: not the worst");
                    assert_eq!(q[*row], *from);
                    let best = (0..n as u32)
                        .filter(|c| c != from)
                        .map(|c| recount(&q, 0..n, *row, c))
                        .min()
                        .unwrap();
                    let there = recount(&q, 0..n, *row, *to);
                    assert_eq!(there, best, "n = {n} seed {seed}: not a least square");
                    assert!(there <= worst);
                    q[*row] = *to;
                    moves += 1;
                }
                Event::Restart => restarts += 1,
            }
        }
        assert_eq!(q, s.columns);
        assert!(verify(&s.columns), "n = {n} seed {seed}");
        assert_eq!(
            (moves, restarts),
            (s.steps, s.restarts),
            "n = {n} seed {seed}"
        );
    }

    #[test]
    fn steps_match_a_recount_of_the_moves() {
        for n in [1, 4, 5, 6, 8, 10, 13, 20, 40] {
            for seed in 0..6 {
                replay(n, seed);
            }
        }
        // Some of those runs move queens, and some restart.
        let moved: u64 = (0..6).map(|s| traced(40, s).0.steps).sum();
        let restarted: u64 = (0..20).map(|s| traced(6, s).0.restarts).sum();
        assert!(
            moved > 0 && restarted > 0,
            "{moved} moves, {restarted} restarts"
        );
    }

    #[test]
    fn solves_many_sizes_and_seeds() {
        for n in (4..=60).chain([100, 257, 1000, 4096, 10_007]) {
            for seed in 0..3 {
                let s = min_conflicts(n, seed).unwrap();
                assert!(verify(&s.columns), "n = {n}, seed = {seed}");
            }
        }
        assert_eq!(min_conflicts(1, 3).unwrap().columns, [0]);
    }

    #[test]
    fn the_same_seed_gives_the_same_solution() {
        for n in [8, 50, 20_000] {
            let a = min_conflicts(n, 11).unwrap();
            assert_eq!(a, min_conflicts(n, 11).unwrap(), "n = {n}");
        }
        let a = min_conflicts(20_000, 1).unwrap();
        let b = min_conflicts(20_000, 2).unwrap();
        assert_ne!(a.columns, b.columns);
    }

    #[test]
    fn a_large_board_needs_few_steps() {
        // The article: under 50 steps on average for a million queens;
        // 200,000 keeps the debug test quick.
        let s = min_conflicts(200_000, 5).unwrap();
        assert!(verify(&s.columns));
        assert!(s.steps < 200, "{} steps", s.steps);
    }
}
