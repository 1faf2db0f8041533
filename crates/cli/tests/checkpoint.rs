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
        "cannot checkpoint",
    );
    std::fs::write(&path, "just some text\n").unwrap();
    check(
        &["count", "9", "--checkpoint", ckpt],
        "not an nqueens checkpoint",
    );
    std::fs::remove_file(&path).unwrap();
}
