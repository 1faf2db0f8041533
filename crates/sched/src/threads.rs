//! The worker-thread count: checked once where it is typed, so no layer
//! below asks again whether it is zero or too many.

use std::fmt;
use std::ops::RangeInclusive;

use crate::{Error, Limit};

/// A number of worker threads the scheduler may start: 1 to
/// [`Threads::MAX`]. One takes the sequential path.
///
/// ```
/// use nqueens_sched::Threads;
/// assert_eq!(Threads::new(4).map(Threads::get), Some(4));
/// assert_eq!(Threads::new(0), None);
/// assert_eq!(Threads::new(Threads::MAX + 1), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Threads(usize);

impl Threads {
    /// The most threads a count starts: far above any machine it counts
    /// on, low enough that a typo cannot exhaust the process table.
    pub const MAX: usize = 1024;

    /// The counts [`Threads::new`] accepts, for a message that names them.
    pub const RANGE: RangeInclusive<usize> = 1..=Threads::MAX;

    /// One thread: the sequential path.
    pub const ONE: Threads = Threads(1);

    /// `n` threads, if `n` is in [`Threads::RANGE`].
    pub const fn new(n: usize) -> Option<Threads> {
        if n >= 1 && n <= Threads::MAX {
            Some(Threads(n))
        } else {
            None
        }
    }

    /// The counts allowed, for a front end that checks a number of its
    /// own type against them (Python's ints).
    pub fn limit() -> Limit {
        Limit::new(Threads::RANGE, "")
    }

    /// `text` as a thread count: `what` names it (`--threads`) in the
    /// refusal of a count out of range or of text that is no number.
    ///
    /// ```
    /// use nqueens_sched::Threads;
    /// assert_eq!(Threads::parse("--threads", " 8 ").unwrap().get(), 8);
    /// assert_eq!(
    ///     Threads::parse("--threads", "0").unwrap_err().to_string(),
    ///     "--threads must be a whole number from 1 to 1024, not 0"
    /// );
    /// ```
    pub fn parse(what: &str, text: &str) -> Result<Threads, Error> {
        Threads::limit().parse_into(what, text, |t| {
            usize::try_from(t).ok().and_then(Threads::new)
        })
    }

    /// Every core the OS gives this process (at most [`Threads::MAX`]):
    /// the default of a front end that is given no count.
    ///
    /// ```
    /// assert!(nqueens_sched::Threads::available().get() >= 1);
    /// ```
    pub fn available() -> Threads {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Threads(cores.min(Threads::MAX))
    }

    /// The count.
    ///
    /// ```
    /// assert_eq!(nqueens_sched::Threads::ONE.get(), 1);
    /// ```
    pub const fn get(self) -> usize {
        self.0
    }

    /// No more than `n` threads (and at least one): a run trimmed to the
    /// pieces it has.
    ///
    /// ```
    /// use nqueens_sched::Threads;
    /// let many = Threads::new(1024).unwrap();
    /// assert_eq!(many.at_most(38).get(), 38);
    /// assert_eq!(many.at_most(0), Threads::ONE);
    /// assert_eq!(Threads::ONE.at_most(38), Threads::ONE);
    /// ```
    pub fn at_most(self, n: usize) -> Threads {
        Threads(self.0.min(n.max(1)))
    }
}

impl fmt::Display for Threads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
