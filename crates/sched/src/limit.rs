//! The range a number of a request must be in, and the one message that
//! refuses a value outside it: what the command line and the Python
//! module say, and what the scheduler says when it is asked directly.

use std::ops::RangeInclusive;

use crate::Error;

/// The values a number of a request may take, and whose limit they are.
///
/// ```
/// use nqueens_sched::Limit;
/// let depths = Limit::new(1..=7, " for solver halves on n = 8");
/// assert_eq!(depths.check("--depth", 3).unwrap(), 3);
/// assert_eq!(
///     depths.check("--depth", 8).unwrap_err().to_string(),
///     "--depth must be a whole number from 1 to 7 for solver halves on n = 8, not 8"
/// );
/// assert_eq!(Limit::new(1..=1, "").parse("--depth", "two").unwrap_err().to_string(),
///     "--depth must be 1, not 'two'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The values allowed.
    pub range: RangeInclusive<u64>,
    /// Whose limit it is (` for solver levels`), or empty.
    pub owner: String,
}

impl Limit {
    /// The values of `range`, the limit of `owner`.
    pub fn new(range: RangeInclusive<usize>, owner: impl Into<String>) -> Limit {
        Limit {
            range: *range.start() as u64..=*range.end() as u64,
            owner: owner.into(),
        }
    }

    /// The largest value allowed (a kind's largest board).
    ///
    /// ```
    /// assert_eq!(nqueens_sched::Limit::new(1..=14, " for solver levels").largest(), 14);
    /// ```
    pub fn largest(&self) -> usize {
        usize::try_from(*self.range.end()).unwrap_or(usize::MAX)
    }

    /// `value` if it is allowed, else its refusal: `what` names it (`n`,
    /// `--depth`).
    pub fn check(&self, what: &str, value: usize) -> Result<usize, Error> {
        if self.range.contains(&(value as u64)) {
            Ok(value)
        } else {
            Err(self.refusal(what, &value.to_string()))
        }
    }

    /// `text` as an allowed whole number (spaces around it ignored), else
    /// its refusal.
    pub fn parse(&self, what: &str, text: &str) -> Result<u64, Error> {
        self.parse_into(what, text, |v| self.range.contains(&v).then_some(v))
    }

    /// `text` as the value `make` builds of a whole number; `make` is the
    /// check (`Threads::new`), and a number it refuses, or text that is no
    /// number, has this limit's refusal.
    pub fn parse_into<T>(
        &self,
        what: &str,
        text: &str,
        make: impl FnOnce(u64) -> Option<T>,
    ) -> Result<T, Error> {
        let typed = text.trim();
        let digits = typed.strip_prefix(['+', '-']).unwrap_or(typed);
        let is_number = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        match typed.parse::<u64>().ok().and_then(make) {
            Some(v) => Ok(v),
            None if is_number => Err(self.refusal(what, typed)),
            None => Err(self.refusal(what, &format!("'{text}'"))),
        }
    }

    /// The refusal of `shown` (a number as typed, or text quoted), which
    /// is no allowed value of `what`: it names the range, never a value
    /// `shown` was clamped or wrapped to.
    pub fn refusal(&self, what: &str, shown: &str) -> Error {
        let (lo, hi, owner) = (self.range.start(), self.range.end(), &self.owner);
        Error::Refused(if lo == hi {
            format!("{what} must be {lo}{owner}, not {shown}")
        } else if *hi == u64::MAX && *lo > 0 {
            // No bound above but the type's: "at least 2", not "from 2 to
            // 18446744073709551615" (P20). A seed's range, from 0, is the
            // type's whole range and is named.
            format!("{what} must be a whole number of at least {lo}{owner}, not {shown}")
        } else {
            format!("{what} must be a whole number from {lo} to {hi}{owner}, not {shown}")
        })
    }
}
