//! `nqueens solutions` and `nqueens show` as a user runs them.

use crate::common::{assert_usage_error, lines, nqueens};

use std::io::{BufRead, BufReader, Read};
use std::process::{Command as Process, Stdio};

use serde_json::Value;

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "nqueens-solutions-test-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn all_92_eight_queens_solutions_in_lexicographic_order() {
    let all = lines(&["solutions", "8"]);
    assert_eq!(all.len(), 92);
    assert_eq!(all[0], "1 5 8 6 3 7 2 4");
    assert_eq!(all[91], "8 4 1 3 6 2 7 5");
    let parsed: Vec<Vec<u32>> = all
        .iter()
        .map(|l| l.split(' ').map(|c| c.parse().unwrap()).collect())
        .collect();
    assert!(
        parsed.windows(2).all(|w| w[0] < w[1]),
        "strictly increasing"
    );
}

#[test]
fn unique_lists_the_12_fundamental_solutions_with_their_orbits() {
    let rows: Vec<Value> = lines(&["solutions", "8", "--unique", "--format", "json"])
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 12);
    let orbits: Vec<u64> = rows.iter().map(|r| r["orbit"].as_u64().unwrap()).collect();
    assert_eq!(orbits.iter().filter(|&&o| o == 8).count(), 11);
    assert_eq!(orbits.iter().filter(|&&o| o == 4).count(), 1);
    assert_eq!(orbits.iter().sum::<u64>(), 92);
    assert_eq!(
        rows[0]["placement"],
        serde_json::json!([1, 5, 8, 6, 3, 7, 2, 4])
    );
    // The text formats end each line with the orbit.
    let text = lines(&["solutions", "8", "--unique"]);
    assert_eq!(text.len(), 12);
    assert_eq!(text[0], "1 5 8 6 3 7 2 4 (orbit 8)");
    assert!(text.contains(&"3 5 2 8 1 7 4 6 (orbit 4)".to_string()));
}

