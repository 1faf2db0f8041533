//! `nqueens pieces` as a user runs it: the n = 8 values of every piece,
//! the JSON keys, the drawn and listed placements (checked here with the
//! moves written out again), and bad input.

use crate::common::{assert_usage_error, json, stdout};

const PIECES: [&str; 4] = ["kings", "knights", "bishops", "rooks"];

/// Whether two pieces on different squares (row, column) attack each other.
fn attack(piece: &str, a: (i64, i64), b: (i64, i64)) -> bool {
    let (dr, dc) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    match piece {
        "kings" => dr <= 1 && dc <= 1,
        "knights" => dr * dr + dc * dc == 5,
        "bishops" => dr == dc,
        "rooks" => dr == 0 || dc == 0,
        _ => unreachable!("{piece}"),
    }
}

/// Checks `squares`: `max` of them, distinct, on the board, none attacked.
fn assert_placement(piece: &str, n: i64, max: usize, squares: &[(i64, i64)]) {
    assert_eq!(squares.len(), max, "{piece} n = {n}: {squares:?}");
    for (i, &a) in squares.iter().enumerate() {
        assert!((0..n).contains(&a.0) && (0..n).contains(&a.1), "{a:?}");
        for &b in &squares[i + 1..] {
            assert!(a != b && !attack(piece, a, b), "{piece}: {a:?} {b:?}");
        }
    }
}

/// `A1` is (0, 0); files are single letters on the boards tested here.
fn square(name: &str) -> (i64, i64) {
    let file = name.as_bytes()[0];
    assert!(file.is_ascii_uppercase(), "{name}");
    let rank: i64 = name[1..].parse().unwrap();
    (rank - 1, i64::from(file - b'A'))
}

#[test]
fn the_eight_by_eight_values() {
    let expected = [
        ("kings", 16, 281571),
        ("knights", 32, 2),
        ("bishops", 14, 256),
        ("rooks", 8, 40320),
    ];
    for (piece, max, count) in expected {
        let v = json(&["pieces", piece, "8", "--count-only"]);
        assert_eq!(v["piece"], piece);
        assert_eq!(v["n"], 8);
        assert_eq!(v["max"], max, "{piece}");
        assert_eq!(v["count"], count, "{piece}");
        assert!(v["seconds"].as_f64().unwrap() >= 0.0);
        assert!(
            v.get("placement").is_none(),
            "--count-only rebuilds no placement"
        );
    }
}

#[test]
fn json_and_csv_list_a_maximal_placement() {
    for piece in PIECES {
        for n in [1, 5, 8] {
            let v = json(&["pieces", piece, &n.to_string()]);
            let max = v["max"].as_u64().unwrap() as usize;
            // [row, column], 1-based.
            let squares: Vec<_> = v["placement"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| (s[0].as_i64().unwrap() - 1, s[1].as_i64().unwrap() - 1))
                .collect();
            assert_placement(piece, n, max, &squares);
        }
    }
    let csv = stdout(&["pieces", "rooks", "3", "--format", "csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "piece,n,max,count,seconds,placement");
    assert!(lines[1].starts_with("rooks,3,3,6,"), "{csv}");
    // CSV names the squares.
    let named: Vec<_> = lines[1]
        .rsplit(',')
        .next()
        .unwrap()
        .split(' ')
        .map(square)
        .collect();
    assert_placement("rooks", 3, 3, &named);
}

#[test]
fn text_draws_the_placement_under_the_numbers() {
    for (piece, letter) in [
        ("kings", 'K'),
        ("knights", 'N'),
        ("bishops", 'B'),
        ("rooks", 'R'),
    ] {
        let text = stdout(&["pieces", piece, "6"]);
        let (numbers, board) = text.split_once("\n\n").expect("a blank line");
        assert!(numbers.starts_with(&format!("piece    {piece}\nn        6\n")));
        let max: usize = numbers
            .lines()
            .find_map(|l| l.strip_prefix("max"))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let rows: Vec<&str> = board.lines().collect();
        assert_eq!(rows.len(), 7, "six ranks and the files: {board}");
        assert_eq!(rows[6], "  A B C D E F");
        let mut squares = Vec::new();
        for (i, line) in rows[..6].iter().enumerate() {
            let rank = 6 - i as i64;
            let cells: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(cells[0], rank.to_string());
            for (c, cell) in cells[1..].iter().enumerate() {
                match *cell {
                    "-" => {}
                    s if s == letter.to_string() => squares.push((rank - 1, c as i64)),
                    other => panic!("{piece}: unexpected {other:?}"),
                }
            }
        }
        assert_placement(piece, 6, max, &squares);
    }
    let counted = stdout(&["pieces", "kings", "6", "--count-only"]);
    assert!(
        !counted.contains("\n\n") && counted.contains("count    3600\n"),
        "{counted}"
    );
}

#[test]
fn one_square_boards_hold_one_piece() {
    for piece in PIECES {
        let v = json(&["pieces", piece, "1"]);
        assert_eq!((v["max"].clone(), v["count"].clone()), (1.into(), 1.into()));
    }
}

/// Each piece's limit, as `--help` states it ("Largest n: kings 23, ...").
fn limits() -> Vec<(String, u64)> {
    let help = stdout(&["pieces", "--help"]);
    let line = help
        .lines()
        .find_map(|l| l.strip_prefix("Largest n: "))
        .expect("the limits in --help");
    line.trim_end_matches('.')
        .split(", ")
        .map(|p| {
            let (name, n) = p.split_once(' ').unwrap();
            (name.to_string(), n.parse().unwrap())
        })
        .collect()
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    assert_usage_error(&["pieces", "queens", "8"], "invalid value 'queens'");
    assert_usage_error(&["pieces", "kings", "0"], "for kings, not 0");
    assert_usage_error(&["pieces", "knights", "-3"], "for knights, not -3");
    assert_usage_error(&["pieces", "bishops", "abc"], "not 'abc'");
    assert_usage_error(&["pieces", "rooks", "8.5"], "not '8.5'");
    assert_usage_error(&["pieces", "rooks", "99"], "for rooks, not 99");
    assert_usage_error(&["pieces", "kings"], "N");
    assert_usage_error(
        &["pieces", "kings", "8", "--format", "xml"],
        "invalid value 'xml'",
    );
    let limits = limits();
    let names: Vec<&str> = limits.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(names, PIECES);
    for (piece, limit) in &limits {
        let past = (limit + 1).to_string();
        assert_usage_error(
            &["pieces", piece, &past],
            &format!("from 1 to {limit} for {piece}, not {past}"),
        );
        assert!(*limit >= 8, "{piece}");
    }
}

#[test]
fn help_explains_the_method_and_gives_examples() {
    let help = stdout(&["pieces", "--help"]);
    for needle in [
        "Examples:",
        "nqueens pieces kings 8",
        "--count-only",
        "dynamic programming",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
    for piece in PIECES {
        assert!(help.contains(piece), "{piece}");
    }
}
