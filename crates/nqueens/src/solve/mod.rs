//! One solution of a board by a named method, by construction or by
//! search (`nqueens_puzzles::solve`): [`SolveRequest`] checked once into
//! [`Solve`]. The method's limit, the options only some methods take
//! (a seed, attempts, the accessibility heuristic's start and free list)
//! are checked here for every door.

use nqueens_puzzles::solve::accessibility::Square;
/// The sheet's own layout of its table and its runs.
pub use nqueens_puzzles::solve::accessibility::{format_table, listing, Run};
use nqueens_puzzles::solve::{self, Options};
/// The methods, a solution and why a method found none; the independent
/// O(n) check of a solution.
pub use nqueens_puzzles::solve::{first_flaw, verify, Flaw, Method, Solution, SolveError, MAX_N};

use nqueens_sched::{Fields, Value};

use crate::{number, Error, Spelling};

mod sheet;

pub use sheet::{AccessibilityRow, AccessibilityRun, Sheet};

/// A solve as asked for: every value as the user gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveRequest {
    /// The board side, as typed.
    pub n: String,
    /// The method's name (`construct` by default).
    pub method: String,
    /// The seed of the methods that draw random numbers, as typed.
    pub seed: Option<String>,
    /// The attempts of the methods that give up, as typed.
    pub max_attempts: Option<String>,
    /// The accessibility heuristic's first square, `ROW,COL` from 0.
    pub start: Option<String>,
    /// The accessibility heuristic's run from every start.
    pub every_start: bool,
    /// The accessibility heuristic's table of accessibilities.
    pub table: bool,
    /// The accessibility heuristic's list of free squares.
    pub free_list: bool,
    /// How messages name the values.
    pub spelling: Spelling,
}

impl Default for SolveRequest {
    fn default() -> SolveRequest {
        SolveRequest {
            n: String::new(),
            method: Method::Construct.name().into(),
            seed: None,
            max_attempts: None,
            start: None,
            every_start: false,
            table: false,
            free_list: false,
            spelling: Spelling::default(),
        }
    }
}

impl SolveRequest {
    /// One solution of the board of side `n` by `construct`.
    pub fn new(n: impl ToString) -> SolveRequest {
        SolveRequest {
            n: n.to_string(),
            ..SolveRequest::default()
        }
    }

    /// Checks every value once: the method, the board against its limit,
    /// the options against the methods that take them.
    ///
    /// ```
    /// use nqueens::{SolveRequest, Spelling};
    /// let r = SolveRequest { seed: Some("1".into()), spelling: Spelling::Keywords, ..SolveRequest::new(8) };
    /// let e = r.check().unwrap_err().to_string();
    /// assert!(e.starts_with("seed applies to the methods that draw random numbers"), "{e}");
    /// let e = SolveRequest { method: "\x07".into(), ..SolveRequest::new(8) }.check().unwrap_err();
    /// assert!(e.to_string().starts_with("unknown method '\\x07' (known: construct"));
    /// ```
    pub fn check(&self) -> Result<Solve, Error> {
        let sp = self.spelling;
        let method = Method::by_name(&self.method).ok_or_else(|| {
            Error::input(format!(
                "unknown method '{}' (known: {})",
                self.method,
                Method::names(|_| true)
            ))
        })?;
        let n = number::size(&self.n, "n", 1..=method.max_n(), &method.limit_owner())?;
        let mut options = Options::default();
        if let Some(text) = &self.seed {
            let seed = sp.of("seed");
            if !method.is_seeded() {
                return Err(Error::input(format!(
                    "{seed} applies to the methods that draw random numbers ({}), not to {}",
                    Method::names(Method::is_seeded),
                    method.name()
                )));
            }
            options.seed = number::whole(text, &seed, 0..=u64::MAX, "")?;
        }
        if let Some(text) = &self.max_attempts {
            let attempts = sp.of("max_attempts");
            if !method.has_attempts() {
                return Err(Error::input(format!(
                    "{attempts} applies to the methods that give up ({}), not to {}",
                    Method::names(Method::has_attempts),
                    method.name()
                )));
            }
            options.max_attempts = number::whole(text, &attempts, 1..=u64::MAX, "")?;
        }
        let sheet = self.start.is_some() || self.every_start || self.table || self.free_list;
        if sheet && method != Method::Accessibility {
            return Err(Error::input(format!(
                "{}, {}, {} and {} apply to {} accessibility, not to {}",
                sp.of("start"),
                sp.of("every_start"),
                sp.of("table"),
                sp.of("free_list"),
                sp.of("method"),
                method.name()
            )));
        }
        if let Some(text) = &self.start {
            if self.every_start {
                return Err(Error::input(format!(
                    "{} and {} exclude each other",
                    sp.of("start"),
                    sp.of("every_start")
                )));
            }
            options.start = Some(square(text, n, &sp.of("start"))?);
        }
        options.free_list = self.free_list;
        Ok(Solve { n, method, options })
    }
}

/// `ROW,COL` (named `what`): the sheet's coordinates, from 0.
fn square(text: &str, n: usize, what: &str) -> Result<Square, Error> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let (Some(r), Some(c), 2) = (parts.first(), parts.get(1), parts.len()) else {
        return Err(Error::input(format!(
            "{what} \"{text}\": give ROW,COL from 0, e.g. 1,1"
        )));
    };
    let coord = |t: &str| {
        t.parse::<usize>().ok().filter(|&v| v < n).ok_or_else(|| {
            Error::input(format!(
                "{what} \"{text}\": '{t}' is not from 0 to {}",
                n - 1
            ))
        })
    };
    Ok((coord(r)?, coord(c)?))
}

