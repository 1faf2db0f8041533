//! `nqueens pawns` as a user runs it: 9 queens and a pawn on 8 x 8 (OEIS
//! A103330), every placement re-checked here by walking the lines, the
//! formats, and bad input.

use crate::common::{assert_usage_error, json, nqueens, stdout};

use serde_json::Value;

fn square(name: &str) -> (i64, i64) {
    let (file, rank) = name.split_at(1);
    (
        rank.parse::<i64>().unwrap() - 1,
        i64::from(file.as_bytes()[0] - b'A'),
    )
}

fn squares(v: &Value) -> Vec<(i64, i64)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| (s[0].as_i64().unwrap() - 1, s[1].as_i64().unwrap() - 1))
        .collect()
}

/// Whether no two queens see each other: walk from each queen in the
/// eight directions until a piece or the edge.
fn apart(n: i64, queens: &[(i64, i64)], pawns: &[(i64, i64)]) -> bool {
    let on_board = |(r, c): (i64, i64)| (0..n).contains(&r) && (0..n).contains(&c);
    queens.iter().all(|&q| {
        [
            (0, 1),
            (1, 0),
            (1, 1),
            (1, -1),
            (0, -1),
            (-1, 0),
            (-1, -1),
            (-1, 1),
        ]
        .iter()
        .all(|&(dr, dc)| {
            let mut s = (q.0 + dr, q.1 + dc);
            while on_board(s) {
                if queens.contains(&s) {
                    return false;
                }
                if pawns.contains(&s) {
                    return true;
                }
                s = (s.0 + dr, s.1 + dc);
            }
            true
        })
    })
}

/// Checks a JSON answer's placement and returns (pawns, count).
fn checked(n: i64, v: &Value) -> (u64, Option<u64>) {
    let (queens, pawns) = (squares(&v["placement"]), squares(&v["pawns_placement"]));
    assert_eq!(queens.len() as u64, v["queens"].as_u64().unwrap());
    assert_eq!(pawns.len() as u64, v["pawns"].as_u64().unwrap());
    assert!(queens.iter().all(|q| !pawns.contains(q)));
    assert!(apart(n, &queens, &pawns), "{v}");
    (v["pawns"].as_u64().unwrap(), v["count"].as_u64())
}

#[test]
fn nine_queens_on_eight_by_eight_need_one_pawn_in_128_ways() {
    let v = json(&["pawns", "8", "--queens", "9", "--count"]);
    assert_eq!(v["n"], 8);
    assert_eq!(checked(8, &v), (1, Some(128)));
}

#[test]
fn n_plus_one_queens_match_oeis_a103330() {
    // OEIS A103330, n = 6..=9.
    for (n, known) in [(6, 16), (7, 20), (8, 128), (9, 396)] {
        let v = json(&[
            "pawns",
            &n.to_string(),
            "--queens",
            &(n + 1).to_string(),
            "--count",
        ]);
        assert_eq!(checked(n, &v), (1, Some(known)), "n = {n}");
    }
    // A103330 is 0 for n = 5: six queens need more than one pawn there.
    let v = json(&["pawns", "5", "--queens", "6"]);
    assert!(checked(5, &v).0 >= 2, "{v}");
}

#[test]
fn without_extra_queens_no_pawn_is_needed() {
    // OEIS A000170: the n-queens counts.
    for (n, known) in [(4, 2), (6, 4), (8, 92)] {
        let v = json(&[
            "pawns",
            &n.to_string(),
            "--queens",
            &n.to_string(),
            "--count",
        ]);
        assert_eq!(checked(n, &v), (0, Some(known)), "n = {n}");
    }
    let v = json(&["pawns", "8", "--queens", "12", "--count", "--threads", "2"]);
    assert!(checked(8, &v).0 >= 4, "{v}");
}

#[test]
fn board_and_vector_formats() {
    // The record, then the board drawn under it.
    let board = stdout(&["pawns", "8", "--queens", "9", "--count"]);
    let (record, grid) = board.split_once("\n\n").unwrap();
    assert!(record.contains("\npawns            1\n"), "{board}");
    assert!(record.ends_with("\ncount            128"), "{board}");
    assert_eq!(grid.matches(" Q").count(), 9, "{board}");
    assert_eq!(grid.matches(" P").count(), 1, "{board}");
    let vector = stdout(&["pawns", "6", "--queens", "7", "--format", "algebraic"]);
    let (queens, pawns) = vector
        .trim_end()
        .strip_prefix("queens ")
        .and_then(|v| v.split_once(" pawns "))
        .unwrap_or_else(|| panic!("{vector}"));
    let named = |s: &str| -> Vec<(i64, i64)> { s.split(' ').map(square).collect() };
    let (queens, pawns) = (named(queens), named(pawns));
    assert_eq!((queens.len(), vector.lines().count()), (7, 1), "{vector}");
    assert!(apart(6, &queens, &pawns), "{vector}");
}

#[test]
fn bad_input_is_refused_with_one_line() {
    assert_usage_error(&["pawns", "8", "--queens", "17"], "from 1 to 12 on 8 x 8");
    assert_usage_error(&["pawns", "3", "--queens", "5"], "at most 4 fit");
    assert_usage_error(&["pawns", "8", "--queens", "13"], "measured limit");
    assert_usage_error(&["pawns", "12", "--queens", "3"], "from 1 to 11 for pawns");
    assert_usage_error(
        &["pawns", "0", "--queens", "3"],
        "for pawns (the measured limit: larger boards take minutes), not 0",
    );
    assert_usage_error(&["pawns", "8", "--queens", "0"], "not 0");
    assert_usage_error(&["pawns", "8", "--queens", "nine"], "not 'nine'");
    assert_usage_error(&["pawns", "8", "--queens", "-1"], "whole number");
    nqueens().args(["pawns", "8"]).assert().code(2);
}

#[test]
fn help_shows_examples() {
    let help = stdout(&["pawns", "--help"]);
    assert!(
        help.contains("Examples:") && help.contains("nqueens pawns 8 --queens 9 --count"),
        "{help}"
    );
}
