//! `nqueens`: count, tabulate and benchmark n-queens solutions.
//!
//! Flow: `cli` parses, `options` validates, `commands` asks the scheduler and
//! hands plain records to `export`, which writes them in the chosen format.
#![forbid(unsafe_code)]

mod cli;
mod cluster;
mod commands;
mod export;
mod machine;
mod options;
mod record;
mod render;
mod run;
mod verify;

// The run machinery's old paths, for the files that still name them.
use run::{memory, progress};

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

/// Exit code for bad usage and bad input.
const EXIT_USAGE: u8 = 2;
/// Exit code for a count that disagrees with the published value.
const EXIT_MISMATCH: u8 = 1;

fn main() -> ExitCode {
    let args = match cli::Args::try_parse() {
        Ok(args) => args,
        Err(e) => return clap_error(e),
    };
    match commands::run(args) {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(io::stderr(), "nqueens: error: {err:#}");
            ExitCode::from(if err.is::<commands::Mismatch>() {
                EXIT_MISMATCH
            } else {
                EXIT_USAGE
            })
        }
    }
}

/// Help and version go to stdout as clap writes them; a usage error becomes
/// one line naming the verb's `--help`.
fn clap_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let _ = e.print();
        return ExitCode::from(EXIT_USAGE);
    }
    // clap's message is a paragraph (sometimes over two lines) followed by
    // usage; keep the paragraph, on one line.
    let rendered = e.render().to_string();
    let paragraph: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .collect();
    let message = paragraph.join(" ");
    let message = message.trim_start_matches("error: ");
    let _ = writeln!(
        io::stderr(),
        "nqueens: error: {message} (see 'nqueens --help')"
    );
    ExitCode::from(EXIT_USAGE)
}

/// A closed pipe (`nqueens table --to 20 | head`) ends output quietly.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|e| e.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
