//! `bench --command`: outside solver programs timed beside the built-in
//! solvers. The project's two example programs (scripts/examples) give
//! right rows; a program that prints a wrong count, one that crashes, one
//! that exits non-zero and one that hangs each give one clear error, while
//! the other rows stay right and nothing already written is lost.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::{json_rows, nqueens, succeed};
use serde_json::Value;
use std::ffi::OsStr;

/// The workspace root, where scripts/examples lives.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "nqueens-bench-command-{name}-{}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The one run directory `bench --out base` made.
fn run_dir(base: &Path) -> PathBuf {
    let mut runs: Vec<PathBuf> = fs::read_dir(base)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(runs.len(), 1, "{runs:?}");
    runs.pop().unwrap()
}

fn rows_of<'a>(rows: &'a [Value], solver: &str) -> Vec<&'a Value> {
    rows.iter().filter(|r| r["solver"] == solver).collect()
}

/// Known totals (OEIS A000170), to check rows against.
const TOTALS: [u64; 11] = [0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724];

/// scripts/examples/plain.c built into `dir`.
fn plain_c(dir: &Path) -> PathBuf {
    let plain = dir.join("plain");
    let gcc = Command::new("gcc")
        .arg("-O3")
        .arg("-o")
        .arg(&plain)
        .arg(root().join("scripts/examples/plain.c"))
        .status()
        .expect("gcc runs (the C example needs it)");
    assert!(gcc.success());
    plain
}

#[test]
fn the_example_programs_give_right_rows_and_plot() {
    let dir = scratch("examples");
    let plain = plain_c(&dir);
    let queens_py = root().join("scripts/examples/queens.py");
    let base = dir.join("results");
    let out = nqueens()
        .args(["bench", "--solvers", "pairs", "--baseline", "pairs"])
        .args(["--from", "6", "--to", "8", "--repeat", "2"])
        .args(["--format", "json", "--out"])
        .arg(&base)
        .arg("--command")
        .arg(format!("c-plain={} {{n}}", plain.display()))
        .arg("--command")
        .arg(format!("python=python3 '{}' {{n}}", queens_py.display()))
        .assert()
        .success()
        .get_output()
        .clone();
    let rows = json_rows(&out.stdout);
    assert_eq!(rows.len(), 3 * 3, "pairs, c-plain, python at 3 sizes");
    for program in ["c-plain", "python"] {
        let mine = rows_of(&rows, program);
        assert_eq!(mine.len(), 3);
        for (row, n) in mine.iter().zip(6..) {
            assert_eq!(row["n"], n);
            assert_eq!(row["total"], TOTALS[n], "{row}");
            assert_eq!(row["oeis"], "ok", "{row}");
            assert_eq!(row["runs"], 2, "{row}");
            assert!(row["user_s"].as_f64().unwrap() >= 0.0, "{row}");
            assert!(row["max_rss_kib"].as_u64().unwrap() > 0, "{row}");
            assert!(row["unique"].is_null() && row["nodes"].is_null(), "{row}");
            assert!(row["speedup"].as_f64().unwrap() > 0.0, "{row}");
        }
    }
    let run = run_dir(&base);
    let raw = fs::read_to_string(run.join("raw.csv")).unwrap();
    assert_eq!(raw.lines().count(), 1 + 3 * 3 * 2, "{raw}");
    assert!(raw.contains("\n8,python,1,1,"), "{raw}");
    assert!(raw.contains(",process\n8,python,"), "{raw}");
    assert!(
        raw.contains(",92,,,"),
        "a program's row leaves unique and nodes empty: {raw}"
    );
    let readme = fs::read_to_string(run.join("README.md")).unwrap();
    for needle in ["program `c-plain`", "program `python`", "physical cores"] {
        assert!(readme.contains(needle), "{needle} missing from {readme}");
    }
    let summary = fs::read_to_string(run.join("summary.md")).unwrap();
    assert!(summary.contains("| 8 | python |"), "{summary}");
    let svg = dir.join("chart.svg");
    succeed([
        OsStr::new("plot"),
        run.as_os_str(),
        "--out".as_ref(),
        svg.as_os_str(),
    ]);
    assert!(fs::read_to_string(&svg).unwrap().contains("python"));
    fs::remove_dir_all(&dir).unwrap();
}

/// Writes a shell script the test runs as a solver program.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    format!("{name}=sh {} {{n}}", path.display())
}

