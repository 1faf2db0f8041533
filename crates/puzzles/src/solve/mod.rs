//! One solution for any n, by five methods, each checked in O(n).
//!
//! Counting every solution stops near n = 27; a single solution can be had
//! for boards of millions of rows. The methods are those of the source
//! documents, from the cleverest to the most naive:
//!
//! - [`construct12::construct12`]: article 003's explicit rule by n mod
//!   12, O(n), every n >= 4 and n = 1; [`construct`]: the rule by n mod 6
//!   (Hoffman, Loessi and Moore), another formula with the same reach.
//! - [`accessibility`]: exercise sheet 002's heuristic as the sheet
//!   defines it (a fixed table, no backtracking), which seldom ends in a
//!   solution.
//! - [`min_conflicts`]: article 003's iterative repair (Minton et al.,
//!   1992): a greedy start, each queen on a least-conflict square of its
//!   row, then the queen with the most conflicts moved to the least-conflict
//!   square of its row, one move a step, restarting at a local minimum.
//!   Seeded, so reproducible; n = 10^6 in about a second.
//! - [`swap_repair`]: the linear-time repair of Sosic and Gu: a greedy,
//!   nearly conflict-free random permutation, then swaps of the queens
//!   still attacked (`--method min-conflicts` until 2026-11-25). Seeded;
//!   n = 10^7 in seconds.
//! - [`heuristic`]: the exercise sheet's accessibility heuristic, row by
//!   row, each queen where it takes the fewest free squares from the rows
//!   below, backtracking when a row has no free square.
//! - [`random`]: random permutations until one is a solution, counted and
//!   bounded.
//! - [`backtrack`]: the plain depth-first search, which yields the
//!   lexicographically first solution.
//!
//! A placement is a `Vec<u32>`: the 0-based column of each row's queen.
//! [`verify`] checks any placement in O(n) with bit sets, sharing no code
//! with the searches. [`Rng`] is the project's seedable generator
//! (`nqueens_rng`), re-exported here.
//!
//! ```
//! use nqueens_puzzles::solve::{solve, verify, Method, Options};
//! for method in Method::ALL {
//!     match solve(12, method, &Options::default()) {
//!         Ok(s) => assert!(verify(&s.columns), "{}", method.name()),
//!         // The sheet's heuristic never backtracks: from (0,0) it is stuck.
//!         Err(e) => assert_eq!(method, Method::Accessibility, "{e}"),
//!     }
//! }
//! ```

pub mod accessibility;
mod backtrack;
mod construct;
pub mod construct12;
mod heuristic;
mod min_conflicts;
mod random;
mod swap;
mod verify;

use std::fmt;

pub use backtrack::backtrack;
pub use construct::construct;
pub use heuristic::heuristic;
pub use min_conflicts::min_conflicts;
pub use nqueens_rng::Rng;
pub use random::random;
pub use swap::swap_repair;
pub use verify::{first_flaw, verify, Flaw};

/// The largest board any method accepts: ten million rows. Columns fit a
/// `u32` with room to spare, and the memory of the largest search
/// (min-conflicts: eight `u32` and a flag per row) stays near 330 MB.
pub const MAX_N: usize = 10_000_000;

/// The largest board [`heuristic`] accepts.
///
/// Each queen placed or taken back costs O(n), but the search still
/// backtracks a lot, by an amount that jumps about with n. Measured on a
/// 2-core VM (release build): every n up to 42 takes at most about 1.1 s
/// (n = 38 and n = 40, about 1.5 million queens placed); n = 43 takes 30 s
/// and several n between 46 and 60 more than a minute.
pub const HEURISTIC_MAX_N: usize = 42;

/// The largest board [`backtrack`] accepts.
///
/// The plain search for the first solution grows exponentially, and very
/// unevenly with n. Measured on a 2-core VM (release build): every n up to
/// 33 takes at most about 1.5 s (n = 33, 140 million queens placed);
/// n = 34 takes 26 s and n = 36 more than 30 s.
pub const BACKTRACK_MAX_N: usize = 33;

