//! What the two fuzz tests share (`fuzz.rs`: argument vectors;
//! `fuzz_files.rs`: mutated input files): the seeds, each case's generator,
//! a pool of workers taking cases in turn, a program run under a time bound,
//! and the closing assertions. Each test uses its part.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::vectors::Rng;

/// The estimate whose JSON both fuzzers give `status --estimate`: a
/// fixture of the argument vectors, the file that `fuzz_files.rs` mutates.
pub const ESTIMATE: [&str; 8] = [
    "estimate",
    "8",
    "--samples",
    "20",
    "--seed",
    "1",
    "--format",
    "json",
];

/// Held by each fuzzer for its whole run: the two share one test binary,
/// and each one's four workers alone load the machine (its time bounds
/// allow for that much), as when each fuzzer was a binary of its own.
/// A fuzzer that failed leaves the lock poisoned; the next one runs all
/// the same.
pub fn one_fuzzer_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static FUZZER: std::sync::Mutex<()> = std::sync::Mutex::new(());
    FUZZER
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The seeds of a run: the one in `var` alone (to replay a failure), else
/// the fixed ones plus a fresh one, printed by the caller.
pub fn seeds(var: &str, fixed: &[u64]) -> Vec<u64> {
    if let Ok(s) = std::env::var(var) {
        let seed = s.trim().parse();
        return vec![seed.unwrap_or_else(|_| panic!("{var} is a whole number"))];
    }
    let fresh = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        ^ u64::from(std::process::id()) << 32;
    let mut all = fixed.to_vec();
    all.push(fresh);
    all
}

/// The generator of case `i` of `seed`: each case can be replayed alone.
pub fn case(seed: u64, i: usize) -> Rng {
    Rng(seed ^ (i as u64).wrapping_mul(0xa076_1d64_78bd_642f))
}

/// Runs `each` on every case, `workers` threads taking the next case in
/// turn; `state` makes each worker's own state (its scratch directory).
pub fn pool<T: Sync, S>(
    work: &[T],
    workers: usize,
    state: impl Fn(usize) -> S + Sync,
    each: impl Fn(&S, &T) + Sync,
) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for w in 0..workers {
            let (next, state, each) = (&next, &state, &each);
            s.spawn(move || {
                let mine = state(w);
                while let Some(case) = work.get(next.fetch_add(1, Ordering::Relaxed)) {
                    each(&mine, case);
                }
            });
        }
    });
}

/// No case failed, and a full run (no replayed seed in `var`) ran at
/// least `least` cases.
pub fn assert_clean(failures: &[String], cases: usize, var: &str, least: usize) {
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    if std::env::var_os(var).is_none() {
        assert!(cases >= least, "at least {least} cases a run, not {cases}");
    }
}

/// Address space each fuzzed run may map, in KiB (`ulimit -v`): far above
/// what any vector's small board needs, so an unbounded allocation fails
/// the run (an abort, or exit 2 from a refused budget) instead of growing.
pub const MEMORY_KIB: u64 = 4 << 20;

/// `bin` run through `sh -c 'ulimit -v ...; exec env --default-signal=INT
/// bin ARGS'`: the caller adds the arguments, as to `Command::new(bin)`.
/// SIGINT is set back to its default action because a test run started
/// in the background of a non-interactive shell inherits it ignored, and
/// the fuzzer's Ctrl-C would then reach nothing that did not catch it.
pub fn memory_bounded(bin: &str) -> std::process::Command {
    let mut c = std::process::Command::new("sh");
    c.arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_KIB}; exec env --default-signal=INT \"$0\" \"$@\""
        ))
        .arg(bin);
    c
}

/// A program that ended within its time bound.
pub struct Finished {
    pub status: std::process::ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: String,
    /// Whether it was sent SIGINT (Ctrl-C) after its patience ran out.
    pub interrupted: bool,
}

/// Runs `command` with stdin closed and both outputs read to the end on
/// their own threads; kills it after `bound` and gives `None` when it was
/// still running.
pub fn run_bounded(
    command: std::process::Command,
    bound: std::time::Duration,
) -> std::io::Result<Option<Finished>> {
    run_interrupting(command, None, bound)
}

/// [`run_bounded`], and once `patience` has passed SIGINT is sent, as a
/// user's Ctrl-C: the program then has until `bound` to stop.
pub fn run_interrupting(
    mut command: std::process::Command,
    patience: Option<std::time::Duration>,
    bound: std::time::Duration,
) -> std::io::Result<Option<Finished>> {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let outs = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let errs = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        String::from_utf8_lossy(&v).into_owned()
    });
    let start = std::time::Instant::now();
    let mut interrupted = false;
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break s;
        }
        let waited = start.elapsed();
        if waited > bound {
            // SIGTERM first: a program that runs others (`bench`) ends them
            // on it, where SIGKILL would leave them running as orphans
            // that load the machine for every later case.
            let _ = std::process::Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            let grace = std::time::Instant::now();
            while child.try_wait()?.is_none() && grace.elapsed() < std::time::Duration::from_secs(1)
            {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        if !interrupted && patience.is_some_and(|p| waited > p) {
            // `kill` the program, not a libc call: the tests deny unsafe.
            let _ = std::process::Command::new("kill")
                .args(["-INT", &child.id().to_string()])
                .status();
            interrupted = true;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    };
    Ok(Some(Finished {
        status,
        stdout: outs.join().unwrap(),
        stderr: errs.join().unwrap(),
        interrupted,
    }))
}
