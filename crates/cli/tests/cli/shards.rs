//! plan, run-shard, missing and merge as a user runs them.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::common::{nqueens, succeed};
use crate::forgery::{self, forged};
use serde_json::Value;

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("nqueens-shards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A plan of `args` cut into `k` shards, written to `dir/name.json`.
fn plan_of(dir: &Path, name: &str, args: &[&str], k: usize) -> PathBuf {
    let k = k.to_string();
    let path = dir.join(format!("{name}.json"));
    std::fs::write(
        &path,
        succeed([&["plan"], args, &["--shards", &k]].concat()),
    )
    .unwrap();
    path
}

/// `nqueens VERB --plan PLAN`, to be given the rest of its arguments.
fn on_plan(verb: &str, plan: &Path) -> Command {
    let mut command = nqueens();
    command.arg(verb).arg("--plan").arg(plan);
    command
}

/// `nqueens run-shard --plan PLAN --out OUT`, to be told which shards.
fn shard_runner(plan: &Path, out: &Path) -> Command {
    let mut command = on_plan("run-shard", plan);
    command.arg("--out").arg(out);
    command
}

fn run_shard(plan: &Path, out: &Path, shard: usize) {
    shard_runner(plan, out)
        .args(["--shard", &shard.to_string()])
        .assert()
        .success();
}

fn missing(plan: &Path, out: &Path) -> String {
    let o = on_plan("missing", plan).arg(out).assert().success();
    String::from_utf8(o.get_output().stdout.clone())
        .unwrap()
        .trim()
        .to_string()
}

/// The merged record of the results in `out`, as JSON.
fn merged(plan: &Path, out: &Path) -> Value {
    let o = on_plan("merge", plan)
        .arg(out)
        .args(["--format", "json"])
        .assert()
        .success();
    serde_json::from_slice(&o.get_output().stdout).unwrap()
}

/// What the verb that counts `args` alone, on one thread, finds.
fn alone(args: &[&str]) -> Value {
    let all = [args, &["--threads", "1", "--format", "json"]].concat();
    serde_json::from_str(&succeed(all)).unwrap()
}

#[test]
fn a_sharded_count_merges_to_the_exact_total_and_refuses_gaps_and_damage() {
    let dir = temp("flow");
    let p = plan_of(&dir, "plan", &["11"], 6);
    let out = dir.join("results");
    let plan_json: Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
    // Six shards of subproblems, and shard 6 for the symmetric counts.
    assert_eq!(
        (plan_json["shards"].as_u64(), plan_json["symmetry"].as_str()),
        (Some(6), Some("shard"))
    );
    for i in [0, 1, 2, 4, 5, 6] {
        run_shard(&p, &out, i);
    }
    assert_eq!(missing(&p, &out), "3");
    // Shard ids come from Slurm's array variable when --shard is absent.
    shard_runner(&p, &out)
        .env("SLURM_ARRAY_TASK_ID", "3")
        .assert()
        .success();
    assert_eq!(missing(&p, &out), "");
    let v = merged(&p, &out);
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
    let whole: Value = serde_json::from_str(&succeed([
        "count", "11", "--depth", &depth, "--format", "json",
    ]))
    .unwrap();
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
    let o = on_plan("merge", &p).arg(&out).assert().code(2);
    let err = String::from_utf8(o.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("missing shards 1") && err.contains("damaged shards 4"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_plans_and_arguments_are_refused() {
    let dir = temp("bad");
    let p = plan_of(&dir, "plan", &["9"], 4);
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
    let [plan, results, scratch, edited, foreign] =
        [&p, &out, &dir, &edited, &foreign].map(|p| p.to_str().unwrap());
    let shard = |rest: &[&'static str]| {
        let mut args = vec!["run-shard", "--plan", plan, "--out", results];
        args.extend_from_slice(rest);
        args
    };
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["plan", "9", "--shards", "0"],
            "--shards must be a whole number from 1 to",
        ),
        (
            vec!["plan", "9", "--shards", "5000000"],
            "--shards must be a whole number from 1 to 4194304, not 5000000",
        ),
        (
            // The halves split of n = 20 is fixed by n (its depth is the
            // left width): no depth makes 65,536 shards of it.
            vec!["plan", "20", "--shards", "65536"],
            "--shards 65536 is more than the 46508 subproblems of n = 20 at depth 10 (ask for fewer shards)",
        ),
        (
            vec!["plan", "9", "--shards", "5000", "--solver", "pairs"],
            "(ask for fewer shards or a deeper --depth)",
        ),
        (
            vec!["plan", "9", "--shards", "2", "--solver", "classic"],
            "cannot be sharded",
        ),
        (
            vec!["merge", "--plan", edited, results],
            "damaged or was edited",
        ),
        (
            vec!["merge", "--plan", foreign, results],
            "not an nqueens plan",
        ),
        (
            shard(&["--shard", "7"]),
            "--shard 7 is outside the plan (its shards are 0 to 4)",
        ),
        (
            shard(&["--shard", "3-9"]),
            "--shard 3-9 is outside the plan (its shards are 0 to 4)",
        ),
        (
            shard(&["--shard", "3-1"]),
            "--shard 3-1: the first shard comes after the last",
        ),
        (
            shard(&["--shard", "3", "--per-task", "2"]),
            "task 3 of 2 shards each is outside the plan (its shards are 0 to 4: tasks 0 to 2)",
        ),
        (
            shard(&["--shard", "0-1", "--per-task", "2"]),
            "--per-task takes one task id, not a range (--shard 0-1)",
        ),
        (
            shard(&["--shard", "0", "--per-task", "0"]),
            "--per-task must be a whole number from 1 to 4194304, not 0",
        ),
        (
            vec!["merge", "--plan", plan, scratch, "--recount", "5"],
            "--recount 5 is more than the plan's 4 shards of subproblems",
        ),
        (
            vec!["merge", "--plan", plan, scratch, "--recount", "0"],
            "--recount must be a whole number from 1 to",
        ),
        (
            vec!["status", "--plan", plan, scratch, "--cores", "0"],
            "--cores must be a whole number from 1 to",
        ),
        (
            vec!["status", "--plan", plan, scratch, "--estimate", foreign],
            "is not the JSON of `nqueens estimate`",
        ),
        (shard(&[]), "SLURM_ARRAY_TASK_ID is not set"),
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
            assert!(m.get("queens").is_none(), "{name}: {m}");
            for k in ["unique", "fixed_180", "fixed_90", "nodes"] {
                assert_eq!(m[k], one[k], "{name}: {k}");
            }
        } else {
            // What the unsharded command prints beside its count (P20: the
            // merged record had neither).
            let minimum: &[&str] = if name == "pawns" {
                &["queens", "pawns"]
            } else {
                &["queens"]
            };
            for k in minimum {
                assert!(m[k].is_u64(), "{name}: {k} in {m}");
                assert_eq!(m[k], one[k], "{name}: {k}");
            }
            // The puzzles' searches count no symmetric sets: the fixed
            // counts are not reported (they were 0, which is wrong: the
            // half turn fixes 2 of the 86 minimum dominating sets of 7 x 7).
            for k in ["fixed_180", "fixed_90"] {
                assert!(m.get(k).is_none(), "{name}: {k} in {m}");
            }
        }
    }
    // A plan names its kind: results of one are refused by another.
    let other = plan_of(&dir, "count", &["13"], 3);
    let o = on_plan("merge", &other)
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

#[test]
fn one_task_runs_a_range_of_shards_and_the_symmetry_shard_comes_last() {
    let dir = temp("ranges");
    let p = plan_of(&dir, "plan", &["12"], 7);
    let out = dir.join("results");
    // Tasks of 3 shards each: task 0 runs 0-2, task 2 runs 6 and the
    // symmetry shard 7; --shard A-B runs 3-5.
    for task in ["0", "2"] {
        shard_runner(&p, &out)
            .args(["--per-task", "3", "--threads", "1"])
            .env("SLURM_ARRAY_TASK_ID", task)
            .assert()
            .success();
    }
    assert_eq!(missing(&p, &out), "3-5");
    let per_task = on_plan("missing", &p)
        .arg(&out)
        .args(["--per-task", "3"])
        .assert()
        .success();
    assert_eq!(per_task.get_output().stdout, b"1\n");
    shard_runner(&p, &out)
        .args(["--shard", "3-5", "--threads", "2"])
        .assert()
        .success();
    let v = merged(&p, &out);
    // OEIS A000170 / A002562 for n = 12 (the unique count needs the
    // symmetry shard's fixed counts), and the fixed counts and nodes of
    // an unsharded count.
    assert_eq!(
        (v["total"].as_u64(), v["unique"].as_u64()),
        (Some(14200), Some(1787))
    );
    let whole = alone(&["count", "12"]);
    for k in ["fixed_180", "fixed_90", "nodes"] {
        assert_eq!(v[k], whole[k], "{k}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_version_2_plan_and_its_results_still_merge() {
    // Made by the last build that wrote version 2 (f73297d): the
    // symmetric counts inside the plan, every range listed.
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/plan-v2");
    let v = merged(&data.join("plan.json"), &data);
    assert_eq!(
        (
            v["total"].as_u64(),
            v["unique"].as_u64(),
            v["shards"].as_u64()
        ),
        (Some(724), Some(92), Some(3))
    );
}

/// The merge of `plan`'s results in `out` with `extra`: its exit code, its
/// record (JSON, `Null` when none) and its stderr.
fn merge_of(plan: &Path, out: &Path, extra: &[&str]) -> (Option<i32>, Value, String) {
    let o = on_plan("merge", plan)
        .arg(out)
        .args(["--format", "json", "--threads", "1"])
        .args(extra)
        .output()
        .unwrap();
    let record = serde_json::from_slice(&o.stdout).unwrap_or(Value::Null);
    (
        o.status.code(),
        record,
        String::from_utf8(o.stderr).unwrap(),
    )
}

/// Every shard of `plan` run into `out`.
fn run_all(plan: &Path, out: &Path) {
    shard_runner(plan, out)
        .args(["--per-task", "100", "--shard", "0", "--threads", "1"])
        .assert()
        .success();
}

#[test]
fn a_consistent_forgery_of_every_kind_of_work_is_refused_or_named() {
    // A faulty node's result as a forger would make it (issue 41): one
    // subproblem's count raised by eight (so Burnside's lemma still
    // divides), the sums made to agree, the checksum recomputed. Each kind
    // of work's merge refuses it by default (a published total, or the
    // symmetries between a variant's pieces) or says, in its record and on
    // stderr, that only --recount would catch it.
    let dir = temp("forgeries");
    for (name, args, caught_by) in [
        ("count", &["12"][..], Some("OEIS says 14200 / 1787")),
        // One first-row column of the torus raised: its mirror image and
        // every shift of it disagree (the total, 4,532, is also not
        // OEIS A051906's 4,524).
        (
            "torus",
            &["13", "--torus"],
            Some("(mirror images of each other)"),
        ),
        (
            "line",
            &["10", "--no-three-in-line"],
            Some("(mirror images of each other)"),
        ),
        (
            "dominate",
            &["7", "--dominate"],
            Some("OEIS A002564 says 86"),
        ),
        (
            "pawns",
            &["7", "--pawns", "8"],
            Some("OEIS A103330 says 20"),
        ),
        // No published value for 9 queens with the fewest pawns on 7 x 7.
        ("pawns-9", &["7", "--pawns", "9"], None),
    ] {
        let p = plan_of(&dir, name, args, 3);
        let out = dir.join(name);
        run_all(&p, &out);
        let (code, honest, err) = merge_of(&p, &out, &[]);
        assert_eq!(code, Some(0), "{name}: {err}");
        let path = out.join("shard-1.json");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, forged(&text, 8)).unwrap();
        let (code, forgery, err) = merge_of(&p, &out, &[]);
        match caught_by {
            Some(words) => {
                assert_eq!(code, Some(1), "{name}: {err}");
                let last = err.lines().last().unwrap();
                assert!(last.contains(words), "{name}: {err}");
                assert_eq!(err.lines().count(), 1, "{name}: {err}");
                let check = honest["forgery_check"].as_str().unwrap();
                assert!(check.starts_with("known value: OEIS A"), "{name}: {check}");
            }
            None => {
                assert_eq!(code, Some(0), "{name}: {err}");
                assert_eq!(
                    forgery["total"].as_u64(),
                    Some(honest["total"].as_u64().unwrap() + 8),
                    "{name}: the forgery merges"
                );
                assert_eq!(forgery["forgery_check"], "recount only", "{name}");
                assert_eq!(honest["forgery_check"], "recount only", "{name}");
                assert_eq!(
                    err,
                    "nqueens: no published value checks pawns-with-9-queens at n = 7: a shard result forged with a consistent checksum merges unseen; only --recount catches it, in the shards it draws (0 of 3 recounted here)\n"
                );
                let (code, _, err) = merge_of(&p, &out, &["--recount", "3"]);
                assert_eq!(code, Some(1), "{name}: {err}");
                assert!(
                    err.contains("error: shard 1 does not recount to its result"),
                    "{name}: {err}"
                );
                // Every shard recounted: nothing is left unchecked.
                std::fs::write(&path, &text).unwrap();
                let (code, all, err) = merge_of(&p, &out, &["--recount", "3"]);
                assert_eq!(code, Some(0), "{name}: {err}");
                assert_eq!(all["forgery_check"], "every shard recounted", "{name}");
                assert!(!err.contains("no published value"), "{err}");
            }
        }
    }
    // The torus with every first-row column raised by eight keeps its
    // mirror images and shifts equal: OEIS A051906 refuses the total.
    let p = dir.join("torus.json");
    let out = dir.join("torus-every-column");
    run_all(&p, &out);
    for i in 0..3 {
        let path = out.join(format!("shard-{i}.json"));
        let mut text = std::fs::read_to_string(&path).unwrap();
        let pieces = serde_json::from_str::<Value>(&text).unwrap()["subproblems"]
            .as_array()
            .unwrap()
            .len();
        for k in 0..pieces {
            text = forgery::forged_at(&text, k, 8);
        }
        std::fs::write(&path, text).unwrap();
    }
    let (code, forgery, err) = merge_of(&p, &out, &[]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(forgery["total"].as_u64(), Some(4524 + 13 * 8));
    assert!(
        err.ends_with("the torus search found 4628 solutions, but OEIS A051906 says 4524\n"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_forgery_that_keeps_every_symmetry_passes_every_check_but_a_recount() {
    // No three in line at n = 13, past the published table: columns 4 and
    // 8, mirror images of each other, both raised by the same amount.
    // Off by two each the totals' Burnside sum does not divide by 8; off
    // by eight each, only counting the shards again can tell.
    let dir = temp("forged");
    let p = plan_of(&dir, "line", &["13", "--no-three-in-line"], 4);
    let out = dir.join("r");
    run_all(&p, &out);
    let (code, honest, err) = merge_of(&p, &out, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(honest["forgery_check"], "recount only");
    assert!(
        err.contains("no published value checks no-three-in-line at n = 13"),
        "{err}"
    );
    // Shards of 3, 3, 3 and 4 columns: column 4 is shard 1's second,
    // column 8 shard 2's third.
    let texts: Vec<String> = [1, 2]
        .iter()
        .map(|i| std::fs::read_to_string(out.join(format!("shard-{i}.json"))).unwrap())
        .collect();
    let forge = |by: u64| {
        std::fs::write(
            out.join("shard-1.json"),
            forgery::forged_at(&texts[0], 1, by),
        )
        .unwrap();
        std::fs::write(
            out.join("shard-2.json"),
            forgery::forged_at(&texts[1], 2, by),
        )
        .unwrap();
    };
    forge(2);
    let (code, _, err) = merge_of(&p, &out, &[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("is not a multiple of 8 (Burnside's lemma)"),
        "{err}"
    );
    forge(8);
    let (code, forgery, err) = merge_of(&p, &out, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        forgery["total"].as_u64(),
        Some(honest["total"].as_u64().unwrap() + 16),
        "the forgery merges without a recount"
    );
    assert_eq!(forgery["forgery_check"], "recount only");
    assert!(err.contains("only --recount catches it"), "{err}");
    let (code, record, err) = merge_of(&p, &out, &["--recount", "4"]);
    assert_eq!(code, Some(1), "{err}");
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with("nqueens: error: shard 1 does not recount to its result: subproblem 4"),
        "{err}"
    );
    // In words, not Rust's Debug form (P20: "Some(Found { solutions: ...").
    assert!(last.contains(" here, solutions "), "{last}");
    assert!(!last.contains("Found") && !last.contains("Some("), "{last}");
    assert_eq!(record, Value::Null, "no merged record for a refused merge");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_independent_recount_refuses_a_forged_shard_and_names_both_counts() {
    // The same forgery (a piece's count off by eight, the sums made to
    // agree, the checksum recomputed), recounted by the search that shares
    // nothing with the join but the row set.
    let dir = temp("independent");
    let p = plan_of(&dir, "plan", &["12"], 4);
    let out = dir.join("r");
    for i in 0..5 {
        run_shard(&p, &out, i);
    }
    let honest = on_plan("merge", &p)
        .arg(&out)
        .args(["--recount", "4", "--independent", "--format", "json"])
        .assert()
        .success();
    let v: Value = serde_json::from_slice(&honest.get_output().stdout).unwrap();
    assert_eq!(
        (&v["total"], &v["recounted"], &v["recount_method"]),
        (&14200.into(), &"0-3".into(), &"independent".into())
    );
    let path = out.join("shard-2.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let r: Value = serde_json::from_str(&text).unwrap();
    let (index, solutions) = (&r["subproblems"][0][0], &r["subproblems"][0][1]);
    std::fs::write(&path, forged(&text, 8)).unwrap();
    let o = on_plan("merge", &p)
        .arg(&out)
        .args(["--recount", "4", "--independent", "--seed", "3"])
        .output()
        .unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(o.stdout.is_empty(), "no merged record for a refused merge");
    let last = err.lines().last().unwrap();
    let claimed = solutions.as_u64().unwrap() + 8;
    assert!(
        last.starts_with(&format!(
            "nqueens: error: shard 2 does not recount independently to its result: subproblem {index} gives solutions {solutions} by a depth-first search of its row set, solutions {claimed} by the join in "
        )),
        "{err}"
    );
    assert!(err.contains("recounting shard 2 (subproblems "), "{err}");
    // --independent takes halves plans only, in one line.
    let line = plan_of(&dir, "line", &["8", "--no-three-in-line"], 2);
    let o = on_plan("merge", &line)
        .arg(&out)
        .args(["--recount", "1", "--independent"])
        .output()
        .unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--independent recounts the row sets of a plan of the halves solver"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_status_of_a_finished_run_says_it_is_finished() {
    // P20: a finished run showed cpu_seconds_left 0.07 (from an estimate
    // larger than the CPU spent), cores 0 and three empty id lines.
    let dir = temp("finished");
    let p = plan_of(&dir, "plan", &["10"], 3);
    let out = dir.join("r");
    run_all(&p, &out);
    let estimate = dir.join("estimate.json");
    std::fs::write(&estimate, r#"{"n":10,"cpu_seconds_estimate":100}"#).unwrap();
    for extra in [
        &[][..],
        &["--cores", "8"],
        &["--estimate", estimate.to_str().unwrap()],
    ] {
        let o = on_plan("status", &p)
            .arg(&out)
            .args(extra)
            .assert()
            .success();
        let text = String::from_utf8(o.get_output().stdout.clone()).unwrap();
        for line in text.lines() {
            assert_eq!(
                line.split_whitespace().count(),
                2,
                "{extra:?}: {line:?} in\n{text}"
            );
        }
        let o = on_plan("status", &p)
            .arg(&out)
            .args(extra)
            .args(["--format", "json"])
            .assert()
            .success();
        let v: Value = serde_json::from_slice(&o.get_output().stdout).unwrap();
        assert_eq!(
            (&v["finished"], &v["done"], &v["eta_basis"]),
            (&true.into(), &4.into(), &"finished".into()),
            "{extra:?}"
        );
        assert_eq!(v["cpu_seconds_left"].as_f64(), Some(0.0), "{extra:?}");
        assert_eq!(v["eta_seconds"].as_f64(), Some(0.0), "{extra:?}");
        for k in ["cores", "running_ids", "missing_ids", "damaged_ids"] {
            assert!(v.get(k).is_none(), "{extra:?}: {k} in {v}");
        }
    }
    // One result gone: not finished, and the missing one named.
    std::fs::remove_file(out.join("shard-1.json")).unwrap();
    let o = on_plan("status", &p)
        .arg(&out)
        .args(["--format", "json"])
        .assert()
        .success();
    let v: Value = serde_json::from_slice(&o.get_output().stdout).unwrap();
    assert_eq!(
        (&v["finished"], &v["missing_ids"], &v["eta_basis"]),
        (&false.into(), &"1".into(), &"shards done".into())
    );
    assert!(v["cpu_seconds_left"].as_f64().unwrap() >= 0.0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_million_shard_plan_is_small_and_quick() {
    // n = 26: 2,602,198 subproblems cut into 2^21 shards; the plan holds
    // no range, so it stays a few hundred bytes at any K.
    let dir = temp("million");
    let begun = std::time::Instant::now();
    let p = plan_of(&dir, "big", &["26"], 1 << 21);
    let took = begun.elapsed();
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.len() < 1024, "{} bytes", text.len());
    assert!(took.as_secs() < 30, "{took:?}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (v["subproblems"].as_u64(), v["shards"].as_u64()),
        (Some(2_602_198), Some(1 << 21))
    );
    let missing = missing(&p, &{
        let empty = dir.join("empty");
        std::fs::create_dir(&empty).unwrap();
        empty
    });
    assert_eq!(missing, format!("0-{}", 1 << 21));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn symbolic_links_in_the_results_directory_are_never_written_through() {
    // shard-1.json -> shard-0.json once had shard 1 overwrite shard 0's result.
    let dir = temp("links");
    let p = plan_of(&dir, "plan", &["10"], 3);
    let out = dir.join("results");
    run_shard(&p, &out, 0);
    let outside = dir.join("outside.txt");
    std::fs::write(&outside, "not a shard's\n").unwrap();
    let targets = [out.join("shard-0.json"), outside.clone()];
    let before: Vec<Vec<u8>> = targets.iter().map(|t| std::fs::read(t).unwrap()).collect();
    let unchanged = |case: &str| {
        for (t, b) in targets.iter().zip(&before) {
            assert_eq!(&std::fs::read(t).unwrap(), b, "{case}: {}", t.display());
        }
    };
    for target in &targets {
        for ext in ["json", "ckpt", "lock"] {
            let name = out.join(format!("shard-1.{ext}"));
            let _ = std::fs::remove_file(&name);
            let _ = std::fs::remove_file(out.join("shard-1.json"));
            std::os::unix::fs::symlink(target, &name).unwrap();
            let case = format!("shard-1.{ext} -> {}", target.display());
            let run = shard_runner(&p, &out)
                .args(["--shard", "1"])
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&run.stderr);
            unchanged(&case);
            if ext == "json" {
                // The link itself is replaced by the result.
                assert!(run.status.success(), "{case}: {err}");
                assert!(
                    std::fs::symlink_metadata(&name).unwrap().is_file(),
                    "{case}"
                );
            } else {
                // Refused with one line naming it, and the link left alone.
                assert_eq!(run.status.code(), Some(2), "{case}: {err}");
                let last = err.lines().last().unwrap_or("");
                assert!(
                    last.starts_with("nqueens: error: ")
                        && last.contains(&format!("shard-1.{ext}"))
                        && last.contains("symbolic link"),
                    "{case}: {err}"
                );
                assert!(std::fs::symlink_metadata(&name)
                    .unwrap()
                    .file_type()
                    .is_symlink());
                std::fs::remove_file(&name).unwrap();
            }
        }
    }
    for i in [1, 2, 3] {
        run_shard(&p, &out, i);
    }
    unchanged("after every shard");
    assert_eq!(merged(&p, &out)["total"], 724);
}

#[test]
fn an_interrupted_shard_counts_what_is_saved_against_the_shard_not_the_plan() {
    // "63 of 70206098 subproblems are saved" once named the plan's total.
    let dir = temp("term");
    // Pinned to `pairs`: a shard takes seconds, so the signal lands mid-run.
    let p = dir.join("plan.json");
    let text = succeed(["plan", "16", "--shards", "4", "--solver", "pairs"]);
    std::fs::write(&p, text).unwrap();
    let out = dir.join("results");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nqueens"))
        .arg("run-shard")
        .arg("--plan")
        .arg(&p)
        .arg("--out")
        .arg(&out)
        .args(["--shard", "1", "--threads", "1"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // SIGTERM once a few subproblems are saved.
    let ckpt = out.join("shard-1.ckpt");
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&ckpt).map_or(0, |t| t.lines().count()) < 3 {
        assert!(start.elapsed().as_secs() < 60, "nothing saved within 60 s");
        assert!(child.try_wait().unwrap().is_none(), "the shard ended early");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let ended = child.wait_with_output().unwrap();
    let err = String::from_utf8(ended.stderr).unwrap();
    assert_eq!(ended.status.code(), Some(130), "{err}");
    // The shard's size, from the record of the resumed run.
    let resumed = shard_runner(&p, &out)
        .args(["--shard", "1", "--format", "json"])
        .assert()
        .success();
    let resumed: Value = serde_json::from_slice(&resumed.get_output().stdout).unwrap();
    let size = resumed["end"].as_u64().unwrap() - resumed["first"].as_u64().unwrap();
    let line = err.lines().last().unwrap_or("");
    let saved: u64 = line
        .strip_prefix("nqueens: interrupted: ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    assert!((2..size).contains(&saved), "{err}");
    assert!(
        line.contains(&format!(
            " of the shard's {size} subproblems (shard 1) are saved in "
        )),
        "{err}"
    );
    assert!(line.contains("shard-1.ckpt; run `nqueens run-shard --plan "));
}

/// A finished shard leaves its `shard-I.lock` (removing it would let two
/// runners count the same shard: docs/formats.md says why), unlocked:
/// `status` does not take the shard for a running one.
#[test]
fn a_finished_shard_leaves_its_lock_unlocked_and_documented() {
    let dir = temp("lock");
    let p = plan_of(&dir, "plan", &["10"], 3);
    let out = dir.join("results");
    run_shard(&p, &out, 1);
    assert!(out.join("shard-1.lock").is_file());
    let status = on_plan("status", &p)
        .arg(&out)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(
        (&v["done"], &v["running"]),
        (&Value::from(1), &Value::from(0)),
        "{v}"
    );
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/formats.md"
    ))
    .unwrap();
    assert!(page.contains("`shard-I.lock`"));
    std::fs::remove_dir_all(&dir).unwrap();
}
