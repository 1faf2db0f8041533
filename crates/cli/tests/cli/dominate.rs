//! `nqueens dominate` as a user runs it: the minimum against OEIS A075458,
//! the count against A002564, every placement re-checked here with plain
//! coordinates, the formats, and bad input.

use crate::common::{assert_usage_error, json, stdout};

use serde_json::Value;

/// A square name (`C7`) as 0-based (row, column); files past Z do not
/// occur on these boards.
fn square(name: &str) -> (usize, usize) {
    let (file, rank) = name.split_at(1);
    let column = usize::from(file.as_bytes()[0] - b'A');
    (rank.parse::<usize>().unwrap() - 1, column)
}

/// Whether queens on `squares` occupy or attack every square of `n x n`.
fn dominates(n: usize, squares: &[(usize, usize)]) -> bool {
    (0..n).all(|r| {
        (0..n).all(|c| {
            squares
                .iter()
                .any(|&(qr, qc)| qr == r || qc == c || qr.abs_diff(r) == qc.abs_diff(c))
        })
    })
}

/// The JSON placement, `[row, column]` pairs from 1, as 0-based squares.
fn placement(v: &Value) -> Vec<(usize, usize)> {
    v["placement"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let at = |i: usize| s[i].as_u64().unwrap() as usize - 1;
            (at(0), at(1))
        })
        .collect()
}

/// OEIS A075458, n = 1..=10: the fewest queens that dominate.
const A075458: [u64; 10] = [1, 1, 1, 2, 3, 3, 4, 5, 5, 5];
/// OEIS A002564, n = 1..=10: the minimum dominating sets.
const A002564: [u64; 10] = [1, 4, 1, 12, 186, 4, 86, 4860, 114, 8];

#[test]
fn eight_by_eight_takes_five_queens_in_4860_ways() {
    let v = json(&["dominate", "8", "--count"]);
    assert_eq!(v["n"], 8);
    assert_eq!(v["queens"], 5);
    assert_eq!(v["count"], 4860);
    let squares = placement(&v);
    assert_eq!(squares.len(), 5);
    assert!(dominates(8, &squares), "{squares:?}");
}

#[test]
fn minimum_matches_oeis_a075458_and_the_placement_dominates() {
    for n in 1..=10 {
        let v = json(&["dominate", &n.to_string()]);
        assert_eq!(v["queens"], A075458[n - 1], "n = {n}");
        assert!(v.get("count").is_none(), "no count without --count");
        let squares = placement(&v);
        assert_eq!(squares.len() as u64, A075458[n - 1], "n = {n}");
        assert!(dominates(n, &squares), "n = {n}: {squares:?}");
        // One queen fewer never dominates: try dropping each of them.
        for i in 0..squares.len() {
            let mut fewer = squares.clone();
            fewer.remove(i);
            assert!(!dominates(n, &fewer), "n = {n}");
        }
    }
}

#[test]
fn counts_match_oeis_a002564_on_every_thread_count() {
    for n in 1..=10 {
        for threads in ["1", "2"] {
            let v = json(&["dominate", &n.to_string(), "--count", "--threads", threads]);
            assert_eq!(v["count"], A002564[n - 1], "n = {n}, {threads} threads");
        }
    }
}

#[test]
fn board_and_vector_formats() {
    // The record, then the board drawn under it.
    let board = stdout(&["dominate", "8", "--count"]);
    let (record, grid) = board.split_once("\n\n").unwrap();
    assert!(
        record.starts_with("n          8\nqueens     5\n"),
        "{board}"
    );
    assert!(record.ends_with("\ncount      4860"), "{board}");
    let named: Vec<_> = record.lines().nth(2).unwrap()[11..]
        .split(' ')
        .map(square)
        .collect();
    assert!(dominates(8, &named), "{board}");
    assert!(grid.ends_with("  A B C D E F G H\n"), "{board}");
    assert_eq!(grid.matches('Q').count(), 5, "{board}");
    let vector = stdout(&["dominate", "4", "--count", "--format", "algebraic"]);
    let lines: Vec<&str> = vector.lines().collect();
    assert_eq!(lines.len(), 2, "{vector}");
    let squares: Vec<_> = lines[0].split(' ').map(square).collect();
    assert!(dominates(4, &squares), "{vector}");
    assert_eq!(lines[1], "12");
    let board = stdout(&["dominate", "3"]);
    assert_eq!(board.split_once("\n\n").unwrap().1.matches('Q').count(), 1);
}

#[test]
fn bad_input_is_refused_with_one_line() {
    assert_usage_error(&["dominate", "0"], "from 1 to 13 for dominate");
    assert_usage_error(&["dominate", "-2"], "not -2");
    assert_usage_error(&["dominate", "14"], "from 1 to 13");
    assert_usage_error(
        &["dominate", "99999999999999999999999999999999999999999"],
        "not 99999999999999999999999999999999999999999",
    );
    assert_usage_error(&["dominate", "eight"], "not 'eight'");
    assert_usage_error(
        &["dominate", "8", "--count", "--threads", "0"],
        "from 1 to 1024",
    );
}

#[test]
fn help_shows_examples() {
    let help = stdout(&["dominate", "--help"]);
    assert!(
        help.contains("Examples:") && help.contains("nqueens dominate 8 --count"),
        "{help}"
    );
}
