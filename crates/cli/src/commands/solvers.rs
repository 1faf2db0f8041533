//! `nqueens solvers`: the counting methods.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;

pub fn run() -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    let all = nqueens_sched::solvers::all();
    let w = all.iter().map(|s| s.name().len()).max().unwrap_or(0);
    for (i, s) in all.iter().enumerate() {
        let default = if i == 0 { " (default)" } else { "" };
        writeln!(
            out,
            "{:<w$}  n = 1..={:<3} {}{default}",
            s.name(),
            s.max_n(),
            s.description()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
