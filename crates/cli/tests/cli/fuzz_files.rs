//! File-input fuzzing: the files the CLI reads back (a checkpoint, a plan
//! of version 3 and of version 2, a shard result, a recorded run, the
//! estimate `status --estimate` reads), made valid by the CLI itself (the
//! version 2 plan is the fixture tests/data/plan-v2), then truncated,
//! bit-flipped, oversized (junk appended, or a sparse 10 GB tail),
//! replaced by foreign inputs (another kind's file, JSON of the wrong
//! shape, binary junk), or given a field out of range, non-finite or huge
//! (0, -1, 2^64, 2^128, 1e308, 1e309, NaN, null, a string), half of those
//! sealed again (plan hash or result checksum recomputed, as a forger
//! would, so the value reaches the checks past the seal); each fed to the
//! verb that reads it under a time and memory bound. Asserted for every input: no panic, no hang, exit 0 or
//! a one-line refusal (exit 2), and never a wrong count: a checkpoint that
//! resumes, a plan or a result that merges, must give exactly 92 for
//! n = 8 (the CRCs exist so that a flipped bit cannot pass as another
//! count), and `missing` must agree with `merge` about the result.
//!
//! Seeds: a fixed set plus one fresh per run, printed; replay one seed with
//! `NQUEENS_FUZZ_FILES_SEED=S cargo test -p nqueens-cli --test cli fuzz_files::`.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use nqueens_files::checkpoint::crc32;

use crate::fuzz::harness;
use crate::fuzz::vectors::Rng;

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");
/// Inputs mutated from each seed, spread evenly over the kinds.
const PER_SEED: usize = 252;
const FIXED_SEEDS: [u64; 3] = [1, 0x5eed_f11e, 0xdead_beef_0bad_f00d];
const BOUND: Duration = Duration::from_secs(10);
const WORKERS: usize = 4;
/// The count every accepted input must still give: n = 8.
const TOTAL: u64 = 92;
/// The count of the version 2 plan's board, n = 10.
const TOTAL_V2: u64 = 724;
/// Flags of the checkpointed count; its checkpoint is fuzzed.
const COUNT: [&str; 8] = [
    "count", "8", "--solver", "pairs", "--depth", "3", "--format", "json",
];

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Checkpoint,
    Plan,
    Result,
    Run,
    PlanV2,
    Estimate,
}

const KINDS: [Kind; 6] = [
    Kind::Checkpoint,
    Kind::Plan,
    Kind::Result,
    Kind::Run,
    Kind::PlanV2,
    Kind::Estimate,
];

/// The valid files, made by the CLI.
struct Valid {
    checkpoint: Vec<u8>,
    plan: Vec<u8>,
    /// Shards 0, 1 and 2, and 3, the symmetry shard; shard 1 is the one
    /// mutated.
    results: [Vec<u8>; 4],
    raw: Vec<u8>,
    /// The version 2 fixture: its plan and its three results.
    plan_v2: Vec<u8>,
    results_v2: [Vec<u8>; 3],
    /// `estimate 8 --format json`.
    estimate: Vec<u8>,
}

impl Valid {
    fn of(&self, kind: Kind) -> &[u8] {
        match kind {
            Kind::Checkpoint => &self.checkpoint,
            Kind::Plan => &self.plan,
            Kind::Result => &self.results[1],
            Kind::Run => &self.raw,
            Kind::PlanV2 => &self.plan_v2,
            Kind::Estimate => &self.estimate,
        }
    }

