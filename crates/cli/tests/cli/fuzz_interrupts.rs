//! Interrupt fuzzing: every kind of checkpointed work (a count by two
//! solvers, the two variants, `dominate --count`, `pawns --count`, one
//! shard of a plan) is started, sent Ctrl-C (SIGINT) after a random
//! delay, and started again on the same checkpoint until it finishes;
//! between two runs its checkpoint is sometimes torn as a crash of the
//! run that just stopped would leave it (a file still torn, because the
//! run stopped before it repaired it, is not torn again): a record cut short (its last line chopped at a random byte),
//! a fragment of a record or random bytes (not UTF-8 as often as not)
//! appended without a newline, or a header that lost its newline.
//! Asserted for every run: no panic, no hang (each run under a time and
//! memory bound), exit 0 or an interrupt's exit 130 with one line on
//! stderr starting `nqueens: `; a torn checkpoint is never refused (a torn
//! last line is dropped, as docs/cluster.md says); and the finished count
//! is exactly the count of the same work run once without a checkpoint.
//!
//! `estimate` is interrupted the same way (it keeps no checkpoint): it
//! ends with a record whose interval holds its estimate, or with one line.
//!
//! Seeds: a fixed one plus one fresh per run, printed; replay one with
//! `NQUEENS_FUZZ_INTERRUPTS_SEED=S cargo test -p nqueens-cli --test cli fuzz_interrupts::`.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::fuzz::harness::{self, Finished};
use crate::fuzz::vectors::Rng;

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");
const SEED_VAR: &str = "NQUEENS_FUZZ_INTERRUPTS_SEED";
const FIXED_SEEDS: [u64; 1] = [0x1a7e_2020];
/// Each run's bound: generous for a loaded machine, far below a hang.
const BOUND: Duration = Duration::from_secs(60);
/// Runs of one work before it is let finish uninterrupted.
const MOST_ROUNDS: usize = 25;
const WORKERS: usize = 2;

/// One kind of checkpointed work: its arguments (the checkpoint's are
/// added), and the JSON key of its count.
struct Work {
    name: &'static str,
    args: &'static [&'static str],
    key: &'static str,
    /// A shard: its checkpoint is `out/shard-0.ckpt`, made by the plan.
    shard: bool,
}

const WORKS: [Work; 7] = [
    Work {
        name: "count (halves)",
        args: &["count", "17", "-j1"],
        key: "total",
        shard: false,
    },
    Work {
        name: "count (pairs)",
        args: &["count", "15", "--solver", "pairs", "--depth", "4", "-j2"],
        key: "total",
        shard: false,
    },
    Work {
        name: "torus",
        args: &["count", "17", "--torus", "-j2"],
        key: "total",
        shard: false,
    },
    Work {
        name: "no three in line",
        args: &["count", "15", "--no-three-in-line", "-j2"],
        key: "total",
        shard: false,
    },
    Work {
        name: "dominate",
        args: &["dominate", "12", "--count", "-j1"],
        key: "count",
        shard: false,
    },
    Work {
        name: "pawns",
        args: &["pawns", "11", "--queens", "12", "--count", "-j1"],
        key: "count",
        shard: false,
    },
    Work {
        name: "run-shard",
        args: &[
            "run-shard",
            "--plan",
            "plan.json",
            "--shard",
            "0",
            "--out",
            "out",
            "-j1",
        ],
        key: "total",
        shard: true,
    },
];

/// How a checkpoint was torn between two runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Tear {
    /// The last record chopped at a random byte.
    Chopped,
    /// A prefix of a record appended, no newline.
    Fragment,
    /// Random bytes appended, no newline.
    Junk,
    /// The header alone, its newline gone.
    Header,
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "nqueens-fuzz-interrupts-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn command(args: &[&str], dir: &Path) -> std::process::Command {
    let mut c = harness::memory_bounded(BIN);
    c.args(args)
        .current_dir(dir)
        .env("NQUEENS_PROGRESS_SECONDS", "3600");
    c
}

fn describe(args: &[&str], f: &Finished) -> String {
    format!(
        "{args:?}: {:?}, stderr {:?}, stdout {:?}",
        f.status,
        f.stderr,
        String::from_utf8_lossy(&f.stdout)
    )
}

/// The value of `key` in the one JSON record `f` printed.
fn count_of(f: &Finished, key: &str) -> Result<u128, String> {
    let v: serde_json::Value = serde_json::from_slice(&f.stdout).map_err(|e| {
        format!(
            "no JSON record ({e}): {:?}",
            String::from_utf8_lossy(&f.stdout)
        )
    })?;
    v[key]
        .as_u64()
        .map(u128::from)
        .or_else(|| v[key].as_str().and_then(|s| s.parse().ok()))
        .ok_or_else(|| format!("no {key} in {v}"))
}

