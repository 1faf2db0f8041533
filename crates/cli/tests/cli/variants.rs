//! `nqueens count` and `nqueens solutions` with `--torus` and
//! `--no-three-in-line`, as a user runs them.
//!
//! Every count is checked twice: against a brute force written here (all
//! ordinary solutions listed by `nqueens solutions`, each tested for the
//! variant's rule by code that shares nothing with the searches), and
//! against the published values (OEIS A007705 / A051906 for the torus,
//! OEIS A365437 and MathOverflow question 457913 for no-three-in-line),
//! which only verify.

use crate::common::{assert_usage_error, fields, lines, nqueens};

use serde_json::Value;

/// `nqueens count N FLAG --format json`, parsed.
fn count(n: usize, flag: &str) -> Value {
    let out = lines(&["count", &n.to_string(), flag, "--format", "json"]);
    assert_eq!(out.len(), 1, "{out:?}");
    serde_json::from_str(&out[0]).unwrap()
}

/// The ordinary solutions of an `n x n` board, 1-based, as listed.
fn ordinary(n: usize) -> Vec<Vec<i64>> {
    lines(&["solutions", &n.to_string()])
        .iter()
        .map(|l| l.split(' ').map(|c| c.parse().unwrap()).collect())
        .collect()
}

/// No two queens on one wrapped diagonal (columns and rows are already
/// distinct in an ordinary solution).
fn on_torus(s: &[i64]) -> bool {
    let n = s.len() as i64;
    let pairs = (0..s.len()).flat_map(|i| (i + 1..s.len()).map(move |j| (i, j)));
    pairs.into_iter().all(|(i, j)| {
        let (ri, rj) = (i as i64, j as i64);
        (s[i] - ri).rem_euclid(n) != (s[j] - rj).rem_euclid(n)
            && (s[i] + ri).rem_euclid(n) != (s[j] + rj).rem_euclid(n)
    })
}

/// No three queens on one line: every triple, by cross product.
fn no_three_in_line(s: &[i64]) -> bool {
    let n = s.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let (a, b) = ((j - i) as i64, (k - i) as i64);
                if a * (s[k] - s[i]) == b * (s[j] - s[i]) {
                    return false;
                }
            }
        }
    }
    true
}

/// Where a symmetry sends square `(r, c)` of an `n x n` board: `(n, r, c)`.
type SquareMap = fn(i64, i64, i64) -> (i64, i64);

/// The orbit representatives of a set of solutions under the square's 8
/// symmetries, applied as coordinate maps: the lexicographically smallest
/// image of each.
fn orbits(all: &[Vec<i64>]) -> usize {
    let n = all.first().map_or(0, Vec::len) as i64;
    let images = |s: &Vec<i64>| -> Vec<Vec<i64>> {
        let maps: [SquareMap; 8] = [
            |_, r, c| (r, c),
            |n, r, c| (c, n - 1 - r),
            |n, r, c| (n - 1 - r, n - 1 - c),
            |n, r, c| (n - 1 - c, r),
            |n, r, c| (r, n - 1 - c),
            |n, r, c| (n - 1 - r, c),
            |_, r, c| (c, r),
            |n, r, c| (n - 1 - c, n - 1 - r),
        ];
        maps.iter()
            .map(|m| {
                let mut image = vec![0; s.len()];
                for (r, &c) in s.iter().enumerate() {
                    let (r2, c2) = m(n, r as i64, c - 1);
                    image[r2 as usize] = c2 + 1;
                }
                image
            })
            .collect()
    };
    all.iter()
        .filter(|s| images(s).iter().all(|image| image >= *s))
        .count()
}

