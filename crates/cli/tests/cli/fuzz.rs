//! Argument fuzzing: argument vectors generated from every verb's own
//! definition, run against the built binary in a scratch directory, each
//! under a time and memory bound (`ulimit -v`, a wall-time bound).
//!
//! The verbs and their arguments are read from the binary's clap
//! definition (`fuzz/definition.rs`: `nqueens man` and `completions fish`),
//! and every number's limits from the binary's own refusal of a value that
//! is no number, in each context a possible value or a switch makes
//! (`fuzz/limits.rs`). From those (`fuzz/generate.rs`): every verb at and
//! past both ends of each of its ranges in each context (0, 1, 32, 33, -1,
//! 2^64, huge, junk, empty for 1..=32), every possible value and some that
//! are not, every switch, every free-text argument with its documented
//! examples and their numbers pushed to the edges, every path fixture;
//! then random combinations of all of a verb's flags. A new flag, value or
//! limit is fuzzed the day it lands.
//!
//! Asserted for every vector: no panic (no exit 101, no "panicked", no
//! "RUST_BACKTRACE"), an exit code from the documented set {0, 1, 2, 130};
//! exit 2 is one line on stderr starting `nqueens: error: `, exit 1 and 130
//! one line starting `nqueens: `, and no line holds a control character
//! (nor stdout, where a name typed may be echoed back: a path, raw bytes
//! that are no UTF-8 included);
//! a refusal of a number names a flag that was typed; every vector ends
//! within the bound. A vector holding a valid value past the cheap span
//! (n = 32, 1024 threads) may count for long: it gets Ctrl-C (SIGINT)
//! after 0.3 s and must then stop cleanly (exit 130 with one line, 0,
//! or the signal's default end) within the bound; every other vector has
//! to finish. Asserted after the run: every verb and every flag was
//! fuzzed, nothing written outside the scratch directories, no special
//! file replaced (/dev/null, /dev/full, the scratch FIFO and directory).
//!
//! Seeds: the systematic set, plus random vectors from a fixed set of
//! seeds and one fresh seed per run, each printed. A failure names its
//! seed and vector index; replay one vector with `NQUEENS_FUZZ_SEED=S
//! NQUEENS_FUZZ_VECTOR=I cargo test -p nqueens-cli --test cli fuzz::`, or a whole
//! seed with `NQUEENS_FUZZ_SEED=S` alone (seed 0 is the systematic set).

