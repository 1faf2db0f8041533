//! Helpers shared by the CLI's test modules (`crate::common`).

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

/// Runs `args`, checks it succeeds with nothing on stderr, and returns its
/// stdout.
pub fn stdout(args: &[&str]) -> String {
    let out = nqueens().args(args).assert().success().get_output().clone();
    assert!(
        out.stderr.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `args` with `--format json` and parses its one line of output.
pub fn json(args: &[&str]) -> serde_json::Value {
    let text = stdout(&[args, &["--format", "json"]].concat());
    assert_eq!(text.lines().count(), 1, "one object on one line: {text}");
    serde_json::from_str(&text).unwrap()
}

/// The named fields of a JSON record, each a whole number.
pub fn fields(v: &serde_json::Value, keys: &[&str]) -> Vec<u64> {
    keys.iter()
        .map(|k| {
            v[k].as_u64()
                .unwrap_or_else(|| panic!("{k} is no whole number in {v}"))
        })
        .collect()
}

/// Runs `args`, checks it succeeds, and returns its stdout's lines (stderr
/// may hold a summary, as `--verify` writes).
pub fn lines(args: &[&str]) -> Vec<String> {
    succeed(args).lines().map(String::from).collect()
}

/// Parses JSON lines: one object a line.
pub fn json_rows(stdout: &[u8]) -> Vec<serde_json::Value> {
    std::str::from_utf8(stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Runs `args`, checks its exit code is `code`, and returns its stdout and
/// stderr.
pub fn output(args: &[&str], code: i32) -> (String, String) {
    let out = nqueens()
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .clone();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs the arguments (paths among them), checks it succeeds, and returns
/// its stdout.
pub fn succeed<I, S>(args: I) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let out = nqueens().args(args).assert().success().get_output().clone();
    String::from_utf8(out.stdout).unwrap()
}

/// The verbs as `nqueens --help` lists them, `help` left out, so that the
/// tests that go over every verb cover a new one without being touched.
pub fn verbs() -> Vec<String> {
    let help = stdout(&["--help"]);
    let verbs: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        // A long description wraps onto lines indented further.
        .filter_map(|l| l.strip_prefix("  ").filter(|v| !v.starts_with(' ')))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|v| *v != "help")
        .map(str::to_string)
        .collect();
    assert!(verbs.len() >= 20, "too few verbs in --help: {verbs:?}");
    for verb in ["count", "table", "bench", "completions", "man"] {
        assert!(verbs.iter().any(|v| v == verb), "{verb} not in {verbs:?}");
    }
    verbs
}