/// The largest board [`random`] accepts: the largest n it solves within
/// its default attempts ([`DEFAULT_MAX_ATTEMPTS`]) for every seed tried.
///
/// Measured on a 2-core VM (release build), seeds 0 to 9:
/// `for n in 14 15 16 17 18 20; do for s in 0 1 2 3 4 5 6 7 8 9; do
/// target/release/nqueens solve $n --method random --seed $s; done; done`
/// solves n = 14 for all 10 seeds, n = 15 for 8, n = 16 for 6, n = 17, 18
/// and 20 for 1 (each run under 0.1 s, success or not: a failed attempt
/// stops at its first clash). Past 14 it gives up more often than not
/// as n grows; the other methods solve those boards.
pub const RANDOM_MAX_N: usize = 14;

/// The largest board [`accessibility`] accepts: its whole-board scan
/// costs n² per queen, n³ a run and n⁴ from every start; measured in a
/// release build (2 cores, loaded), every start at n = 50 takes about a
/// second.
pub const ACCESSIBILITY_MAX_N: usize = 50;

/// The seed of the random methods when none is given.
pub const DEFAULT_SEED: u64 = 0;

/// How many permutations [`random`] tries, by default, before giving up.
pub const DEFAULT_MAX_ATTEMPTS: u64 = 1_000_000;

/// A solution and the work it took.
///
/// `columns[row]` is the 0-based column of the queen of `row`. The counts
/// that do not apply to a method are 0.
///
/// ```
/// let s = nqueens_puzzles::solve::construct(4).unwrap();
/// assert_eq!((s.columns, s.steps, s.restarts), (vec![1, 3, 0, 2], 4, 0));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Solution {
    /// The 0-based column of each row's queen.
    pub columns: Vec<u32>,
    /// The method's unit of work: queens written (construct), queens moved
    /// by the repair (min-conflicts), swaps made by the repair (swap),
    /// queens placed (heuristic, backtrack),
    /// queens drawn over all attempts (random).
    pub steps: u64,
    /// Fresh starts after a stalled repair (min-conflicts, swap).
    pub restarts: u64,
    /// Queens taken back at dead ends (heuristic, backtrack).
    pub backtracks: u64,
    /// Permutations tried, the successful one included (random).
    pub attempts: u64,
    /// Squares read while choosing (accessibility): the measure of its
    /// whole-board scan against its free list.
    pub examined: u64,
}

