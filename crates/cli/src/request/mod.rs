//! The boundary: each verb's raw arguments (`cli`) turned into one
//! validated request before any work starts.
//!
//! Limits are not written here: each is declared by the code that owns it
//! (a solver its n range and split depths, a piece, a variant, a solve
//! method, the domination and pawns searches theirs) and checked here
//! against that declaration, so a message names the limit actually
//! applied and quotes the value as typed ([`nqueens::number`]). An option the
//! chosen work does not use is refused with the reason, never ignored.

mod bench;
mod cluster;
mod count;
mod estimate;
mod pieces;
mod puzzles;
mod run;
mod seeds;
mod show;
mod solutions;
mod solve;

pub use bench::{Bench, Plot};
pub use cluster::{Merge, Missing, RunShard, Status};
pub use count::{Count, Table};
pub use estimate::Estimate;
pub use pieces::Pieces;
pub use puzzles::{Dominate, Pawns};
pub use seeds::{Levels, Space};
pub use show::{PartialBoard, Show};
pub use solutions::Solutions;
pub use solve::Solve;

/// A format's name as `--format` spells it.
fn value_name(v: impl clap::ValueEnum) -> String {
    v.to_possible_value()
        .map_or_else(String::new, |p| p.get_name().to_string())
}

/// `--base 0|1`: the number of the first row and column [default: 1].
fn base(text: Option<&str>) -> anyhow::Result<u8> {
    text.map_or(Ok(1), |t| {
        nqueens::number::whole(
            t,
            "--base",
            0..=1,
            " (rows and columns are numbered from 0 or from 1)",
        )
        .map(|b| b as u8)
        .map_err(Into::into)
    })
}
