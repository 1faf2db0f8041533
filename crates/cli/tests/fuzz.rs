//! Argument fuzzing: random argument vectors over every verb and flag, run
//! against the built binary in a scratch directory, each under a wall-time
//! bound. Asserted for every vector: it ends within the bound, no panic
//! (no exit 101, no "panicked"), an exit code from the documented set
//! {0, 1, 2}; exit 2 is one line on stderr starting `nqueens: error:`, and
//! exit 1 one line starting `nqueens: `. Asserted after the run: nothing
//! written outside the scratch directories, no special file replaced
//! (/dev/null, /dev/full, the scratch FIFO and directory).
//!
//! Seeds: a fixed set plus one fresh seed per run, each printed. A failure
//! names its seed and vector index; replay one vector with
//! `NQUEENS_FUZZ_SEED=S NQUEENS_FUZZ_VECTOR=I cargo test -p nqueens-cli
//! --test fuzz`, or a whole seed with `NQUEENS_FUZZ_SEED=S` alone.
//!
//! Board sizes are drawn per verb from ranges whose valid runs take well
//! under a second in a debug build (count n <= 12, dominate n <= 8, pawns
//! n <= 6, solve n <= 1000), mixed with edge values (0, 1, 33, -1, 2^64,
//! huge), junk text, empty strings and odd Unicode; paths are names in the
//! scratch directory plus /dev/null and /dev/full.

use std::collections::BTreeSet;
use std::fs::{self, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{symlink, FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[path = "fuzz/harness.rs"]
mod harness;
#[path = "fuzz/vectors.rs"]
mod vectors;

use vectors::{known_bug, vector};

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");
/// Vectors drawn from each seed.
const PER_SEED: usize = 1000;
/// Seeds run every time, so a regression shows on every machine.
const FIXED_SEEDS: [u64; 4] = [1, 2, 0x5eed_cafe, 0xdead_beef_0bad_f00d];
/// Wall time a vector may take before it counts as a hang.
const BOUND: Duration = Duration::from_secs(10);
/// Worker threads running vectors.
const WORKERS: usize = 4;

/// One worker's scratch directory: reset before each vector to the same
/// fixtures (a directory, a FIFO kept open so writers never wait, a
/// recorded run, a plan, an old file and a link to it).
struct Scratch {
    dir: PathBuf,
    plan: String,
}

impl Scratch {
    fn new(root: &Path, i: usize, plan: &str) -> Scratch {
        let dir = root.join(format!("w{i}"));
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
}

/// Runs one vector; `Err` describes what it broke.
fn check(args: &[String], scratch: &Scratch) -> Result<(), String> {
    scratch.reset();
    let mut command = harness::memory_bounded(BIN);
    command
        .args(args)
        .current_dir(&scratch.dir)
        .env("TMPDIR", &scratch.dir);
    let Some(ran) =
        harness::run_bounded(command, BOUND).map_err(|e| format!("cannot start: {e}"))?
    else {
        return Err(format!("still running after {BOUND:?} (killed)"));
    };
    let (status, stderr) = (ran.status, ran.stderr);
    let code = status
        .code()
        .ok_or_else(|| format!("killed by a signal: {status:?}; stderr: {stderr}"))?;
    if code == 101 || stderr.contains("panicked") {
        return Err(format!("panic (exit {code}): {stderr}"));
    }
    let one_line = stderr.lines().count() == 1 && stderr.ends_with('\n');
    match code {
        0 => {}
        1 if one_line && stderr.starts_with("nqueens: ") => {}
        2 if one_line && stderr.starts_with("nqueens: error: ") => {}
        1 | 2 => {
            return Err(format!(
                "exit {code} without one line on stderr: {stderr:?}"
            ))
        }
        _ => return Err(format!("exit code {code} outside {{0, 1, 2}}: {stderr}")),
    }
    scratch.intact()
}

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

/// The seeds to run, and which vector of them (all, or the one replayed).
/// The seeds of a run, and with `NQUEENS_FUZZ_VECTOR` the one vector to
/// replay.
fn seeds() -> (Vec<u64>, Option<usize>) {
    let only = std::env::var("NQUEENS_FUZZ_VECTOR").ok().map(|v| {
        v.trim()
            .parse()
            .expect("NQUEENS_FUZZ_VECTOR is a vector index")
    });
    (harness::seeds("NQUEENS_FUZZ_SEED", &FIXED_SEEDS), only)
}

#[test]
fn at_least_5000_argument_vectors_each_under_a_time_and_memory_bound_fail_cleanly() {
    let (seeds, only) = seeds();
    let root = std::env::temp_dir().join(format!("nqueens-fuzz-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    let plan = Command::new(BIN)
        .args(["plan", "8", "--shards", "2"])
        .output()
        .unwrap();
    assert!(plan.status.success());
    let plan = String::from_utf8(plan.stdout).unwrap();

    let mut work: Vec<(u64, usize, Vec<String>)> = Vec::new();
    for &seed in &seeds {
        eprintln!("fuzz seed {seed} ({PER_SEED} vectors; replay with NQUEENS_FUZZ_SEED={seed})");
        for i in 0..PER_SEED {
            if only.is_some_and(|o| o != i) {
                continue;
            }
            let args = vector(&mut harness::case(seed, i));
            work.push((seed, i, args));
        }
    }
    let devices = [identity("/dev/null"), identity("/dev/full")];
    let outside = std::env::current_dir().unwrap();
    let outside_before = listing(&outside);

    let failures = Mutex::new(Vec::new());
    let excluded = Mutex::new(Vec::new());
    let start = Instant::now();
    let scratch = |w| Scratch::new(&root, w, &plan);
    harness::pool(&work, WORKERS, scratch, |scratch, (seed, i, args)| {
        let line = format!("NQUEENS_FUZZ_SEED={seed} NQUEENS_FUZZ_VECTOR={i}: nqueens {args:?}");
        let known = known_bug(args);
        let result = match &known {
            Some(k) if k.hangs => Err("not run".to_string()),
            _ => check(args, scratch),
        };
        match (result, known) {
            (Ok(()), _) => {}
            (Err(why), Some(k)) => excluded
                .lock()
                .unwrap()
                .push(format!("{line}: {why} [{}]", k.bug)),
            (Err(why), None) => failures.lock().unwrap().push(format!("{line}: {why}")),
        }
    });
    let failures = failures.into_inner().unwrap();
    let excluded = excluded.into_inner().unwrap();
    let panics = failures.iter().filter(|f| f.contains(": panic (")).count();
    let hangs = failures
        .iter()
        .filter(|f| f.contains(": still running"))
        .count();
    eprintln!(
        "fuzz: {} argument vectors in {:.1} s, {panics} panics, {hangs} hangs, {} other failures, {} known bugs of other parts",
        work.len(),
        start.elapsed().as_secs_f64(),
        failures.len() - panics - hangs,
        excluded.len()
    );
    for e in &excluded {
        eprintln!("known: {e}");
    }
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
    let workers: BTreeSet<String> = (0..WORKERS).map(|w| format!("w{w}")).collect();
    assert_eq!(
        listing(&root),
        workers,
        "written beside the scratch directories"
    );
    harness::assert_clean(&failures, work.len(), "NQUEENS_FUZZ_SEED", 5000);
    let _ = fs::remove_dir_all(&root);
}
