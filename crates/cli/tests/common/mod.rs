//! Helpers shared by the CLI test binaries (each compiles its own copy and
//! uses what it needs).
#![allow(dead_code)]

use assert_cmd::Command;

/// The `nqueens` binary under test.
pub fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

/// Runs `args` and checks a bad-input failure: exit code 2, one line on
/// stderr starting `nqueens: error:` and containing `needle`, nothing on
/// stdout, no panic.
pub fn assert_usage_error(args: &[&str], needle: &str) {
    let out = nqueens().args(args).assert().code(2).get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.starts_with("nqueens: error: ") && err.contains(needle),
        "{args:?}: {err}"
    );
    assert!(!err.contains("panicked"), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
}
