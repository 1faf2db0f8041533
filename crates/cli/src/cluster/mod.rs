//! The cluster: a run of any kind of work cut into shards that any cluster
//! engine can run (Slurm job arrays, GNU parallel), each shard idempotent
//! and checkpointed, the merge verified.
//!
//! `plan` holds the plan file, `result` a shard's result file; the verbs
//! are `make` (`nqueens plan`), `shard` (`run-shard`) and `merge`
//! (`missing`, `merge`).

pub mod make;
pub mod merge;
pub mod plan;
pub mod result;
pub mod shard;
pub mod status;
