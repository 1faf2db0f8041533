//! `nqueens completions SHELL`: the shell's completion script, generated
//! from the clap definitions so it never lags behind a new verb or flag.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Args;

pub fn run(shell: Shell) -> Result<ExitCode> {
    let mut cmd = Args::command();
    // Render into memory first: clap_complete panics on a write error, and a
    // closed pipe must end quietly as it does for every other verb.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "nqueens", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