/// Why no solution was returned.
///
/// ```
/// use nqueens_puzzles::solve::{random, SolveError};
/// assert_eq!(random(3, 0, 10), Err(SolveError::NoSolution { n: 3 }));
/// assert_eq!(random(14, 0, 10), Err(SolveError::GaveUp { attempts: 10 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SolveError {
    /// `n` was 0.
    EmptyBoard,
    /// `n` is beyond what `method` handles ([`MAX_N`], or the method's own
    /// practical limit).
    TooLarge {
        /// The requested board size.
        n: usize,
        /// The method.
        method: Method,
        /// The largest `n` it accepts.
        limit: usize,
    },
    /// The board has no solution at all: n = 2 and n = 3.
    NoSolution {
        /// The board size.
        n: usize,
    },
    /// The random search used up its attempts without finding a solution.
    GaveUp {
        /// The permutations tried.
        attempts: u64,
    },
    /// The accessibility heuristic, which never backtracks, was left with
    /// no free square before n queens stood.
    Stuck {
        /// The queens it placed.
        placed: usize,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SolveError::EmptyBoard => write!(f, "n must be at least 1"),
            SolveError::TooLarge { n, method, limit } if limit == MAX_N => write!(
                f,
                "n = {n} is too large for the {} method: n up to {limit}",
                method.name()
            ),
            SolveError::TooLarge { n, method, limit } => write!(
                f,
                "n = {n} is too large for the {} method: n up to {limit} (its practical limit; \
                 use --method construct or min-conflicts for larger boards)",
                method.name()
            ),
            SolveError::NoSolution { n } => write!(
                f,
                "no solution exists for n = {n}: no {n} queens on a {n} x {n} board avoid each other"
            ),
            SolveError::Stuck { placed } => write!(
                f,
                "the accessibility heuristic placed {placed} queens and found no free square for the next \
                 (it never backtracks: try another --start, or --every-start)"
            ),
            SolveError::GaveUp { attempts } => write!(
                f,
                "gave up after {attempts} random placements without a solution"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// The ways of finding a solution.
///
/// ```
/// use nqueens_puzzles::solve::Method;
/// assert_eq!(Method::MinConflicts.name(), "min-conflicts");
/// assert_eq!(Method::ALL.len(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// [`construct12::construct12`]: article 003's explicit rule by n mod 12.
    Construct,
    /// [`construct`]: the explicit rule by n mod 6.
    ConstructMod6,
    /// [`min_conflicts`]: article 003's greedy start and iterative repair,
    /// one queen moved a step.
    MinConflicts,
    /// [`swap_repair`]: a random permutation repaired by swapping pairs.
    Swap,
    /// [`heuristic`]: fewest squares taken, with backtracking.
    Heuristic,
    /// [`random`]: random permutations until one works.
    Random,
    /// [`backtrack`]: the first solution of the depth-first search.
    Backtrack,
    /// [`accessibility`]: exercise sheet 002's heuristic as it defines it,
    /// from one starting square, without backtracking.
    Accessibility,
}

impl Method {
    /// Every method, in the order of this module's list.
    pub const ALL: [Method; 8] = [
        Method::Construct,
        Method::ConstructMod6,
        Method::MinConflicts,
        Method::Swap,
        Method::Heuristic,
        Method::Random,
        Method::Backtrack,
        Method::Accessibility,
    ];

    /// The method's name on the command line and in reports.
    ///
    /// ```
    /// assert_eq!(nqueens_puzzles::solve::Method::Construct.name(), "construct");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Method::Construct => "construct",
            Method::ConstructMod6 => "construct-mod6",
            Method::MinConflicts => "min-conflicts",
            Method::Swap => "swap",
            Method::Heuristic => "heuristic",
            Method::Random => "random",
            Method::Backtrack => "backtrack",
            Method::Accessibility => "accessibility",
        }
    }

    /// The largest `n` the method accepts.
    ///
    /// ```
    /// use nqueens_puzzles::solve::{Method, BACKTRACK_MAX_N, MAX_N};
    /// assert_eq!(Method::Construct.max_n(), MAX_N);
    /// assert_eq!(Method::Backtrack.max_n(), BACKTRACK_MAX_N);
    /// ```
    pub fn max_n(self) -> usize {
        match self {
            Method::Heuristic => HEURISTIC_MAX_N,
            Method::Backtrack => BACKTRACK_MAX_N,
            Method::Random => RANDOM_MAX_N,
            Method::Accessibility => ACCESSIBILITY_MAX_N,
            Method::Construct | Method::ConstructMod6 | Method::MinConflicts | Method::Swap => {
                MAX_N
            }
        }
    }

    /// The method called `name` ([`Method::name`]), if there is one.
    ///
    /// ```
    /// use nqueens_puzzles::solve::Method;
    /// assert_eq!(Method::by_name("random"), Some(Method::Random));
    /// assert_eq!(Method::by_name("guess"), None);
    /// ```
    pub fn by_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The names of the methods `keep` keeps, in [`Method::ALL`]'s order,
    /// as messages list them (the command line's and Python's).
    ///
    /// ```
    /// use nqueens_puzzles::solve::Method;
    /// assert_eq!(Method::names(Method::is_seeded), "min-conflicts, swap, random");
    /// ```
    pub fn names(keep: impl Fn(Method) -> bool) -> String {
        let kept: Vec<&str> = Method::ALL
            .into_iter()
            .filter(|&m| keep(m))
            .map(Method::name)
            .collect();
        kept.join(", ")
    }

    /// Whose limit a refused `n` was checked against, as the message
    /// says it: the method's, and where that is a practical limit below
    /// what another method takes, the methods that go further.
    ///
    /// ```
    /// use nqueens_puzzles::solve::Method;
    /// assert_eq!(Method::Swap.limit_owner(), " for the swap method");
    /// assert_eq!(
    ///     Method::Heuristic.limit_owner(),
    ///     " for the heuristic method (its practical limit; for larger boards use \
    ///      construct, construct-mod6, min-conflicts, swap, accessibility)"
    /// );
    /// ```
    pub fn limit_owner(self) -> String {
        let max = self.max_n();
        if max == MAX_N {
            return format!(" for the {} method", self.name());
        }
        format!(
            " for the {} method (its practical limit; for larger boards use {})",
            self.name(),
            Method::names(|m| m.max_n() > max)
        )
    }

    /// What it does, in a line, for the command line's help.
    ///
    /// ```
    /// assert!(nqueens_puzzles::solve::Method::Construct.description().contains("mod 12"));
    /// ```
    pub fn description(self) -> &'static str {
        match self {
            Method::Construct => {
                "article 003's explicit rule by n mod 12 (O(n), every n >= 4 and n = 1)"
            }
            Method::ConstructMod6 => {
                "the explicit rule by n mod 6 (Hoffman, Loessi and Moore; O(n), every n >= 4 and n = 1)"
            }
            Method::Accessibility => {
                "exercise sheet 002's heuristic as it defines it: a fixed table, the free square of least accessibility, no backtracking"
            }
            Method::MinConflicts => {
                "article 003's iterative repair: greedy start, then the queen with the most conflicts moved within its row (Minton et al.), seedable"
            }
            Method::Swap => {
                "repair of a random permutation by swapping pairs (Sosic and Gu; min-conflicts until 2026-11-25), seedable"
            }
            Method::Heuristic => {
                "next queen where it removes the fewest free squares, backtracking when stuck"
            }
            Method::Random => "random placements until one works (bounded by --max-attempts)",
            Method::Backtrack => "the first solution of the depth-first search",
        }
    }

    /// Whether the method gives up after a number of attempts (and so
    /// takes a bound on them).
    ///
    /// ```
    /// use nqueens_puzzles::solve::Method;
    /// assert!(Method::Random.has_attempts() && !Method::MinConflicts.has_attempts());
    /// ```
    pub fn has_attempts(self) -> bool {
        self == Method::Random
    }

    /// Whether the method draws random numbers (and so takes a seed).
    ///
    /// ```
    /// use nqueens_puzzles::solve::Method;
    /// assert!(Method::Random.is_seeded() && !Method::Backtrack.is_seeded());
    /// ```
    pub fn is_seeded(self) -> bool {
        matches!(self, Method::MinConflicts | Method::Swap | Method::Random)
    }
}

