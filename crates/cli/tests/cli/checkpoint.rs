//! Checkpoints survive being killed at any moment, and refuse what is not theirs.

use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use assert_cmd::cargo::CommandCargoExt;
use serde_json::Value;

fn temp(name: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("nqueens-resume-{name}-{}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

fn nqueens() -> Command {
    Command::cargo_bin("nqueens").unwrap()
}

fn finish(args: &[&str]) -> Value {
    let out = nqueens()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn kill_9_at_random_moments_then_resume_gives_the_exact_count() {
    let path = temp("kill");
    let ckpt = path.to_str().unwrap();
    // Pinned to `pairs`: seconds long, so the kills land mid-run.
    let reference = finish(&["count", "16", "--solver", "pairs"]);
    // Delays from a clock-seeded LCG, printed so a failure can be replayed.
    let mut seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    let mut delays = Vec::new();
    for _ in 0..5 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        delays.push(40 + (seed >> 33) % 400);
    }
    eprintln!("kill delays (ms): {delays:?}");
    let mut saved = Vec::new();
    for &ms in &delays {
        let mut child = nqueens()
            .args(["count", "16", "--solver", "pairs", "--checkpoint", ckpt])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(ms));
        let _ = child.kill(); // SIGKILL: no chance to clean up
        child.wait().unwrap();
        saved.push(
            std::fs::read_to_string(&path).map_or(0, |t| t.lines().count().saturating_sub(1)),
        );
    }
    eprintln!("records after each kill: {saved:?}");
    assert!(
        saved.windows(2).all(|w| w[0] <= w[1]),
        "finished work is never lost: {saved:?}"
    );
    let resumed = finish(&["count", "16", "--solver", "pairs", "--checkpoint", ckpt]);
    for key in ["total", "unique", "nodes", "fixed_180", "fixed_90"] {
        assert_eq!(resumed[key], reference[key], "{key}");
    }
    assert_eq!(resumed["total"], 14772512);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn ctrl_c_saves_and_says_how_to_resume() {
    let path = temp("int");
    let ckpt = path.to_str().unwrap();
    let child = nqueens()
        .args([
            "count",
            "16",
            "--solver",
            "pairs",
            "--threads",
            "1",
            "--checkpoint",
            ckpt,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted:") && err.contains("to resume") && err.contains(ckpt),
        "{err}"
    );
    // Another thread count resumes the same split (the checkpoint's depth is adopted).
    let resumed = finish(&[
        "count",
        "16",
        "--solver",
        "pairs",
        "--threads",
        "2",
        "--checkpoint",
        ckpt,
    ]);
    assert_eq!(resumed["total"], 14772512);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn of_twenty_counts_started_at_once_on_one_new_checkpoint_exactly_one_counts() {
    let dir = temp("race");
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("go");
    let ckpt = dir.join("c.ckpt");
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let reference = finish(&["count", "14", "--solver", "pairs"]);
    for attempt in 0..3 {
        let _ = std::fs::remove_file(&ckpt);
        let _ = std::fs::remove_file(&fifo);
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        // Each waits in `read` until the FIFO's last writer closes it: all
        // are released by one close, at the same instant.
        let children: Vec<_> = (0..20)
            .map(|_| {
                Command::new("sh")
                    .args([
                        "-c",
                        r#"read x < "$1"; exec "$2" count 14 --solver pairs --checkpoint "$3" --format json"#,
                        "sh",
                    ])
                    .arg(&fifo)
                    .arg(&bin)
                    .arg(&ckpt)
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        // Read and write, so this open does not wait for a reader.
        let gate = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&fifo)
            .unwrap();
        std::thread::sleep(Duration::from_millis(800));
        drop(gate);
        let outs: Vec<_> = children
            .into_iter()
            .map(|c| c.wait_with_output().unwrap())
            .collect();
        // One searches; each other is refused with one line or, started
        // only once that one had finished (a slow start on a loaded
        // machine), reads the finished file back and searches nothing.
        let mut searched = 0;
        for o in &outs {
            let err = String::from_utf8_lossy(&o.stderr);
            if o.status.success() {
                let found: Value = serde_json::from_slice(&o.stdout).unwrap();
                assert_eq!(found["total"], reference["total"], "attempt {attempt}");
                // The rate counts the nodes searched this run: all of
                // them, or (the file read back) the symmetry pass's few.
                let rate = found["nodes_per_second"].as_f64().unwrap();
                let this_run = rate * found["seconds"].as_f64().unwrap();
                if this_run > found["nodes"].as_f64().unwrap() / 2.0 {
                    searched += 1;
                }
            } else {
                assert_eq!(
                    err,
                    format!(
                        "nqueens: error: checkpoint {} is in use by another nqueens process\n",
                        ckpt.display()
                    ),
                    "attempt {attempt}"
                );
            }
        }
        let refused = outs.iter().filter(|o| !o.status.success()).count();
        eprintln!(
            "attempt {attempt}: {searched} searched, {refused} refused, {} read the finished file back",
            20 - searched - refused
        );
        assert_eq!(searched, 1, "attempt {attempt}: not exactly one searched");
        // The file is whole and resumes to the exact count.
        let resumed = finish(&[
            "count",
            "14",
            "--solver",
            "pairs",
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ]);
        for key in ["total", "unique", "nodes"] {
            assert_eq!(resumed[key], reference[key], "{key}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_empty_checkpoint_file_is_taken_as_new() {
    // What a crash between creating the file and writing its header leaves.
    let path = temp("empty");
    std::fs::write(&path, "").unwrap();
    let ckpt = path.to_str().unwrap();
    assert_eq!(finish(&["count", "9", "--checkpoint", ckpt])["total"], 352);
    assert_eq!(finish(&["count", "9", "--checkpoint", ckpt])["total"], 352);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_checkpoint_of_another_count_or_a_foreign_file_is_refused() {
    let path = temp("other");
    let ckpt = path.to_str().unwrap();
    finish(&["count", "9", "--checkpoint", ckpt]);
    let check = |args: &[&str], needle: &str| {
        let out = nqueens().args(args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.lines().count() == 1 && err.contains(needle),
            "{args:?}: {err}"
        );
    };
    check(&["count", "10", "--checkpoint", ckpt], "n 9 (this run: 10)");
    check(
        &["count", "9", "--solver", "parallel", "--checkpoint", ckpt],
        "solver halves (this run: parallel)",
    );
    check(
        &["count", "9", "--solver", "classic", "--checkpoint", ckpt],
        "--checkpoint does not apply: solver classic does not split its work",
    );
    std::fs::write(&path, "just some text\n").unwrap();
    check(
        &["count", "9", "--checkpoint", ckpt],
        "not an nqueens checkpoint",
    );
    std::fs::remove_file(&path).unwrap();
}

/// `count 12` through `ckpt` twice: each time the exact count (OEIS
/// A000170 / A002562), and the file left whole, every line ended.
fn resume_12_twice(path: &std::path::Path) {
    for run in 0..2 {
        let r = finish(&["count", "12", "--checkpoint", path.to_str().unwrap()]);
        assert_eq!(
            (r["total"].as_u64(), r["unique"].as_u64()),
            (Some(14200), Some(1787)),
            "run {run}: {r}"
        );
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8(bytes).expect("the file is text again");
        let lines: Vec<&str> = text.lines().collect();
        assert!(text.ends_with('\n'), "run {run}: {text}");
        assert!(lines[0].starts_with("nqueens-checkpoint ") && lines[0].len() < 200);
        assert!(
            lines[1..].iter().all(|l| l.split(' ').count() == 4),
            "run {run}: {text}"
        );
    }
}

/// P20, as found: `head -1 a.ckpt | tr -d '\n' > b.ckpt` left a header
/// without its newline; the count wrote its first record onto it, and
/// the next resume refused the file as not a checkpoint.
#[test]
fn a_header_without_its_newline_resumes_and_resumes_again() {
    let (a, b) = (temp("p20-a"), temp("p20-b"));
    finish(&["count", "12", "--checkpoint", a.to_str().unwrap()]);
    let text = std::fs::read_to_string(&a).unwrap();
    let header = text.lines().next().unwrap();
    std::fs::write(&b, header).unwrap();
    resume_12_twice(&b);
    let again = std::fs::read_to_string(&b).unwrap();
    assert!(again.starts_with(&format!("{header}\n")), "{again}");
    assert_eq!(again.lines().count(), text.lines().count(), "{again}");
    std::fs::remove_file(&a).unwrap();
    std::fs::remove_file(&b).unwrap();
}

/// What an older build left of such a file, its first record on the
/// header line, is refused in one line naming the fix, and the fix as
/// given (a `sed` command) resumes every record.
#[test]
fn a_record_run_onto_the_header_line_is_refused_with_a_fix_that_works() {
    let path = temp("p20-run-on");
    finish(&["count", "12", "--checkpoint", path.to_str().unwrap()]);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen('\n', "", 1)).unwrap();
    let out = nqueens()
        .args(["count", "12", "--checkpoint", path.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.lines().count() == 1 && err.contains("record run onto its header line"),
        "{err}"
    );
    let sed = err
        .split_once("(sed ")
        .and_then(|(_, rest)| rest.split_once(" FILE)"))
        .unwrap_or_else(|| panic!("no sed command: {err}"))
        .0;
    let fixed = Command::new("sh")
        .args(["-c", &format!("sed {sed} \"$1\""), "sh"])
        .arg(&path)
        .status()
        .unwrap();
    assert!(fixed.success());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    resume_12_twice(&path);
    std::fs::remove_file(&path).unwrap();
}

/// P20: a torn last line holding bytes that are not UTF-8 made the whole
/// checkpoint refused; it is dropped as a torn ASCII line is, the records
/// before it kept, and cut off before the first new record.
#[test]
fn a_torn_last_line_that_is_not_utf8_is_dropped_and_the_count_resumes() {
    let path = temp("p20-torn");
    finish(&["count", "12", "--checkpoint", path.to_str().unwrap()]);
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let kept = 1 + (lines.len() - 1) / 2;
    let mut torn = (lines[..kept].join("\n") + "\n").into_bytes();
    torn.extend_from_slice(b"17 3 \xff\xfe");
    std::fs::write(&path, &torn).unwrap();
    resume_12_twice(&path);
    let again = std::fs::read_to_string(&path).unwrap();
    let again: Vec<&str> = again.lines().collect();
    assert_eq!(
        again[..kept],
        lines[..kept],
        "the records before it survive"
    );
    assert_eq!(again.len(), lines.len());
    // The same bytes in the middle are damage, refused in one line.
    let mut damaged = (lines[..kept].join("\n") + "\n").into_bytes();
    damaged.extend_from_slice(b"17 3 \xff\xfe\n");
    damaged.extend_from_slice((lines[kept..].join("\n") + "\n").as_bytes());
    std::fs::write(&path, &damaged).unwrap();
    let out = nqueens()
        .args(["count", "12", "--checkpoint", path.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.lines().count() == 1 && err.contains(&format!("damaged at line {}", kept + 1)),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), damaged, "left as it was");
    std::fs::remove_file(&path).unwrap();
}

/// Kills `args` (on one thread, with a checkpoint) with SIGKILL once it has
/// saved two pieces, resumes it on two threads, and returns the records at
/// the kill, the pieces in all, and the resumed run's output.
fn kill_then_resume(name: &str, args: &[&str]) -> (usize, u64, Value) {
    let path = temp(name);
    let ckpt = path.to_str().unwrap();
    let mut child = nqueens()
        .args(args)
        .args(["--threads", "1", "--checkpoint", ckpt])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let records =
        || std::fs::read_to_string(&path).map_or(0, |t| t.lines().count().saturating_sub(1));
    while records() < 2 && child.try_wait().unwrap().is_none() {
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    child.wait().unwrap();
    let saved = records();
    let header = std::fs::read_to_string(&path).unwrap();
    let pieces: u64 = header
        .split_whitespace()
        .find_map(|w| w.strip_prefix("subproblems="))
        .unwrap()
        .parse()
        .unwrap();
    let resumed = finish(&[args, &["--threads", "2", "--checkpoint", ckpt]].concat());
    std::fs::remove_file(&path).unwrap();
    (saved, pieces, resumed)
}

#[test]
fn a_variant_killed_mid_run_resumes_to_the_exact_count() {
    let (saved, pieces, r) = kill_then_resume("torus", &["count", "17", "--torus"]);
    assert!(
        saved >= 2 && (saved as u64) < pieces,
        "killed mid-run: {saved} of {pieces}"
    );
    // OEIS A007705 / A051906; the symmetries come from the checkpointed pieces too.
    assert_eq!(
        (r["total"].as_u64(), r["unique"].as_u64()),
        (Some(140692), Some(17621))
    );
}

#[test]
fn a_puzzle_killed_mid_run_resumes_to_the_exact_count() {
    let (saved, pieces, r) = kill_then_resume("dominate", &["dominate", "12", "--count"]);
    assert!(
        saved >= 2 && (saved as u64) < pieces,
        "killed mid-run: {saved} of {pieces}"
    );
    // OEIS A002564 (the verb also checks it, and would exit 1).
    assert_eq!(r["count"].as_u64(), Some(8));
}

#[test]
fn a_checkpoint_of_another_kind_of_work_is_refused_naming_it() {
    let path = temp("kind");
    let ckpt = path.to_str().unwrap();
    finish(&["count", "11", "--torus", "--checkpoint", ckpt]);
    for (args, needle) in [
        (vec!["count", "11"], "work torus (this run: count)"),
        (
            vec!["count", "11", "--no-three-in-line"],
            "work torus (this run: no-three-in-line)",
        ),
        (
            vec!["dominate", "11", "--count"],
            "work torus (this run: dominate)",
        ),
    ] {
        let out = nqueens()
            .args(&args)
            .args(["--checkpoint", ckpt])
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.lines().count() == 1 && err.contains(needle),
            "{args:?}: {err}"
        );
    }
    // The same kind resumes: every piece is recorded, nothing is counted again.
    assert_eq!(
        finish(&["count", "11", "--torus", "--checkpoint", ckpt])["total"],
        88
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_resumed_count_rates_only_the_work_it_did() {
    let path = temp("rate");
    let ckpt = path.to_str().unwrap();
    let first = finish(&["count", "14", "--checkpoint", ckpt]);
    assert!(first["nodes_per_second"].as_u64().unwrap() > 0);
    // Everything read back: the same counts and nodes, and no search.
    let again = finish(&["count", "14", "--checkpoint", ckpt]);
    for key in ["total", "unique", "nodes", "subproblems"] {
        assert_eq!(again[key], first[key], "{key}");
    }
    assert_eq!(again["nodes_per_second"], 0, "{again}");
    // Half of the records kept: this run searches the other half, and its
    // rate is the nodes it searched over its own seconds.
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let kept = 1 + (lines.len() - 1) / 2;
    std::fs::write(&path, lines[..kept].join("\n") + "\n").unwrap();
    let half = finish(&["count", "14", "--checkpoint", ckpt]);
    assert_eq!(half["total"], first["total"]);
    let rate = half["nodes_per_second"].as_f64().unwrap();
    let all = half["nodes"].as_f64().unwrap() / half["seconds"].as_f64().unwrap();
    assert!(rate > 0.0 && rate < all, "{rate} vs {all}: {half}");
    let _ = std::fs::remove_file(&path);
}

/// Checkpoints are a run's state, not source: the repository ignores them
/// and tracks none (crates/cli/x.ckpt was tracked until 2026-11-25).
#[test]
fn the_repository_holds_no_checkpoint() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let ignore = std::fs::read_to_string(root.join(".gitignore")).unwrap();
    assert!(ignore.lines().any(|l| l.trim() == "*.ckpt"), "{ignore}");
    // A source tarball has no git: then the .gitignore line is the check.
    let tracked = Command::new("git")
        .args(["ls-files", "--", "*.ckpt"])
        .current_dir(&root)
        .stderr(Stdio::null())
        .output();
    if let Some(out) = tracked.ok().filter(|o| o.status.success()) {
        let names = String::from_utf8_lossy(&out.stdout);
        assert!(names.trim().is_empty(), "tracked checkpoints: {names}");
    }
}
