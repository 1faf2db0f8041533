//! Faults in the files a run and a cluster keep: a checkpointed count and
//! a shard whose disk fills (a file-size limit always, a full tmpfs where
//! root may mount one) fail with one line naming the file and finish
//! exactly once space is back; special files and huge junk given where a
//! checkpoint, a plan, a results directory, a shard result or a recorded
//! run belongs are refused with one line within a second, and left as they
//! were.

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use super::{assert_exit_0, assert_one_line_error, names, run_piped, strings, Scratch, Tmpfs};

/// How long a refusal may take: it is decided from metadata or a bounded
/// read, so a debug build answers in milliseconds.
const PROMPT: Duration = Duration::from_secs(1);
/// A sparse file this large holds no disk blocks but would take minutes to
/// read.
const HUGE: &str = "10G";
const SPARSE: &str = "a 10 GB sparse file";

/// `count 12 --solver pairs --depth 3`: 462 subproblems of about 20 bytes
/// a record, so a checkpoint outgrows a 512-byte limit or a 4 KiB page
/// after some records but before the end.
fn count_args(ckpt: &Path) -> Vec<String> {
    strings(&[
        "count",
        "12",
        "--solver",
        "pairs",
        "--depth",
        "3",
        "--format",
        "json",
        "--checkpoint",
        ckpt.to_str().unwrap(),
    ])
}

const SUBPROBLEMS: usize = 462;
const TOTAL: u64 = 14200;

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Records in a checkpoint (lines after the header).
fn records(ckpt: &Path) -> usize {
    fs::read_to_string(ckpt).unwrap().lines().count() - 1
}

/// Runs under `ulimit -f blocks` (512-byte blocks).
fn limited(args: &[String], cwd: &Path, blocks: u32) -> Output {
    super::run(args, cwd, std::process::Stdio::piped(), Some(blocks))
}

/// The count fails mid-run naming its checkpoint with `cause`, leaving
/// some but not all records, and the same command then resumes to the
/// exact count.
fn assert_stops_then_resumes(s: &Scratch, ckpt: &Path, out: &Output, cause: &str) -> usize {
    let args = count_args(ckpt);
    assert_one_line_error(
        out,
        &args,
        &format!(
            "nqueens: error: cannot write to checkpoint {} (the records before this error are safe): {cause}",
            ckpt.display()
        ),
    );
    let kept = records(ckpt);
    assert!(
        kept > 0 && kept < SUBPROBLEMS,
        "the disk filled after some records, not {kept}"
    );
    let resumed = run_piped(&args, &s.0);
    assert_exit_0(&resumed, &args);
    assert_eq!(json(&resumed)["total"], TOTAL);
    assert_eq!(records(ckpt), SUBPROBLEMS, "each subproblem recorded once");
    kept
}

#[test]
fn a_checkpointed_count_whose_disk_fills_stops_then_resumes_exactly() {
    let s = Scratch::new("ckpt-full");
    let mut faults = 0;
    for blocks in [1, 3, 7] {
        let ckpt = s.path(&format!("limit-{blocks}.ckpt"));
        let out = limited(&count_args(&ckpt), &s.0, blocks);
        let kept = assert_stops_then_resumes(&s, &ckpt, &out, "File too large");
        eprintln!("ulimit -f {blocks}: {kept} of {SUBPROBLEMS} records before the limit");
        faults += 1;
    }
    if let Some(t) = Tmpfs::mount(&s.path("mnt")) {
        // One page left: the header and about 200 records fit.
        fs::write(t.0.join("spare"), [0u8; 4096]).unwrap();
        t.fill();
        fs::remove_file(t.0.join("spare")).unwrap();
        let ckpt = t.0.join("count.ckpt");
        let out = run_piped(&count_args(&ckpt), &s.0);
        fs::remove_file(t.0.join("filler")).unwrap();
        let kept = assert_stops_then_resumes(&s, &ckpt, &out, "No space left on device");
        eprintln!("full tmpfs: {kept} of {SUBPROBLEMS} records before it filled");
        faults += 1;
    }
    super::injected("checkpoint disk full", faults);
}

/// A plan of `count 8` in two shards, and shard 0's complete checkpoint in
/// `out`, made by `count` with the plan's solver and depth (the same
/// header): run-shard then only has its result to write.
fn plan_and_full_checkpoint(s: &Scratch, out: &Path) -> String {
    let plan = s.path("plan.json");
    let made = run_piped(
        &strings(&["plan", "8", "--shards", "2", "--solver", "pairs"]),
        &s.0,
    );
    assert_exit_0(&made, &[]);
    fs::write(&plan, &made.stdout).unwrap();
    let depth = json(&made)["depth"].to_string();
    fs::create_dir_all(out).unwrap();
    let ckpt = out.join("shard-0.ckpt");
    let args = strings(&[
        "count",
        "8",
        "--solver",
        "pairs",
        "--depth",
        &depth,
        "--checkpoint",
        ckpt.to_str().unwrap(),
    ]);
    assert_exit_0(&run_piped(&args, &s.0), &args);
    plan.to_str().unwrap().to_string()
}