/// The settings of the random methods.
///
/// ```
/// use nqueens_puzzles::solve::{Options, DEFAULT_MAX_ATTEMPTS};
/// let o = Options { seed: 5, ..Options::default() };
/// assert_eq!((o.seed, o.max_attempts), (5, DEFAULT_MAX_ATTEMPTS));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The seed of [`min_conflicts`], [`swap_repair`] and [`random`].
    pub seed: u64,
    /// The attempts [`random`] makes before giving up.
    pub max_attempts: u64,
    /// The first queen's square of [`accessibility`], `(row, column)` from
    /// 0 as the sheet writes it (`None`: the corner (0,0)).
    pub start: Option<(usize, usize)>,
    /// Whether [`accessibility`] keeps a list of the free squares
    /// (`placerOptm`) instead of scanning the board (`placerNaif`).
    pub free_list: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: DEFAULT_SEED,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            start: None,
            free_list: false,
        }
    }
}

/// Finds one solution of the `n x n` board by `method`.
///
/// ```
/// use nqueens_puzzles::solve::{solve, verify, Method, Options};
/// let o = Options { seed: 1, ..Options::default() };
/// let s = solve(1000, Method::MinConflicts, &o).unwrap();
/// assert!(verify(&s.columns));
/// assert_eq!(s, solve(1000, Method::MinConflicts, &o).unwrap());
/// ```
pub fn solve(n: usize, method: Method, options: &Options) -> Result<Solution, SolveError> {
    match method {
        Method::Construct => construct12::construct12(n),
        Method::ConstructMod6 => construct(n),
        Method::MinConflicts => min_conflicts(n, options.seed),
        Method::Swap => swap_repair(n, options.seed),
        Method::Heuristic => heuristic(n),
        Method::Random => random(n, options.seed, options.max_attempts),
        Method::Backtrack => backtrack(n),
        Method::Accessibility => {
            check_n(n, method)?;
            by_accessibility(n, options)
        }
    }
}

