//! The `nqueens` binary as a user runs it.

use crate::common::{assert_usage_error, fields, json, json_rows, nqueens, stdout, succeed, verbs};
use std::ffi::OsStr;

use predicates::prelude::*;

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
    assert_eq!(fields(&v, &["n", "total", "unique"]), [12, 14200, 1787]);
    assert_eq!(v["threads"], 2);
    assert_eq!(v["verified"], true);
    assert_eq!(v["solver"], "halves", "the default solver");
    // The process's peak resident memory, where the OS reports it: more
    // than the binary's own pages, far less than the machine.
    if cfg!(target_os = "linux") {
        let peak = v["peak_memory_bytes"].as_u64().expect("peak memory");
        assert!((1 << 20..1 << 32).contains(&peak), "{peak}");
    }
}

#[test]
fn classic_solver_reproduces_the_course_figures() {
    let v = json(&["count", "8", "--solver", "classic"]);
    assert_eq!(
        fields(&v, &["total", "calls", "iterations"]),
        [92, 2056, 15720]
    );
    assert_eq!(v["unique"], 12);
    // It works for other n too: n = 6 has 4 solutions.
    assert_eq!(json(&["count", "6", "--solver", "classic"])["total"], 4);
}

#[test]
fn every_solver_thread_count_and_depth_gives_the_same_counts() {
    let reference = json(&["count", "11"]);
    for solver in ["halves", "pairs", "parallel", "mirror", "classic"] {
        // A one-thread solver refuses more threads (boundary.rs).
        let threads: &[&str] = match solver {
            "mirror" | "classic" => &["1"],
            _ => &["1", "2", "3"],
        };
        for &threads in threads {
            let v = json(&["count", "11", "--solver", solver, "--threads", threads]);
            assert_eq!(
                (&v["total"], &v["unique"]),
                (&reference["total"], &reference["unique"]),
                "{solver} x {threads}"
            );
        }
    }
    // A prefix split visits the same nodes at every depth.
    let pairs = json(&["count", "11", "--solver", "pairs"]);
    for depth in 1..=11 {
        let depth = depth.to_string();
        let v = json(&["count", "11", "--solver", "pairs", "--depth", &depth]);
        assert_eq!(
            (&v["total"], &v["nodes"]),
            (&reference["total"], &pairs["nodes"]),
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
    let text = stdout(&["count", "9", "--format", "csv"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    let header: Vec<&str> = lines[0].split(',').collect();
    let row: Vec<&str> = lines[1].split(',').collect();
    let at = |k: &str| row[header.iter().position(|h| *h == k).unwrap()];
    assert_eq!((at("total"), at("unique")), ("352", "46"));
}

#[test]
fn table_reproduces_the_classical_table_and_notes_the_erratum() {
    let text = stdout(&["table"]);
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
    let out = stdout(&["table", "--from", "4", "--to", "9", "--format", "json"]);
    let rows = json_rows(out.as_bytes());
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
        (&["count", "0"], "from 1 to 32 for solver halves, not 0"),
        (&["count", "-3"], "not -3"),
        (&["count", "abc"], "whole number"),
        (&["count", "99"], "from 1 to 32 for solver halves, not 99"),
        (
            &["count", "8", "--threads", "0"],
            "--threads must be a whole number from 1 to 1024, not 0",
        ),
        (
            &["count", "8", "--threads", "x"],
            "--threads must be a whole number",
        ),
        (
            &["count", "8", "--depth", "9"],
            "--depth must be a whole number from 1 to 7 for solver halves on n = 8, not 9",
        ),
        (&["count", "8", "--solver", "nope"], "invalid value 'nope'"),
        (&["count", "8", "--format", "xml"], "invalid value 'xml'"),
        (&["table", "--from", "9", "--to", "3"], "empty range"),
        (
            &["table", "--to", "33"],
            "from 1 to 32 for solver halves, not 33",
        ),
        (&["count"], "<N>"),
        (&["frobnicate"], "unrecognized subcommand"),
    ];
    for (args, needle) in cases {
        assert_usage_error(args, needle);
    }
}

#[test]
fn every_verb_has_help_with_an_example() {
    for verb in ["count", "table", "bench", "plot", "solvers"] {
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

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn bench_records_a_run_and_plot_draws_it() {
    let base = temp_dir("bench");
    let out = nqueens()
        .args([
            "bench",
            "--solvers",
            "pairs,classic,brute",
            "--from",
            "6",
            "--to",
            "8",
            "--repeat",
            "2",
            "--format",
            "json",
            "--out",
        ])
        .arg(&base)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows = json_rows(&out);
    // The baseline (mirror) is added first, then the named solvers: 4 per size.
    assert_eq!(rows.len(), 12);
    assert_eq!(rows[0]["solver"], "mirror");
    assert!(
        rows.iter().all(|r| r["oeis"] == "ok" && r["runs"] == 2),
        "{rows:?}"
    );
    assert_eq!(rows[11]["total"], 92);
    assert_eq!(rows[11]["nodes"], 40320, "brute counts permutations");
    let run = std::fs::read_dir(&base)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let raw = std::fs::read_to_string(run.join("raw.csv")).unwrap();
    assert_eq!(
        raw.lines().count(),
        1 + 3 * 4 * 2,
        "header, then one row per timed run"
    );
    let readme = std::fs::read_to_string(run.join("README.md")).unwrap();
    for needle in ["## Rerun", "commit", "rustc", "machine:", "threads:"] {
        assert!(readme.contains(needle), "{needle} missing from {readme}");
    }
    assert!(std::fs::read_to_string(run.join("summary.md"))
        .unwrap()
        .contains("| 8 | brute |"));

    let svg = base.join("chart.svg");
    succeed([
        OsStr::new("plot"),
        run.as_os_str(),
        "--out".as_ref(),
        svg.as_os_str(),
    ]);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg")
            && picture.contains("brute")
            && picture.contains("mean seconds")
    );
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn bench_skips_solvers_outside_their_range_and_says_so() {
    let out = nqueens()
        .args([
            "bench",
            "--solvers",
            "brute",
            "--from",
            "11",
            "--to",
            "12",
            "--repeat",
            "1",
            "--format",
            "csv",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("12,brute,in-process,1,0,,,,,,,,,,,,,,,,skipped: brute handles n <= 11"),
        "{text}"
    );
}

#[test]
fn bench_and_plot_refuse_bad_input_and_leave_nothing_behind() {
    let base = temp_dir("bad");
    std::fs::create_dir_all(&base).unwrap();
    let file = base.join("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    let foreign = base.join("foreign");
    std::fs::create_dir_all(&foreign).unwrap();
    std::fs::write(foreign.join("raw.csv"), "name,age\nbob,3\n").unwrap();
    let file_arg = file.to_str().unwrap();
    let foreign_arg = foreign.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["bench", "--solvers", "nope"], "invalid value 'nope'"),
        (
            vec!["bench", "--solvers", "pairs,,brute"],
            "a value is required for '--solvers",
        ),
        (vec!["bench", "--from", "9", "--to", "3"], "empty range"),
        (
            vec!["bench", "--solvers", "brute", "--from", "12", "--to", "13"],
            "handles n up to 11",
        ),
        (
            vec!["bench", "--repeat", "0"],
            "--runs must be a whole number from 1 to 1000, not 0",
        ),
        (
            vec!["bench", "--max-seconds", "soon"],
            "--max-seconds must be a positive number",
        ),
        (
            vec!["bench", "--from", "4", "--to", "5", "--out", file_arg],
            "not a directory",
        ),
        (
            vec![
                "bench",
                "--from",
                "4",
                "--to",
                "5",
                "--out",
                "/proc/nqueens-results",
            ],
            "cannot create --out directory",
        ),
        (vec!["plot", file_arg], "cannot read"),
        (
            vec!["plot", foreign_arg],
            "not a usable nqueens bench record",
        ),
    ];
    for (args, needle) in cases {
        assert_usage_error(&args, needle);
    }
    // Only what the test made is there: no run directory, no picture.
    let mut left: Vec<String> = std::fs::read_dir(&base)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(left, ["a-file", "foreign"]);
    assert_eq!(std::fs::read_dir(&foreign).unwrap().count(), 1);
    std::fs::remove_dir_all(&base).unwrap();
}

// ---- Help: one vocabulary, short examples, errors that name the verb's help.

/// `nqueens [VERB] --help` rendered `columns` wide (clap reads COLUMNS
/// when stdout is not a terminal, and wraps at most 100 wide).
fn help_at(verb: Option<&str>, columns: usize) -> String {
    let mut cmd = nqueens();
    cmd.env("COLUMNS", columns.to_string());
    if let Some(verb) = verb {
        cmd.arg(verb);
    }
    let out = cmd.arg("--help").assert().success().get_output().clone();
    String::from_utf8(out.stdout).unwrap()
}

/// Each long option of a help text and whether it takes a value: the
/// option lines are indented 2 (`  -j, --threads <T>`) or 6
/// (`      --torus`); descriptions and value lists are indented further.
fn long_options(help: &str) -> Vec<(String, bool)> {
    help.lines()
        .filter(|l| {
            let indent = l.len() - l.trim_start().len();
            (indent == 2 || indent == 6) && l.trim_start().starts_with('-')
        })
        .filter_map(|l| {
            let mut words = l.split_whitespace().skip_while(|w| !w.starts_with("--"));
            let name = words.next()?.trim_end_matches(',').to_string();
            let takes_value = words.next().is_some_and(|w| w.starts_with('<'));
            Some((name, takes_value))
        })
        .collect()
}

#[test]
fn no_two_verbs_give_one_option_name_different_kinds() {
    let mut seen: std::collections::BTreeMap<String, (bool, String)> = Default::default();
    let mut clashes = Vec::new();
    for verb in verbs() {
        let options = long_options(&help_at(Some(&verb), 100));
        assert!(options.iter().any(|(o, _)| o == "--help"), "{verb}");
        for (option, takes_value) in options {
            match seen.get(&option) {
                Some((kind, first)) if *kind != takes_value => {
                    clashes.push(format!("{option}: {first} and {verb}"))
                }
                Some(_) => {}
                None => {
                    seen.insert(option, (takes_value, verb.clone()));
                }
            }
        }
    }
    assert!(
        clashes.is_empty(),
        "a flag in one verb, a value in another: {clashes:?}"
    );
    // The option that had two kinds: a flag everywhere now.
    assert_eq!(seen.get("--count").map(|s| s.0), Some(false));
}

#[test]
fn the_old_spellings_still_work_and_mean_the_same() {
    let pairs: &[(&[&str], &[&str])] = &[
        (
            &["solutions", "6", "--count", "header"],
            &["solutions", "6", "--count"],
        ),
        (
            &["solutions", "6", "--count=header", "--format", "json"],
            &["solutions", "6", "--count", "--format", "json"],
        ),
        (
            &["levels", "6", "--queens", "2", "--count", "header"],
            &["levels", "6", "--queens", "2", "--count"],
        ),
        (
            &["pieces", "rooks", "4", "--count"],
            &["pieces", "rooks", "4", "--count-only"],
        ),
        (&["dominate", "5", "--format", "board"], &["dominate", "5"]),
        (
            &["pawns", "5", "--queens", "6", "--format", "vector"],
            &["pawns", "5", "--queens", "6", "--format", "algebraic"],
        ),
    ];
    // Seconds vary between runs; everything else is the same.
    let steady = |args: &[&str]| -> String {
        stdout(args)
            .lines()
            .filter(|l| !l.starts_with("seconds") && !l.contains("\"seconds\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    for (old, new) in pairs {
        assert_eq!(steady(old), steady(new), "{old:?} vs {new:?}");
    }
    assert!(stdout(&["solutions", "6", "--count"]).starts_with("4 solutions\n"));
    // Hidden: the help names only the current spellings.
    let pieces = help_at(Some("pieces"), 100);
    assert!(!long_options(&pieces).iter().any(|(o, _)| o == "--count"));
    assert!(!help_at(Some("dominate"), 100).contains("board:"));
}

#[test]
fn no_help_example_line_wraps() {
    let mut verbs: Vec<Option<String>> = verbs().into_iter().map(Some).collect();
    verbs.push(None);
    for verb in verbs {
        let examples = |columns| -> Vec<String> {
            help_at(verb.as_deref(), columns)
                .lines()
                .skip_while(|l| !matches!(*l, "Example:" | "Examples:"))
                .skip(1)
                .take_while(|l| !l.trim().is_empty())
                .map(str::to_string)
                .collect()
        };
        let (wide, narrow) = (examples(100), examples(80));
        assert!(!wide.is_empty(), "{verb:?} has no example");
        for line in &wide {
            assert!(
                line.starts_with("  ") && line.len() <= 80,
                "{verb:?}: {line}"
            );
        }
        // Wrapped at 80 columns, the examples are the same lines.
        assert_eq!(wide, narrow, "{verb:?}");
    }
}

#[test]
fn the_top_help_says_what_the_document_numbers_are() {
    // The verbs' lines name 004 (levels); the same page says what 000 to
    // 004 are before a reader has to look elsewhere.
    let help = help_at(None, 100);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Document 004's level lists"), "{flat}");
    assert!(
        flat.contains("000 to 004 are the five source documents this project started from"),
        "{flat}"
    );
    assert!(flat.contains("(docs/documents.md)"), "{flat}");
}

#[test]
fn bench_help_fits_in_100_lines_and_states_its_true_default() {
    // As a pipe or a wide terminal shows it (100 columns), and an 80-column one.
    // hyperfine's options (--warmup, --runs, --min-runs, --max-runs,
    // --prepare, --cleanup, --export-*) and --timing took it past 60.
    for columns in [80, 100] {
        let help = help_at(Some("bench"), columns);
        let lines = help.lines().count();
        assert!(lines <= 100, "{lines} lines at {columns} columns:\n{help}");
    }
    let help = help_at(Some("bench"), 100);
    // The solvers are described once, by `nqueens solvers`, not here.
    assert!(!help.contains("meet in the middle"), "{help}");
    assert!(help.contains("nqueens solvers"), "{help}");
    // The default it states is the one it runs: every solver but the two
    // exhaustive ones.
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("[default: all but brute-rows and brute-sets,"),
        "{flat}"
    );
    let bench = stdout(&[
        "bench",
        "--from",
        "8",
        "--to",
        "8",
        "--repeat",
        "1",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    let ran: std::collections::BTreeSet<String> = json_rows(bench.as_bytes())
        .iter()
        .map(|r| r["solver"].as_str().unwrap().to_string())
        .collect();
    let listed: std::collections::BTreeSet<String> =
        json_rows(stdout(&["solvers", "--format", "json"]).as_bytes())
            .iter()
            .map(|r| r["name"].as_str().unwrap().to_string())
            .filter(|s| s != "brute-rows" && s != "brute-sets")
            .collect();
    assert_eq!(ran, listed);
}

#[test]
fn usage_errors_name_the_verbs_help_and_suggest_the_near_name() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["cont", "8"],
            &[
                "unrecognized subcommand 'cont'",
                "similar subcommand",
                "'count'",
                "(see 'nqueens --help')",
            ],
        ),
        (
            &["count", "8", "--formt", "json"],
            &[
                "unexpected argument '--formt'",
                "a similar argument exists: '--format'",
                "(see 'nqueens count --help')",
            ],
        ),
        (
            &["solutions", "8", "--limt", "3"],
            &["'--limit'", "(see 'nqueens solutions --help')"],
        ),
        (
            &["run-shard", "--plan", "plan.json"],
            &["--out <DIR>", "(see 'nqueens run-shard --help')"],
        ),
        (
            &["levels", "8"],
            &["--queens", "(see 'nqueens levels --help')"],
        ),
    ];
    for (args, needles) in cases {
        let out = nqueens().args(*args).assert().code(2).get_output().clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        for needle in *needles {
            assert!(err.contains(needle), "{args:?}: {err}");
        }
    }
}

/// The exit codes are in `--help` and in the man page's EXIT STATUS
/// section, in the same words (P20).
#[test]
fn the_exit_codes_are_in_the_help_and_the_man_page() {
    let help = nqueens().arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for code in [
        "0 done",
        "1 a count that disagrees",
        "2 bad input",
        "130 interrupted",
    ] {
        assert!(help.contains(code), "--help lacks '{code}'");
    }
    let man = nqueens().arg("man").output().unwrap();
    let man = String::from_utf8(man.stdout).unwrap();
    let (_, status) = man
        .split_once(".SH \"EXIT STATUS\"\n")
        .expect("an EXIT STATUS section");
    let status = status.split(".SH").next().unwrap();
    assert!(
        status.starts_with("0 done; 1 a count that disagrees"),
        "{status}"
    );
    assert!(status.contains("130 interrupted"), "{status}");
}

/// Without a terminal a long run writes where it stands to stderr now and
/// then (every minute; here every 10 ms), so a Slurm or nohup log shows it
/// alive; `--quiet` silences it, and stdout is the record either way (P20).
#[test]
fn a_run_without_a_terminal_logs_its_progress_unless_quiet() {
    let run = |quiet: bool| {
        let mut cmd = nqueens();
        cmd.env("NQUEENS_PROGRESS_SECONDS", "0.01").args([
            "count",
            "16",
            "--threads",
            "2",
            "--solver",
            "parallel",
            "--depth",
            "4",
        ]);
        if quiet {
            cmd.arg("--quiet");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success());
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(stdout
            .lines()
            .any(|l| l.split_whitespace().eq(["total", "14772512"])));
        String::from_utf8(out.stderr).unwrap()
    };
    let logged = run(false);
    assert!(!logged.is_empty(), "no progress line");
    for line in logged.lines() {
        assert!(
            line.starts_with("nqueens: n = 16: ") && line.contains("% of subproblems done, "),
            "{line}"
        );
    }
    assert_eq!(run(true), "");
}
