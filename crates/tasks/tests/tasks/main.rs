//! The catalogue's integration tests, one binary, a module per subject:
//! `cargo test -p nqueens-tasks --test tasks kinds::` runs one.

mod kinds;
