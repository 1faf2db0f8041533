//! plan, run-shard, missing and merge as a user runs them.

mod common;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use common::{nqueens, succeed};
use serde_json::Value;

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("nqueens-shards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn plan(dir: &Path, n: &str, shards: &str) -> PathBuf {
    let out = nqueens()
        .args(["plan", n, "--shards", shards])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let path = dir.join("plan.json");
    std::fs::write(&path, out).unwrap();
    path
}

fn run_shard(plan: &Path, out: &Path, shard: usize) {
    nqueens()
        .arg("run-shard")
        .arg("--plan")
        .arg(plan)
        .arg("--out")
        .arg(out)
        .args(["--shard", &shard.to_string()])
        .assert()
        .success();
}

fn missing(plan: &Path, out: &Path) -> String {
    let o = nqueens()
        .arg("missing")
        .arg("--plan")
        .arg(plan)
        .arg(out)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(o).unwrap().trim().to_string()
}

#[test]
fn a_sharded_count_merges_to_the_exact_total_and_refuses_gaps_and_damage() {
    let dir = temp("flow");
    let p = plan(&dir, "11", "6");
    let out = dir.join("results");
    let plan_json: Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
    assert_eq!(plan_json["shards"].as_array().unwrap().len(), 6);
    for i in [0, 1, 2, 4, 5] {
        run_shard(&p, &out, i);
    }
    assert_eq!(missing(&p, &out), "3");
    // Shard ids come from Slurm's array variable when --shard is absent.
    nqueens()
        .arg("run-shard")
        .arg("--plan")
        .arg(&p)
        .arg("--out")
        .arg(&out)
        .env("SLURM_ARRAY_TASK_ID", "3")
        .assert()
        .success();
    assert_eq!(missing(&p, &out), "");
    let merged = succeed([
        OsStr::new("merge"),
        "--plan".as_ref(),
        p.as_os_str(),
        out.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
    ]);
    let v: Value = serde_json::from_str(&merged).unwrap();
    assert_eq!(
        (
            v["total"].as_u64(),
            v["unique"].as_u64(),
            v["verified"].as_bool()
        ),
        (Some(2680), Some(341), Some(true))
    );
    // The merged nodes equal an unsharded count at the plan's depth.
    let depth = plan_json["depth"].to_string();
    let whole = nqueens()
        .args(["count", "11", "--depth", &depth, "--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let whole: Value = serde_json::from_slice(&whole).unwrap();
    assert_eq!(v["nodes"], whole["nodes"]);
    // A rerun of a finished shard does nothing; damage and gaps are refused.
    run_shard(&p, &out, 2);
    std::fs::remove_file(out.join("shard-1.json")).unwrap();
    let r4 = out.join("shard-4.json");
    let text = std::fs::read_to_string(&r4)
        .unwrap()
        .replacen("\"total\":", "\"total\":1", 1);
    std::fs::write(&r4, text).unwrap();
    assert_eq!(missing(&p, &out), "1,4");
    let err = nqueens()
        .arg("merge")
        .arg("--plan")
        .arg(&p)
        .arg(&out)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(err).unwrap();
    assert!(
        err.contains("missing shards 1") && err.contains("damaged shards 4"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_plans_and_arguments_are_refused() {
    let dir = temp("bad");
    let p = plan(&dir, "9", "4");
    let edited = dir.join("edited.json");
    std::fs::write(
        &edited,
        std::fs::read_to_string(&p)
            .unwrap()
            .replace("\"n\": 9", "\"n\": 10"),
    )
    .unwrap();
    let foreign = dir.join("foreign.json");
    std::fs::write(&foreign, "{\"hello\": 1}").unwrap();
    let out = dir.join("r");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["plan".into(), "9".into(), "--shards".into(), "0".into()],
            "--shards must be a whole number from 1 to",
        ),
        (
            vec![
                "plan".into(),
                "9".into(),
                "--shards".into(),
                "100000".into(),
            ],
            "--shards must be a whole number from 1 to 65536, not 100000",
        ),
        (
            vec![
                "plan".into(),
                "9".into(),
                "--shards".into(),
                "2".into(),
                "--solver".into(),
                "classic".into(),
            ],
            "cannot be sharded",
        ),
        (
            vec!["merge".into(), "--plan".into(), s(&edited), s(&out)],
            "damaged or was edited",
        ),
        (
            vec!["merge".into(), "--plan".into(), s(&foreign), s(&out)],
            "not an nqueens plan",
        ),
        (
            vec![
                "run-shard".into(),
                "--plan".into(),
                s(&p),
                "--out".into(),
                s(&out),
                "--shard".into(),
                "7".into(),
            ],
            "shard 7 is not in the plan",
        ),
        (
            vec![
                "run-shard".into(),
                "--plan".into(),
                s(&p),
                "--out".into(),
                s(&out),
            ],
            "SLURM_ARRAY_TASK_ID is not set",
        ),
    ];
    for (args, needle) in cases {
        let o = nqueens()
            .args(&args)
            .env_remove("SLURM_ARRAY_TASK_ID")
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(
            err.lines().count() == 1 && err.contains(needle),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `args` writes on stdout, checked to succeed.
fn success(args: &[&std::ffi::OsStr]) -> Vec<u8> {
    nqueens()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone()
}

/// A plan of `args` cut into `k` shards, written to `dir/name.json`.
fn plan_of(dir: &Path, name: &str, args: &[&str], k: usize) -> PathBuf {
    let k = k.to_string();
    let tail = ["--shards", k.as_str()];
    let all: Vec<&std::ffi::OsStr> = ["plan"]
        .iter()
        .chain(args)
        .chain(&tail)
        .map(|a| a.as_ref())
        .collect();
    let path = dir.join(format!("{name}.json"));
    std::fs::write(&path, success(&all)).unwrap();
    path
}

fn merged(plan: &Path, out: &Path) -> Value {
    let args = [
        "merge".as_ref(),
        "--plan".as_ref(),
        plan.as_os_str(),
        out.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
    ];
    serde_json::from_slice(&success(&args)).unwrap()
}

/// What the verb that counts `args` alone, on one thread, finds.
fn alone(args: &[&str]) -> Value {
    let all: Vec<&std::ffi::OsStr> = args
        .iter()
        .chain(&["--threads", "1", "--format", "json"])
        .map(|a| a.as_ref())
        .collect();
    serde_json::from_slice(&success(&all)).unwrap()
}

#[test]
fn variants_and_puzzles_shard_and_merge_to_the_exact_count() {
    let dir = temp("kinds");
    for (name, plan_args, whole, key, known) in [
        // OEIS A365437 (no three in line), A007705 (torus), A002564, A103330.
        (
            "line",
            vec!["10", "--no-three-in-line"],
            vec!["count", "10", "--no-three-in-line"],
            "total",
            40,
        ),
        (
            "torus",
            vec!["13", "--torus"],
            vec!["count", "13", "--torus"],
            "total",
            4524,
        ),
        (
            "dominate",
            vec!["8", "--dominate"],
            vec!["dominate", "8", "--count"],
            "count",
            4860,
        ),
        (
            "pawns",
            vec!["8", "--pawns", "9"],
            vec!["pawns", "8", "--queens", "9", "--count"],
            "count",
            128,
        ),
    ] {
        let plan = plan_of(&dir, name, &plan_args, 3);
        let out = dir.join(name);
        for i in [2, 0] {
            run_shard(&plan, &out, i);
        }
        assert_eq!(missing(&plan, &out), "1", "{name}");
        run_shard(&plan, &out, 1);
        assert_eq!(missing(&plan, &out), "", "{name}");
        let m = merged(&plan, &out);
        let one = alone(&whole);
        assert_eq!(m["total"].as_u64(), Some(known), "{name}: {m}");
        assert_eq!(m["total"], one[key], "{name}");
        if name == "line" || name == "torus" {
            for k in ["unique", "fixed_180", "fixed_90", "nodes"] {
                assert_eq!(m[k], one[k], "{name}: {k}");
            }
        }
    }
    // A plan names its kind: results of one are refused by another.
    let other = plan_of(&dir, "count", &["13"], 3);
    let o = nqueens()
        .arg("merge")
        .arg("--plan")
        .arg(&other)
        .arg(dir.join("torus"))
        .output()
        .unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.lines().count() == 1 && err.contains("made for another plan"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
