//! The verbs: each takes its validated request (`crate::request`), asks the scheduler, and writes
//! records through an export sink.

mod accessibility;
mod bench;
mod cluster;
mod completions;
pub(crate) mod count;
pub(crate) mod dominate;
mod estimate;
mod levels;
mod man;
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

use crate::cli::{Args, Command};

pub fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Command::Count(a) => count::run(a.try_into()?),
        Command::Table(a) => table::run(a.try_into()?),
        Command::Bench(a) => bench::run((*a).try_into()?),
        Command::Plot(a) => bench::plot(a.try_into()?),
        Command::Solutions(a) => solutions::run(a.try_into()?),
        Command::Show(a) => show::run(a.try_into()?),
        Command::Solve(a) => solve::run(a.try_into()?),
        Command::Dominate(a) => dominate::run(a.try_into()?),
        Command::Pawns(a) => pawns::run(a.try_into()?),
        Command::Pieces(a) => pieces::run(a.try_into()?),
        Command::Plan(a) => cluster::plan(a.try_into()?),
        Command::RunShard(a) => cluster::run_shard(a.try_into()?),
        Command::Missing(a) => cluster::missing(a.try_into()?),
        Command::Merge(a) => cluster::merge(a.try_into()?),
        Command::Status(a) => cluster::status(a.try_into()?),
        Command::Estimate(a) => estimate::run(a.try_into()?),
        Command::Levels(a) => levels::run(a.try_into()?),
        Command::Space(a) => space::run(a.try_into()?),
        Command::Solvers(a) => solvers::run(a),
        Command::Completions { shell } => completions::run(shell),
        Command::Man => man::run(),
    }
}
