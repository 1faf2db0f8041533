//! `nqueens`: count, tabulate and benchmark n-queens solutions.
//!
//! Flow: `cli` parses, `request` validates, `commands` asks the scheduler and
//! hands plain records to `export`, which writes them in the chosen format.
#![forbid(unsafe_code)]

mod cli;
mod commands;
mod export;
mod io;
mod old_spellings;
mod render;
mod request;
mod run;
use nqueens::visible;

use std::io::{stderr, stdout, ErrorKind, Write};
use std::process::ExitCode;

use clap::Parser;

/// Exit code for bad usage and bad input.
const EXIT_USAGE: u8 = 2;
/// Exit code for a count that disagrees with the published value.
const EXIT_MISMATCH: u8 = 1;

fn main() -> ExitCode {
    stdout_failure_ends_quietly();
    if let Err(err) = io::catch_file_size_signal() {
        return fail(&err);
    }
    let args =
        match cli::Args::try_parse_from(old_spellings::rewrite(std::env::args_os().collect())) {
            Ok(args) => args,
            Err(e) => return clap_error(visible_clap_error(e)),
        };
    run::progress::set_quiet(args.quiet);
    let result = commands::run(args).and_then(|code| {
        // What is still buffered must reach stdout too, or fail here.
        stdout().flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => fail(&err),
    }
}

/// One line on stderr, and the exit code the error calls for.
fn fail(err: &anyhow::Error) -> ExitCode {
    // Every file the CLI touches names itself in its error's context; an
    // I/O error with no context at all comes from a bare `write!` to
    // standard output.
    let message = match err.downcast_ref::<std::io::Error>() {
        Some(e) if err.chain().count() == 1 => format!("cannot write to standard output: {e}"),
        _ => nqueens::one_line(err),
    };
    let _ = writeln!(stderr(), "nqueens: error: {}", visible::visible(&message));
    let kind = err
        .downcast_ref::<nqueens::Error>()
        .map(nqueens::Error::kind);
    ExitCode::from(if kind == Some(nqueens::ErrorKind::Mismatch) {
        EXIT_MISMATCH
    } else {
        EXIT_USAGE
    })
}

/// Help and version go to stdout as clap writes them (a failed write is an
/// error, a closed pipe is not); a usage error becomes one line naming the
/// verb's `--help`.
fn clap_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind as Clap;
    match e.kind() {
        Clap::DisplayHelp | Clap::DisplayVersion => {
            return match e.print().and_then(|()| stdout().flush()) {
                Err(w) if w.kind() != ErrorKind::BrokenPipe => fail(&w.into()),
                _ => ExitCode::SUCCESS,
            };
        }
        // `nqueens` alone: the help is what the user wants to read, on
        // stdout, and the failure is one line on stderr like any other.
        Clap::DisplayHelpOnMissingArgumentOrSubcommand => {
            let printed = write!(stdout(), "{}", e.render()).and_then(|()| stdout().flush());
            if let Err(w) = printed {
                if w.kind() != ErrorKind::BrokenPipe {
                    return fail(&w.into());
                }
            }
            let _ = writeln!(
                stderr(),
                "nqueens: error: no verb given (see 'nqueens --help')"
            );
            return ExitCode::from(EXIT_USAGE);
        }
        _ => {}
    }
    let message = one_line(&e.render().to_string());
    let message = visible::visible(&message);
    let _ = writeln!(
        stderr(),
        "nqueens: error: {message} (see '{}')",
        help_for_verb()
    );
    ExitCode::from(EXIT_USAGE)
}

/// clap's rendered error on one line: its message (a paragraph, sometimes
/// over two lines), then its tips ("a similar subcommand exists: 'count'",
/// "a similar argument exists: '--format'"), each after a `; `. The usage
/// and clap's "For more information, try '--help'" are left out: the line
/// ends with the verb's own help instead.
fn one_line(rendered: &str) -> String {
    let lines: Vec<&str> = rendered.lines().map(str::trim).collect();
    let paragraph: Vec<&str> = lines
        .iter()
        .copied()
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .collect();
    let mut message = paragraph.join(" ");
    if let Some(rest) = message.strip_prefix("error: ") {
        message = rest.to_string();
    }
    for tip in lines.iter().filter_map(|l| l.strip_prefix("tip: ")) {
        message.push_str("; ");
        message.push_str(tip);
    }
    message
}

/// Where a usage error sends the user: the verb's own help when the first
/// argument names a verb (`nqueens count --help`), else the verb list.
fn help_for_verb() -> String {
    use clap::CommandFactory;
    let command = cli::Args::command();
    let verb = std::env::args_os()
        .nth(1)
        .and_then(|a| a.into_string().ok())
        .and_then(|a| {
            command
                .find_subcommand(&a)
                .map(|c| c.get_name().to_string())
        })
        .filter(|v| v != "help");
    match verb {
        Some(v) => format!("nqueens {v} --help"),
        None => "nqueens --help".to_string(),
    }
}

/// clap quotes a bad argument into its message as typed, and a newline
/// in it would split the message: the same parse of the arguments with
/// their control characters escaped (`visible`) fails the same way and
/// quotes them escaped. Arguments that are not all UTF-8 keep clap's own
/// error, which does not quote them.
fn visible_clap_error(e: clap::Error) -> clap::Error {
    let Some(args) = std::env::args_os()
        .map(|a| a.into_string().ok())
        .collect::<Option<Vec<String>>>()
    else {
        return e;
    };
    if args.iter().all(|a| visible::visible(a) == a.as_str()) {
        return e;
    }
    let shown = args.iter().map(|a| visible::visible(a).into_owned().into());
    cli::Args::try_parse_from(old_spellings::rewrite(shown.collect()))
        .err()
        .unwrap_or(e)
}

/// A closed pipe (`nqueens table --to 20 | head`) ends output quietly.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|e| e.downcast_ref::<std::io::Error>())
        .any(|e| e.kind() == ErrorKind::BrokenPipe)
}

/// `println!` panics when standard output fails; this turns that panic
/// into the same quiet end (closed pipe) or one-line error (exit 2) as a
/// `write!` that returns the error. Any other panic keeps Rust's report.
fn stdout_failure_ends_quietly() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        match text.strip_prefix("failed printing to stdout: ") {
            Some(why) if why.contains("Broken pipe") => std::process::exit(0),
            Some(why) => {
                let _ = writeln!(
                    stderr(),
                    "nqueens: error: cannot write to standard output: {}",
                    visible::visible(why)
                );
                std::process::exit(i32::from(EXIT_USAGE));
            }
            None => default(info),
        }
    }));
}
