//! The verbs: each takes validated options, asks the scheduler, and writes
//! records through an export sink.

mod accessibility;
pub(crate) mod count;
pub(crate) mod dominate;
mod levels;
mod partial;
pub(crate) mod pawns;
mod pieces;
mod show;
mod solutions;
mod solve;
mod solvers;
mod space;
mod table;

use std::process::ExitCode;

use anyhow::Result;

use crate::bench;
use crate::cli::{Args, Command};
use crate::cluster;
pub use crate::verify::Mismatch;

pub fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Command::Count(a) => count::dispatch(a),
        Command::Table(a) => table::run(a.try_into()?),
        Command::Bench(a) => bench::run(a.try_into()?),
        Command::Plot(a) => bench::plot(a),
        Command::Solutions(a) => solutions::run(a),
        Command::Show(a) => show::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Dominate(a) => dominate::run(a),
        Command::Pawns(a) => pawns::run(a),
        Command::Pieces(a) => pieces::run(a),
        Command::Plan(a) => cluster::make::plan(a),
        Command::RunShard(a) => cluster::shard::run_shard(a),
        Command::Missing(a) => cluster::merge::missing(a),
        Command::Merge(a) => cluster::merge::merge(a),
        Command::Levels(a) => levels::run(a),
        Command::Space(a) => space::run(a),
        Command::Solvers(a) => solvers::run(a),
    }
}
