//! `bench` as a user of hyperfine would try it: every row says how it was
//! timed, and with a program beside them the built-in solvers are timed as
//! processes too; the statistics are checked against values computed here
//! from the per-run times; an interrupt ends every child; a recorded
//! command reruns when pasted into `sh -c`. Real child programs: a tiny C
//! counter compiled here with `cc` (when there is one), a Python counter,
//! `sleep`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{json_rows, nqueens};
use serde_json::Value;

/// A scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("nqueens-bench-fair-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A tiny C counter (the plain bitmask search, whole board), compiled
/// with `cc`; `None` where no C compiler is installed.
fn c_counter(dir: &Path) -> Option<String> {
    let src = dir.join("count.c");
    fs::write(
        &src,
        r#"#include <stdio.h>
#include <stdlib.h>
static long go(int full, int cols, int ld, int rd) {
    if (cols == full) return 1;
    long k = 0;
    for (int a = full & ~(cols | ld | rd); a; a &= a - 1) {
        int b = a & -a;
        k += go(full, cols | b, ((ld | b) << 1) & full, (rd | b) >> 1);
    }
    return k;
}
int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    printf("%ld\n", go((1 << n) - 1, 0, 0, 0));
    return 0;
}
"#,
    )
    .unwrap();
    let bin = dir.join("count");
    let built = Command::new("cc")
        .arg("-O2")
        .arg("-o")
        .arg(&bin)
        .arg(&src)
        .status();
    match built {
        Ok(s) if s.success() => Some(format!("c={} {{n}}", bin.display())),
        _ => {
            eprintln!("no cc: the C counter is left out");
            None
        }
    }
}

/// A Python counter, the same search.
fn py_counter(dir: &Path) -> String {
    let src = dir.join("count.py");
    fs::write(
        &src,
        "import sys\n\
         def go(full, cols, ld, rd):\n\
         \x20   if cols == full:\n\
         \x20       return 1\n\
         \x20   k, a = 0, full & ~(cols | ld | rd)\n\
         \x20   while a:\n\
         \x20       b = a & -a\n\
         \x20       a ^= b\n\
         \x20       k += go(full, cols | b, ((ld | b) << 1) & full, (rd | b) >> 1)\n\
         \x20   return k\n\
         n = int(sys.argv[1])\n\
         print(go((1 << n) - 1, 0, 0, 0))\n",
    )
    .unwrap();
    format!("py=python3 {} {{n}}", src.display())
}

