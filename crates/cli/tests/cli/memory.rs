//! `--max-memory`: a count stays within its budget, or stops with one line
//! saying why, keeping what it finished.

use crate::common::{assert_usage_error, json, nqueens};

/// What the process holds before it counts, as its refusal of a 1 KiB
/// budget says (in MiB to one decimal): the floor under any budget. It
/// varies from one process to the next by up to 0.5 MiB (8.7 to 9.4 MiB
/// measured), so the budgets below keep more than twice that from every
/// boundary.
fn floor() -> u64 {
    let out = nqueens()
        .args(["count", "8", "--max-memory", "1K"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    let mib: f64 = err
        .split("the ")
        .nth(1)
        .and_then(|s| s.strip_suffix(" MiB this process already holds before counting\n"))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    (mib * f64::from(1 << 20)) as u64
}

#[test]
#[cfg(target_os = "linux")]
fn a_count_keeps_within_its_budget_and_reports_it() {
    let budget = floor() + (8 << 20);
    let v = json(&["count", "16", "--max-memory", &budget.to_string()]);
    assert_eq!(v["total"], 14_772_512);
    assert_eq!(v["verified"], true);
    assert_eq!(v["memory_budget_bytes"], budget);
    let peak = v["peak_memory_bytes"].as_u64().unwrap();
    assert!(peak <= budget, "peak {peak} > budget {budget}");
    // Without --max-memory the budget is a share of what the machine has.
    let v = json(&["count", "8"]);
    assert!(v["memory_budget_bytes"].as_u64().unwrap() > 1 << 20, "{v}");
}

/// Working memory over the floor that n = 18 counts in on 4 threads and
/// is refused on 16 or more. n = 18 takes 0.95 to 1.0 MiB for its split
/// and records (less is refused as that); each thread's row sets are
/// listed in parts, but the quarters they are joined from are whole, and
/// the largest takes 365 to 377 KiB, and its whole lists about 1 MiB
/// (below that a count takes up to twice as long: in parts; all
/// measured). So 4 threads count in 2.4 MiB or more, in parts below about
/// 5 MiB, and 16 are refused in 1 to 6.7 MiB: 3.75 MiB is 1.2 MiB or more
/// inside every one of those bounds.
const TIGHT: u64 = 3840 << 10;

#[test]
#[cfg(target_os = "linux")]
fn a_budget_below_the_largest_lists_counts_them_in_parts() {
    let budget = floor() + TIGHT;
    let v = json(&[
        "count",
        "18",
        "--threads",
        "4",
        "--max-memory",
        &budget.to_string(),
    ]);
    assert_eq!(
        (v["total"].as_u64(), v["verified"].as_bool()),
        (Some(666_090_624), Some(true))
    );
}

#[test]
#[cfg(target_os = "linux")]
fn too_small_a_budget_is_one_line_and_exit_code_2() {
    // The budget 4 threads count in leaves 16 or 32 less each than the
    // quarters of n = 18's largest row sets take (TIGHT).
    let floor = floor();
    let tight = (floor + TIGHT).to_string();
    for threads in ["16", "32"] {
        assert_usage_error(
            &["count", "18", "--threads", threads, "--max-memory", &tight],
            "of working memory",
        );
    }
    // n = 17 is cut into 54779 row sets, whose records alone take 4 MiB.
    let books = (floor + (1 << 20)).to_string();
    assert_usage_error(
        &["count", "17", "--max-memory", &books],
        "the split into 54779 subproblems and their records alone take",
    );
    // A search that keeps no lists has nothing to budget: the option is
    // refused rather than silently ignored.
    assert_usage_error(
        &["count", "12", "--solver", "mirror", "--max-memory", &tight],
        "--max-memory does not apply: solver mirror keeps no lists",
    );
}

#[test]
#[cfg(target_os = "linux")]
fn a_refused_checkpointed_count_says_so_and_resumes_with_more_memory() {
    let path = std::env::temp_dir().join(format!("nqueens-memory-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let ck = path.to_str().unwrap();
    // Less than n = 17's split and records take (4 MiB).
    let tight = (floor() + (1 << 20)).to_string();
    let args = ["count", "17", "--threads", "1", "--checkpoint", ck];
    let out = nqueens()
        .args(args)
        .args(["--max-memory", &tight])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("needs more memory") && err.contains(&format!("kept in {ck}")),
        "{err}"
    );
    let v = json(&args);
    assert_eq!(
        (v["total"].as_u64(), v["verified"].as_bool()),
        (Some(95_815_104), Some(true))
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_budgets_are_one_line_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["count", "8", "--max-memory", "abc"], "not 'abc'"),
        (&["count", "8", "--max-memory", "0"], "at least 1 byte"),
        (&["count", "8", "--max-memory", "-5G"], "not '-5G'"),
        (&["count", "8", "--max-memory", "8X"], "not '8X'"),
        (&["count", "8", "--max-memory", "1e30T"], "--max-memory"),
        (
            &["table", "--to", "8", "--max-memory", "junk"],
            "not 'junk'",
        ),
        (&["count", "8", "--torus", "--max-memory", "x"], "not 'x'"),
    ];
    for (args, needle) in cases {
        assert_usage_error(args, needle);
    }
    #[cfg(target_os = "linux")]
    assert_usage_error(&["count", "8", "--max-memory", "1K"], "already holds");
}

/// `nqueens ARGS` under an address-space limit of `kib` KiB (`ulimit -v`),
/// with SIGINT at its default action; its exit code, stdout and stderr.
#[cfg(target_os = "linux")]
fn under_address_limit(kib: u64, args: &[&str]) -> (Option<i32>, String, String) {
    let bin = assert_cmd::cargo::cargo_bin("nqueens");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kib}; exec env --default-signal=INT \"$0\" \"$@\""
        ))
        .arg(bin)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
