//! `nqueens dominate N`: the fewest queens that occupy or attack every
//! square (the domination number, OEIS A075458), one such placement, and
//! with `--count` how many there are (OEIS A002564).
//!
//! The library's search ([`nqueens::Dominate`]) finds the minimum
//! exactly; `--count` fans its independent parts out over the threads
//! behind a progress bar on a terminal. Its record is printed, then
//! checked against the published values where they are known: a
//! disagreement fails the run (exit code 1).
//!
//! Squares are named as everywhere in this tool (`render`): file letter and
//! rank number, `A1` in the corner drawn bottom left.

use std::process::ExitCode;

use anyhow::Result;
use nqueens::Control;

use crate::export::{self, Plain, Value};
use crate::render;
use crate::request::Dominate;
use crate::run::session;

pub fn run(req: Dominate) -> Result<ExitCode> {
    let d = &req.dominate;
    let n = d.board().n();
    let record = match d.count() {
        Some(_) => session::run(format!("dominate {n}"), |c| d.run(c))?,
        None => d.run(&Control::new())?,
    };
    let line = Value::Squares(record.placement.clone()).plain();
    let drawn: Vec<_> = record.placement.iter().map(|&s| (s, 'Q')).collect();
    export::print_placed(
        req.format,
        &record.fields(),
        &render::pieces(n, &drawn),
        &line,
    )?;
    record.check()?;
    Ok(ExitCode::SUCCESS)
}
