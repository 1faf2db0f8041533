//! The one catalogue of the kinds of count nqueens runs: every kind a
//! user, a checkpoint or a cluster plan may name, and the one place the
//! names a file records ([`Kind::work`], [`Kind::solver`]) are read back
//! into a kind ([`parse`]). Each kind answers for itself (it implements
//! [`Kind`]); the catalogue only hands them out, shared: the solvers from
//! the scheduler's table, the variants, the puzzles (a pawns count for its
//! number of queens).

use std::sync::Arc;

use nqueens_puzzles::variant::Variant;
use nqueens_sched::{solvers, Kind};

use crate::puzzles::{Dominate, Pawns};
use crate::variants::VariantCount;

/// The n-queens count by the solver called `name` (`--solver`), if
/// there is one.
///
/// ```
/// use nqueens_sched::Kind;
/// assert_eq!(nqueens_tasks::solver("pairs").unwrap().work(), "count");
/// assert!(nqueens_tasks::solver("nope").is_none());
/// ```
pub fn solver(name: &str) -> Option<Arc<dyn Kind>> {
    solvers::by_name(name).cloned()
}

/// A variant's count by its own search.
pub fn variant(v: Variant) -> Arc<dyn Kind> {
    Arc::new(VariantCount(v))
}

/// The minimum dominating sets of queens.
pub fn dominate() -> Arc<dyn Kind> {
    Arc::new(Dominate)
}

/// The placements of `queens` queens with the fewest pawns.
pub fn pawns(queens: usize) -> Arc<dyn Kind> {
    Arc::new(Pawns { queens })
}

/// The variant `kind` counts, if it is a variant's count (the variant
/// whose name is its work).
///
/// ```
/// use nqueens_puzzles::variant::Variant;
/// use nqueens_tasks::{dominate, variant, variant_of};
/// assert_eq!(variant_of(&*variant(Variant::Torus)), Some(Variant::Torus));
/// assert_eq!(variant_of(&*dominate()), None);
/// ```
pub fn variant_of(kind: &dyn Kind) -> Option<Variant> {
    let work = kind.work();
    Variant::ALL
        .into_iter()
        .find(|v| v.name() == work && variant(*v).solver() == kind.solver())
}

/// Whether `kind` is the count of minimum dominating sets.
///
/// ```
/// use nqueens_tasks::{dominate, is_dominate, pawns};
/// assert!(is_dominate(&*dominate()) && !is_dominate(&*pawns(3)));
/// ```
pub fn is_dominate(kind: &dyn Kind) -> bool {
    same(kind, &Dominate)
}

/// The queens of a count with the fewest pawns, if `kind` is one.
///
/// ```
/// use nqueens_tasks::{dominate, pawns, pawns_of};
/// assert_eq!((pawns_of(&*pawns(9)), pawns_of(&*dominate())), (Some(9), None));
/// ```
pub fn pawns_of(kind: &dyn Kind) -> Option<usize> {
    let queens = kind
        .work()
        .strip_prefix("pawns-with-")?
        .strip_suffix("-queens")?
        .parse()
        .ok()?;
    same(kind, &Pawns { queens }).then_some(queens)
}

/// Whether two kinds are one (a checkpoint would name them alike).
fn same(a: &dyn Kind, b: &dyn Kind) -> bool {
    (a.work(), a.solver()) == (b.work(), b.solver())
}

/// Every kind but the parameterised one (a pawns count, one per number
/// of queens): the solvers, default first, the variants, dominate.
///
/// ```
/// use nqueens_sched::Kind;
/// let works: Vec<String> = nqueens_tasks::named().map(|k| k.work()).collect();
/// assert_eq!((works[0].as_str(), works.last().unwrap().as_str()), ("count", "dominate"));
/// ```
pub fn named() -> impl Iterator<Item = Arc<dyn Kind>> {
    let variants = Variant::ALL.into_iter().map(variant);
    solvers::all()
        .iter()
        .cloned()
        .chain(variants)
        .chain([dominate()])
}

/// The kind a checkpoint or a plan names by its work and its solver, if
/// this build knows it (a kind of one's own is run and resumed without
/// it: a checkpoint takes what it needs from the kind itself).
///
/// ```
/// use nqueens_sched::Kind;
/// let t = nqueens_tasks::pawns(9);
/// let back = nqueens_tasks::parse(&t.work(), t.solver()).unwrap();
/// assert_eq!((back.work(), back.solver()), (t.work(), t.solver()));
/// assert!(nqueens_tasks::parse("count", "nope").is_none());
/// assert!(nqueens_tasks::parse("torus", "halves").is_none());
/// ```
pub fn parse(work: &str, solver: &str) -> Option<Arc<dyn Kind>> {
    if let Some(kind) = named().find(|k| k.work() == work && k.solver() == solver) {
        return Some(kind);
    }
    let queens = work
        .strip_prefix("pawns-with-")?
        .strip_suffix("-queens")?
        .parse()
        .ok()?;
    let kind = pawns(queens);
    (kind.solver() == solver).then_some(kind)
}
