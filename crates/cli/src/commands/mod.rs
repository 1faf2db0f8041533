//! The verbs: each takes validated options, asks the scheduler, and writes
//! records through an export sink.

mod bench;
mod completions;
mod count;
mod dominate;
mod man;
mod pawns;
pub mod pieces;
mod plot;
mod shard;
mod show;
mod solutions;
mod solve;
mod solvers;
mod table;

use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{Args, Command};

/// A computed count that disagrees with the published table: never a
/// footnote, always a failing exit code.
#[derive(Debug)]
pub struct Mismatch(pub String);

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Mismatch {}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Command::Count(a) => count::dispatch(a),
        Command::Table(a) => table::run(a.try_into()?),
        Command::Bench(a) => bench::run(a.try_into()?),
        Command::Plot(a) => plot::run(a),
        Command::Solutions(a) => solutions::run(a),
        Command::Show(a) => show::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Dominate(a) => dominate::run(a),
        Command::Pawns(a) => pawns::run(a),
        Command::Pieces(a) => pieces::run(a),
        Command::Plan(a) => shard::plan(a),
        Command::RunShard(a) => shard::run_shard(a),
        Command::Missing(a) => shard::missing(a),
        Command::Merge(a) => shard::merge(a),
        Command::Solvers => solvers::run(),
        Command::Completions { shell } => completions::run(shell),
        Command::Man => man::run(),
    }
}
