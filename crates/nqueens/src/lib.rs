//! The nqueens engine as a library: what the `nqueens` command and the
//! Python module call, and what a Rust program adds to its `Cargo.toml`.
//!
//! A request holds its values as the user gave them ([`CountRequest`],
//! [`TableRequest`], [`EstimateRequest`]); [`CountRequest::check`] and its
//! kin check them once into typed values (a board, threads, a depth, a
//! memory budget, a seed), refusing bad input with one escaped line
//! ([`Error`], the same words from every door). The puzzles come the same
//! way ([`DominateRequest`], [`PawnsRequest`], [`PiecesRequest`]). The checked work runs
//! under its memory budget ([`Budget`]: three quarters of the memory
//! available unless asked otherwise, never more than `ulimit -v` leaves)
//! and a cancellation token ([`Cancel`]), reports progress to an optional
//! callback ([`Control`]), and answers with one record ([`CountRecord`],
//! [`EstimateRecord`], [`DominateRecord`], [`PawnsRecord`],
//! [`PiecesRecord`]), its counts checked against OEIS. Every verb's
//! answer is such a record ([`SolveRecord`], [`LevelRecord`],
//! [`SpaceRecord`], a listing's [`listing::SolutionRecord`] per
//! solution...), and every record is a serde value: the JSON object the
//! command line prints for it.
//!
//! ```
//! use nqueens::{Control, CountRequest, Run, Spelling};
//! let run = Run { threads: Some("2".into()), max_memory: None };
//! let request = CountRequest { run, ..CountRequest::new(12) };
//! let record = request.check()?.run(&Control::new())?;
//! assert_eq!((record.total.solutions, record.total.unique), (14200, 1787));
//! assert_eq!(record.verified, Some(true));
//!
//! // Bad input is refused before any work, in the words of every door.
//! let e = CountRequest::new(33).check().unwrap_err();
//! assert_eq!(e.to_string(), "n must be a whole number from 1 to 32 for solver halves, not 33");
//! let run = Run { threads: Some("0".into()), max_memory: None };
//! let e = CountRequest { run, spelling: Spelling::Keywords, ..CountRequest::new(8) };
//! assert_eq!(e.check().unwrap_err().to_string(), "threads must be a whole number from 1 to 1024, not 0");
//! # Ok::<(), nqueens::Error>(())
//! ```
//!
//! The layers below are crates of their own: `nqueens-sched` (the
//! scheduler: splits and fans out over rayon), `nqueens-kernel` (the
//! bit-parallel counting kernel), `nqueens-puzzles` (the variants and
//! puzzles), `nqueens-tasks` (the catalogue of kinds of count) and
//! `nqueens-files` (checkpoints). Their types that a request's answer
//! holds are re-exported here.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod budget;
mod cancel;
mod control;
mod count;
pub mod dominate;
mod error;
mod estimate;
pub mod listing;
pub mod machine;
pub mod number;
mod options;
pub mod pawns;
mod pieces;
pub mod placement;
mod puzzles;
pub mod reference;
mod serialized;
mod session;
pub mod solutions;
pub mod solve;
mod solvers;
mod spelling;
pub mod squares;
mod table;
pub mod verify;

pub use budget::Budget;
pub use cancel::Cancel;
pub use control::Control;
pub use count::{solver, task, Count, CountRecord, CountRequest};
pub use dominate::{Dominate, DominateRecord, DominateRequest};
pub use error::{one_line, Error, ErrorKind};
pub use estimate::{Estimate, EstimateRecord, EstimateRequest, DEFAULT_SAMPLES};
pub use listing::{Listing, SolutionsRequest};
pub use options::{Run, Unused};
pub use pawns::{Pawns, PawnsRecord, PawnsRequest};
pub use pieces::{Pieces, PiecesRecord, PiecesRequest};
pub use puzzles::Counting;
pub use reference::{LevelRecord, Levels, LevelsRequest, Space, SpaceRecord, SpaceRequest};
pub use solutions::Collected;
pub use solve::{Method, Solve, SolveRecord, SolveRequest};
pub use solvers::solvers;
pub use spelling::Spelling;
pub use table::{Table, TableRequest};

pub use nqueens_files::checkpoint::Checkpoint;
/// The one writer and the bounded reader of every file a door writes or
/// reads back (`nqueens-files`).
pub use nqueens_files::io;
/// Control characters made visible (`\x1b`), in messages and names.
pub use nqueens_files::visible;
pub use nqueens_kernel::{Board, MAX_N};
pub use nqueens_puzzles::pieces::Piece;
pub use nqueens_puzzles::variant::Variant;
/// The solvers' catalogue, the default first (`nqueens solvers`).
pub use nqueens_sched::solvers::all as catalogue;
pub use nqueens_sched::{Fields, Kind, Object, Options, Search, Threads, Total, Value, Watch};

/// The examples of docs/library.md, run as doc tests so the page cannot
/// go stale.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
struct LibraryPage;
