//! Checking computed counts against the published tables: a count that
//! disagrees is an [`ErrorKind::Mismatch`](crate::ErrorKind), never a
//! footnote. The tables check results; they never produce one.

use nqueens_kernel::{oeis, Board};
use nqueens_puzzles::variant::{collinear, torus, Variant};
use nqueens_sched::{solvers, Kind};
use nqueens_tasks::{is_dominate, pawns_of, variant_of};

use crate::Error;

/// How a computed `(total, unique)` compares with OEIS A000170 / A002562.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Both equal the published values.
    Match,
    /// At least one differs: a bug, reported loudly.
    Mismatch {
        /// The published total.
        total: u128,
        /// The published unique count.
        unique: u128,
    },
    /// No published value for this n.
    Unknown,
}

impl Check {
    /// How `total` and `unique` on `board` compare with the tables.
    pub fn of(board: Board, total: u128, unique: u128) -> Check {
        match oeis::known(board.n()) {
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

    /// The error a mismatch is, the same words from every door; `None`
    /// for a match or an unknown value.
    ///
    /// ```
    /// use nqueens::{verify::Check, Board};
    /// let (ten, eight) = (Board::new(10).unwrap(), Board::new(8).unwrap());
    /// let e = Check::of(ten, 720, 92).error(ten, 720, 92).unwrap();
    /// assert_eq!(e.to_string(), "n = 10: computed 720 total / 92 unique, but OEIS A000170 / A002562 say 724 / 92");
    /// assert!(Check::of(eight, 92, 12).error(eight, 92, 12).is_none());
    /// ```
    pub fn error(self, board: Board, total: u128, unique: u128) -> Option<Error> {
        let n = board.n();
        match self {
            Check::Mismatch {
                total: known_total,
                unique: known_unique,
            } => Some(Error::mismatch(format!(
                "n = {n}: computed {total} total / {unique} unique, but OEIS A000170 / A002562 say {known_total} / {known_unique}"
            ))),
            _ => None,
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
pub fn printed_erratum(board: Board) -> Option<&'static str> {
    (board.n() == 10).then_some(
        "n = 10 has 724 solutions (OEIS A000170); one printed copy of the classical table, in the French course notes this project started from, says 720",
    )
}

/// Checks the total of a variant's or a puzzle's count against what is
/// published or proved for it, wherever something is ([`published`] names
/// it): the torus by OEIS A051906 (n = 1..19, every board its search
/// takes) and Pólya's theorem (solutions exist exactly when gcd(n, 6) =
/// 1), no three in line by OEIS A365437 (n = 1..12), the minimum
/// dominating sets by OEIS A002564, N + 1 queens with one pawn by A103330.
/// A checkpointed count and a merge of shards call the same check.
pub fn work(task: &dyn Kind, board: Board, total: u128) -> Result<(), Error> {
    let n = board.n();
    let wrong = |known: String| Err(Error::mismatch(format!("n = {n}: {known}")));
    match Builtin::of(task) {
        Builtin::Variant(Variant::Torus) if (total > 0) != (!n.is_multiple_of(2) && !n.is_multiple_of(3)) => wrong(format!(
            "the torus search found {total} solutions, which contradicts Pólya's theorem (solutions exist exactly when gcd(n, 6) = 1)"
        )),
        Builtin::Variant(Variant::Torus) => match torus::PUBLISHED.iter().find(|&&(m, _)| m == n) {
            Some(&(_, known)) if u128::from(known) != total => wrong(format!(
                "the torus search found {total} solutions, but OEIS A051906 says {known}"
            )),
            _ => Ok(()),
        },
        Builtin::Variant(Variant::NoThreeInLine) => match collinear::PUBLISHED.iter().find(|&&(m, _, _)| m == n) {
            Some(&(_, known, _)) if u128::from(known) != total => wrong(format!(
                "found {total} placements with no three queens in line, but OEIS A365437 says {known}"
            )),
            _ => Ok(()),
        },
        Builtin::Dominate => match oeis::MINIMUM_DOMINATING_SETS.get(n) {
            Some(&known) if known != total => wrong(format!(
                "counted {total} minimum dominating sets, but OEIS A002564 says {known}"
            )),
            _ => Ok(()),
        },
        Builtin::Pawns(queens) if queens == n + 1 => match oeis::QUEENS_AND_ONE_PAWN.get(n) {
            Some(&known) if known != 0 && known != total => wrong(format!(
                "counted {total} placements of {queens} queens and a pawn, but OEIS A103330 says {known}"
            )),
            _ => Ok(()),
        },
        _ => Ok(()),
    }
}

/// The published value or theorem that checks the whole total of `task`
/// at `n` (what [`work`] and [`Check::of`] compare it with), if there is
/// one: a count whose total one of these fixes cannot be forged without
/// the merge or the count refusing it; `None` where nothing does (an
/// ordinary count past n = 27, no three in line past n = 12, queens with
/// pawns but N + 1 with one).
///
/// ```
/// use nqueens::verify::published;
/// use nqueens::Variant;
/// use nqueens_tasks::{pawns, variant};
/// let (six, thirteen) = (nqueens::Board::new(6).unwrap(), nqueens::Board::new(13).unwrap());
/// assert_eq!(published(&*variant(Variant::Torus), thirteen), Some("OEIS A051906"));
/// assert_eq!(published(&*variant(Variant::NoThreeInLine), thirteen), None);
/// assert_eq!(published(&*pawns(8), six), None);
/// ```
pub fn published(task: &dyn Kind, board: Board) -> Option<&'static str> {
    let n = board.n();
    let known = |t: &[u128]| t.get(n).is_some_and(|&k| k != 0);
    match Builtin::of(task) {
        Builtin::Solver => oeis::known(n).map(|_| "OEIS A000170 / A002562"),
        Builtin::Variant(Variant::Torus) => torus::PUBLISHED
            .iter()
            .any(|&(m, _)| m == n)
            .then_some("OEIS A051906"),
        Builtin::Variant(Variant::NoThreeInLine) => collinear::PUBLISHED
            .iter()
            .any(|&(m, _, _)| m == n)
            .then_some("OEIS A365437"),
        Builtin::Dominate => known(&oeis::MINIMUM_DOMINATING_SETS).then_some("OEIS A002564"),
        Builtin::Pawns(queens) => {
            (queens == n + 1 && known(&oeis::QUEENS_AND_ONE_PAWN)).then_some("OEIS A103330")
        }
        Builtin::Other => None,
    }
}

/// Which of the catalogue's kinds a count is, for the published tables
/// (each kind's names, read by the catalogue).
enum Builtin {
    Solver,
    Variant(Variant),
    Dominate,
    Pawns(usize),
    Other,
}

impl Builtin {
    fn of(task: &dyn Kind) -> Builtin {
        if solvers::is_solver(task) {
            Builtin::Solver
        } else if let Some(v) = variant_of(task) {
            Builtin::Variant(v)
        } else if is_dominate(task) {
            Builtin::Dominate
        } else if let Some(queens) = pawns_of(task) {
            Builtin::Pawns(queens)
        } else {
            Builtin::Other
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(n: usize) -> Board {
        Board::new(n).unwrap()
    }

    #[test]
    fn checks_compare_with_the_tables() {
        assert_eq!(Check::of(b(8), 92, 12), Check::Match);
        assert_eq!(
            Check::of(b(10), 720, 92),
            Check::Mismatch {
                total: 724,
                unique: 92
            }
        );
        assert_eq!(Check::of(b(28), 1, 1), Check::Unknown);
        assert_eq!(Check::Match.verified(), Some(true));
        assert_eq!(Check::Unknown.mark(), "-");
    }

    #[test]
    fn every_kind_of_work_with_a_known_value_is_checked() {
        let torus = &*nqueens_tasks::variant(Variant::Torus);
        assert!(work(torus, b(5), 10).is_ok());
        assert!(work(torus, b(5), 0).is_err());
        assert!(work(torus, b(6), 4).is_err());
        assert!(work(
            &*nqueens_tasks::dominate(),
            b(4),
            oeis::MINIMUM_DOMINATING_SETS[4]
        )
        .is_ok());
        assert!(work(
            &*nqueens_tasks::dominate(),
            b(4),
            oeis::MINIMUM_DOMINATING_SETS[4] + 1
        )
        .is_err());
        let pawns = &*nqueens_tasks::pawns(7);
        assert!(work(pawns, b(6), oeis::QUEENS_AND_ONE_PAWN[6]).is_ok());
        assert!(work(pawns, b(6), oeis::QUEENS_AND_ONE_PAWN[6] + 2).is_err());
        assert!(work(&*nqueens_tasks::pawns(5), b(6), 1).is_ok());
        assert!(work(torus, b(13), 4524).is_ok());
        assert!(work(torus, b(13), 4532).is_err());
        let line = &*nqueens_tasks::variant(Variant::NoThreeInLine);
        assert!(work(line, b(10), 40).is_ok());
        assert!(work(line, b(10), 48).is_err());
        assert!(work(line, b(13), 9).is_ok());
    }
}