fn shard_args(plan: &str, i: usize, out: &Path) -> Vec<String> {
    strings(&[
        "run-shard",
        "--plan",
        plan,
        "--shard",
        &i.to_string(),
        "--out",
        out.to_str().unwrap(),
    ])
}

/// The failed result write leaves no result and no temporary; a rerun
/// completes, and the merge gives the exact count.
fn assert_result_fails_then_reruns(s: &Scratch, plan: &str, out: &Path, failed: &Output) {
    let args = shard_args(plan, 0, out);
    let result = out.join("shard-0.json");
    assert!(
        !result.exists(),
        "a failed write left a result: {:?}",
        names(out)
    );
    assert!(
        names(out).iter().all(|n| !n.contains("tmp")),
        "{:?}",
        names(out)
    );
    let err = String::from_utf8_lossy(&failed.stderr);
    let cause = err.rsplit(": ").next().unwrap_or("").trim().to_string();
    assert_one_line_error(
        failed,
        &args,
        &format!(
            "nqueens: error: cannot write the shard result {}: {cause}",
            result.display()
        ),
    );
    assert!(
        cause.starts_with("File too large") || cause.starts_with("No space left on device"),
        "{err}"
    );
    // Shard 2 is the plan's symmetry shard.
    for i in [0, 1, 2] {
        let a = shard_args(plan, i, out);
        assert_exit_0(&run_piped(&a, &s.0), &a);
    }
    let merge = strings(&[
        "merge",
        "--plan",
        plan,
        out.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let merged = run_piped(&merge, &s.0);
    assert_exit_0(&merged, &merge);
    assert_eq!(json(&merged)["total"], 92);
}

#[test]
fn a_shard_whose_result_cannot_be_written_fails_cleanly_and_reruns() {
    let s = Scratch::new("shard-full");
    let mut faults = 0;
    let out = s.path("limited");
    let plan = plan_and_full_checkpoint(&s, &out);
    let failed = limited(&shard_args(&plan, 0, &out), &s.0, 0);
    assert_result_fails_then_reruns(&s, &plan, &out, &failed);
    faults += 1;
    if let Some(t) = Tmpfs::mount(&s.path("mnt")) {
        let out = t.0.join("results");
        let plan = plan_and_full_checkpoint(&s, &out);
        t.fill();
        let failed = run_piped(&shard_args(&plan, 0, &out), &s.0);
        fs::remove_file(t.0.join("filler")).unwrap();
        assert_result_fails_then_reruns(&s, &plan, &out, &failed);
        faults += 1;
    }
    super::injected("shard result disk full", faults);
}

/// Special files and junk, each made in `dir`: (label, path).
fn specials(dir: &Path) -> Vec<(&'static str, String)> {
    let fifo = dir.join("a-fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let sub = dir.join("a-dir");
    fs::create_dir(&sub).unwrap();
    let huge = dir.join("huge");
    assert!(Command::new("truncate")
        .args(["-s", HUGE])
        .arg(&huge)
        .status()
        .unwrap()
        .success());
    let link = dir.join("link-to-zero");
    symlink("/dev/zero", &link).unwrap();
    let mut v = vec![
        ("a FIFO", fifo),
        ("a directory", sub),
        (SPARSE, huge),
        ("a link to /dev/zero", link),
    ];
    for dev in ["/dev/zero", "/dev/full", "/dev/urandom"] {
        if Path::new(dev).exists() {
            v.push((dev, dev.into()));
        }
    }
    v.into_iter()
        .map(|(l, p)| (l, p.to_str().unwrap().to_string()))
        .collect()
}

/// Runs `args` and asserts a one-line refusal starting `start` within
/// [`PROMPT`].
fn assert_refused_promptly(s: &Scratch, args: &[String], start: &str) {
    let begun = Instant::now();
    let out = run_piped(args, &s.0);
    let took = begun.elapsed();
    assert_one_line_error(&out, args, start);
    assert!(took < PROMPT, "{args:?} took {took:?}");
}

#[test]
fn special_files_where_a_file_of_ours_belongs_are_refused_within_a_second() {
    let s = Scratch::new("special-inputs");
    let plan = s.path("plan.json");
    let made = run_piped(&strings(&["plan", "8", "--shards", "2"]), &s.0);
    fs::write(&plan, &made.stdout).unwrap();
    let plan = plan.to_str().unwrap().to_string();
    let results = s.path("results");
    fs::create_dir(&results).unwrap();
    let results = results.to_str().unwrap().to_string();
    let mut faults = 0;
    for (label, p) in specials(&s.0) {
        let cases: Vec<Vec<&str>> = vec![
            vec!["count", "8", "--checkpoint", &p],
            vec!["dominate", "5", "--checkpoint", &p],
            vec!["missing", "--plan", &p, &results],
            vec!["merge", "--plan", &p, &results],
            vec!["run-shard", "--plan", &p, "--shard", "0", "--out", &results],
            vec!["plot", &p],
        ];
        // A directory is what a results directory is.
        let cases = cases.into_iter().chain(
            [
                vec!["missing", "--plan", &plan, &p],
                vec!["merge", "--plan", &plan, &p],
            ]
            .into_iter()
            .filter(|_| label != "a directory"),
        );
        for case in cases {
            let args = strings(&case);
            assert_refused_promptly(&s, &args, "nqueens: error: ");
            faults += 1;
        }
        eprintln!("refused promptly: {label}");
    }
    assert!(names(&s.path("results")).is_empty(), "nothing written");
    super::injected("special-file inputs", faults);
}

#[test]
fn special_entries_in_a_results_directory_or_a_run_are_refused_within_a_second() {
    let s = Scratch::new("special-entries");
    let plan = s.path("plan.json");
    let made = run_piped(&strings(&["plan", "8", "--shards", "2"]), &s.0);
    fs::write(&plan, &made.stdout).unwrap();
    let plan = plan.to_str().unwrap().to_string();
    let mut faults = 0;
    for (k, (label, p)) in specials(&s.0).into_iter().enumerate() {
        // The special file as shard 0's result, its checkpoint or its lock.
        for entry in ["shard-0.json", "shard-0.ckpt", "shard-0.lock"] {
            let dir = s.path(&format!("results-{k}-{entry}"));
            fs::create_dir(&dir).unwrap();
            symlink(&p, dir.join(entry)).unwrap();
            let d = dir.to_str().unwrap();
            // A regular file of junk as the result or the lock is no
            // fault of run-shard's (it recounts over a damaged result, and
            // any file locks): only as the checkpoint is it refused.
            if !(label == SPARSE && entry != "shard-0.ckpt") {
                let run_shard =
                    strings(&["run-shard", "--plan", &plan, "--shard", "0", "--out", d]);
                assert_refused_promptly(&s, &run_shard, "nqueens: error: ");
                faults += 1;
            }
            if entry == "shard-0.json" {
                let merge = strings(&["merge", "--plan", &plan, d]);
                assert_refused_promptly(
                    &s,
                    &merge,
                    &format!("nqueens: error: cannot merge {d}: missing shards 1-2; damaged shards 0 (cannot read the shard result"),
                );
                // Every shard still needs a run (0 has no usable result),
                // the symmetry shard 2 too.
                let missing = strings(&["missing", "--plan", &plan, d]);
                let begun = Instant::now();
                let out = run_piped(&missing, &s.0);
                assert!(begun.elapsed() < PROMPT, "{missing:?}");
                assert_exit_0(&out, &missing);
                assert_eq!(String::from_utf8_lossy(&out.stdout), "0-2\n");
                faults += 2;
            }
            assert!(
                fs::symlink_metadata(dir.join(entry))
                    .unwrap()
                    .file_type()
                    .is_symlink(),
                "{entry} replaced"
            );
        }
        // The special file as a recorded run's raw.csv.
        let run = s.path(&format!("run-{k}"));
        fs::create_dir(&run).unwrap();
        symlink(&p, run.join("raw.csv")).unwrap();
        let plot = strings(&["plot", run.to_str().unwrap()]);
        assert_refused_promptly(&s, &plot, "nqueens: error: ");
        faults += 1;
        eprintln!("refused promptly inside a directory: {label}");
    }
    super::injected("special entries", faults);
}

#[test]
fn a_results_directory_that_is_not_one_is_refused_and_an_empty_one_lists_every_shard() {
    let s = Scratch::new("results-dir");
    let plan = s.path("plan.json");
    let made = run_piped(&strings(&["plan", "8", "--shards", "4"]), &s.0);
    fs::write(&plan, &made.stdout).unwrap();
    let plan = plan.to_str().unwrap();
    let none = s.path("no-such-dir");
    let none = none.to_str().unwrap();
    for verb in ["missing", "merge"] {
        let args = strings(&[verb, "--plan", plan, none]);
        assert_refused_promptly(
            &s,
            &args,
            &format!("nqueens: error: cannot open the results directory {none}: No such file"),
        );
        let args = strings(&[verb, "--plan", plan, plan]);
        assert_refused_promptly(
            &s,
            &args,
            &format!("nqueens: error: {plan} is not a directory of shard results"),
        );
    }
    let empty = s.path("empty");
    fs::create_dir(&empty).unwrap();
    let args = strings(&["missing", "--plan", plan, empty.to_str().unwrap()]);
    let out = run_piped(&args, &s.0);
    assert_exit_0(&out, &args);
    // Four shards of subproblems and the symmetry shard.
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0-4\n");
    super::injected("results directories that are not", 4);
}
