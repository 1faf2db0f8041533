//! Checking computed counts against the published tables.

use nqueens_kernel::oeis;

/// How a computed `(total, unique)` compares with OEIS A000170 / A002562.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Both equal the published values.
    Match,
    /// At least one differs: a bug, reported loudly.
    Mismatch { total: u128, unique: u128 },
    /// No published value for this n.
    Unknown,
}

impl Check {
    pub fn of(n: usize, total: u128, unique: u128) -> Check {
        match oeis::known(n) {
            Some(known) if known == (total, unique) => Check::Match,
            Some((total, unique)) => Check::Mismatch { total, unique },
            None => Check::Unknown,
        }
    }

    /// `Some(true)` for a match, `Some(false)` for a mismatch, `None` when unknown.
    pub fn verified(self) -> Option<bool> {
        match self {
            Check::Match => Some(true),
            Check::Mismatch { .. } => Some(false),
            Check::Unknown => None,
        }
    }

    /// The mark shown in tables.
    pub fn mark(self) -> &'static str {
        match self {
            Check::Match => "ok",
            Check::Mismatch { .. } => "MISMATCH",
            Check::Unknown => "-",
        }
    }
}

/// Where a well-known printed table differs from the true count.
pub fn printed_erratum(n: usize) -> Option<&'static str> {
    (n == 10).then_some(
        "n = 10 has 724 solutions (OEIS A000170); one printed copy of the classical table, in the French course notes this project started from, says 720",
    )
}

/// A computed count that disagrees with the published table: never a
/// footnote, always a failing exit code.
#[derive(Debug)]
pub struct Mismatch(pub String);

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Mismatch {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_compare_with_the_tables() {
        assert_eq!(Check::of(8, 92, 12), Check::Match);
        assert_eq!(
            Check::of(10, 720, 92),
            Check::Mismatch {
                total: 724,
                unique: 92
            }
        );
        assert_eq!(Check::of(28, 1, 1), Check::Unknown);
        assert_eq!(Check::Match.verified(), Some(true));
        assert_eq!(Check::Unknown.mark(), "-");
    }
}
