//! `nqueens solve` as a user runs it: every method, both formats, `--out`,
//! the boards without a solution and bad input.

use crate::common::{assert_usage_error, fields, json, nqueens, stdout, succeed};

use std::path::{Path, PathBuf};

use predicates::prelude::*;
use serde_json::Value;

/// The 1-based columns of a vector line.
fn vector(text: &str) -> Vec<usize> {
    assert!(
        text.ends_with('\n') && text.lines().count() == 1,
        "{text:?}"
    );
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

/// An independent, quadratic check of 1-based columns.
fn is_solution(columns: &[usize]) -> bool {
    let n = columns.len();
    n > 0
        && columns.iter().all(|&c| (1..=n).contains(&c))
        && (0..n).all(|i| {
            (i + 1..n).all(|j| {
                let d = columns[i].abs_diff(columns[j]);
                d != 0 && d != j - i
            })
        })
}

fn columns_of(v: &Value) -> Vec<usize> {
    v["placement"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap() as usize)
        .collect()
}

/// Checks an answer without a solution: exit code 1, one line on stderr;
/// the vector format writes nothing, json its record with `found` false
/// and the same reason in `note`.
fn assert_no_solution(args: &[&str], needle: &str) {
    let out = nqueens().args(args).assert().code(1).get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.starts_with("nqueens: ") && err.contains(needle),
        "{args:?}: {err}"
    );
    if args.contains(&"json") {
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["found"], false, "{v}");
        assert!(v["note"].as_str().unwrap().contains(needle), "{v}");
        assert!(v.get("placement").is_none(), "{v}");
    } else {
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("nqueens-solve-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn every_method_solves_small_boards() {
    for method in [
        "construct",
        "min-conflicts",
        "heuristic",
        "random",
        "backtrack",
    ] {
        for n in ["1", "4", "8", "13"] {
            let columns = vector(&stdout(&["solve", n, "--method", method]));
            assert_eq!(columns.len().to_string(), n, "{method}");
            assert!(is_solution(&columns), "{method} n = {n}: {columns:?}");
        }
    }
    for method in [
        "construct",
        "construct-mod6",
        "min-conflicts",
        "heuristic",
        "backtrack",
    ] {
        let columns = vector(&stdout(&["solve", "20", "--method", method]));
        assert!(is_solution(&columns), "{method} n = 20: {columns:?}");
    }
}

#[test]
fn the_default_is_the_construction_and_backtrack_finds_the_first_solution() {
    // Article 003's rule by n mod 12, in this tool's row -> column reading.
    assert_eq!(stdout(&["solve", "8"]), "6 1 5 2 8 3 7 4\n");
    assert_eq!(
        stdout(&["solve", "8", "--method", "construct-mod6"]),
        "4 6 8 2 7 1 3 5\n"
    );
    assert_eq!(
        stdout(&["solve", "8", "--method", "backtrack"]),
        "1 5 8 6 3 7 2 4\n"
    );
}

#[test]
fn json_reports_the_work_of_each_method() {
    let common = [
        "n",
        "method",
        "found",
        "seconds",
        "steps",
        "valid",
        "placement",
    ];
    let cases: &[(&str, &[&str])] = &[
        ("construct", &[]),
        ("min-conflicts", &["seed", "restarts"]),
        ("swap", &["seed", "restarts"]),
        ("heuristic", &["backtracks"]),
        ("random", &["seed", "attempts"]),
        ("backtrack", &["backtracks"]),
    ];
    for (method, extra) in cases {
        let v = json(&["solve", "8", "--method", method]);
        for key in common.iter().chain(extra.iter()) {
            assert!(v.get(key).is_some(), "{method}: missing {key} in {v}");
        }
        assert_eq!(v["n"], 8);
        assert_eq!(v["method"], *method);
        assert_eq!(
            (&v["valid"], &v["found"]),
            (&Value::Bool(true), &Value::Bool(true))
        );
        assert!(v["seconds"].as_f64().unwrap() >= 0.0);
        assert!(is_solution(&columns_of(&v)), "{v}");
    }
    let v = json(&["solve", "8", "--method", "backtrack"]);
    assert_eq!(fields(&v, &["steps", "backtracks"]), [113, 105]);
    let v = json(&["solve", "8", "--method", "random", "--seed", "5"]);
    assert_eq!(v["seed"], 5);
    assert!(v["attempts"].as_u64().unwrap() >= 1);
    assert_eq!(
        json(&["solve", "8", "--method", "min-conflicts"])["seed"],
        0
    );
}

/// `--method swap` is the former `--method min-conflicts` (pair swaps in a
/// permutation), with the same output for the same seed: these were
/// min-conflicts' answers before 2026-11-25.
#[test]
fn swap_keeps_the_former_min_conflicts_output() {
    assert_eq!(
        stdout(&["solve", "20", "--method", "swap", "--seed", "3"]),
        "15 10 14 19 1 4 6 3 11 16 18 13 2 5 20 8 17 12 9 7\n"
    );
    let v = json(&["solve", "1000", "--method", "swap", "--seed", "7"]);
    assert_eq!(fields(&v, &["steps", "restarts"]), [12, 0]);
    assert!(is_solution(&columns_of(&v)));
}

/// Article 003's repair: a valid solution, and steps that are the moves
/// of the repair (recounted move by move in the puzzles crate's tests).
#[test]
fn min_conflicts_is_the_articles_repair() {
    for (n, seed) in [("8", "0"), ("50", "3"), ("5000", "11")] {
        let v = json(&["solve", n, "--method", "min-conflicts", "--seed", seed]);
        assert_eq!(v["method"], "min-conflicts");
        assert!(is_solution(&columns_of(&v)), "n = {n}: {v}");
        assert!(v["steps"].as_u64().is_some() && v["restarts"].as_u64().is_some());
    }
    // From a greedy start few queens are left to move.
    let v = json(&["solve", "20000", "--method", "min-conflicts", "--seed", "1"]);
    assert!(v["steps"].as_u64().unwrap() < 200, "{v}");
}

#[test]
fn min_conflicts_is_reproducible_on_a_large_board() {
    let run = |seed: &str| {
        stdout(&[
            "solve",
            "100000",
            "--method",
            "min-conflicts",
            "--seed",
            seed,
        ])
    };
    let (a, b) = (run("42"), run("42"));
    assert_eq!(a, b, "the same seed gives the same solution");
    let columns = vector(&a);
    assert_eq!(columns.len(), 100_000);
    let mut seen = vec![false; columns.len() + 1];
    assert!(columns
        .iter()
        .all(|&c| !std::mem::replace(&mut seen[c], true)));
    assert_ne!(a, run("43"));
    // The default seed is 0.
    let args = ["solve", "500", "--method", "min-conflicts"];
    assert_eq!(
        stdout(&args),
        stdout(&[&args[..], &["--seed", "0"]].concat())
    );
}

#[test]
fn out_writes_the_file_and_a_summary() {
    let dir = temp_dir("out");
    let file = dir.join("queens.txt");
    let args = ["solve", "1000", "--method", "min-conflicts", "--seed", "7"];
    let with_out = |extra: &[&str], file: &std::path::Path| {
        let mut all: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
        all.extend(extra.iter().map(std::ffi::OsStr::new));
        all.extend(["--out".as_ref(), file.as_os_str()]);
        succeed(all)
    };
    let summary = with_out(&[], &file);
    assert_eq!(summary.lines().count(), 1, "{summary}");
    for needle in [
        "n=1000",
        "method=min-conflicts",
        "seconds=",
        "steps=",
        "valid=true",
    ] {
        assert!(summary.contains(needle), "{needle} missing from {summary}");
    }
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written, stdout(&args), "the file holds what stdout would");

    // JSON: the file has the columns, the terminal the summary object.
    let file = dir.join("queens.json");
    let out = with_out(&["--format", "json"], &file);
    let summary: Value = serde_json::from_str(&out).unwrap();
    assert!(summary.get("placement").is_none(), "{summary}");
    assert_eq!(
        (&summary["n"], &summary["valid"]),
        (&Value::from(1000), &Value::Bool(true))
    );
    let full: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(is_solution(&columns_of(&full)));
    assert_eq!(columns_of(&full), vector(&written));

    // No temporary file is left next to them.
    assert_eq!(listing(&dir), ["queens.json", "queens.txt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn boards_without_a_solution_exit_1() {
    assert_no_solution(&["solve", "2"], "no solution exists for n = 2");
    assert_no_solution(
        &[
            "solve",
            "3",
            "--method",
            "min-conflicts",
            "--format",
            "json",
        ],
        "no solution exists for n = 3",
    );
    assert_no_solution(
        &["solve", "3", "--method", "backtrack"],
        "no solution exists for n = 3",
    );
    assert_no_solution(
        &["solve", "14", "--method", "random", "--max-attempts", "10"],
        "gave up after 10 random placements",
    );
    // --out: nothing is left behind.
    let dir = temp_dir("none");
    let file = dir.join("two.txt");
    nqueens()
        .args(["solve", "2", "--out"])
        .arg(&file)
        .assert()
        .code(1);
    assert!(listing(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["solve", "0"],
            "n must be a whole number from 1 to 10000000 for the construct method, not 0",
        ),
        (&["solve", "-3"], "for the construct method, not -3"),
        (
            &["solve", "abc"],
            "n must be a whole number from 1 to 10000000 for the construct method, not 'abc'",
        ),
        (
            &["solve", "10000001"],
            "from 1 to 10000000 for the construct method, not 10000001",
        ),
        (
            &["solve", "8", "--method", "random", "--seed", "junk"],
            "--seed must be a whole number",
        ),
        (
            &["solve", "8", "--method", "min-conflicts", "--seed", "-1"],
            "--seed must be a whole number from 0 to 18446744073709551615",
        ),
        (
            &["solve", "8", "--seed", "1"],
            "--seed applies to the methods that draw random numbers",
        ),
        (
            &["solve", "8", "--method", "random", "--max-attempts", "0"],
            "--max-attempts must be a whole number of at least 1, not 0",
        ),
        (
            &["solve", "8", "--max-attempts", "5"],
            "--max-attempts applies to the methods that give up (random)",
        ),
        (
            &["solve", "8", "--out", "/proc/x/y.txt"],
            "cannot write --out /proc/x/y.txt",
        ),
        (
            &["solve", "43", "--method", "heuristic"],
            "from 1 to 42 for the heuristic method",
        ),
        (
            &["solve", "34", "--method", "backtrack"],
            "from 1 to 33 for the backtrack method",
        ),
        (
            &["solve", "8", "--method", "guess"],
            "invalid value 'guess'",
        ),
        (&["solve", "8", "--format", "xml"], "invalid value 'xml'"),
        (&["solve"], "<N>"),
    ];
    for (args, needle) in cases {
        assert_usage_error(args, needle);
    }
}

#[test]
fn an_unwritable_out_leaves_nothing_behind() {
    let dir = temp_dir("bad");
    assert_usage_error(
        &["solve", "8", "--out", dir.to_str().unwrap()],
        "it is a directory",
    );
    let missing = dir.join("no-such-dir").join("x.txt");
    assert_usage_error(
        &["solve", "8", "--out", missing.to_str().unwrap()],
        "cannot write --out",
    );
    assert!(listing(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_has_help_with_examples() {
    nqueens()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("nqueens solve")
                .and(predicate::str::contains("min-conflicts"))
                .and(predicate::str::contains("--max-attempts"))
                // Both repairs, each described, and both seeded.
                .and(predicate::str::contains("swap:"))
                .and(predicate::str::contains("article 003's iterative repair"))
                .and(predicate::str::contains("(min-conflicts, swap, random)")),
        );
}

/// `--base 0` writes the same vector numbered from 0 (002's and 003's
/// programs), short or long (the long one takes the chunked path).
#[test]
fn base_zero_numbers_the_vector_from_zero() {
    for n in ["8", "5000"] {
        let ones: Vec<u64> = stdout(&["solve", n])
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        let zeros: Vec<u64> = stdout(&["solve", n, "--base", "0"])
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        assert_eq!(
            zeros,
            ones.iter().map(|c| c - 1).collect::<Vec<_>>(),
            "n = {n}"
        );
    }
    assert_usage_error(
        &["solve", "8", "--base", "0", "--format", "csv"],
        "--base 0 numbers the vector; --format csv numbers from 1",
    );
    assert_usage_error(
        &["solve", "8", "--base", "2"],
        "--base must be a whole number from 0 to 1",
    );
}

/// `solve --help` names the largest n of each method that stops short of
/// 10^7, and each takes that n and refuses the next (P20: the heuristic
/// stopped at n = 42 while the help said any n up to 10^7).
#[test]
fn the_help_names_each_methods_limit_and_keeps_it() {
    let help = crate::common::stdout(&["solve", "--help"]);
    assert!(help.contains("any n up to 10^7 by construction or repair, smaller n by search"));
    let text = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for (method, limit) in [("heuristic", 42), ("accessibility", 50), ("backtrack", 33)] {
        let at = text.find(&format!("- {method}:")).unwrap();
        let line = &text[at..];
        let end = line[2..].find(" - ").map_or(line.len(), |e| e + 2);
        assert!(
            line[..end].contains(&format!("(n up to {limit})")),
            "{method}: {}",
            &line[..end]
        );
        let over = (limit + 1).to_string();
        crate::common::assert_usage_error(
            &["solve", &over, "--method", method],
            &format!("from 1 to {limit}"),
        );
    }
    let solved = crate::common::stdout(&["solve", "42", "--method", "heuristic"]);
    assert_eq!(solved.split_whitespace().count(), 42, "{solved}");
}