/// A solve checked once, ready to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solve {
    n: usize,
    method: Method,
    options: Options,
}

impl Solve {
    /// The board side (up to 10,000,000: past the counting boards).
    pub fn n(&self) -> usize {
        self.n
    }

    /// The method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The seed, where the method draws random numbers.
    pub fn seed(&self) -> Option<u64> {
        self.method.is_seeded().then_some(self.options.seed)
    }

    /// The accessibility heuristic's first square, if one was given.
    pub fn start(&self) -> Option<Square> {
        self.options.start
    }

    /// Whether the accessibility heuristic keeps a list of free squares.
    pub fn free_list(&self) -> bool {
        self.options.free_list
    }

    /// Searches. No solution (n = 2, 3), a search that gave up or got
    /// stuck are answers, not errors: the method's own [`SolveError`].
    ///
    /// ```
    /// let s = nqueens::SolveRequest::new(8).check()?.run().unwrap();
    /// assert_eq!(s.columns, [5, 0, 4, 1, 7, 2, 6, 3]);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn run(&self) -> Result<Solution, SolveError> {
        solve::solve(self.n, self.method, &self.options)
    }

    /// The `solve` record of a search that took `seconds`: of `solution`,
    /// checked with the independent verifier, or of none, `note` saying
    /// why. The placement and the file it went to are the door's to add
    /// ([`SolveRecord::placement`], [`SolveRecord::out`]): it may move
    /// ten million columns there rather than copy them.
    ///
    /// ```
    /// let solve = nqueens::SolveRequest::new(8).check()?;
    /// let record = solve.record(Some(&solve.run().unwrap()), 0.0, None);
    /// assert_eq!((record.found, record.valid, record.steps), (true, Some(true), Some(8)));
    /// let none = nqueens::SolveRequest::new(3).check()?;
    /// let record = none.record(None, 0.0, Some(none.run().unwrap_err().to_string()));
    /// assert_eq!((record.found, record.valid), (false, None));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn record(
        &self,
        solution: Option<&Solution>,
        seconds: f64,
        note: Option<String>,
    ) -> SolveRecord {
        let method = self.method;
        let count = |applies: bool, value: fn(&Solution) -> u64| -> Option<u64> {
            solution.filter(|_| applies).map(value)
        };
        SolveRecord {
            n: self.n,
            method,
            found: solution.is_some(),
            seconds,
            steps: solution.map(|s| s.steps),
            valid: solution.map(|s| verify(&s.columns)),
            seed: self.seed(),
            restarts: count(matches!(method, Method::MinConflicts | Method::Swap), |s| {
                s.restarts
            }),
            backtracks: count(
                matches!(method, Method::Heuristic | Method::Backtrack),
                |s| s.backtracks,
            ),
            attempts: count(method == Method::Random, |s| s.attempts),
            examined: count(method == Method::Accessibility, |s| s.examined),
            note,
            out: None,
            placement: None,
        }
    }
}

/// The answer of a solve: the `solve` record. The method's own counts
/// are `None` where the method keeps none.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveRecord {
    /// The board side.
    pub n: usize,
    /// The method.
    pub method: Method,
    /// Whether a solution was found.
    pub found: bool,
    /// The seconds the search took.
    pub seconds: f64,
    /// The method's unit of work, when found.
    pub steps: Option<u64>,
    /// The independent check of the solution, when found.
    pub valid: Option<bool>,
    /// The seed, where the method draws random numbers.
    pub seed: Option<u64>,
    /// Fresh starts (min-conflicts, swap), when found.
    pub restarts: Option<u64>,
    /// Queens taken back (heuristic, backtrack), when found.
    pub backtracks: Option<u64>,
    /// Permutations tried (random), when found.
    pub attempts: Option<u64>,
    /// Squares read while choosing (accessibility), when found.
    pub examined: Option<u64>,
    /// Why there is no solution.
    pub note: Option<String>,
    /// The file the placement went to, when not to the door's output.
    pub out: Option<String>,
    /// The placement, 0-based columns, where it is written.
    pub placement: Option<Vec<u32>>,
}

impl SolveRecord {
    /// The record's named values, in the order every format shows them
    /// (the `solve` record of docs/formats.md); the placement copied.
    pub fn fields(&self) -> Fields {
        self.fields_with(self.placement.clone())
    }

    /// [`SolveRecord::fields`], the placement moved, not copied.
    pub fn into_fields(mut self) -> Fields {
        let placement = self.placement.take();
        self.fields_with(placement)
    }

    fn fields_with(&self, placement: Option<Vec<u32>>) -> Fields {
        vec![
            ("n", self.n.into()),
            ("method", self.method.name().into()),
            ("found", self.found.into()),
            ("seconds", self.seconds.into()),
            ("steps", self.steps.into()),
            ("valid", self.valid.into()),
            ("seed", self.seed.into()),
            ("restarts", self.restarts.into()),
            ("backtracks", self.backtracks.into()),
            ("attempts", self.attempts.into()),
            ("examined", self.examined.into()),
            ("note", self.note.clone().into()),
            ("out", self.out.clone().into()),
            ("placement", placement.map_or(Value::Null, Value::Columns)),
        ]
    }
}