#[test]
fn a_variant_is_a_count_record_with_its_variant_and_a_note() {
    let v = count(7, "--torus");
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    for key in [
        "n",
        "solver",
        "variant",
        "threads",
        "depth",
        "subproblems",
        "total",
        "unique",
        "fixed_180",
        "fixed_90",
        "nodes",
        "symmetry_nodes",
        "seconds",
        "symmetry_seconds",
        "nodes_per_second",
        "peak_memory_bytes",
    ] {
        assert!(keys.contains(&key), "missing {key}: {keys:?}");
    }
    // Null values are left out, as in every JSON record of this tool.
    for key in ["calls", "iterations", "verified", "note"] {
        assert!(v[key].is_null(), "{key}: {v}");
    }
    assert_eq!(v["variant"], "torus");
    assert_eq!(v["solver"], "torus-bitmask");
    assert_eq!(v["verified"], Value::Null);
    assert_eq!(v["note"], Value::Null);
    assert_eq!(v["subproblems"], 7);
    assert!(v["nodes"].as_u64().unwrap() >= 28);
    let v = count(8, "--no-three-in-line");
    assert_eq!(v["variant"], "no-three-in-line");
    assert_eq!(v["solver"], "collinear-pruning");
    // One set of columns for every count: the variants' CSV header is the
    // ordinary count's.
    let header = |args: &[&str]| -> String {
        let out = nqueens()
            .args(args)
            .args(["--format", "csv"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines().next().unwrap().to_string()
    };
    let ordinary = header(&["count", "8"]);
    assert!(
        ordinary.contains(",variant,") && ordinary.ends_with(",note"),
        "{ordinary}"
    );
    assert_eq!(header(&["count", "7", "--torus"]), ordinary);
    assert_eq!(header(&["count", "8", "--no-three-in-line"]), ordinary);
}

#[test]
fn eight_queens_with_no_three_in_line_leave_one_fundamental_solution() {
    let v = count(8, "--no-three-in-line");
    assert_eq!(fields(&v, &["total", "unique"]), [8, 1]);
    let unique = lines(&["solutions", "8", "--no-three-in-line", "--unique"]);
    assert_eq!(unique, ["3 5 8 4 1 7 2 6 (orbit 8)"]);
    // The brute force: the 92 ordinary solutions, every triple tested.
    let kept: Vec<Vec<i64>> = ordinary(8)
        .into_iter()
        .filter(|s| no_three_in_line(s))
        .collect();
    assert_eq!(kept.len(), 8);
    assert_eq!(orbits(&kept), 1);
    // docs/usage.md's killer of the strongest other candidate: b3, e4, h5.
    assert!(!no_three_in_line(&[3, 6, 2, 5, 8, 1, 7, 4]));
    assert!(no_three_in_line(&[3, 5, 8, 4, 1, 7, 2, 6]));
}

#[test]
fn no_three_in_line_counts_agree_with_brute_force_and_oeis_a365437() {
    // OEIS A365437 (totals) and MathOverflow 457913 (classes), n = 1..12,
    // as the puzzles crate keeps them for checking.
    for (n, total, unique) in nqueens_puzzles::variant::collinear::PUBLISHED {
        let v = count(n, "--no-three-in-line");
        let got = (v["total"].as_u64().unwrap(), v["unique"].as_u64().unwrap());
        assert_eq!(got, (total, unique), "n = {n}");
        if n <= 10 {
            let kept: Vec<Vec<i64>> = ordinary(n)
                .into_iter()
                .filter(|s| no_three_in_line(s))
                .collect();
            assert_eq!((kept.len() as u64, orbits(&kept) as u64), got, "n = {n}");
        }
        assert_eq!(v["note"].is_null(), total > 0, "n = {n}: {v}");
    }
}

#[test]
fn torus_counts_agree_with_brute_force_and_oeis_a007705() {
    // OEIS A007705 / A051906.
    for (n, total) in [(5, 10), (7, 28), (11, 88), (13, 4524)] {
        let v = count(n, "--torus");
        assert_eq!(v["total"].as_u64(), Some(total), "n = {n}");
        assert!(v["note"].is_null());
        if n <= 11 {
            let kept: Vec<Vec<i64>> = ordinary(n).into_iter().filter(|s| on_torus(s)).collect();
            assert_eq!(kept.len() as u64, total, "n = {n}");
            assert_eq!(Some(orbits(&kept) as u64), v["unique"].as_u64(), "n = {n}");
        }
    }
}

#[test]
fn a_torus_with_no_solution_says_why() {
    for (n, why) in [
        (4, "n = 4 is even"),
        (9, "n = 9 is divisible by 3"),
        (12, "even"),
    ] {
        let v = count(n, "--torus");
        assert_eq!(v["total"], 0, "n = {n}");
        let note = v["note"].as_str().unwrap();
        assert!(
            note.contains("gcd(n, 6) = 1") && note.contains("Pólya"),
            "{note}"
        );
        assert!(note.contains(why), "{note}");
    }
    let text = lines(&["count", "6", "--torus"]).join("\n");
    assert!(
        text.contains("note") && text.contains("n = 6 is even"),
        "{text}"
    );
}

#[test]
fn listings_agree_with_the_counts() {
    for (n, flag) in [
        (7, "--torus"),
        (11, "--torus"),
        (9, "--no-three-in-line"),
        (11, "--no-three-in-line"),
    ] {
        let v = count(n, flag);
        let all = lines(&["solutions", &n.to_string(), flag, "--verify"]);
        let unique = lines(&[
            "solutions",
            &n.to_string(),
            flag,
            "--unique",
            "--format",
            "json",
        ]);
        assert_eq!(Some(all.len() as u64), v["total"].as_u64(), "{flag} {n}");
        assert_eq!(
            Some(unique.len() as u64),
            v["unique"].as_u64(),
            "{flag} {n}"
        );
        let orbit_sum: u64 = unique
            .iter()
            .map(|l| {
                serde_json::from_str::<Value>(l).unwrap()["orbit"]
                    .as_u64()
                    .unwrap()
            })
            .sum();
        assert_eq!(Some(orbit_sum), v["total"].as_u64(), "{flag} {n}");
        let parsed: Vec<Vec<i64>> = all
            .iter()
            .map(|l| l.split(' ').map(|c| c.parse().unwrap()).collect())
            .collect();
        assert!(parsed.windows(2).all(|w| w[0] < w[1]), "lexicographic");
        if flag == "--torus" {
            assert!(parsed.iter().all(|s| on_torus(s)));
        } else {
            assert!(parsed.iter().all(|s| no_three_in_line(s)));
        }
    }
}

#[test]
fn limit_and_prefix_narrow_a_variant_listing() {
    let all = lines(&["solutions", "13", "--torus"]);
    assert_eq!(all.len(), 4524);
    assert_eq!(
        lines(&["solutions", "13", "--torus", "--limit", "3"]),
        all[..3]
    );
    let from: Vec<&String> = all.iter().filter(|l| l.starts_with("2 4 ")).collect();
    let got = lines(&["solutions", "13", "--torus", "--prefix", "2 4"]);
    assert_eq!(got.iter().collect::<Vec<_>>(), from);
}

#[test]
fn bad_input_is_refused_with_one_line() {
    for verb in ["count", "solutions"] {
        assert_usage_error(
            &[verb, "8", "--torus", "--no-three-in-line"],
            "cannot be combined",
        );
        assert_usage_error(&[verb, "20", "--torus"], "from 1 to 19 for --torus");
        assert_usage_error(
            &[verb, "18", "--no-three-in-line"],
            "from 1 to 17 for --no-three-in-line",
        );
        assert_usage_error(
            &[verb, "0", "--torus"],
            "for --torus (n = 19 takes about a minute), not 0",
        );
        assert_usage_error(&[verb, "-3", "--no-three-in-line"], "not -3");
        assert_usage_error(&[verb, "abc", "--torus"], "not 'abc'");
        assert_usage_error(&[verb, "99", "--torus"], "from 1 to 19 for --torus");
    }
    assert_usage_error(
        &["count", "8", "--torus", "--solver", "classic"],
        "--solver",
    );
    assert_usage_error(
        &["count", "8", "--torus", "--depth", "2"],
        "first-row column",
    );
    assert_usage_error(&["count", "8", "--torus", "--threads", "0"], "--threads");
    assert_usage_error(
        &["solutions", "8", "--torus", "--prefix", "1 2"],
        "--prefix",
    );
}

#[test]
fn help_shows_the_flags_with_examples() {
    for verb in ["count", "solutions"] {
        let help = lines(&[verb, "--help"]).join("\n");
        assert!(
            help.contains("--torus") && help.contains("--no-three-in-line"),
            "{help}"
        );
        assert!(
            help.contains(&format!("nqueens {verb} 5 --torus"))
                || help.contains(&format!("nqueens {verb} 13 --torus")),
            "{help}"
        );
        assert!(
            help.contains(&format!("nqueens {verb} 8 --no-three-in-line")),
            "{help}"
        );
    }
}