#[test]
fn a_prefix_lists_exactly_the_solutions_that_start_with_it() {
    let all = lines(&["solutions", "8"]);
    for prefix in ["1 5", "2", "3 6 2", "8 4 1 3 6 2 7 5"] {
        let expected: Vec<&String> = all
            .iter()
            .filter(|l| format!("{l} ").starts_with(&format!("{prefix} ")))
            .collect();
        let got = lines(&["solutions", "8", "--prefix", prefix]);
        assert_eq!(
            got.iter().collect::<Vec<_>>(),
            expected,
            "--prefix {prefix}"
        );
    }
    assert_eq!(
        lines(&["solutions", "8", "--prefix", "1 5"]),
        ["1 5 8 6 3 7 2 4"]
    );
    // No solution starts "1 3": nothing listed, one line why, exit code 1.
    nqueens()
        .args(["solutions", "8", "--prefix", "1 3"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicates::str::contains(
            "no solution extends --prefix \"1 3\"",
        ));
    // With --unique: the fundamental solutions that themselves start so.
    let unique = lines(&["solutions", "8", "--unique", "--prefix", "2"]);
    assert_eq!(unique.len(), 7);
    assert!(unique.iter().all(|l| l.starts_with("2 ")), "{unique:?}");
    assert!(lines(&["solutions", "8", "--unique", "--prefix", "8"]).is_empty());
}

#[test]
fn every_format_writes_the_first_solution() {
    let first = |format: &str| lines(&["solutions", "8", "--limit", "1", "--format", format]);
    assert_eq!(first("vector"), ["1 5 8 6 3 7 2 4"]);
    assert_eq!(first("algebraic"), ["A1 E2 H3 F4 C5 G6 B7 D8"]);
    assert_eq!(first("digits"), ["15863724"]);
    assert_eq!(
        first("json"),
        [r#"{"placement":[1,5,8,6,3,7,2,4]}"#.to_string()]
    );
    assert_eq!(first("csv"), ["placement,orbit", "1 5 8 6 3 7 2 4,"]);
    assert_eq!(
        first("markdown"),
        [
            "| placement | orbit |",
            "|---:|---:|",
            "| 1 5 8 6 3 7 2 4 |  |"
        ]
    );
    // Nothing found is still a record in JSON, a bare header in CSV.
    assert_eq!(
        lines(&["solutions", "2", "--format", "json"]),
        [r#"{"n":2,"found":false}"#]
    );
    assert_eq!(
        lines(&["solutions", "3", "--format", "csv"]),
        ["placement,orbit"]
    );
    assert!(lines(&["solutions", "3"]).is_empty());
    assert_eq!(
        first("board"),
        [
            "8 - - - Q - - - -",
            "7 - Q - - - - - -",
            "6 - - - - - - Q -",
            "5 - - Q - - - - -",
            "4 - - - - - Q - -",
            "3 - - - - - - - Q",
            "2 - - - - Q - - -",
            "1 Q - - - - - - -",
            "  A B C D E F G H",
        ]
    );
    // Boards are separated by one blank line, with none at either end.
    let boards = lines(&["solutions", "6", "--format", "board"]);
    assert_eq!(boards.len(), 4 * 7 + 3);
    assert_eq!(boards.iter().filter(|l| l.is_empty()).count(), 3);
    assert!(!boards[0].is_empty() && !boards.last().unwrap().is_empty());
    // Files past Z are spreadsheet style: AA, AB, ... Here a whole
    // 28-queens solution (evens then odds, valid when n mod 6 is 4) is the prefix.
    let evens_then_odds: Vec<String> = (2..=28)
        .step_by(2)
        .chain((1..=27).step_by(2))
        .map(|c: u32| c.to_string())
        .collect();
    let wide = lines(&[
        "solutions",
        "28",
        "--format",
        "algebraic",
        "--prefix",
        &evens_then_odds.join(" "),
    ]);
    assert_eq!(wide.len(), 1);
    assert!(wide[0].starts_with("B1 D2 F3 "), "{wide:?}");
    assert!(wide[0].contains(" Z13 AB14 A15 "), "{wide:?}");
    assert!(wide[0].ends_with(" Y27 AA28"), "{wide:?}");
}

#[test]
fn limit_stops_early() {
    assert_eq!(lines(&["solutions", "8", "--limit", "5"]).len(), 5);
    assert_eq!(lines(&["solutions", "8", "--limit", "1000"]).len(), 92);
    // The first 25-queens solution comes quickly even though the board has
    // 2.2e12 of them.
    let first = lines(&["solutions", "25", "--limit", "1", "--verify"]);
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].split(' ').count(), 25);
}

#[test]
fn verify_says_what_it_checked_on_stderr() {
    let out = nqueens()
        .args(["solutions", "8", "--verify"])
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 92);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("verified: 92 solutions, all valid, none repeated"),
        "{err}"
    );
    assert!(err.contains("none missing"), "{err}");
    let out = nqueens()
        .args(["solutions", "8", "--unique", "--verify"])
        .assert()
        .success()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("verified: 12 fundamental solutions") && err.contains("orbits sum to 92"),
        "{err}"
    );
    let out = nqueens()
        .args([
            "solutions",
            "10",
            "--prefix",
            "1 3",
            "--limit",
            "2",
            "--verify",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err, "verified: 2 solutions, all valid, none repeated\n");
}

#[test]
fn a_closed_pipe_ends_the_listing_quietly() {
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .args(["solutions", "14"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "1 3 5 7 12 10 13 4 14 9 2 6 8 11\n");
    drop(stdout);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}, stderr: {err}");
    assert!(err.is_empty(), "stderr: {err}");
}

#[test]
fn bad_solutions_requests_are_one_line_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["solutions", "0"], "from 1 to 32, not 0"),
        (&["solutions", "abc"], "whole number"),
        (&["solutions", "33"], "from 1 to 32, not 33"),
        (&["solutions", "10", "--format", "digits"], "n <= 9"),
        (
            &["solutions", "8", "--limit", "0"],
            "--limit must be a whole number of at least 1, not 0",
        ),
        (
            &["solutions", "8", "--limit", "many"],
            "--limit must be a whole number",
        ),
        (&["solutions", "8", "--prefix", ""], "--prefix is empty"),
        (
            &["solutions", "8", "--prefix", "1 x"],
            "'x' (row 2) is not a column number",
        ),
        (
            &["solutions", "8", "--prefix", "1 9"],
            "column 9 is off the board",
        ),
        (
            &["solutions", "8", "--prefix", "-1"],
            "column -1 is off the board",
        ),
        (
            &["solutions", "4", "--prefix", "1 2 3 4 1"],
            "5 columns, more than the 4 rows",
        ),
        (
            &["solutions", "8", "--prefix", "1 2"],
            "queens on rows 1 and 2 (columns 1 and 2) attack along a diagonal",
        ),
        (
            &["solutions", "8", "--prefix", "3 5 3"],
            "queens on rows 1 and 3 (columns 3 and 3) attack along the same column",
        ),
        (
            &["solutions", "8", "--unique", "--prefix", "4 3"],
            "attack along an anti-diagonal",
        ),
        (
            &["solutions", "8", "--format", "xml"],
            "invalid value 'xml'",
        ),
    ];
    for (args, needle) in cases {
        assert_usage_error(args, needle);
    }
}