#[cfg(target_os = "linux")]
fn a_split_larger_than_the_address_space_is_refused_before_it_is_made() {
    // n = 31's split holds 1.2 billion row sets: made, it outgrew a 4 GiB
    // address space and the process aborted ("memory allocation of
    // 4294967296 bytes failed"). Its size is known before it is made.
    let (code, out, err) = under_address_limit(4 << 20, &["count", "31", "--threads", "2"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("the split into 1202168972 subproblems") && err.contains("ulimit -v"),
        "{err}"
    );
    // The same with a budget asked for: refused at once, naming it.
    assert_usage_error(
        &["count", "31", "--threads", "2", "--max-memory", "1G"],
        "than --max-memory 1.0 GiB allows: the split into",
    );
}

#[test]
#[cfg(target_os = "linux")]
fn threads_whose_stacks_do_not_fit_the_address_space_are_refused() {
    // n = 16 has 3299 subproblems, so all of 1024 threads would start:
    // they reserve 2 GiB of stacks and 8 arenas a CPU of 64 MiB, which do
    // not fit under 2 GB of address space (std's thread start used to
    // abort, or fail three times over in one line).
    let (code, out, err) = under_address_limit(2_000_000, &["count", "16", "--threads", "1024"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("1024 threads need") && err.contains("use fewer --threads"),
        "{err}"
    );
    // A board of few subproblems starts no more threads than it has
    // pieces for (one more for the symmetric searches), and only those
    // need room: n = 12's 252 fit under 2 GB where 1024 would not, and
    // n = 7's 37 under 4 GiB.
    let counted = |kib: u64, n: &str| {
        let args = ["count", n, "--threads", "1024", "--format", "json"];
        let (code, out, err) = under_address_limit(kib, &args);
        assert_eq!(code, Some(0), "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let [total, unique, subproblems, threads] =
            ["total", "unique", "subproblems", "threads"].map(|k| v[k].as_u64().unwrap());
        (total, unique, subproblems, threads)
    };
    assert_eq!(counted(2_000_000, "12"), (14_200, 1787, 252, 253));
    assert_eq!(counted(4 << 20, "7"), (40, 6, 37, 38));
}