use std::collections::BTreeSet;
use std::fs::{self, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{symlink, FileTypeExt, MetadataExt};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

// The definition reader serves `hostile.rs` too, and the harness and the
// vectors' generator `fuzz_files.rs`.
pub mod definition;
mod generate;
pub mod harness;
mod limits;
pub mod vectors;

use definition::Arg;
use generate::Vector;
use limits::Limits;
use vectors::PATHS;

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");
/// The fewest random vectors drawn from each seed, besides the systematic
/// set; more when the systematic set is small, so a run holds `LEAST`.
const MIN_PER_SEED: usize = 300;
/// Seeds run every time, so a regression shows on every machine.
const FIXED_SEEDS: [u64; 4] = [1, 2, 0x5eed_cafe, 0xdead_beef_0bad_f00d];
/// Wall time a vector may take before it counts as a hang.
const BOUND: Duration = Duration::from_secs(10);
/// When a long vector (a valid value past the cheap span) gets Ctrl-C.
const PATIENCE: Duration = Duration::from_millis(300);
/// Wall time a probe of the limits may take: arguments are refused
/// before any work starts, within milliseconds.
const PROBE_BOUND: Duration = Duration::from_millis(400);
/// The bound of a probe asked again after its first ran to the bound.
const PROBE_RETRY: Duration = Duration::from_secs(2);
/// Worker threads running vectors.
const WORKERS: usize = 4;
/// The least vectors a full run holds.
const LEAST: usize = 5000;

/// One worker's scratch directory: reset before each vector to the same
/// fixtures (a directory, a FIFO kept open so writers never wait, a
/// recorded run, a plan, an estimate, an old file and a link to it).
struct Scratch {
    dir: PathBuf,
    plan: String,
    estimate: String,
}

impl Scratch {
    fn new(root: &Path, name: &str, plan: &str, estimate: &str) -> Scratch {
        let dir = root.join(name);
        fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("fifo");
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        // Opened for reading and writing, the FIFO never blocks an opener;
        // a thread drains what vectors write into it.
        let mut keep = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&fifo)
            .unwrap();
        std::thread::spawn(move || {
            let mut buf = [0u8; 1 << 16];
            while keep.read(&mut buf).is_ok() {}
        });
        Scratch {
            dir,
            plan: plan.to_string(),
            estimate: estimate.to_string(),
        }
    }

    fn reset(&self) {
        for e in fs::read_dir(&self.dir).unwrap() {
            let e = e.unwrap();
            if e.file_name() == "fifo" {
                continue;
            }
            let p = e.path();
            if e.file_type().unwrap().is_dir() {
                fs::remove_dir_all(&p).unwrap();
            } else {
                fs::remove_file(&p).unwrap();
            }
        }
        fs::create_dir(self.dir.join("dir")).unwrap();
        fs::write(self.dir.join("dir/keep"), "keep").unwrap();
        fs::create_dir(self.dir.join("results")).unwrap();
        fs::create_dir(self.dir.join("run")).unwrap();
        fs::write(
            self.dir.join("run/raw.csv"),
            "n,solver,threads,run,seconds,total,unique,nodes\n8,pairs,1,1,0.001,92,12,1965\n",
        )
        .unwrap();
        fs::write(self.dir.join("plan.json"), &self.plan).unwrap();
        fs::write(self.dir.join("estimate.json"), &self.estimate).unwrap();
        fs::write(self.dir.join("old.txt"), "old").unwrap();
        symlink("old.txt", self.dir.join("link")).unwrap();
    }

    /// The fixtures that must keep their kind whatever a vector did.
    fn intact(&self) -> Result<(), String> {
        let kind = |name: &str| fs::symlink_metadata(self.dir.join(name)).map(|m| m.file_type());
        if !kind("fifo").is_ok_and(|t| t.is_fifo()) {
            return Err("the scratch FIFO was replaced".into());
        }
        if !kind("dir").is_ok_and(|t| t.is_dir()) {
            return Err("the scratch directory was replaced".into());
        }
        if !kind("link").is_ok_and(|t| t.is_symlink()) {
            return Err("the scratch link was replaced".into());
        }
        Ok(())
    }

    /// Runs `args` under the memory bound, `patience` and `bound`.
    fn run(
        &self,
        args: &[String],
        patience: Option<Duration>,
        bound: Duration,
    ) -> Result<Option<harness::Finished>, String> {
        self.reset();
        let mut command = harness::memory_bounded(BIN);
        command
            .args(args.iter().map(|a| vectors::os_arg(a)))
            .current_dir(&self.dir)
            .env("TMPDIR", &self.dir)
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("RUST_BACKTRACE");
        harness::run_interrupting(command, patience, bound)
            .map_err(|e| format!("cannot start: {e}"))
    }
}

/// A scratch fixture for a path argument of the base contexts, from its
/// value name: a plan for `plan.json`, the results directory for DIR, a
/// new file otherwise (the vectors then try every fixture).
fn fixture(a: &Arg) -> String {
    let name = a.value_name.to_lowercase();
    if name.contains("plan") {
        "plan.json".into()
    } else if name == "dir" {
        "results".into()
    } else if name.contains("svg") {
        "out.svg".into()
    } else {
        "new.json".into()
    }
}

/// How a vector that passed ended: whether it was interrupted (a long
/// one), and its exit code (`None`: Ctrl-C's default end).
struct Ended {
    interrupted: bool,
    code: Option<i32>,
}