    fn make(dir: &Path) -> Valid {
        fs::create_dir_all(dir).unwrap();
        let run = |args: &[&str]| {
            let out = Command::new(BIN)
                .args(args)
                .current_dir(dir)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            out.stdout
        };
        let plan = run(&["plan", "8", "--shards", "3", "--solver", "pairs"]);
        fs::write(dir.join("plan.json"), &plan).unwrap();
        for i in ["0", "1", "2", "3"] {
            run(&[
                "run-shard",
                "--plan",
                "plan.json",
                "--shard",
                i,
                "--out",
                "results",
            ]);
        }
        let mut count = COUNT.to_vec();
        count.extend(["--checkpoint", "c.ckpt"]);
        run(&count);
        run(&[
            "bench",
            "--from",
            "4",
            "--to",
            "6",
            "--solvers",
            "pairs",
            "--repeat",
            "1",
            "--out",
            "runs",
        ]);
        let stamp = fs::read_dir(dir.join("runs"))
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let read = |p: PathBuf| fs::read(p).unwrap();
        let v2 = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/plan-v2");
        let estimate = run(&harness::ESTIMATE);
        Valid {
            plan_v2: read(v2.join("plan.json")),
            results_v2: [0, 1, 2].map(|i| read(v2.join(format!("shard-{i}.json")))),
            estimate,
            checkpoint: read(dir.join("c.ckpt")),
            plan,
            results: [0, 1, 2, 3].map(|i| read(dir.join(format!("results/shard-{i}.json")))),
            raw: read(stamp.join("raw.csv")),
        }
    }
}

/// JSON and text a reader must refuse: wrong shapes, deep nesting, junk.
fn wrong_shapes() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        "\n",
        "{}",
        "[]",
        "null",
        "92",
        "\"nqueens-plan\"",
        "{\"format\":\"nqueens-plan\",\"version\":2}",
        "{\"format\":\"nqueens-shard\",\"version\":2,\"subproblems\":[[0,92,1]]}",
        "{\"format\":\"nqueens-plan\",\"version\":2,\"shards\":{}}",
        "nqueens-checkpoint 2 work=count n=8 solver=pairs depth=3 subproblems=1 kernel=0.1.0 crc=00000000\n",
        "n,solver,threads,run,seconds,total,unique,nodes\n",
        "n,solver\nx,y\n",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push("[".repeat(100_000));
    v.push("{\"a\":".repeat(50_000));
    v
}

/// One mutated input: its bytes, a sparse tail to add, and what was done.
struct Input {
    bytes: Vec<u8>,
    sparse: u64,
    how: String,
}

fn mutate(rng: &mut Rng, kind: Kind, valid: &Valid) -> Input {
    let v = valid.of(kind).to_vec();
    let input = |bytes, how: String| Input {
        bytes,
        sparse: 0,
        how,
    };
    match rng.below(16) {
        12.. => field(rng, kind, &v),
        0..=2 => {
            let at = rng.below(v.len());
            input(v[..at].to_vec(), format!("truncated to {at} bytes"))
        }
        3..=6 => {
            let mut b = v;
            let flips = 1 + rng.below(3);
            let mut at = Vec::new();
            for _ in 0..flips {
                let bit = rng.below(b.len() * 8);
                b[bit / 8] ^= 1 << (bit % 8);
                at.push(bit);
            }
            input(b, format!("bits {at:?} flipped"))
        }
        7 => {
            let mut b = v;
            let extra = 1 + rng.below(4096);
            b.extend((0..extra).map(|_| rng.next() as u8));
            input(b, format!("{extra} junk bytes appended"))
        }
        8 => Input {
            bytes: v,
            sparse: 10 << 30,
            how: "a sparse 10 GiB tail".into(),
        },
        9 => {
            let other = KINDS[rng.below(KINDS.len())];
            input(valid.of(other).to_vec(), format!("a valid {other:?} file"))
        }
        10 => {
            let shapes = wrong_shapes();
            let k = rng.below(shapes.len());
            let s = &shapes[k];
            input(s.clone().into_bytes(), format!("wrong shape {k}"))
        }
        _ => {
            let len = rng.below(4096);
            let b = (0..len).map(|_| rng.next() as u8).collect();
            input(b, format!("{len} random bytes"))
        }
    }
}