#[test]
fn show_draws_a_solution_in_ascii_when_piped() {
    let drawn = lines(&["show", "1 5 8 6 3 7 2 4"]);
    assert_eq!(drawn[0], "8 - - - Q - - - -");
    assert_eq!(drawn[7], "1 Q - - - - - - -");
    assert_eq!(drawn[8], "  A B C D E F G H");
    assert!(drawn[9].contains("a solution"), "{drawn:?}");
    assert_eq!(drawn.len(), 10);
    // --ascii gives the same; a pipe never gets Unicode or escapes.
    assert_eq!(lines(&["show", "1 5 8 6 3 7 2 4", "--ascii"]), drawn);
    assert!(drawn.iter().all(|l| l.is_ascii()));
}

#[test]
fn show_writes_an_svg_picture() {
    let dir = temp_dir("svg");
    let file = dir.join("queens.svg");
    let out = lines(&["show", "1 5 8 6 3 7 2 4", "--svg", file.to_str().unwrap()]);
    assert!(out.iter().any(|l| l.starts_with("wrote ")), "{out:?}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<use ").count(), 8, "one queen per row");
    for label in [">A<", ">H<", ">1<", ">8<"] {
        assert!(svg.contains(label), "{label}");
    }
    // Every tag opened is closed (a rough well-formedness check).
    let opened = svg.matches('<').count();
    assert_eq!(opened, svg.matches('>').count());
    assert_eq!(svg.matches("<svg").count(), svg.matches("</svg>").count());
    assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
    // Nothing else is left in the directory: the temporary file was renamed.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    // A board too wide for the terminal is still drawn as SVG.
    let wide: Vec<String> = (1..=100).map(|c| c.to_string()).collect();
    let big = dir.join("big.svg");
    let out = nqueens()
        .args(["show", &wide.join(" "), "--svg", big.to_str().unwrap()])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("attack along a diagonal"), "{err}");
    assert!(std::fs::read_to_string(&big).unwrap().contains(">CV<"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn show_draws_an_attacking_placement_then_names_the_pair() {
    let out = nqueens()
        .args(["show", "1 3 5 2 4 6"])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let drawn = String::from_utf8(out.stdout).unwrap();
    assert_eq!(drawn.lines().count(), 7, "{drawn}");
    assert!(drawn.starts_with("6 - - - - - Q"));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "nqueens: not a solution: queens on rows 1 and 6 (columns 1 and 6) attack along a diagonal\n"
    );
    let out = nqueens()
        .args(["show", "2 1"])
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("queens on rows 1 and 2 (columns 2 and 1) attack along an anti-diagonal"));
}

#[test]
fn bad_show_requests_are_one_line_and_exit_code_2() {
    let dir = temp_dir("bad-show");
    let missing = dir.join("no-such-dir").join("q.svg");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["show", "1 x 3"], "'x' (row 2) is not a column number"),
        (vec!["show", ""], "the placement is empty"),
        (vec!["show", "1 5 3"], "row 2: column 5 is off the board"),
        (vec!["show", "0 1"], "column 0 is off the board"),
        (
            vec!["show", "2 4 1 4"],
            "column 4 is given twice (rows 2 and 4)",
        ),
        (
            vec![
                "show",
                "1 5 8 6 3 7 2 4",
                "--svg",
                missing.to_str().unwrap(),
            ],
            "cannot write --svg",
        ),
        (
            vec!["show", "1 5 8 6 3 7 2 4", "--svg", dir.to_str().unwrap()],
            "cannot write --svg",
        ),
    ];
    for (args, needle) in &cases {
        assert_usage_error(args, needle);
    }
    let wide: Vec<String> = (1..=65).map(|c| c.to_string()).collect();
    assert_usage_error(&["show", &wide.join(" ")], "draw it with --svg FILE");
    let huge: Vec<String> = (1..=1001).map(|c| c.to_string()).collect();
    assert_usage_error(&["show", &huge.join(" ")], "up to 1000 x 1000");
    // Nothing was left behind by the failed writes.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn both_verbs_have_help_with_examples() {
    for verb in ["solutions", "show"] {
        let out = lines(&[verb, "--help"]).join("\n");
        assert!(out.contains(&format!("nqueens {verb}")), "{out}");
    }
}