/// Runs a vector and checks how it ended.
fn check(vector: &Vector, scratch: &Scratch) -> Result<Ended, String> {
    let args = &vector.args;
    let patience = vector.long.then_some(PATIENCE);
    let Some(ran) = scratch.run(args, patience, BOUND)? else {
        return Err(format!("still running after {BOUND:?} (killed)"));
    };
    let (status, stderr) = (ran.status, ran.stderr);
    // A name echoed back on stdout is escaped as on stderr.
    let raw = |&b: &u8| (b < 0x20 && !b"\n\t\r".contains(&b)) || b == 0x7f;
    if let Some(at) = ran.stdout.iter().position(raw) {
        let around = &ran.stdout[at.saturating_sub(60)..(at + 20).min(ran.stdout.len())];
        return Err(format!(
            "a raw control character on stdout: {:?}",
            String::from_utf8_lossy(around)
        ));
    }
    if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
        return Err(format!("panic: {stderr}"));
    }
    let body = stderr.strip_suffix('\n').unwrap_or(&stderr);
    if body.chars().any(|c| c.is_control() && c != '\n') || body.contains('\u{202e}') {
        return Err(format!("a raw control character on stderr: {stderr:?}"));
    }
    let Some(code) = status.code() else {
        // Ctrl-C's default end, for work that saves nothing.
        if ran.interrupted && status.signal() == Some(2) {
            return scratch.intact().map(|()| Ended {
                interrupted: true,
                code: None,
            });
        }
        return Err(format!("killed by a signal: {status:?}; stderr: {stderr}"));
    };
    let one_line = stderr.lines().count() == 1 && stderr.ends_with('\n');
    match code {
        0 => {}
        1 | 130 if one_line && stderr.starts_with("nqueens: ") => {}
        2 if one_line && stderr.starts_with("nqueens: error: ") => {}
        1 | 2 | 130 => {
            return Err(format!(
                "exit {code} without one line on stderr: {stderr:?}"
            ))
        }
        101 => return Err(format!("panic (exit 101): {stderr}")),
        _ => {
            return Err(format!(
                "exit code {code} outside {{0, 1, 2, 130}}: {stderr}"
            ))
        }
    }
    if code == 130 && !ran.interrupted {
        return Err(format!("exit 130 with no interrupt: {stderr}"));
    }
    // A refused number names a flag the user typed (or its default).
    if let Some((what, _, _)) = limits::whole_range(&stderr) {
        let short = flag(args, &what).and_then(|a| a.short);
        let typed = args
            .iter()
            .any(|a| *a == what || a.starts_with(&format!("{what}=")) || Some(a) == short.as_ref());
        let defaulted = flag(args, &what).is_some_and(|a| a.default.is_some());
        if what.starts_with("--") && !typed && !defaulted {
            return Err(format!(
                "the refusal names {what}, which was not typed: {stderr}"
            ));
        }
    }
    scratch.intact().map(|()| Ended {
        interrupted: ran.interrupted,
        code: Some(code),
    })
}

/// The argument `long` of the verb of `args`.
fn flag(args: &[String], long: &str) -> Option<Arg> {
    let verbs = VERBS.get()?;
    let verb = verbs.iter().find(|l| args.first() == Some(&l.verb.name))?;
    verb.verb
        .args
        .iter()
        .find(|a| a.long.as_deref() == Some(long))
        .cloned()
}

static VERBS: std::sync::OnceLock<Vec<Limits>> = std::sync::OnceLock::new();

/// What a special file is: type and device number.
fn identity(path: &str) -> Option<(bool, u64)> {
    fs::metadata(path)
        .ok()
        .map(|m| (m.file_type().is_char_device(), m.rdev()))
}