/// Values a field must not hold, or at the edge of what it holds.
const FIELD_VALUES: [&str; 18] = [
    "0",
    "-1",
    "1",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "99999999999999999999999999999999999999999",
    "1e308",
    "1e309",
    "-1e309",
    "NaN",
    "Infinity",
    "null",
    "\"8\"",
    "1.5",
    "-0.0",
    "[]",
];

/// `text` without the whitespace outside its strings: JSON as
/// `serde_json::to_string` writes it.
fn compact(text: &str) -> String {
    let (mut out, mut string, mut escaped) = (String::new(), false, false);
    for c in text.chars() {
        if string {
            string = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if c == '"' {
            string = true;
        } else if c.is_whitespace() {
            continue;
        }
        out.push(c);
    }
    out
}

/// Seals `text` again as a forger would: a plan's hash and a result's
/// checksum are the CRC of its compact body without them.
fn reseal(kind: Kind, text: &str) -> String {
    if kind == Kind::Checkpoint {
        return reseal_checkpoint(text);
    }
    let body = compact(text);
    // The seal is the last member; the CRC is that of the compact body
    // without it (an empty hash or checksum is not serialized).
    let sealed = |key: &str, body: &str| -> Option<String> {
        let at = body.find(&format!(",\"{key}\":\""))?;
        let end = at + key.len() + 5 + body[at + key.len() + 5..].find('"')?;
        let without = format!("{}{}", &body[..at], &body[end + 1..]);
        let crc = crc32(without.as_bytes());
        Some(format!(
            "{},\"{key}\":\"{crc:08x}\"}}",
            without.strip_suffix('}')?
        ))
    };
    let key = if kind == Kind::Result {
        "checksum"
    } else {
        "hash"
    };
    sealed(key, &body).unwrap_or(body)
}

/// Seals a checkpoint again: the header's CRC is that of its line before
/// ` crc=`, and each record's that of the header line's CRC (8 hex digits),
/// a space and the record before its own.
fn reseal_checkpoint(text: &str) -> String {
    let mut lines = text.lines();
    let head = lines.next().unwrap_or("");
    let head = match head.rsplit_once(" crc=") {
        Some((body, _)) => format!("{body} crc={:08x}", crc32(body.as_bytes())),
        None => head.to_string(),
    };
    let chained = crc32(head.as_bytes());
    let mut out = format!("{head}\n");
    for line in lines {
        match line.rsplit_once(' ') {
            Some((body, _)) => {
                let crc = crc32(format!("{chained:08x} {body}").as_bytes());
                out.push_str(&format!("{body} {crc:08x}\n"));
            }
            None => out.push_str(&format!("{line}\n")),
        }
    }
    out
}

/// One number of a file (a JSON field, a CSV cell, a checkpoint's header
/// value or record) given a value out of range, non-finite, huge or of the
/// wrong type; a plan, result or checkpoint is sealed again half the time.
fn field(rng: &mut Rng, kind: Kind, valid: &[u8]) -> Input {
    let text = String::from_utf8_lossy(valid).into_owned();
    // The places of the numbers outside strings.
    let (mut spans, mut string, mut escaped) = (Vec::new(), false, false);
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if string {
            string = escaped || c != b'"';
            escaped = !escaped && c == b'\\';
        } else if c == b'"' {
            string = true;
        } else if c == b'-' || c.is_ascii_digit() {
            let s = i;
            while i < b.len() && (b[i].is_ascii_digit() || b"-+.eE".contains(&b[i])) {
                i += 1;
            }
            spans.push((s, i));
            continue;
        }
        i += 1;
    }
    if spans.is_empty() {
        return Input {
            bytes: valid.to_vec(),
            sparse: 0,
            how: "unchanged (no number)".into(),
        };
    }
    let (s, e) = spans[rng.below(spans.len())];
    let with = FIELD_VALUES[rng.below(FIELD_VALUES.len())];
    let mutated = format!("{}{with}{}", &text[..s], &text[e..]);
    let sealed = matches!(
        kind,
        Kind::Plan | Kind::PlanV2 | Kind::Result | Kind::Checkpoint
    );
    let seal = sealed && rng.below(2) == 0;
    let how = format!(
        "the number at byte {s} ({}) made {with}{}",
        &text[s..e],
        if seal { ", sealed again" } else { "" }
    );
    let out = if seal {
        reseal(kind, &mutated)
    } else {
        mutated
    };
    Input {
        bytes: out.into_bytes(),
        sparse: 0,
        how,
    }
}

