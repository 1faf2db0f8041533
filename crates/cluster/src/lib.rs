//! The cluster runner: a run of any kind of work cut into shards that any
//! cluster engine can run (Slurm job arrays, GNU parallel), each shard
//! idempotent and checkpointed, the merge verified.
//!
//! Each verb takes its checked values and answers with values; the door
//! (the command line) checks its arguments into them and prints the
//! answers, and keeps the progress bars and the signal handling:
//!
//! - [`MakePlan`] cuts a run into a [`Plan`] (`nqueens plan`), the
//!   versioned, hashed file every shard and every result is tied to;
//! - [`RunShards`] opens a [`Runner`] that counts shards one at a time
//!   into their result files ([`ShardResult`]), through their checkpoints
//!   (`run-shard`), under the caller's [`nqueens::Control`];
//! - [`ListMissing`] says which shards still lack a valid result
//!   ([`Missing`], `missing`);
//! - [`MergeShards`] checks every result against the plan and adds them
//!   up into one count ([`Merged`], `merge`), recounting some on request;
//! - [`ReportStatus`] says where a run stands ([`Status`], `status`).
//!
//! Records come back as the scheduler's named values
//! ([`nqueens_sched::Fields`]), in the order every format shows them
//! (docs/formats.md); what a runner has to say on the way is a [`Note`].
//!
//! ```
//! use nqueens_cluster::MakePlan;
//! let cut = MakePlan {
//!     task: nqueens_sched::solvers::default().clone(),
//!     board: nqueens_kernel::Board::new(12).unwrap(),
//!     shards: 4,
//!     depth: None,
//! };
//! let plan = cut.make()?;
//! // Four shards of subproblems and the symmetry shard, numbered 4.
//! assert_eq!((plan.ids(), plan.symmetry_shard()), (5, Some(4)));
//! assert!(plan.to_json().contains("\"format\": \"nqueens-plan\""));
//! # Ok::<(), anyhow::Error>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod independent;
mod make;
mod merge;
mod note;
mod plan;
mod result;
mod shard;
mod status;
mod survey;

pub use make::MakePlan;
pub use merge::{MergeShards, Merged};
pub use note::Note;
pub use plan::{Plan, ShardRange, Symmetry, MAX_SHARDS, PLAN_FORMAT, RESULT_FORMAT, VERSION};
pub use result::{array_syntax, ShardResult};
pub use shard::{Machine, Ran, RunShards, Runner, Shards};
pub use status::{ReportStatus, Status};
pub use survey::{results_dir, ListMissing, Missing, Survey};
