//! The solutions one at a time: the puzzles' listings in lexicographic
//! order ([`Solutions`], [`Fundamentals`]: every solution, one per
//! symmetry class) and the checkers that share nothing with them
//! ([`naive`], [`Symmetry`], [`first_attack`], [`blocked`], [`count`]),
//! handed on as their crates make them; and [`Collected`]: solutions
//! gathered into memory (Python's `solutions()`, a NumPy array) under a
//! memory budget, so that a listing too large to hold stops with one line
//! instead of aborting the process.

use nqueens_kernel::Board;
use nqueens_sched::Threads;

use crate::{Budget, Error, Run, Spelling, Unused};

/// The one-thread count of a board (total, the symmetric solutions,
/// unique), which a complete listing is compared with.
pub use nqueens_kernel::count;
/// The brute-force check of one placement.
pub use nqueens_kernel::reference::naive;
/// The eight symmetries of the square.
pub use nqueens_kernel::symmetry::Symmetry;
/// The listings, a prefix's refusal, the first attacking pair of a
/// placement and the blocked boards of a prefix no solution extends.
pub use nqueens_puzzles::solutions::{
    blocked, first_attack, Attack, Fundamentals, PrefixError, Solution, Solutions,
};
/// The symmetry class (orbit) of a solution.
pub use nqueens_puzzles::variant::classify;

/// Placements gathered as flat rows of `n` columns, within a budget.
///
/// ```
/// use nqueens::{Board, Collected, ErrorKind, Run, Spelling};
/// // Less than the process holds already: refused before any listing.
/// let tight = Run { threads: None, max_memory: Some("64".into()) };
/// let e = Collected::new(Board::new(8).unwrap(), &tight, Spelling::Keywords, "n = 8 has more solutions").unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::Memory);
/// assert!(e.to_string().starts_with("max_memory 64 B is less than"), "{e}");
/// ```
#[derive(Debug)]
pub struct Collected {
    n: usize,
    what: String,
    budget: Option<Budget>,
    flat: Vec<u8>,
}

impl Collected {
    /// An empty collection of rows of `n` columns, under the budget `run`
    /// asks for (threads are not used); `what` begins the refusal
    /// (`n = 18 has more solutions`).
    pub fn new(
        board: Board,
        run: &Run,
        spelling: Spelling,
        what: &str,
    ) -> Result<Collected, Error> {
        let no_threads = Unused {
            threads: Some("a listing runs on one thread".into()),
            memory: None,
        };
        run.threads(spelling, &no_threads)?;
        let budget = Budget::of(run.max_memory.as_deref(), spelling, Threads::ONE, || {
            Ok(Threads::ONE)
        })?;
        Ok(Collected {
            n: board.n(),
            what: what.into(),
            budget,
            flat: Vec::new(),
        })
    }

    /// Makes room for `rows` rows up front, refusing at once where the
    /// budget or the system cannot hold them (a listing too large is
    /// refused before it starts, not when it has filled the memory).
    ///
    /// ```
    /// use nqueens::{Board, Collected, ErrorKind, Run, Spelling};
    /// let run = Run { threads: None, max_memory: Some("1G".into()) };
    /// let mut rows = Collected::new(Board::new(18)?, &run, Spelling::Keywords, "n = 18 has more solutions")?;
    /// let e = rows.expect(666_090_624).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::Memory);
    /// assert!(e.to_string().starts_with("n = 18 has more solutions than max_memory 1.0 GiB allows"), "{e}");
    /// rows.expect(1000)?;
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn expect(&mut self, rows: u128) -> Result<(), Error> {
        let bytes = rows.saturating_mul(self.n as u128);
        let needed = u64::try_from(bytes).unwrap_or(u64::MAX);
        if let Some(b) = self.budget {
            if needed > b.working() {
                return Err(b.refuse(&self.what, needed));
            }
        }
        let bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
        self.flat.try_reserve_exact(bytes).map_err(|_| {
            Error::memory(format!(
                "{} than this process can allocate ({bytes} bytes)",
                self.what
            ))
        })
    }

    /// Adds rows (`batch`, whole rows of `n` columns), refusing the
    /// growth that would pass the budget or that the system cannot give.
    ///
    /// ```
    /// use nqueens::{Board, Collected, ErrorKind, Run, Spelling};
    /// let run = Run { threads: None, max_memory: Some("1T".into()) };
    /// let mut rows = Collected::new(Board::new(4)?, &run, Spelling::Keywords, "n = 4 has more solutions")?;
    /// rows.extend(&[1, 3, 0, 2, 2, 0, 3, 1])?;
    /// assert_eq!(rows.rows(), 2);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn extend(&mut self, batch: &[u8]) -> Result<(), Error> {
        let needed = (self.flat.len() + batch.len()) as u64;
        if let Some(b) = self.budget {
            if needed > b.working() {
                return Err(b.refuse(&self.what, needed));
            }
        }
        if self.flat.capacity() - self.flat.len() < batch.len() {
            // Doubling, but never past the budget.
            let room = self.flat.capacity().max(batch.len());
            let most = self.budget.map_or(usize::MAX, |b| {
                usize::try_from(b.working()).unwrap_or(usize::MAX)
            });
            let extra = room
                .min(most.saturating_sub(self.flat.len()))
                .max(batch.len());
            self.flat.try_reserve_exact(extra).map_err(|_| {
                Error::memory(format!(
                    "{} than this process can allocate ({} bytes held)",
                    self.what,
                    self.flat.len()
                ))
            })?;
        }
        self.flat.extend_from_slice(batch);
        Ok(())
    }

    /// Rows gathered so far.
    pub fn rows(&self) -> usize {
        self.flat.len() / self.n.max(1)
    }

    /// The rows, flat.
    pub fn into_flat(self) -> Vec<u8> {
        self.flat
    }
}