/// An interrupted or finished run ended as documented.
fn ended_cleanly(args: &[&str], f: &Finished) -> Result<(), String> {
    let code = f.status.code();
    if f.stderr.contains("panicked") || f.stderr.contains("RUST_BACKTRACE") {
        return Err(format!("panic: {}", describe(args, f)));
    }
    match code {
        Some(0) => Ok(()),
        Some(130) if f.interrupted => {
            let lines: Vec<&str> = f.stderr.lines().collect();
            if lines.len() == 1 && lines[0].starts_with("nqueens: ") {
                Ok(())
            } else {
                Err(format!("exit 130 not in one line: {}", describe(args, f)))
            }
        }
        // Ctrl-C before the handler was installed: the default action.
        None if f.interrupted => Ok(()),
        _ => Err(format!("unexpected end: {}", describe(args, f))),
    }
}

/// Tears the checkpoint at `path` as a crash could, or leaves it.
fn tear(rng: &mut Rng, path: &Path) -> Option<Tear> {
    let text = fs::read(path).ok()?;
    // A crash tears what the run that crashed was writing: a file still
    // torn by an earlier crash (a run stopped before it repaired it) is
    // left as it is, not torn twice over.
    if text.last() != Some(&b'\n') {
        return None;
    }
    let lines: Vec<&[u8]> = text.split_inclusive(|&b| b == b'\n').collect();
    let header_only = lines.len() == 1;
    let tear = match rng.below(8) {
        0..=3 if header_only => Tear::Header,
        0 | 1 if lines.len() > 2 => Tear::Chopped,
        2 if lines.len() > 1 => Tear::Fragment,
        3 | 4 => Tear::Junk,
        _ => return None,
    };
    let mut torn = text.clone();
    match tear {
        Tear::Chopped => {
            let last = lines[lines.len() - 1].len();
            torn.truncate(text.len() - last + rng.below(last.max(2) - 1) + 1);
            if torn.last() == Some(&b'\n') {
                torn.pop();
            }
        }
        Tear::Fragment => {
            let record = lines[1 + rng.below(lines.len() - 1)];
            torn.extend_from_slice(&record[..1 + rng.below(record.len().max(3) - 2)]);
        }
        Tear::Junk => {
            let len = 1 + rng.below(24);
            torn.extend((0..len).map(|_| match rng.next() as u8 {
                b'\n' => 0xff,
                b => b,
            }));
        }
        Tear::Header => {
            torn.pop();
        }
    }
    fs::write(path, torn).unwrap();
    Some(tear)
}

/// Figures of one work's run under one seed.
#[derive(Default)]
struct Tally {
    runs: usize,
    interrupts: usize,
    tears: Vec<Tear>,
}

/// Runs `work` to the end, interrupted and torn as `rng` says; its count
/// must be `want`.
fn interrupted_to_the_end(
    work: &Work,
    want: u128,
    rng: &mut Rng,
    dir: &Path,
) -> Result<Tally, String> {
    let mut args: Vec<&str> = work.args.to_vec();
    let checkpoint = if work.shard {
        dir.join("out/shard-0.ckpt")
    } else {
        args.extend(["--checkpoint", "work.ckpt"]);
        dir.join("work.ckpt")
    };
    args.extend(["--format", "json"]);
    let mut tally = Tally::default();
    for round in 0..=MOST_ROUNDS {
        // Longer patience each round, so every work gets past its start.
        // The first run is sometimes stopped at its start, before any
        // record: its checkpoint is a header alone.
        let start = if round == 0 && rng.below(2) == 0 {
            5
        } else {
            20
        };
        let patience = (round < MOST_ROUNDS)
            .then(|| Duration::from_millis(start + rng.below(300) as u64 + 60 * round as u64));
        let f = harness::run_interrupting(command(&args, dir), patience, BOUND)
            .map_err(|e| format!("{args:?}: {e}"))?
            .ok_or_else(|| format!("{args:?}: still running after {BOUND:?}"))?;
        tally.runs += 1;
        ended_cleanly(&args, &f)?;
        if f.status.code() == Some(0) {
            let got = count_of(&f, work.key)?;
            if got != want {
                return Err(format!(
                    "{}: {got} after {} interrupts and tears {:?}, not {want}",
                    work.name, tally.interrupts, tally.tears
                ));
            }
            return Ok(tally);
        }
        tally.interrupts += 1;
        if let Some(t) = tear(rng, &checkpoint) {
            tally.tears.push(t);
        }
    }
    Err(format!(
        "{}: did not finish in {} runs",
        work.name,
        MOST_ROUNDS + 1
    ))
}

/// The count of `work` run once, whole, without a checkpoint.
fn reference(work: &Work, dir: &Path) -> u128 {
    let mut args: Vec<&str> = work.args.to_vec();
    if work.shard {
        args = args
            .into_iter()
            .map(|a| if a == "out" { "reference" } else { a })
            .collect();
    }
    args.extend(["--format", "json"]);
    let f = harness::run_bounded(command(&args, dir), BOUND)
        .unwrap()
        .unwrap_or_else(|| panic!("{args:?}: still running after {BOUND:?}"));
    assert_eq!(f.status.code(), Some(0), "{}", describe(&args, &f));
    count_of(&f, work.key).unwrap()
}

