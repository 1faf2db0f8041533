//! What an outside, hostile test found (issue P15), one test per class of
//! defect rather than per example: every case of the class the code has
//! (every format, every limit, every name echoed back) is tried.

use crate::common::nqueens;
use crate::forgery::forged;
use crate::fuzz::definition;

/// Every format of `space` at the sizes whose cells are wider than
/// `format!` can pad (65,535 characters): no panic, whole output.
#[test]
fn space_prints_every_format_at_its_largest_sizes() {
    for n in ["8400", "10000"] {
        for format in ["text", "markdown", "csv", "json"] {
            let out = nqueens()
                .args(["space", n, "--format", format])
                .assert()
                .success()
                .get_output()
                .clone();
            assert!(out.stderr.is_empty(), "space {n} --format {format}");
            let text = String::from_utf8(out.stdout).unwrap();
            // Five spaces, the largest (n^2)^n of n = 10000 with 80,000 digits.
            assert!(text.len() > 80_000, "space {n} --format {format}");
            assert!(text.contains("permutations"), "space {n} --format {format}");
        }
    }
}

/// The binary under test.
const BIN: &str = env!("CARGO_BIN_EXE_nqueens");

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `nqueens args` in `dir` under 1 GiB of address space and a 20 s
/// bound: a spin or an unbounded allocation fails the test.
fn bounded(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    let mut cmd = assert_cmd::Command::new("sh");
    cmd.arg("-c")
        .arg("ulimit -v 1048576; exec \"$0\" \"$@\"")
        .arg(BIN)
        .args(args)
        .current_dir(dir)
        .timeout(std::time::Duration::from_secs(20));
    let out = cmd.output().unwrap();
    assert!(
        out.status.code().is_some(),
        "nqueens {args:?} was killed (time or memory bound): {out:?}"
    );
    out
}

