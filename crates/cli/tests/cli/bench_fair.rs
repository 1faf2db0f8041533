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