#[test]
fn every_checkpointed_work_interrupted_at_random_and_its_checkpoint_torn_resumes_to_the_exact_count(
) {
    let _one = harness::one_fuzzer_at_a_time();
    let started = Instant::now();
    let seeds = harness::seeds(SEED_VAR, &FIXED_SEEDS);
    let base = scratch("works");
    let plan = command(&["plan", "17", "--shards", "2"], &base)
        .output()
        .unwrap();
    assert!(plan.status.success(), "{plan:?}");
    fs::write(base.join("plan.json"), &plan.stdout).unwrap();
    let wants: Vec<u128> = WORKS.iter().map(|w| reference(w, &base)).collect();

    let cases: Vec<(u64, usize)> = seeds
        .iter()
        .flat_map(|&s| (0..WORKS.len()).map(move |w| (s, w)))
        .collect();
    let failures = Mutex::new(Vec::new());
    let figures = Mutex::new(Vec::new());
    harness::pool(
        &cases,
        WORKERS,
        |_| (),
        |_, &(seed, w)| {
            let work = &WORKS[w];
            let dir = base.join(format!("{seed:x}-{w}"));
            fs::create_dir_all(&dir).unwrap();
            fs::copy(base.join("plan.json"), dir.join("plan.json")).unwrap();
            let mut rng = harness::case(seed, w);
            match interrupted_to_the_end(work, wants[w], &mut rng, &dir) {
                Ok(t) => figures.lock().unwrap().push((w, t)),
                Err(e) => failures.lock().unwrap().push(format!("seed {seed}: {e}")),
            }
            let _ = fs::remove_dir_all(&dir);
        },
    );
    let figures = figures.into_inner().unwrap();
    let (runs, interrupts): (usize, usize) = figures
        .iter()
        .fold((0, 0), |(r, i), (_, t)| (r + t.runs, i + t.interrupts));
    let mut tears: Vec<Tear> = figures.iter().flat_map(|(_, t)| t.tears.clone()).collect();
    tears.sort();
    let kinds: Vec<String> = [Tear::Chopped, Tear::Fragment, Tear::Junk, Tear::Header]
        .iter()
        .map(|k| format!("{:?} {}", k, tears.iter().filter(|t| *t == k).count()))
        .collect();
    println!(
        "interrupt fuzzer: seeds {seeds:?}; {} works, {runs} runs, {interrupts} interrupts, \
         {} checkpoints torn ({}), every count exact, in {:.1} s",
        WORKS.len(),
        tears.len(),
        kinds.join(", "),
        started.elapsed().as_secs_f64()
    );
    let _ = fs::remove_dir_all(&base);
    let failures = failures.into_inner().unwrap();
    harness::assert_clean(&failures, cases.len(), SEED_VAR, WORKS.len() * 2);
    // The run tore something, and resumed through it.
    if std::env::var_os(SEED_VAR).is_none() {
        assert!(interrupts >= WORKS.len() * 2, "{interrupts} interrupts");
        assert!(!tears.is_empty(), "no checkpoint was torn");
    }
}

#[test]
fn an_estimate_interrupted_at_random_ends_with_an_honest_record_or_one_line() {
    let dir = scratch("estimate");
    let seeds = harness::seeds(SEED_VAR, &FIXED_SEEDS);
    let (mut records, mut lines) = (0, 0);
    for &seed in &seeds {
        let mut rng = harness::case(seed, usize::MAX);
        for _ in 0..6 {
            let args = [
                "estimate",
                "20",
                "--samples",
                "100000",
                "--seed",
                "5",
                "-j2",
                "--format",
                "json",
            ];
            let patience = Duration::from_millis(10 + rng.below(1500) as u64);
            let f = harness::run_interrupting(command(&args, &dir), Some(patience), BOUND)
                .unwrap()
                .unwrap_or_else(|| panic!("{args:?}: still running after {BOUND:?}"));
            assert!(!f.stderr.contains("panicked"), "{}", describe(&args, &f));
            match f.status.code() {
                Some(0) => {
                    let v: serde_json::Value = serde_json::from_slice(&f.stdout).unwrap();
                    let [e, low, high] = ["total_estimate", "total_low", "total_high"]
                        .map(|k| v[k].as_f64().unwrap_or_else(|| panic!("{k} in {v}")));
                    assert!(
                        low <= e && e <= high,
                        "interval [{low}, {high}] without {e}: {v}"
                    );
                    records += 1;
                }
                Some(1 | 130) | None => {
                    let one: Vec<&str> = f.stderr.lines().collect();
                    assert!(
                        f.status.code().is_none()
                            || (one.len() == 1 && one[0].starts_with("nqueens: ")),
                        "{}",
                        describe(&args, &f)
                    );
                    lines += 1;
                }
                _ => panic!("{}", describe(&args, &f)),
            }
        }
    }
    println!("interrupted estimates: seeds {seeds:?}; {records} ended with a record, {lines} with one line");
    let _ = fs::remove_dir_all(&dir);
}