/// `plot` reads a recorded run as untrusted: every numeric field at and
/// past its range, non-finite, and names with control characters are
/// either drawn quickly or refused with one line; nothing is left but
/// what was there and the plot.
#[test]
fn plot_refuses_or_draws_every_extreme_record_within_bounds() {
    let dir = scratch("plot");
    let header = "n,solver,threads,run,seconds,total,unique,nodes";
    let good = "8,p,1,1,0.1,92,12,100";
    let drawn = [
        "1,p,1,1,0,1,1,0",
        "32,p,1,1,1e12,1,1,1e36",
        "1,p,1,1,1e-300,1,1,1e-300",
        "8,p,1,1,0.1,92,12,",
    ];
    let refused = [
        "0,p,1,1,0.1,92,12,5",
        "33,p,1,1,0.1,92,12,5",
        "18446744073709551616,p,1,1,0.1,92,12,5",
        "8,p,1,1,inf,92,12,5",
        "8,p,1,1,-inf,92,12,5",
        "8,p,1,1,NaN,92,12,5",
        "8,p,1,1,1e308,92,12,5",
        "8,p,1,1,1.1e12,92,12,5",
        "8,p,1,1,0.1,92,12,inf",
        "8,p,1,1,0.1,92,12,nan",
        "8,p,1,1,0.1,92,12,1e37",
        "8,p,1,1,0.1,92,12,-1",
        "8,a\u{1b}[31mb,1,1,0.1,92,12,5",
        "8,a\u{7}b,1,1,0.1,92,12,5",
    ];
    for (row, ok) in drawn
        .iter()
        .map(|r| (r, true))
        .chain(refused.iter().map(|r| (r, false)))
    {
        let run = dir.join("run");
        let _ = std::fs::remove_dir_all(&run);
        std::fs::create_dir(&run).unwrap();
        std::fs::write(run.join("raw.csv"), format!("{header}\n{good}\n{row}\n")).unwrap();
        let out = bounded(&dir, &["plot", "run", "--out", "run/p.svg"]);
        let err = String::from_utf8_lossy(&out.stderr);
        if ok {
            assert!(out.status.success(), "{row}: {err}");
            let svg = std::fs::read_to_string(run.join("p.svg")).unwrap();
            assert!(!svg.chars().any(|c| c.is_control() && !"\n\t\r".contains(c)));
        } else {
            assert_eq!(out.status.code(), Some(2), "{row}: {err}");
            assert_eq!(err.lines().count(), 1, "{row}: {err}");
            assert!(err.contains("is not a run record"), "{row}: {err}");
        }
        let mut names: Vec<String> = std::fs::read_dir(&run)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let expected: &[&str] = if ok {
            &["p.svg", "raw.csv"]
        } else {
            &["raw.csv"]
        };
        assert_eq!(names, expected, "{row}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every flag of every verb (read from the binary's own clap definition)
/// and every verb's first argument, given a value holding a newline, an
/// escape sequence and a bidirectional override: whatever the verb makes
/// of it, stderr holds no raw control character and at most one line.
#[test]
fn control_characters_in_any_argument_are_never_echoed_raw() {
    let dir = scratch("echo");
    let evil = "a\n\u{1b}[31mnqueens: error: fake\r\u{202e}\u{7}";
    let mut tried = 0;
    for definition::Verb { name: verb, args } in definition::read(BIN) {
        let mut cases: Vec<Vec<String>> = vec![vec![verb.clone(), evil.into()]];
        for long in args
            .iter()
            .filter(|a| a.value)
            .filter_map(|a| a.long.as_ref())
        {
            cases.push(vec![verb.clone(), long.clone(), evil.into()]);
            cases.push(vec![verb.clone(), format!("{long}={evil}")]);
        }
        cases.push(vec![verb.clone(), format!("--no-such-flag{evil}")]);
        for mut args in cases {
            // A bench of every solver takes minutes: keep it to n <= 4.
            if verb == "bench" {
                args.extend([
                    "--to".into(),
                    "4".into(),
                    "--solvers".into(),
                    "pairs".into(),
                ]);
            }
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = bounded(&dir, &refs);
            let err = String::from_utf8_lossy(&out.stderr);
            let body = err.strip_suffix('\n').unwrap_or(&err);
            assert!(
                !body.chars().any(|c| c.is_control() && c != '\n'),
                "{args:?}: raw control character in {err:?}"
            );
            assert!(
                !body.contains('\u{202e}'),
                "{args:?}: raw override in {err:?}"
            );
            if !out.status.success() {
                assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
            }
            tried += 1;
        }
    }
    assert!(tried > 150, "only {tried} arguments tried");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every kind of work with a published (or proved) value is checked by
/// `merge` as by a checkpointed count: a forged shard, its checksum
/// recomputed, fails the merge with exit 1 and one line naming the source.
#[test]
fn merge_checks_every_kind_of_work_against_its_known_value() {
    let dir = scratch("known");
    // The torus's first-row columns must agree (a shift maps one onto the
    // next), which refuses this forgery before its total is compared with
    // OEIS A051906 (shards.rs forges every column).
    let kinds: [(&[&str], &str); 4] = [
        (&["8"], "OEIS says 92 / 12"),
        (&["6", "--torus"], "mirror images of each other"),
        (&["6", "--dominate"], "OEIS A002564"),
        (&["6", "--pawns", "7"], "OEIS A103330"),
    ];
    for (i, (args, source)) in kinds.iter().enumerate() {
        let plan = dir.join(format!("plan-{i}.json"));
        let out = dir.join(format!("r-{i}"));
        let made = nqueens()
            .arg("plan")
            .args(*args)
            .args(["--shards", "2"])
            .output()
            .unwrap();
        assert!(made.status.success(), "{args:?}");
        std::fs::write(&plan, made.stdout).unwrap();
        let run = |extra: &[&str]| {
            nqueens()
                .arg("run-shard")
                .arg("--plan")
                .arg(&plan)
                .arg("--out")
                .arg(&out)
                .args(extra)
                .output()
                .unwrap()
        };
        let ids = if args.len() == 1 { "0-2" } else { "0-1" };
        assert!(run(&["--shard", ids]).status.success(), "{args:?}");
        let merge = || {
            nqueens()
                .arg("merge")
                .arg("--plan")
                .arg(&plan)
                .arg(&out)
                .output()
                .unwrap()
        };
        assert!(merge().status.success(), "{args:?}");
        // Off by 8, so Burnside's lemma still divides where it applies.
        let result = out.join("shard-0.json");
        let honest = std::fs::read_to_string(&result).unwrap();
        std::fs::write(&result, forged(&honest, 8)).unwrap();
        let o = merge();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("nqueens: error: ") && err.contains(source),
            "{args:?}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sends `signal` to the run of `args` after `after`, and gives its output.
fn interrupted(
    dir: &std::path::Path,
    args: &[&str],
    signal: &str,
    after: std::time::Duration,
) -> std::process::Output {
    let child = std::process::Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let sent = std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    child.wait_with_output().unwrap()
}

/// Every interrupt that saves its work exits 130 with one line on stderr,
/// as docs/usage.md and docs/formats.md say; usage.md names 130 among the
/// exit codes and the fuzzers' figures the tests hold it to.
#[test]
fn an_interrupt_that_saved_its_work_exits_130_as_documented() {
    let dir = scratch("interrupt");
    let plan = nqueens()
        .args(["plan", "17", "--solver", "pairs", "--shards", "1"])
        .output()
        .unwrap();
    std::fs::write(dir.join("plan.json"), plan.stdout).unwrap();
    let runs: [(&[&str], &str, &str); 2] = [
        (
            &[
                "count",
                "17",
                "--solver",
                "pairs",
                "-j",
                "1",
                "--checkpoint",
                "c",
            ],
            "-INT",
            "interrupted: ",
        ),
        (
            &[
                "run-shard",
                "--plan",
                "plan.json",
                "--shard",
                "0",
                "--out",
                "r",
                "-j",
                "1",
            ],
            "-TERM",
            "interrupted: ",
        ),
    ];
    for (args, signal, says) in runs {
        let out = interrupted(&dir, args, signal, std::time::Duration::from_millis(1500));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("nqueens: ") && err.contains(says),
            "{args:?}: {err}"
        );
    }
    // An estimate interrupted with a sample reports it and succeeds.
    let args = [
        "estimate",
        "20",
        "--seconds",
        "60",
        "-j",
        "1",
        "--format",
        "json",
    ];
    let out = interrupted(&dir, &args, "-INT", std::time::Duration::from_millis(1500));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"samples\""));
    let usage =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/usage.md"))
            .unwrap()
            .replace('\n', " ");
    assert!(usage.contains("The exit codes are 0, 1, 2 and 130, nothing else"));
    assert!(usage.contains("over 5,000 argument vectors"));
    assert!(usage.contains("over 1,000 mutated input files"));
    let formats = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/formats.md"
    ))
    .unwrap()
    .replace('\n', " ");
    assert!(formats.contains("2 bad input; 130 an interrupt"));
    let _ = std::fs::remove_dir_all(&dir);
}
