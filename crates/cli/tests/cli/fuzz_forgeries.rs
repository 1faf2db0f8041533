//! Forgery fuzzing: a plan of every kind of work (a count by two solvers,
//! the two variants, dominate, pawns with and without a published value)
//! is run whole, then one of its shard results is forged as a dishonest or
//! faulty node would (a random subproblem's count raised by a random
//! amount, multiples of 8 among them, which Burnside's lemma cannot see;
//! the total raised alike; the checksum computed again) and merged.
//! Asserted for every forgery: the merge refuses it in one line, or
//! merges it saying `forgery_check: recount only` (and a line on stderr),
//! and then a merge recounting every shard refuses it; a forgery never
//! merges under another `forgery_check`. The honest results merge to the
//! count the unsharded command gives. Every run is under the fuzzers'
//! memory bound (`ulimit -v` 4 GiB) and a time bound.
//!
//! Seeds: a fixed one plus one fresh per run, printed; replay one with
//! `NQUEENS_FUZZ_FORGERIES_SEED=S cargo test -p nqueens-cli --test cli fuzz_forgeries::`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use crate::forgery;
use crate::fuzz::harness;

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");
const SEED_VAR: &str = "NQUEENS_FUZZ_FORGERIES_SEED";
const FIXED_SEEDS: [u64; 1] = [0xf0_26e5];
/// Forgeries of each plan per seed.
const EACH: usize = 6;

/// A plan of one kind of work, and the unsharded command that counts it.
struct Kind {
    plan: &'static [&'static str],
    whole: &'static [&'static str],
    /// The whole command's JSON key of its count.
    key: &'static str,
}

const KINDS: [Kind; 8] = [
    Kind {
        plan: &["plan", "12", "--shards", "4"],
        whole: &["count", "12"],
        key: "total",
    },
    Kind {
        plan: &["plan", "12", "--solver", "pairs", "--shards", "4"],
        whole: &["count", "12", "--solver", "pairs"],
        key: "total",
    },
    Kind {
        plan: &["plan", "13", "--torus", "--shards", "4"],
        whole: &["count", "13", "--torus"],
        key: "total",
    },
    Kind {
        plan: &["plan", "12", "--no-three-in-line", "--shards", "4"],
        whole: &["count", "12", "--no-three-in-line"],
        key: "total",
    },
    Kind {
        plan: &["plan", "13", "--no-three-in-line", "--shards", "4"],
        whole: &["count", "13", "--no-three-in-line"],
        key: "total",
    },
    Kind {
        plan: &["plan", "9", "--dominate", "--shards", "3"],
        whole: &["dominate", "9", "--count"],
        key: "count",
    },
    Kind {
        plan: &["plan", "8", "--pawns", "9", "--shards", "3"],
        whole: &["pawns", "8", "--queens", "9", "--count"],
        key: "count",
    },
    Kind {
        plan: &["plan", "8", "--pawns", "10", "--shards", "3"],
        whole: &["pawns", "8", "--queens", "10", "--count"],
        key: "count",
    },
];

/// Each run's bound: seconds for these boards, far below a hang.
const BOUND: Duration = Duration::from_secs(60);

