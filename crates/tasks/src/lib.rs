//! The catalogue of the kinds of count nqueens runs, built on the
//! scheduler's [`Kind`](nqueens_sched::Kind) and the puzzles: the one list
//! of what a run, a checkpoint or a cluster plan may name ([`Task`]).
//!
//! The crates form a chain: the command line (and the Python module) asks
//! for a task here; the scheduler ([`nqueens_sched`]) runs any
//! [`Kind`](nqueens_sched::Kind) on its one engine; the kernel counts. The
//! puzzles ([`nqueens_puzzles`]) build on the kernel, and this crate joins
//! them to the scheduler, which names no puzzle: a new kind of count adds
//! its files here (or in a crate of its own), never in the scheduler.
//!
//! - [`Task`]: the n-queens count by a solver (the scheduler's own
//!   [`Counting`](nqueens_sched::Counting)), a variant's count (torus, no
//!   three in line), the minimum dominating sets, the queens kept apart by
//!   the fewest pawns; [`Task::parse`] reads one back from the names a
//!   checkpoint or a plan records.
//! - `variants`: the variants' work, one piece per first-row column, each
//!   classifying its solutions ([`classified`]).
//! - `puzzles`: the puzzles' counting searches, cut into parts.
//!
//! ```
//! use nqueens_kernel::Board;
//! use nqueens_puzzles::variant::Variant;
//! use nqueens_sched::{count_task, Checked, Hooks, Kind, NoProgress, Options, Threads};
//! use nqueens_tasks::Task;
//! let board = Board::new(7).unwrap();
//! let opts = Options { threads: Threads::new(2).unwrap(), ..Options::sequential() };
//! let torus = Checked::new(Task::Variant(Variant::Torus), board, opts).unwrap();
//! let r = count_task(&torus, &Hooks::watching(&NoProgress)).unwrap();
//! assert_eq!((r.counts.total, r.counts.unique, r.search.subproblems), (28, 4, Some(7)));
//! // What a checkpoint records, read back.
//! let task = torus.task();
//! assert_eq!(Task::parse(&task.work(), task.solver()), Some(*task));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod puzzles;
mod task;
mod variants;

pub use task::Task;
pub use variants::classified;