#[test]
fn failing_programs_each_give_one_error_and_lose_nothing() {
    let dir = scratch("failing");
    let pidfile = dir.join("sleeper.pid");
    let commands = [
        format!("good={} {{n}}", plain_c(&dir).display()),
        script(&dir, "wrong", "echo 'solutions: 7'"),
        script(&dir, "crash", "echo 'about to crash' >&2\nkill -SEGV $$"),
        script(&dir, "failing", "echo 'no such board' >&2\nexit 3"),
        // The sleeper is the script's child: stopping the hang must kill
        // the program's whole process group, not only the script.
        script(
            &dir,
            "hang",
            &format!("sleep 100 &\necho $! > '{}'\nwait", pidfile.display()),
        ),
    ];
    let base = dir.join("results");
    let mut bench = nqueens();
    bench
        .args(["bench", "--solvers", "pairs", "--baseline", "pairs"])
        .args(["--from", "5", "--to", "7", "--repeat", "1"])
        .args(["--max-seconds", "2", "--format", "json", "--out"])
        .arg(&base);
    for c in &commands {
        bench.arg("--command").arg(c);
    }
    let start = Instant::now();
    let out = bench.assert().code(1).get_output().clone();
    let took = start.elapsed();
    // One hang of 2 s, then it is skipped; the rest is a few short runs.
    assert!(took < Duration::from_secs(8), "took {took:?}");

    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("nqueens: error: "), "{err}");
    for needle in [
        "command 'wrong' (sh ",
        "wrong.sh 5) at n = 5 printed 7; the known count is 10 (OEIS A000170)",
        "command 'crash' (sh ",
        "at n = 5 crashed: killed by signal 11 (SIGSEGV) (stderr: about to crash)",
        "command 'failing' (sh ",
        "at n = 5 exited with code 3 (stderr: no such board)",
        "command 'hang' (sh ",
        "at n = 5 was stopped after --max-seconds 2",
    ] {
        assert!(err.contains(needle), "{needle} missing from {err}");
    }
    assert!(!err.contains("good"), "{err}");
    assert_eq!(err.matches("command '").count(), 4, "one error each: {err}");

    let rows = json_rows(&out.stdout);
    assert_eq!(rows.len(), 3 * 6, "every solver has a row at every size");
    for solver in ["pairs", "good"] {
        for (row, n) in rows_of(&rows, solver).iter().zip(5..) {
            assert_eq!(row["total"], TOTALS[n], "{row}");
            assert_eq!(row["oeis"], "ok", "{row}");
        }
    }
    for program in ["wrong", "crash", "failing", "hang"] {
        let mine = rows_of(&rows, program);
        assert!(mine[0]["note"].as_str().unwrap().starts_with("failed: "));
        for row in &mine[1..] {
            assert_eq!(row["note"], "skipped: failed at n = 5", "{row}");
        }
    }
    assert_eq!(rows_of(&rows, "wrong")[0]["oeis"], "MISMATCH");
    assert_eq!(rows_of(&rows, "wrong")[0]["total"], 7);

    let run = run_dir(&base);
    let raw = fs::read_to_string(run.join("raw.csv")).unwrap();
    for n in 5..=7 {
        for solver in ["pairs", "good"] {
            assert!(
                raw.contains(&format!("\n{n},{solver},")),
                "{n} {solver} lost from {raw}"
            );
        }
    }
    let summary = fs::read_to_string(run.join("summary.md")).unwrap();
    assert!(summary.contains("| 7 | good |"), "{summary}");
    assert!(summary.contains("| 7 | hang |"), "{summary}");

    // The hang's background sleeper went with its process group.
    let sleeper = fs::read_to_string(&pidfile).unwrap();
    let proc_dir = PathBuf::from(format!("/proc/{}", sleeper.trim()));
    let gone = (0..50).any(|_| {
        std::thread::sleep(Duration::from_millis(20));
        fs::read_to_string(proc_dir.join("stat")).map_or(true, |s| s.contains(") Z "))
    });
    assert!(gone, "sleep {} still runs", sleeper.trim());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_commands_are_refused_before_anything_runs() {
    for (args, needle) in [
        (vec!["--command", "plain {n}"], "expected NAME=PROGRAM ARGS"),
        (
            vec!["--command", "pairs=./x {n}"],
            "'pairs' is already taken",
        ),
        (
            vec!["--command", "a=./x {n}", "--command", "a=./y {n}"],
            "'a' is already taken",
        ),
        (vec!["--command", "a=./x 8"], "no {n} (or {N}) in it"),
        (vec!["--command", "a=./x '{n}"], "missing closing quote"),
        (
            vec!["--command", "a=./x {n}", "--count-pattern", "("],
            "not a regular expression",
        ),
        (
            vec!["--command", "a=./x {n}", "--count-pattern", "n=\\d+"],
            "exactly one",
        ),
        (vec!["--count-pattern", "(\\d+)"], "there is none"),
    ] {
        let mut all = vec!["bench", "--from", "4", "--to", "5"];
        all.extend(args);
        crate::common::assert_usage_error(&all, needle);
    }
}

/// clap prints every `{n}` of a help text as a line break: the help shows
/// the placeholder as `{N}`, which runs too.
#[test]
fn the_help_shows_the_placeholder() {
    let help = crate::common::stdout(&["bench", "--help"]);
    assert!(help.contains("'NAME=PROGRAM ARGS {N}'"), "{help}");
    assert!(help.contains("--command 'c=./plain {N}'"), "{help}");
}
