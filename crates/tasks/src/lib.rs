//! The kinds of count nqueens runs beside the scheduler's solvers, and the
//! one catalogue of them all: what a run, a checkpoint or a cluster plan
//! may name.
//!
//! The crates form a chain: the command line (and the Python module) asks
//! for a kind here; the scheduler ([`nqueens_sched`]) runs any
//! [`Kind`](nqueens_sched::Kind) on its one engine; the kernel counts. The
//! puzzles ([`nqueens_puzzles`]) build on the kernel, and this crate joins
//! them to the scheduler, which names no puzzle: a new kind of count adds
//! its files here (or in a crate of its own), never in the scheduler.
//!
//! - The kinds, each implementing [`Kind`](nqueens_sched::Kind) itself: a
//!   variant's count ([`VariantCount`]: torus, no three in line), the
//!   minimum dominating sets ([`Dominate`]), the queens kept apart by the
//!   fewest pawns ([`Pawns`]). The n-queens count by each solver is the
//!   scheduler's ([`nqueens_sched::solvers`]).
//! - The catalogue: [`solver`], [`variant`], [`dominate`], [`pawns`] hand
//!   the kinds out shared, [`named`] lists them, [`parse`] reads one back
//!   from the names a checkpoint or a plan records, [`variant_of`] says
//!   which variant a kind counts.
//!
//! ```
//! use nqueens_kernel::Board;
//! use nqueens_puzzles::variant::Variant;
//! use nqueens_sched::{count_task, Checked, Hooks, Kind, NoProgress, Options, Threads};
//! let board = Board::new(7).unwrap();
//! let opts = Options { threads: Threads::new(2).unwrap(), ..Options::sequential() };
//! let torus = Checked::of(nqueens_tasks::variant(Variant::Torus), board, opts).unwrap();
//! let (total, search) = count_task(&torus, &Hooks::watching(&NoProgress)).unwrap();
//! assert_eq!((total.solutions, total.unique, search.subproblems), (28, 4, Some(7)));
//! // What a checkpoint records, read back.
//! let task = torus.task();
//! let back = nqueens_tasks::parse(&task.work(), task.solver()).unwrap();
//! assert_eq!(back.work(), "torus");
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod catalogue;
mod puzzles;
mod variants;

pub use catalogue::{
    dominate, is_dominate, named, parse, pawns, pawns_of, solver, variant, variant_of,
};
pub use puzzles::{Dominate, Pawns};
pub use variants::{classified, VariantCount};