/// How one run of the binary ended.
struct Ran {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Why an input failed: a panic, a hang, or another broken promise.
enum Broken {
    Panic(String),
    Hang(String),
    Other(String),
}

fn run(args: &[&str], dir: &Path) -> Result<Ran, Broken> {
    let mut command = harness::memory_bounded(BIN);
    command.args(args).current_dir(dir);
    let Some(ran) = harness::run_bounded(command, BOUND).unwrap() else {
        return Err(Broken::Hang(format!(
            "{args:?} still running after {BOUND:?}"
        )));
    };
    let status = ran.status;
    let (stdout, stderr) = (
        String::from_utf8_lossy(&ran.stdout).into_owned(),
        ran.stderr,
    );
    let code = status.code().unwrap_or(-1);
    if code == 101 || stderr.contains("panicked") {
        return Err(Broken::Panic(format!("{args:?}: {stderr}")));
    }
    // 2: refused; 1: a count that disagrees with a known value (a forged
    // result or checkpoint record sealed again, caught by OEIS).
    let refused = (code == 2 || code == 1)
        && stderr.starts_with("nqueens: error: ")
        && stderr.lines().count() == 1
        && stderr.ends_with('\n');
    if code != 0 && !refused {
        return Err(Broken::Other(format!(
            "{args:?}: exit {code} is neither success nor a one-line refusal: {stderr:?}"
        )));
    }
    Ok(Ran {
        code,
        stdout,
        stderr,
    })
}

/// Forged plans whose shards were counted by [`fresh`].
static FRESH: AtomicUsize = AtomicUsize::new(0);

/// A plan forged and sealed again is run as a cluster would run it: its
/// shards counted into a new directory (`run-shard`, Ctrl-C after a second:
/// a forged n may be a long count), then merged, listed and surveyed. Each
/// step ends cleanly, and an accepted merge leaves nothing missing.
fn fresh(dir: &Path) -> Result<(), Broken> {
    fs::create_dir_all(dir.join("fresh")).unwrap();
    let listed = run(&["missing", "--plan", "plan.json", "fresh"], dir)?;
    let ids = listed.stdout.trim();
    if listed.code != 0 || ids.is_empty() || ids.contains(',') {
        return Ok(());
    }
    FRESH.fetch_add(1, Ordering::Relaxed);
    let shard = [
        "run-shard",
        "--plan",
        "plan.json",
        "--shard",
        ids,
        "--out",
        "fresh",
    ];
    let mut command = harness::memory_bounded(BIN);
    command.args(shard).current_dir(dir);
    let patience = Some(Duration::from_secs(1));
    let Some(ran) = harness::run_interrupting(command, patience, BOUND).unwrap() else {
        return Err(Broken::Hang(format!(
            "{shard:?} still running after {BOUND:?}"
        )));
    };
    let err = &ran.stderr;
    if err.contains("panicked") {
        return Err(Broken::Panic(format!("{shard:?}: {err}")));
    }
    let clean = match ran.status.code() {
        Some(0) => true,
        Some(1 | 2 | 130) => err.lines().count() == 1 && err.starts_with("nqueens: "),
        None => ran.interrupted,
        Some(_) => false,
    };
    if !clean {
        return Err(Broken::Other(format!(
            "{shard:?}: ended {:?} with {err:?}",
            ran.status
        )));
    }
    let merged = run(
        &["merge", "--plan", "plan.json", "fresh", "--format", "json"],
        dir,
    )?;
    let missing = run(&["missing", "--plan", "plan.json", "fresh"], dir)?;
    run(&["status", "--plan", "plan.json", "fresh"], dir)?;
    if merged.code == 0 && !(missing.code == 0 && missing.stdout.is_empty()) {
        return Err(Broken::Other(format!(
            "a forged plan's shards merged, and missing says {} {:?}",
            missing.code, missing.stdout
        )));
    }
    Ok(())
}

/// The total of a `--format json` report.
fn total(r: &Ran) -> Option<u64> {
    let v: serde_json::Value = serde_json::from_str(&r.stdout).ok()?;
    v["total"].as_u64()
}

fn exact(r: &Ran, args: &[&str]) -> Result<(), Broken> {
    exactly(r, args, TOTAL)
}

fn exactly(r: &Ran, args: &[&str], want: u64) -> Result<(), Broken> {
    if r.code == 0 && total(r) != Some(want) {
        return Err(Broken::Other(format!(
            "{args:?} accepted the input and gave {:?}, not {want}",
            r.stdout
        )));
    }
    Ok(())
}

/// `merge` and `missing` of `plan.json` and `results` in `dir`: the merge,
/// checked to give exactly `want` if it accepts them, and the list.
fn merge_and_list(dir: &Path, want: u64) -> Result<(Ran, Ran), Broken> {
    let merge = [
        "merge",
        "--plan",
        "plan.json",
        "results",
        "--format",
        "json",
    ];
    let merged = run(&merge, dir)?;
    exactly(&merged, &merge, want)?;
    let listed = run(&["missing", "--plan", "plan.json", "results"], dir)?;
    Ok((merged, listed))
}

/// Feeds `input` to the verb that reads `kind` in `dir`; `Ok(true)` when
/// it was accepted.
fn feed(kind: Kind, input: &Input, valid: &Valid, dir: &Path) -> Result<bool, Broken> {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            fs::remove_dir_all(p).unwrap();
        } else {
            fs::remove_file(p).unwrap();
        }
    }
    let write = |name: &str, bytes: &[u8], sparse: u64| {
        let p = dir.join(name);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(&p, bytes).unwrap();
        if sparse > 0 {
            File::options()
                .write(true)
                .open(&p)
                .unwrap()
                .set_len(bytes.len() as u64 + sparse)
                .unwrap();
        }
    };
    let (bytes, sparse) = (&input.bytes[..], input.sparse);
    match kind {
        Kind::Checkpoint => {
            write("in.ckpt", bytes, sparse);
            let mut args = COUNT.to_vec();
            args.extend(["--checkpoint", "in.ckpt"]);
            let r = run(&args, dir)?;
            exact(&r, &args)?;
            Ok(r.code == 0)
        }
        Kind::Plan | Kind::Result => {
            if kind == Kind::Plan {
                write("plan.json", bytes, sparse);
                write("results/shard-1.json", &valid.results[1], 0);
            } else {
                write("plan.json", &valid.plan, 0);
                write("results/shard-1.json", bytes, sparse);
            }
            write("results/shard-0.json", &valid.results[0], 0);
            write("results/shard-2.json", &valid.results[2], 0);
            write("results/shard-3.json", &valid.results[3], 0);
            let (merged, listed) = merge_and_list(dir, TOTAL)?;
            let agree = match (merged.code, listed.code) {
                (0, 0) => listed.stdout.is_empty(),
                // A forged count, sealed again: its checksum is valid, so
                // missing cannot tell; merge's known-value check does.
                (1, _) => true,
                (0, _) => false,
                // Only shard 1 was touched: the result is refused alone.
                (_, 0) if kind == Kind::Result => {
                    listed.stdout == "1\n" && merged.stderr.contains("damaged shards 1 (")
                }
                // Another plan (a version 2 one): every shard to rerun.
                (_, 0) => !listed.stdout.trim().is_empty(),
                (_, c) => c != 0,
            };
            if !agree {
                return Err(Broken::Other(format!(
                    "merge and missing disagree: merge {} {:?}, missing {} {:?}",
                    merged.code, merged.stderr, listed.code, listed.stdout
                )));
            }
            if input.how.ends_with("sealed again") {
                fresh(dir)?;
            }
            Ok(merged.code == 0)
        }
        Kind::PlanV2 => {
            write("plan.json", bytes, sparse);
            for (i, r) in valid.results_v2.iter().enumerate() {
                write(&format!("results/shard-{i}.json"), r, 0);
            }
            let (merged, listed) = merge_and_list(dir, TOTAL_V2)?;
            if merged.code == 0 && !(listed.code == 0 && listed.stdout.is_empty()) {
                return Err(Broken::Other(format!(
                    "merge accepted the plan, missing says {} {:?}",
                    listed.code, listed.stdout
                )));
            }
            run(&["status", "--plan", "plan.json", "results"], dir)?;
            if input.how.ends_with("sealed again") {
                fresh(dir)?;
            }
            Ok(merged.code == 0)
        }
        Kind::Estimate => {
            // Shards 0 and 1 of 4 done: the time left comes from the estimate.
            write("plan.json", &valid.plan, 0);
            write("results/shard-0.json", &valid.results[0], 0);
            write("results/shard-1.json", &valid.results[1], 0);
            write("estimate.json", bytes, sparse);
            let status = [
                "status",
                "--plan",
                "plan.json",
                "results",
                "--estimate",
                "estimate.json",
                "--cores",
                "4",
                "--format",
                "json",
            ];
            let r = run(&status, dir)?;
            if r.code == 0 {
                let v: Option<serde_json::Value> = serde_json::from_str(&r.stdout).ok();
                let fine = v.is_some_and(|v| {
                    ["eta_seconds", "cpu_seconds_left"]
                        .iter()
                        .all(|k| v[k].is_null() || v[k].as_f64().is_some_and(|x| x >= 0.0))
                });
                if !fine {
                    return Err(Broken::Other(format!(
                        "{status:?} accepted the estimate and wrote {:?}",
                        r.stdout
                    )));
                }
            }
            Ok(r.code == 0)
        }
        Kind::Run => {
            write("run/raw.csv", bytes, sparse);
            let r = run(&["plot", "run", "--out", "plot.svg"], dir)?;
            Ok(r.code == 0)
        }
    }
}

