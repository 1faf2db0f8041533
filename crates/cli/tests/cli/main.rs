//! The CLI's integration tests: one test binary (one link of its
//! dependencies, where a binary per file linked them 23 times), a module per
//! subject, each running the built `nqueens` (`CARGO_BIN_EXE_nqueens`).
//! One module's tests: `cargo test -p nqueens-cli --test cli fuzz_files::`;
//! one test: add its name after the module's.
//!
//! The modules share one process and run on parallel threads: none sets an
//! environment variable, changes the current directory or a signal's
//! disposition, and each scratch directory is named after its module (and
//! the process id). The two fuzzers, each running four workers, take turns
//! (`fuzz::harness::one_fuzzer_at_a_time`), as their binaries did.

mod common;
mod excerpts;
mod forgery;
mod page;

mod bench_command;
mod bench_fair;
mod boundary;
mod checkpoint;
mod cli;
mod completions;
mod docs_examples;
mod dominate;
mod estimate;
mod faults;
mod formats;
mod formats_seeds;
mod fuzz;
mod fuzz_files;
mod fuzz_forgeries;
mod fuzz_interrupts;
mod hostile;
mod memory;
mod pawns;
mod pieces;
mod seeds;
mod seeds_counts;
mod seeds_listings;
mod shards;
mod solutions;
mod solve;
mod variants;
