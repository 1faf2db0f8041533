//! The `nqueens` binary as a user runs it.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = nqueens()
        .args(args)
        .args(["--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn count_reports_every_required_key() {
    let v = json(&["count", "12", "--threads", "2"]);
    for key in [
        "n",
        "solver",
        "threads",
        "total",
        "unique",
        "fixed_180",
        "fixed_90",
        "nodes",
        "seconds",
    ] {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
    assert_eq!(
        (v["n"].as_u64(), v["total"].as_u64(), v["unique"].as_u64()),
        (Some(12), Some(14200), Some(1787))
    );
    assert_eq!(v["threads"], 2);
    assert_eq!(v["verified"], true);
    assert_eq!(v["solver"], "pairs", "the default solver");
}

#[test]
fn classic_solver_reproduces_the_course_figures() {
    let v = json(&["count", "8", "--solver", "classic"]);
    assert_eq!(
        (
            v["total"].as_u64(),
            v["calls"].as_u64(),
            v["iterations"].as_u64()
        ),
        (Some(92), Some(2056), Some(15720))
    );
    assert_eq!(v["unique"], 12);
    // It works for other n too: n = 6 has 4 solutions.
    assert_eq!(json(&["count", "6", "--solver", "classic"])["total"], 4);
}

#[test]
fn every_solver_thread_count_and_depth_gives_the_same_counts() {
    let reference = json(&["count", "11"]);
    for solver in ["pairs", "parallel", "mirror", "classic"] {
        for threads in ["1", "2", "3"] {
            let v = json(&["count", "11", "--solver", solver, "--threads", threads]);
            assert_eq!(
                (&v["total"], &v["unique"]),
                (&reference["total"], &reference["unique"]),
                "{solver} x {threads}"
            );
        }
    }
    for depth in 1..=11 {
        let v = json(&[
            "count",
            "11",
            "--depth",
            &depth.to_string(),
            "--threads",
            "2",
        ]);
        assert_eq!(
            (&v["total"], &v["nodes"]),
            (&reference["total"], &reference["nodes"]),
            "depth {depth}"
        );
    }
}

#[test]
fn count_text_and_csv_formats() {
    nqueens()
        .args(["count", "8"])
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"(?m)^total +92$").unwrap())
        .stdout(predicate::str::is_match(r"(?m)^unique +12$").unwrap());
    let out = nqueens()
        .args(["count", "9", "--format", "csv"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    let header: Vec<&str> = lines[0].split(',').collect();
    let row: Vec<&str> = lines[1].split(',').collect();
    let at = |k: &str| row[header.iter().position(|h| *h == k).unwrap()];
    assert_eq!((at("total"), at("unique")), ("352", "46"));
}

#[test]
fn table_reproduces_the_classical_table_and_notes_the_erratum() {
    let out = nqueens()
        .arg("table")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .take(12)
        .map(|l| l.split_whitespace().collect())
        .collect();
    let totals: Vec<&str> = rows.iter().map(|r| r[1]).collect();
    assert_eq!(
        totals,
        ["1", "0", "0", "2", "10", "4", "40", "92", "352", "724", "2680", "14200"]
    );
    assert!(rows.iter().all(|r| r[5] == "ok"), "{text}");
    assert!(text.contains("720"), "the printed copy's 720 is noted");
}

#[test]
fn table_formats_stream_one_record_per_board() {
    let out = nqueens()
        .args(["table", "--from", "4", "--to", "9", "--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[4]["total"], 92);
    assert_eq!(rows[4]["oeis"], "ok");
    nqueens()
        .args(["table", "--from", "8", "--to", "8", "--format", "markdown"])
        .assert()
        .success()
        .stdout(predicate::str::contains("| 8 | 92 | 12 |"));
    nqueens()
        .args(["table", "--from", "8", "--to", "9", "--format", "csv"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "n,total,unique,seconds,nodes,oeis,note\n8,92,12,",
        ));
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["count", "0"], "at least 1"),
        (&["count", "-3"], "at least 1, not -3"),
        (&["count", "abc"], "whole number"),
        (&["count", "99"], "limit of n = 32"),
        (
            &["count", "8", "--threads", "0"],
            "--threads must be at least 1",
        ),
        (
            &["count", "8", "--threads", "x"],
            "--threads must be a whole number",
        ),
        (&["count", "8", "--depth", "9"], "--depth 9 is out of range"),
        (&["count", "8", "--solver", "nope"], "unknown solver 'nope'"),
        (&["count", "8", "--format", "xml"], "invalid value 'xml'"),
        (&["table", "--from", "9", "--to", "3"], "empty range"),
        (&["table", "--to", "33"], "limit of n = 32"),
        (&["count"], "<N>"),
        (&["frobnicate"], "unrecognized subcommand"),
    ];
    for (args, needle) in cases {
        let out = nqueens().args(*args).assert().code(2).get_output().clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("nqueens: error: ") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    }
}

#[test]
fn every_verb_has_help_with_an_example() {
    for verb in ["count", "table", "solvers"] {
        nqueens().args([verb, "--help"]).assert().success().stdout(
            predicate::str::contains("Example")
                .and(predicate::str::contains(format!("nqueens {verb}"))),
        );
    }
    nqueens()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Examples"));
}

#[test]
fn solvers_are_listed_with_their_range() {
    nqueens().arg("solvers").assert().success().stdout(
        predicate::str::contains("parallel")
            .and(predicate::str::contains("classic"))
            .and(predicate::str::contains("n = 1..=32")),
    );
}

#[test]
fn no_progress_bar_reaches_a_pipe() {
    let out = nqueens()
        .args(["count", "13"])
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(
        out.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