#[test]
fn at_least_1000_mutated_files_each_under_a_time_and_memory_bound_are_refused_cleanly_and_never_merge_wrong(
) {
    let _alone = harness::one_fuzzer_at_a_time();
    let root = std::env::temp_dir().join(format!("nqueens-fuzz-files-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let valid = Valid::make(&root.join("valid"));
    // Sealing a valid file again changes nothing: the forger's seal is
    // the tool's own.
    for kind in [Kind::Plan, Kind::PlanV2, Kind::Result, Kind::Checkpoint] {
        let text = String::from_utf8(valid.of(kind).to_vec()).unwrap();
        let want = if kind == Kind::Checkpoint {
            text.clone()
        } else {
            compact(&text)
        };
        assert_eq!(reseal(kind, &text), want, "{kind:?}");
    }
    let mut work = Vec::new();
    for seed in harness::seeds("NQUEENS_FUZZ_FILES_SEED", &FIXED_SEEDS) {
        eprintln!("fuzz files seed {seed} ({PER_SEED} inputs; replay with NQUEENS_FUZZ_FILES_SEED={seed})");
        for i in 0..PER_SEED {
            let kind = KINDS[i % KINDS.len()];
            let input = mutate(&mut harness::case(seed, i), kind, &valid);
            work.push((seed, i, kind, input));
        }
    }
    let accepted = AtomicUsize::new(0);
    let broken = Mutex::new((Vec::new(), 0usize, 0usize));
    let start = Instant::now();
    let scratch = |w| {
        let dir = root.join(format!("w{w}"));
        fs::create_dir_all(&dir).unwrap();
        dir
    };
    harness::pool(&work, WORKERS, scratch, |dir, (seed, i, kind, input)| {
        let what = format!("seed {seed} input {i}: {kind:?}, {}", input.how);
        match feed(*kind, input, &valid, dir) {
            Ok(true) => {
                accepted.fetch_add(1, Ordering::Relaxed);
            }
            Ok(false) => {}
            Err(b) => {
                let mut g = broken.lock().unwrap();
                let why = match b {
                    Broken::Panic(w) => {
                        g.1 += 1;
                        w
                    }
                    Broken::Hang(w) => {
                        g.2 += 1;
                        w
                    }
                    Broken::Other(w) => w,
                };
                g.0.push(format!("{what}: {why}"));
            }
        }
    });
    let (failures, panics, hangs) = broken.into_inner().unwrap();
    eprintln!(
        "fuzz: {} file inputs ({} per kind: checkpoint, plan, shard result, recorded run, version 2 plan, estimate) in {:.1} s, {} accepted (every count exact), {} refused with one line, {} forged plans run through run-shard and merge, {panics} panics, {hangs} hangs, {} wrong or unclean",
        work.len(),
        work.len() / KINDS.len(),
        start.elapsed().as_secs_f64(),
        accepted.load(Ordering::Relaxed),
        work.len() - accepted.load(Ordering::Relaxed) - failures.len(),
        FRESH.load(Ordering::Relaxed),
        failures.len() - panics - hangs
    );
    harness::assert_clean(&failures, work.len(), "NQUEENS_FUZZ_FILES_SEED", 1000);
    let _ = fs::remove_dir_all(&root);
}

/// The class the resealed checkpoints found: a record forged and sealed
/// again (its CRC recomputed) is refused with one line, never a panic.
/// Off by 3, Burnside's lemma tells (exit 2); off by 8, the lemma holds
/// and the known value (OEIS A000170) tells (exit 1).
#[test]
fn a_forged_checkpoint_record_sealed_again_is_refused_in_one_line() {
    let dir = std::env::temp_dir().join(format!("nqueens-forged-ckpt-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let mut args = COUNT.to_vec();
    args.extend(["--checkpoint", "c.ckpt"]);
    let made = run(&args, &dir).unwrap_or_else(|_| panic!("{args:?}"));
    assert_eq!(total(&made), Some(TOTAL));
    let honest = fs::read_to_string(dir.join("c.ckpt")).unwrap();
    for (by, code, says) in [
        (3, 2, "is not a multiple of 8 (Burnside's lemma)"),
        (8, 1, "A000170"),
    ] {
        // The first record with solutions: `index solutions nodes crc`.
        let forged: Vec<String> = honest
            .lines()
            .enumerate()
            .map(|(i, l)| {
                let w: Vec<&str> = l.split(' ').collect();
                if i == 1 {
                    let s: u64 = w[1].parse().unwrap();
                    format!("{} {} {} {}", w[0], s + by, w[2], w[3])
                } else {
                    l.to_string()
                }
            })
            .collect();
        fs::write(
            dir.join("c.ckpt"),
            reseal_checkpoint(&(forged.join("\n") + "\n")),
        )
        .unwrap();
        let mut command = harness::memory_bounded(BIN);
        command.args(&args).current_dir(&dir);
        let ran = harness::run_bounded(command, BOUND).unwrap().unwrap();
        let err = ran.stderr;
        assert_eq!(ran.status.code(), Some(code), "off by {by}: {err}");
        assert_eq!(err.lines().count(), 1, "off by {by}: {err}");
        assert!(err.contains(says), "off by {by}: {err}");
    }
    let _ = fs::remove_dir_all(&dir);
}