fn bench(args: &[&str], commands: &[String]) -> (Vec<Value>, String) {
    let mut cmd = nqueens();
    cmd.arg("bench").args(args);
    for c in commands {
        cmd.arg("--command").arg(c);
    }
    let out = cmd.assert().success().get_output().clone();
    (
        json_rows(&out.stdout),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn timings(rows: &[Value]) -> Vec<(String, String)> {
    rows.iter()
        .map(|r| {
            (
                r["solver"].as_str().unwrap().to_string(),
                r["timing"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn every_row_says_how_it_was_timed_and_like_is_timed_like() {
    let dir = scratch("timing");
    let mut commands = vec![py_counter(&dir)];
    commands.extend(c_counter(&dir));
    let base = [
        "--solvers",
        "pairs",
        "--baseline",
        "pairs",
        "--from",
        "6",
        "--to",
        "6",
        "--repeat",
        "2",
        "--format",
        "json",
    ];
    let pairs = |t: &str| ("pairs".to_string(), t.to_string());
    let programs: Vec<(String, String)> = commands
        .iter()
        .map(|c| {
            (
                c.split('=').next().unwrap().to_string(),
                "process".to_string(),
            )
        })
        .collect();

    // With a program: every row a process, the solver's peak memory too.
    let (rows, _) = bench(&base, &commands);
    let mut want = vec![pairs("process")];
    want.extend(programs.clone());
    assert_eq!(timings(&rows), want);
    for row in &rows {
        assert_eq!(row["total"], 4, "{row}");
        assert!(row["max_rss_kib"].as_u64().unwrap() > 0, "{row}");
    }
    // Asked for: the solver alone, in-process, beside the programs.
    let mut args = base.to_vec();
    args.extend(["--timing", "in-process"]);
    let (rows, _) = bench(&args, &commands);
    let mut want = vec![pairs("in-process")];
    want.extend(programs);
    assert_eq!(timings(&rows), want);
    assert!(rows[0]["max_rss_kib"].is_null());
    // Without a program: in-process, unless a process is asked for.
    let (rows, _) = bench(&base, &[]);
    assert_eq!(timings(&rows), [pairs("in-process")]);
    let mut args = base.to_vec();
    args.extend(["--timing", "process"]);
    let (rows, _) = bench(&args, &[]);
    assert_eq!(timings(&rows), [pairs("process")]);
    assert_eq!(
        (&rows[0]["total"], &rows[0]["unique"]),
        (&4.into(), &1.into())
    );

    // Process start-up is measured once and said.
    let out = nqueens()
        .args([
            "bench",
            "--solvers",
            "pairs",
            "--baseline",
            "pairs",
            "--from",
            "5",
            "--to",
            "5",
            "--repeat",
            "1",
            "--timing",
            "process",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("note: process start-up: "))
        .unwrap_or_else(|| panic!("no start-up note in {text}"));
    let seconds: f64 = line["note: process start-up: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(seconds > 0.0 && seconds < 1.0, "{line}");
    fs::remove_dir_all(&dir).unwrap();
}

/// A shell program for `--command`, run as `sh FILE {n}`.
fn sh_program(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    format!("{name}=sh {} {{n}}", path.display())
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 + 1e-6 * b.abs()
}

/// mean, sample standard deviation, median, min, max of `t`, computed
/// here without the harness's code.
fn figures(t: &[f64]) -> [f64; 5] {
    let k = t.len() as f64;
    let mean = t.iter().sum::<f64>() / k;
    let var = t.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0);
    let mut s = t.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mid = s.len() / 2;
    let median = if s.len() % 2 == 1 {
        s[mid]
    } else {
        (s[mid - 1] + s[mid]) / 2.0
    };
    [mean, var.sqrt(), median, s[0], s[s.len() - 1]]
}

#[test]
fn the_statistics_are_the_ones_the_times_give() {
    let dir = scratch("stats");
    let export = dir.join("bench.json");
    let md = dir.join("bench.md");
    let sleeper = sh_program(&dir, "sleeper", "sleep 0.01\necho 4");
    let mut commands = vec![sleeper, py_counter(&dir)];
    commands.extend(c_counter(&dir));
    let mut cmd = nqueens();
    cmd.args([
        "bench",
        "--solvers",
        "pairs",
        "--baseline",
        "pairs",
        "--from",
        "6",
        "--to",
        "6",
    ])
    .args(["--repeat", "4", "--format", "json", "--export-json"])
    .arg(&export)
    .arg("--export-markdown")
    .arg(&md);
    for c in &commands {
        cmd.arg("--command").arg(c);
    }
    let out = cmd.assert().success().get_output().clone();
    let rows = json_rows(&out.stdout);
    let doc: Value = serde_json::from_str(&fs::read_to_string(&export).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    assert_eq!(results.len(), rows.len());
    assert_eq!(doc["interrupted"], false);
    assert!(num(&doc["startup_s"]) > 0.0);
    let base = &results[0];
    let [bm, bs, ..] = figures(
        &base["times"]
            .as_array()
            .unwrap()
            .iter()
            .map(num)
            .collect::<Vec<_>>(),
    );
    for (row, result) in rows.iter().zip(results) {
        let times: Vec<f64> = result["times"]
            .as_array()
            .unwrap()
            .iter()
            .map(num)
            .collect();
        assert_eq!(times.len(), 4, "--repeat is --runs: {result}");
        assert_eq!(row["runs"], 4);
        let [mean, sd, median, min, max] = figures(&times);
        for (key, hyperfine, want) in [
            ("mean_s", "mean", mean),
            ("stddev_s", "stddev", sd),
            ("median_s", "median", median),
            ("min_s", "min", min),
            ("max_s", "max", max),
        ] {
            assert!(close(num(&row[key]), want), "{key}: {row} against {want}");
            assert!(
                close(num(&result[hyperfine]), want),
                "{hyperfine}: {result}"
            );
        }
        assert!(
            num(&row["user_s"]) >= 0.0 && num(&row["system_s"]) >= 0.0,
            "{row}"
        );
        assert!(row["max_rss_kib"].as_u64().unwrap() > 0, "{row}");
        // The speed-up over pairs and its uncertainty, propagated here.
        let speedup = bm / mean;
        let spread = if row["solver"] == "pairs" {
            0.0
        } else {
            speedup * ((bs / bm).powi(2) + (sd / mean).powi(2)).sqrt()
        };
        assert!(close(num(&row["speedup"]), speedup), "{row}");
        assert!(close(num(&row["speedup_stddev"]), spread), "{row}");
        assert!(
            close(num(&result["speedup"]), num(&row["speedup"])),
            "{result}"
        );
        assert_eq!(row["total"], 4);
    }
    // The sleeper sleeps 10 ms a run.
    let sleeper = rows.iter().find(|r| r["solver"] == "sleeper").unwrap();
    assert!(num(&sleeper["min_s"]) >= 0.01, "{sleeper}");
    let table = fs::read_to_string(&md).unwrap();
    assert!(
        table.starts_with("| n | Command | Timing | Mean [s] |"),
        "{table}"
    );
    assert!(
        table.contains(" ± ") && table.contains("sleeper.sh 6`"),
        "{table}"
    );

    // Text: the speed-up with its uncertainty.
    let text = nqueens()
        .args([
            "bench",
            "--solvers",
            "pairs,mirror",
            "--baseline",
            "pairs",
            "--from",
            "6",
            "--to",
            "6",
            "--runs",
            "3",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("1.00 +- 0.00x"), "{text}");
    let mirror = text.lines().find(|l| l.contains(" mirror ")).unwrap();
    assert!(
        regex_like_speedup(mirror),
        "no 'R +- S' speed-up in: {mirror}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Whether `line` holds a speed-up written `1.23 +- 0.45x`.
fn regex_like_speedup(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.windows(3).any(|w| {
        w[0].parse::<f64>().is_ok()
            && w[1] == "+-"
            && w[2]
                .strip_suffix('x')
                .is_some_and(|s| s.parse::<f64>().is_ok())
    })
}

#[test]
fn runs_fill_a_time_target_between_bounds_with_prepare_and_cleanup() {
    let dir = scratch("target");
    let log = dir.join("log");
    let sleeper = sh_program(&dir, "sleeper", "sleep 0.02\necho 4");
    let run = |extra: &[&str]| -> Vec<Value> {
        let out = nqueens()
            .args([
                "bench",
                "--solvers",
                "pairs",
                "--baseline",
                "pairs",
                "--from",
                "6",
                "--to",
                "6",
                "--format",
                "json",
            ])
            .args(["--command", &sleeper])
            .args(extra)
            .assert()
            .success()
            .get_output()
            .clone();
        json_rows(&out.stdout)
    };
    // A target far past 4 runs of 20 ms: the most, 4.
    let rows = run(&[
        "--min-runs",
        "2",
        "--max-runs",
        "4",
        "--target-seconds",
        "10",
    ]);
    assert_eq!(rows[1]["runs"], 4, "{}", rows[1]);
    // 50 ms of 20 ms runs: 3 (2 if the first run took past 25 ms).
    let rows = run(&[
        "--min-runs",
        "2",
        "--max-runs",
        "50",
        "--target-seconds",
        "0.05",
    ]);
    let k = rows[1]["runs"].as_u64().unwrap();
    assert!((2..=3).contains(&k), "{}", rows[1]);

    // --prepare before every run (2 warm-ups + 3 timed per row), --cleanup
    // after each row; {N} replaced.
    let prepare = format!("echo p{{N}} >> '{}'", log.display());
    let cleanup = format!("echo c{{n}} >> '{}'", log.display());
    let rows = run(&[
        "--runs",
        "3",
        "--warmup",
        "2",
        "--prepare",
        &prepare,
        "--cleanup",
        &cleanup,
    ]);
    assert_eq!(rows.len(), 2);
    let text = fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut want = vec!["p6"; 5];
    want.push("c6");
    want.extend(vec!["p6"; 5]);
    want.push("c6");
    assert_eq!(lines, want);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_slow_first_run_and_outliers_are_warned_of() {
    let dir = scratch("warn");
    let state = dir.join("runs");
    // Slow the first time it runs, quick after.
    let first = sh_program(
        &dir,
        "first",
        &format!(
            "if [ -e '{0}' ]; then sleep 0.01; else touch '{0}'; sleep 0.4; fi\necho 4",
            state.display()
        ),
    );
    let counter = dir.join("count");
    // Slow at its fourth run only.
    let late = sh_program(
        &dir,
        "late",
        &format!(
            "k=$(cat '{0}' 2>/dev/null || echo 0); k=$((k + 1)); echo $k > '{0}'\nif [ $k = 4 ]; then sleep 0.4; else sleep 0.01; fi\necho 4",
            counter.display()
        ),
    );
    let out = nqueens()
        .args([
            "bench",
            "--solvers",
            "pairs",
            "--baseline",
            "pairs",
            "--from",
            "6",
            "--to",
            "6",
        ])
        .args([
            "--runs",
            "7",
            "--warmup",
            "0",
            "--command",
            &first,
            "--command",
            &late,
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("warning: first at n = 6: the first run was much slower than the rest"),
        "{text}"
    );
    // At least the slow run (a busy machine may add others).
    let late = text
        .lines()
        .find(|l| l.contains("warning: late at n = 6: "))
        .unwrap_or_else(|| panic!("no warning for late in {text}"));
    assert!(late.contains("statistical outlier"), "{late}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_run_options_are_refused_before_anything_runs() {
    let dir = scratch("refused");
    let d = dir.to_str().unwrap();
    for (args, needle) in [
        (
            vec!["--runs", "0"],
            "--runs must be a whole number from 1 to 1000, not 0",
        ),
        (
            vec!["--repeat", "0"],
            "--runs must be a whole number from 1 to 1000, not 0",
        ),
        (
            vec!["--runs", "3", "--min-runs", "2"],
            "give one or the other",
        ),
        (
            vec!["--min-runs", "5", "--max-runs", "4"],
            "--min-runs 5 is more than --max-runs 4",
        ),
        (vec!["--warmup", "x"], "--warmup must be"),
        (vec!["--target-seconds", "-1"], "--target-seconds must be"),
        (vec!["--prepare", ""], "--prepare is empty"),
        (vec!["--export-json", d], "is a directory"),
    ] {
        let mut all = vec!["bench", "--from", "4", "--to", "5"];
        all.extend(args);
        crate::common::assert_usage_error(&all, needle);
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Starts a bench whose program leaves a `sleep 25` (its pid in `pidfile`)
/// running in its own process group, and waits until the sleep runs.
fn bench_with_a_sleeper(dir: &Path, pidfile: &Path, extra: &[&str]) -> std::process::Child {
    use std::os::unix::process::CommandExt;
    let slow = format!(
        "slow=sh -c \"sleep 25 & echo \\$! > '{}'; wait; echo {{n}}\"",
        pidfile.display()
    );
    let child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args([
            "bench",
            "--solvers",
            "pairs",
            "--baseline",
            "pairs",
            "--from",
            "6",
            "--to",
            "7",
            "--runs",
            "1",
        ])
        .args(["--command", &slow, "--out"])
        .arg(dir.join("results"))
        .args(extra)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        // A group of its own, as a shell's job: the test signals it as a
        // terminal does.
        .process_group(0)
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !pidfile.exists() || fs::read_to_string(pidfile).unwrap().trim().is_empty() {
        assert!(
            started.elapsed().as_secs() < 30,
            "the sleeper never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child
}

/// Whether process `pid` has ended (gone, or a zombie awaiting its parent).
fn ended(pid: &str) -> bool {
    (0..100).any(|_| {
        let stat = fs::read_to_string(format!("/proc/{pid}/stat"));
        if stat.as_ref().map_or(true, |s| s.contains(") Z ")) {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        false
    })
}

fn wait_within(child: &mut std::process::Child, secs: u64) -> std::process::ExitStatus {
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed().as_secs() >= secs {
            let _ = child.kill();
            panic!("nqueens still runs {secs} s after the signal");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn ctrl_c_and_sigterm_end_every_child_and_mark_the_record() {
    for (signal, whole_group) in [("-INT", true), ("-TERM", false)] {
        let dir = scratch(&format!("interrupt{signal}"));
        let pidfile = dir.join("sleep.pid");
        let export = dir.join("rows.json");
        let mut child =
            bench_with_a_sleeper(&dir, &pidfile, &["--export-json", export.to_str().unwrap()]);
        let pid = child.id().to_string();
        // Ctrl-C reaches the terminal's whole foreground group; `kill`
        // reaches nqueens alone.
        let target = if whole_group {
            format!("-{pid}")
        } else {
            pid.clone()
        };
        let killed = Command::new("kill")
            .args([signal, "--", &target])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = wait_within(&mut child, 10);
        let mut err = String::new();
        std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
        assert_eq!(status.code(), Some(130), "{signal}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("nqueens: error: the bench was interrupted"),
            "{err}"
        );
        let sleeper = fs::read_to_string(&pidfile).unwrap();
        assert!(
            ended(sleeper.trim()),
            "{signal}: sleep {} still runs",
            sleeper.trim()
        );
        // The record says it is not whole; the rows that finished are in.
        let run = fs::read_dir(dir.join("results"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let readme = fs::read_to_string(run.join("README.md")).unwrap();
        assert!(
            readme.contains("- status: INTERRUPTED during slow at n = 6"),
            "{readme}"
        );
        assert!(!readme.contains("status: complete"), "{readme}");
        let summary = fs::read_to_string(run.join("summary.md")).unwrap();
        assert!(
            summary.contains("| 6 | pairs |") && summary.contains("INTERRUPTED"),
            "{summary}"
        );
        let doc: Value = serde_json::from_str(&fs::read_to_string(&export).unwrap()).unwrap();
        assert_eq!(doc["interrupted"], true);
        assert_eq!(
            doc["results"].as_array().unwrap().len(),
            1,
            "pairs alone finished"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_whole_run_says_so() {
    let dir = scratch("whole");
    let base = dir.join("results");
    nqueens()
        .args([
            "bench",
            "--solvers",
            "pairs",
            "--baseline",
            "pairs",
            "--from",
            "5",
            "--to",
            "5",
            "--runs",
            "1",
            "--out",
        ])
        .arg(&base)
        .assert()
        .success();
    let run = fs::read_dir(&base).unwrap().next().unwrap().unwrap().path();
    let readme = fs::read_to_string(run.join("README.md")).unwrap();
    assert!(readme.contains("\n- status: complete\n"), "{readme}");
    assert!(
        !readme.contains("running") && !readme.contains("INTERRUPTED"),
        "{readme}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// The Rerun block of a recorded run's README.
fn rerun_block(run: &Path) -> String {
    let readme = fs::read_to_string(run.join("README.md")).unwrap();
    let start = readme.find("```sh\n").unwrap_or_else(|| panic!("{readme}")) + 6;
    let end = readme.rfind("\n```").unwrap();
    readme[start..end].to_string()
}

/// The (n, solver) pairs of a recorded run's raw.csv.
fn ran(run: &Path) -> Vec<(String, String)> {
    let raw = fs::read_to_string(run.join("raw.csv")).unwrap();
    let mut v: Vec<(String, String)> = raw
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].to_string(), f[1].to_string())
        })
        .collect();
    v.dedup();
    v
}

#[test]
fn a_recorded_command_pasted_into_sh_reruns_the_same_bench() {
    let dir = scratch("rerun");
    // Spaces, quotes, $ and a glob: each must reach nqueens as typed.
    let base = dir.join("my results's *");
    let log = dir.join("prepare log");
    let odd = "odd=sh -c \"x='a  b'; test \\\"\\$x\\\" = 'a  b' && echo 4\" {n}";
    let prepare = format!("echo \"$$ {{N}}\" >> '{}'", log.display());
    nqueens()
        .args([
            "bench",
            "--solvers",
            "pairs",
            "--baseline",
            "pairs",
            "--from",
            "6",
            "--to",
            "6",
            "--runs",
            "2",
        ])
        .args(["--command", odd, "--prepare", &prepare, "--out"])
        .arg(&base)
        .assert()
        .success();
    let first = fs::read_dir(&base).unwrap().next().unwrap().unwrap().path();
    let command = rerun_block(&first);
    assert!(command.contains(env!("CARGO_BIN_EXE_nqueens")), "{command}");
    let again = Command::new("sh").arg("-c").arg(&command).output().unwrap();
    assert!(
        again.status.success(),
        "{command}: {}",
        String::from_utf8_lossy(&again.stderr)
    );
    let mut runs: Vec<PathBuf> = fs::read_dir(&base)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    runs.sort();
    assert_eq!(
        runs.len(),
        2,
        "the rerun recorded a run of its own: {runs:?}"
    );
    let second = runs.into_iter().find(|r| *r != first).unwrap();
    // The same words reached it, and it ran the same rows.
    assert_eq!(rerun_block(&second), command);
    assert_eq!(ran(&second), ran(&first));
    assert_eq!(
        ran(&first),
        [("6".into(), "pairs".into()), ("6".into(), "odd".into())]
    );
    // --prepare ran through its own shell each time ($$ is its pid, not
    // the pasting shell's), before each of 2 timed runs and 1 warm-up per row.
    let lines = fs::read_to_string(&log).unwrap();
    assert_eq!(lines.lines().count(), 2 * 2 * 3, "{lines}");
    assert!(lines.lines().all(|l| l.ends_with(" 6")), "{lines}");
    fs::remove_dir_all(&dir).unwrap();
}
