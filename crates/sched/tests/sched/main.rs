//! The scheduler's integration tests, one binary (one link of the crate and
//! its dependencies), a module per subject:
//! `cargo test -p nqueens-sched --test sched kinds::` runs one.

mod agree;
mod estimate;