/// `args` run in `dir` under the fuzzers' memory bound (`ulimit -v`) and
/// a time bound.
fn run(args: &[&str], dir: &Path) -> Output {
    let mut c = harness::memory_bounded(BIN);
    c.args(args).current_dir(dir);
    let f = harness::run_bounded(c, BOUND)
        .unwrap()
        .unwrap_or_else(|| panic!("{args:?}: still running after {BOUND:?}"));
    Output {
        status: f.status,
        stdout: f.stdout,
        stderr: f.stderr.into_bytes(),
    }
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON ({e}): {:?} {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The plan's results, run whole; the shard ids holding subproblems.
fn results(kind: &Kind, dir: &Path) -> Vec<u64> {
    let plan = run(kind.plan, dir);
    assert!(plan.status.success(), "{:?}: {plan:?}", kind.plan);
    fs::write(dir.join("plan.json"), &plan.stdout).unwrap();
    let p: serde_json::Value = serde_json::from_slice(&plan.stdout).unwrap();
    let shards = p["shards"].as_u64().unwrap();
    let ids = shards + u64::from(p["symmetry"] == "shard");
    for id in 0..ids {
        let id = id.to_string();
        let ran = run(
            &[
                "run-shard",
                "--plan",
                "plan.json",
                "--shard",
                &id,
                "--out",
                "honest",
                "-q",
            ],
            dir,
        );
        assert!(ran.status.success(), "{:?} shard {id}: {ran:?}", kind.plan);
    }
    (0..shards)
        .filter(|i| {
            let r = fs::read_to_string(dir.join(format!("honest/shard-{i}.json"))).unwrap();
            let r: serde_json::Value = serde_json::from_str(&r).unwrap();
            r["subproblems"].as_array().is_some_and(|s| !s.is_empty())
        })
        .collect()
}

fn copy_dir(from: &Path, to: &Path) {
    let _ = fs::remove_dir_all(to);
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.path().extension().is_some_and(|x| x == "json") {
            fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

#[test]
fn a_consistent_forgery_of_any_kind_of_work_is_refused_or_flagged_and_then_caught_by_a_recount() {
    let started = Instant::now();
    let seeds = harness::seeds(SEED_VAR, &FIXED_SEEDS);
    let base: PathBuf =
        std::env::temp_dir().join(format!("nqueens-fuzz-forgeries-{}", std::process::id()));
    let (mut refused, mut flagged, mut failures) = (0, 0, Vec::new());
    for (k, kind) in KINDS.iter().enumerate() {
        let dir = base.join(k.to_string());
        fs::create_dir_all(&dir).unwrap();
        let held = results(kind, &dir);
        let whole = json(&run(&[kind.whole, &["--format", "json"]].concat(), &dir));
        let merge = ["merge", "--plan", "plan.json", "honest", "--format", "json"];
        let honest = json(&run(&merge, &dir));
        assert_eq!(
            honest["total"], whole[kind.key],
            "{:?}: the honest merge against {:?}",
            kind.plan, kind.whole
        );
        for &seed in &seeds {
            let mut rng = harness::case(seed, k);
            for f in 0..EACH {
                let shard = held[rng.below(held.len())];
                let path = dir.join(format!("honest/shard-{shard}.json"));
                let text = fs::read_to_string(&path).unwrap();
                let pieces = serde_json::from_str::<serde_json::Value>(&text).unwrap()
                    ["subproblems"]
                    .as_array()
                    .unwrap()
                    .len();
                let at = rng.below(pieces);
                let by = [1, 2, 4, 7, 8, 16, 64, 8 * (1 + rng.below(1000) as u64)][rng.below(8)];
                copy_dir(&dir.join("honest"), &dir.join("forged"));
                fs::write(
                    dir.join(format!("forged/shard-{shard}.json")),
                    forgery::forged_at(&text, at, by),
                )
                .unwrap();
                let what = format!(
                    "seed {seed} forgery {f}: {:?}, shard {shard}, subproblem {at} + {by}",
                    kind.plan
                );
                let out = run(
                    &["merge", "--plan", "plan.json", "forged", "--format", "json"],
                    &dir,
                );
                let stderr = String::from_utf8_lossy(&out.stderr);
                if !out.status.success() {
                    let lines: Vec<&str> = stderr.lines().collect();
                    if lines.len() != 1 || !lines[0].starts_with("nqueens: ") {
                        failures.push(format!("{what}: refused, not in one line: {stderr:?}"));
                    }
                    refused += 1;
                    continue;
                }
                let record = json(&out);
                if record["forgery_check"] != "recount only" || !stderr.contains("--recount") {
                    failures.push(format!(
                        "{what}: merged as {record} without saying only a recount would catch it"
                    ));
                    continue;
                }
                flagged += 1;
                // Every shard (the symmetry shard too, where there is one).
                let every = fs::read_dir(dir.join("forged"))
                    .unwrap()
                    .count()
                    .to_string();
                let recount = run(
                    &[
                        "merge",
                        "--plan",
                        "plan.json",
                        "forged",
                        "--recount",
                        &every,
                        "--seed",
                        "1",
                        "--format",
                        "json",
                    ],
                    &dir,
                );
                if recount.status.success() {
                    failures.push(format!(
                        "{what}: merged even recounting every shard: {}",
                        String::from_utf8_lossy(&recount.stdout)
                    ));
                }
            }
        }
    }
    let _ = fs::remove_dir_all(&base);
    println!(
        "forgery fuzzer: seeds {seeds:?}; {} kinds of work, {} forgeries: {refused} refused, \
         {flagged} merged flagged and caught by a recount; in {:.1} s",
        KINDS.len(),
        refused + flagged + failures.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        refused > 0 && flagged > 0,
        "both outcomes met: {refused} refused, {flagged} flagged"
    );
}
