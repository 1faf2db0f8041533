//! `nqueens pawns N --queens Q`: Q queens, no two attacking, with the
//! fewest pawns blocking their lines; one such placement, and with
//! `--count` how many there are (with Q = N + 1 and one pawn, OEIS A103330).
//!
//! The library's search ([`nqueens::Pawns`]) finds the fewest pawns
//! exactly; `--count` fans the counting search out over the threads
//! behind a progress bar on a terminal. With `Q = N + 1` the results are
//! compared with A103330 where it is known, after the record is printed.
//!
//! The limits on `N` and `Q` are measured and declared beside the search
//! and checked by the library's request ([`nqueens::PawnsRequest`]).

use std::process::ExitCode;

use anyhow::Result;
use nqueens::{Control, PawnsRecord};

use crate::export::{self, Plain, Value};
use crate::render;
use crate::request::Pawns;
use crate::run::session;

pub fn run(req: Pawns) -> Result<ExitCode> {
    let p = &req.pawns;
    let n = p.board().n();
    let record = match p.count() {
        Some(_) => {
            let label = format!("pawns {n} --queens {}", p.queens());
            session::run(label, |c| p.run(c))?
        }
        None => p.run(&Control::new())?,
    };
    let squares = format!(
        "queens {} pawns {}",
        Value::Squares(record.placement.clone()).plain(),
        Value::Squares(record.pawns_placement.clone()).plain()
    );
    export::print_placed(
        req.format,
        &record.fields(),
        &render::pieces(n, &pieces(&record)),
        squares.trim_end(),
    )?;
    record.check()?;
    Ok(ExitCode::SUCCESS)
}

/// The pieces to draw: `Q` and `P`.
fn pieces(r: &PawnsRecord) -> Vec<((usize, usize), char)> {
    let queens = r.placement.iter().map(|&s| (s, 'Q'));
    queens
        .chain(r.pawns_placement.iter().map(|&s| (s, 'P')))
        .collect()
}