/// One run of [`accessibility`] as a [`Solution`]: from `options.start`
/// (the corner (0,0) when `None`), by the free list or the whole-board
/// scan; `examined` counts the squares read. A run that does not end with n
/// queens is [`SolveError::Stuck`]; a start off the board is refused as
/// too large a board would be.
fn by_accessibility(n: usize, options: &Options) -> Result<Solution, SolveError> {
    let place = if options.free_list {
        accessibility::placer_optm
    } else {
        accessibility::placer_naif
    };
    let method = Method::Accessibility;
    let run = place(n, options.start.unwrap_or((0, 0))).map_err(|_| SolveError::TooLarge {
        n,
        method,
        limit: method.max_n(),
    })?;
    if !run.success {
        return Err(SolveError::Stuck {
            placed: run.placed.len(),
        });
    }
    let mut columns = vec![0; n];
    for &(r, c) in &run.placed {
        columns[r] = c as u32;
    }
    Ok(Solution {
        columns,
        steps: n as u64,
        examined: run.examined,
        ..Solution::default()
    })
}

/// Refuses what no method can do: an empty board, a board beyond `method`'s
/// limit, and the two boards without a solution.
fn check_n(n: usize, method: Method) -> Result<(), SolveError> {
    let limit = method.max_n();
    match n {
        0 => Err(SolveError::EmptyBoard),
        n if n > limit => Err(SolveError::TooLarge { n, method, limit }),
        2 | 3 => Err(SolveError::NoSolution { n }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_refuses_the_same_bad_boards() {
        for method in Method::ALL {
            let o = Options::default();
            assert_eq!(solve(0, method, &o), Err(SolveError::EmptyBoard));
            assert_eq!(solve(2, method, &o), Err(SolveError::NoSolution { n: 2 }));
            assert_eq!(solve(3, method, &o), Err(SolveError::NoSolution { n: 3 }));
            let n = method.max_n() + 1;
            assert_eq!(
                solve(n, method, &o),
                Err(SolveError::TooLarge {
                    n,
                    method,
                    limit: n - 1
                })
            );
            let one = solve(1, method, &o).unwrap();
            assert_eq!(one.columns, [0]);
        }
    }

    #[test]
    fn the_sheets_heuristic_from_its_starts() {
        // 002 §2.5: from (1,1), (1,1) (3,0) (4,2) (0,4) (2,3): rows 0..4
        // hold columns 4, 1, 3, 0, 2; from (0,0) it is stuck at 4 queens.
        let from = |start, free_list| Options {
            start: Some(start),
            free_list,
            ..Options::default()
        };
        for free_list in [false, true] {
            let s = solve(5, Method::Accessibility, &from((1, 1), free_list)).unwrap();
            assert_eq!(s.columns, [4, 1, 3, 0, 2]);
            assert_eq!(
                solve(5, Method::Accessibility, &from((0, 0), free_list)),
                Err(SolveError::Stuck { placed: 4 })
            );
        }
    }

    #[test]
    fn every_method_solves_small_boards() {
        // The sheet's heuristic never backtracks and seldom succeeds.
        for method in Method::ALL
            .into_iter()
            .filter(|&m| m != Method::Accessibility)
        {
            for n in (4..=9).chain([1]) {
                let s = solve(n, method, &Options::default()).unwrap();
                assert!(verify(&s.columns), "{} n = {n}", method.name());
            }
        }
    }

    #[test]
    fn errors_read_as_one_line() {
        let e = SolveError::TooLarge {
            n: MAX_N + 1,
            method: Method::Construct,
            limit: MAX_N,
        };
        assert_eq!(
            e.to_string(),
            "n = 10000001 is too large for the construct method: n up to 10000000"
        );
        let e = check_n(40, Method::Backtrack).unwrap_err().to_string();
        assert!(e.contains("n up to 33") && !e.contains('\n'), "{e}");
    }
}