fn listing(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The seeds of a run, and with `NQUEENS_FUZZ_VECTOR` the one vector to
/// replay. Seed 0 is the systematic set.
fn seeds() -> (Vec<u64>, Option<usize>) {
    let only = std::env::var("NQUEENS_FUZZ_VECTOR").ok().map(|v| {
        v.trim()
            .parse()
            .expect("NQUEENS_FUZZ_VECTOR is a vector index")
    });
    let mut all = harness::seeds("NQUEENS_FUZZ_SEED", &FIXED_SEEDS);
    if std::env::var_os("NQUEENS_FUZZ_SEED").is_none() {
        all.insert(0, 0);
    }
    (all, only)
}

/// Every verb's definition and, per context, the limits the binary
/// states, read by probing in `WORKERS` scratch directories.
/// Gives the verbs, the probes run and how many of them ran to the bound.
fn read_limits(root: &Path, plan: &str, estimate: &str) -> (Vec<Limits>, usize, usize) {
    let verbs = definition::read(BIN);
    let jobs: Vec<(usize, limits::Setting)> = verbs
        .iter()
        .enumerate()
        .flat_map(|(v, verb)| limits::settings(verb).into_iter().map(move |s| (v, s)))
        .collect();
    let contexts = Mutex::new(Vec::new());
    let bounded = std::sync::atomic::AtomicUsize::new(0);
    let scratch = |w| Scratch::new(root, &format!("probe{w}"), plan, estimate);
    harness::pool(&jobs, WORKERS, scratch, |scratch, (v, setting)| {
        let run = |args: &[String]| -> limits::Ran {
            match scratch.run(args, None, PROBE_BOUND) {
                Ok(Some(f)) => (f.status.code().unwrap_or(-1), f.stderr),
                _ => {
                    // Work that started (a valid vector), or a refusal
                    // slowed by a loaded machine: asked again, longer.
                    bounded.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    match scratch.run(args, None, PROBE_RETRY) {
                        Ok(Some(f)) => (f.status.code().unwrap_or(-1), f.stderr),
                        _ => (-1, String::new()),
                    }
                }
            }
        };
        let c = limits::context(&verbs[*v], setting.clone(), &run, &fixture);
        contexts.lock().unwrap().push((*v, c));
    });
    let mut contexts = contexts.into_inner().unwrap();
    // In the order of the settings, the base first.
    contexts.sort_by_key(|(v, c)| {
        let order = limits::settings(&verbs[*v]);
        (*v, order.iter().position(|s| *s == c.setting))
    });
    let probes = contexts.iter().map(|(_, c)| c.probes).sum();
    let mut all: Vec<Limits> = verbs
        .into_iter()
        .map(|verb| Limits {
            verb,
            contexts: Vec::new(),
        })
        .collect();
    for (v, c) in contexts {
        all[v].contexts.push(c);
    }
    for d in root.read_dir().unwrap() {
        let d = d.unwrap();
        if d.file_name().to_string_lossy().starts_with("probe") {
            fs::remove_dir_all(d.path()).unwrap();
        }
    }
    (all, probes, bounded.into_inner())
}

fn made(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn at_least_5000_argument_vectors_from_the_definitions_each_under_a_time_and_memory_bound_end_cleanly(
) {
    let _alone = harness::one_fuzzer_at_a_time();
    let (seeds, only) = seeds();
    let root = std::env::temp_dir().join(format!("nqueens-fuzz-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    let plan = made(&["plan", "8", "--shards", "2"]);
    let estimate = made(&harness::ESTIMATE);
    let start = Instant::now();
    let (all, probes, bounded) = read_limits(&root, &plan, &estimate);
    let read_in = start.elapsed();
    VERBS.set(all.clone()).ok();
    limits_are_read(&all);
    let contexts: usize = all.iter().map(|l| l.contexts.len()).sum();
    let ranges: usize = all
        .iter()
        .flat_map(|l| &l.contexts)
        .map(|c| c.ranges.len())
        .sum();
    let flags: usize = all.iter().map(|l| l.verb.args.len()).sum();
    eprintln!(
        "fuzz: {} verbs, {flags} arguments, {contexts} contexts, {ranges} ranges read in {probes} probes ({bounded} asked again, {:.1} s)",
        all.len(),
        read_in.as_secs_f64()
    );

    let systematic = generate::systematic(&all, &PATHS);
    let per_seed = LEAST
        .saturating_sub(systematic.len())
        .div_ceil(FIXED_SEEDS.len() + 1)
        .max(MIN_PER_SEED);
    let mut work: Vec<(u64, usize, Vector)> = Vec::new();
    for &seed in &seeds {
        if seed == 0 {
            eprintln!(
                "fuzz seed 0: the systematic set ({} vectors; replay with NQUEENS_FUZZ_SEED=0)",
                systematic.len()
            );
            for (i, v) in systematic.iter().enumerate() {
                if only.is_none_or(|o| o == i) {
                    work.push((0, i, v.clone()));
                }
            }
            continue;
        }
        eprintln!(
            "fuzz seed {seed} ({per_seed} random vectors; replay with NQUEENS_FUZZ_SEED={seed})"
        );
        for i in 0..per_seed {
            if only.is_some_and(|o| o != i) {
                continue;
            }
            let v = generate::random(&mut harness::case(seed, i), &all, &PATHS);
            work.push((seed, i, v));
        }
    }
    // Every verb and every flag is in some vector.
    if only.is_none() && seeds.contains(&0) {
        for l in &all {
            for a in l.verb.args.iter().filter_map(|a| a.long.as_ref()) {
                assert!(
                    work.iter()
                        .any(|(_, _, v)| v.args.first() == Some(&l.verb.name) && v.args.contains(a)),
                    "{} {a} is in no vector",
                    l.verb.name
                );
            }
        }
    }
    let devices = [identity("/dev/null"), identity("/dev/full")];
    let outside = std::env::current_dir().unwrap();
    let outside_before = listing(&outside);

    let failures = Mutex::new(Vec::new());
    let interrupted = Mutex::new(0usize);
    let codes = Mutex::new(std::collections::BTreeMap::new());
    let slowest = Mutex::new(Vec::new());
    let start = Instant::now();
    let scratch = |w| Scratch::new(&root, &format!("w{w}"), &plan, &estimate);
    let hung = Mutex::new(Vec::new());
    harness::pool(&work, WORKERS, scratch, |scratch, case| {
        let (seed, i, v) = case;
        let began = Instant::now();
        let result = check(v, scratch);
        slowest
            .lock()
            .unwrap()
            .push((began.elapsed(), v.args.clone()));
        if matches!(&result, Err(why) if why.starts_with("still running")) {
            hung.lock().unwrap().push(case.clone());
            return;
        }
        match result {
            Ok(ended) => {
                *interrupted.lock().unwrap() += usize::from(ended.interrupted);
                *codes.lock().unwrap().entry(ended.code).or_insert(0usize) += 1;
            }
            Err(why) => {
                let line = format!(
                    "NQUEENS_FUZZ_SEED={seed} NQUEENS_FUZZ_VECTOR={i}: nqueens {:?}: {why}",
                    v.args
                );
                failures.lock().unwrap().push(line);
            }
        }
    });
    // A run past the bound while the other workers loaded the machine is
    // run again alone, after them: a real hang outlasts the bound there too.
    let hung = hung.into_inner().unwrap();
    if !hung.is_empty() {
        let retry = Scratch::new(&root, "retry", &plan, &estimate);
        for (seed, i, v) in &hung {
            match check(v, &retry) {
                Ok(ended) => {
                    *interrupted.lock().unwrap() += usize::from(ended.interrupted);
                    *codes.lock().unwrap().entry(ended.code).or_insert(0usize) += 1;
                }
                Err(why) => failures.lock().unwrap().push(format!(
                    "NQUEENS_FUZZ_SEED={seed} NQUEENS_FUZZ_VECTOR={i}: nqueens {:?}: {why} (again when run alone)",
                    v.args
                )),
            }
        }
    }
    let failures = failures.into_inner().unwrap();
    let panics = failures.iter().filter(|f| f.contains(": panic")).count();
    let hangs = failures
        .iter()
        .filter(|f| f.contains(": still running"))
        .count();
    let long = work.iter().filter(|(_, _, v)| v.long).count();
    eprintln!(
        "fuzz: {} argument vectors ({} systematic, {} random) in {:.1} s; {long} long ones given Ctrl-C after {PATIENCE:?} if still running, {} were; {panics} panics, {hangs} hangs, {} other failures; {} past the bound beside the other workers, run again alone",
        work.len(),
        work.iter().filter(|(s, _, _)| *s == 0).count(),
        work.iter().filter(|(s, _, _)| *s != 0).count(),
        start.elapsed().as_secs_f64(),
        interrupted.into_inner().unwrap(),
        failures.len() - panics - hangs,
        hung.len(),
    );
    let codes = codes.into_inner().unwrap();
    eprintln!(
        "fuzz: how they ended: {}",
        codes
            .iter()
            .map(|(c, k)| match c {
                Some(c) => format!("exit {c}: {k}"),
                None => format!("Ctrl-C's default end: {k}"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut slowest = slowest.into_inner().unwrap();
    slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
    let total: Duration = slowest.iter().map(|s| s.0).sum();
    let mut by_verb = std::collections::BTreeMap::new();
    for (t, a) in &slowest {
        let verb = a
            .first()
            .filter(|v| *v == "help" || all.iter().any(|l| l.verb.name == **v))
            .map_or("(no verb)".to_string(), String::clone);
        let e = by_verb.entry(verb).or_insert((0usize, Duration::ZERO));
        e.0 += 1;
        e.1 += *t;
    }
    eprintln!(
        "fuzz: vectors and seconds per verb: {}",
        by_verb
            .iter()
            .map(|(v, (k, t))| format!("{v} {k} {:.1}", t.as_secs_f64()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    eprintln!(
        "fuzz: {:.1} s of runs in all; the slowest: {}",
        total.as_secs_f64(),
        slowest
            .iter()
            .take(8)
            .map(|(t, a)| format!("{:.1} s {a:?}", t.as_secs_f64()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    assert_eq!(
        [identity("/dev/null"), identity("/dev/full")],
        devices,
        "a device node was replaced"
    );
    assert_eq!(
        listing(&outside),
        outside_before,
        "a file was written in the test's directory"
    );
    let mut workers: BTreeSet<String> = (0..WORKERS).map(|w| format!("w{w}")).collect();
    if !hung.is_empty() {
        workers.insert("retry".into());
    }
    assert_eq!(
        listing(&root),
        workers,
        "written beside the scratch directories"
    );
    harness::assert_clean(&failures, work.len(), "NQUEENS_FUZZ_SEED", LEAST);
    let _ = fs::remove_dir_all(&root);
}

/// The limits read from the binary are the ones it enforces: a few known
/// statements, so a reader that quietly read nothing fails here.
fn limits_are_read(all: &[Limits]) {
    if std::env::var_os("NQUEENS_FUZZ_DUMP").is_some() {
        for l in all {
            eprintln!("{}: {:?}", l.verb.name, l.verb.args);
            for c in &l.contexts {
                let named = |i: &usize| l.verb.args[*i].named();
                let ranges: Vec<_> = c.ranges.iter().map(|(i, r)| (named(i), r)).collect();
                let stated: Vec<_> = c.stated.iter().map(|(i, s)| (named(i), s)).collect();
                eprintln!(
                    "  {:?}: base {:?} ranges {ranges:?} stated {stated:?}",
                    c.setting,
                    c.vector(&l.verb, &[])
                );
            }
        }
    }
    let range = |verb: &str, what: &str, setting: Option<&str>| {
        let l = all.iter().find(|l| l.verb.name == verb).unwrap();
        let i = l.verb.by_name(what).unwrap();
        let c = l
            .contexts
            .iter()
            .find(|c| match (&c.setting, setting) {
                (None, None) => true,
                (Some((k, v)), Some(s)) => {
                    let a = &l.verb.args[*k];
                    v.as_deref() == Some(s) || (v.is_none() && a.long.as_deref() == Some(s))
                }
                _ => false,
            })
            .unwrap();
        c.ranges.get(&i).copied()
    };
    // Read, not hand-listed: only their shape is asserted here, so a
    // limit may move without this test (the ranges are printed).
    let board = range("count", "n", None).expect("count's n");
    assert!(board.0 == 1 && board.1 >= 16, "{board:?}");
    let torus = range("count", "n", Some("--torus")).expect("--torus's n");
    assert!(torus.1 < board.1, "a switch changes a limit: {torus:?}");
    let threads = range("count", "--threads", None).expect("--threads");
    assert!(threads.0 == 1 && threads.1 >= 64, "{threads:?}");
    let shards = range("plan", "--shards", None).expect("--shards");
    assert!(shards.1 >= 1 << 16, "{shards:?}");
    let kings = range("pieces", "n", Some("kings"));
    let knights = range("pieces", "n", Some("knights"));
    assert!(
        kings.is_some() && knights.is_some() && kings != knights,
        "a possible value changes a limit: {kings:?} {knights:?}"
    );
    let l = all.iter().find(|l| l.verb.name == "count").unwrap();
    let solver = &l.verb.args[l.verb.by_name("--solver").unwrap()];
    assert!(solver.choices.contains(&"halves".to_string()), "{solver:?}");
}
