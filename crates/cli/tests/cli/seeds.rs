//! The source documents' worked examples (`shared/seeds/`, issue #15),
//! each reproduced by the one command docs/documents.md ("Every worked
//! example") gives for it, and compared with the document's
//! own text: the excerpts in `tests/data/seeds/` (see EXAMPLES.md there for
//! each row, its excerpt and how it is compared).

use crate::common::{fields, json, stdout};
use crate::excerpts::{every_start_sheet, excerpt, lines, numbers, placements, quoted};

// ---- 004, the level lists ----

/// E36: `['1', ..., '8']`, the lines of column 1's queen.
#[test]
fn e36_level_one() {
    let out = stdout(&["levels", "8", "--queens", "1", "--format", "python"]);
    assert_eq!(quoted(&out), quoted(&excerpt("004-level-1")));
}

/// E37, E38: column 1's queen on line 1 (then 2) leaves lines 3..8 (4..8)
/// to column 2's: `'13'` ... `'18'`, `'24'` ... `'28'`.
#[test]
fn e37_e38_column_two_after_lines_one_and_two() {
    let after_1 = stdout(&["levels", "8", "--queens", "2", "--prefix", "1"]);
    let text = excerpt("004-column-2-after-1");
    let said = text.lines().last().unwrap();
    assert_eq!(lines(&after_1), quoted(said));
    let after_2 = stdout(&["levels", "8", "--queens", "2", "--prefix", "2"]);
    let text = excerpt("004-column-2-after-2");
    assert_eq!(lines(&after_2), quoted(text.lines().last().unwrap()));
}

/// E37 drawn: with column 1's queen on line 1, the free squares of column
/// 2 on 004's board (`--orientation columns`: lines down, columns across)
/// are its lines 3..8, the `'13'` ... `'18'` of the document.
#[test]
fn e37_the_board_of_column_two() {
    let out = stdout(&["show", "1", "--size", "8", "--orientation", "columns"]);
    let free: Vec<String> = out
        .lines()
        .skip(1)
        .take(8)
        .filter(|l| l.split('\t').nth(2) == Some("."))
        .map(|l| format!("1{}", l.split('\t').next().unwrap()))
        .collect();
    assert_eq!(free, quoted(&excerpt("004-column-2-after-1")));
}

/// E39: the 42 placements of two queens, printed exactly as 004 prints
/// the list.
#[test]
fn e39_level_two_exact() {
    let out = stdout(&["levels", "8", "--queens", "2", "--format", "python"]);
    let text = excerpt("004-level-2");
    let start = text.find('[').unwrap();
    let end = text.rfind(']').unwrap();
    assert_eq!(out.trim_end(), &text[start..=end]);
    assert_eq!(quoted(&out).len(), 42);
}

/// E40: the 140 placements of three queens (004 prints them over 13
/// lines: compared as a sequence).
#[test]
fn e40_level_three() {
    let out = stdout(&["levels", "8", "--queens", "3"]);
    let want = quoted(&excerpt("004-level-3"));
    assert_eq!(want.len(), 140);
    assert_eq!(lines(&out), want);
}

/// E41: every level's size in every format of `count --solver levels`;
/// levels 2 and 3 are the lengths of 004's two lists.
#[test]
fn e41_level_sizes_in_every_format() {
    let want: Vec<u64> = (1..=8).map(|k| placements(8, k)).collect();
    assert_eq!(want[1], quoted(&excerpt("004-level-2")).len() as u64);
    assert_eq!(want[2], quoted(&excerpt("004-level-3")).len() as u64);
    assert_eq!(want[7], 92);
    let v = json(&["count", "8", "--solver", "levels"]);
    assert_eq!(v["level_sizes"], serde_json::json!(want));
    let words: Vec<String> = want.iter().map(u64::to_string).collect();
    let spaced = words.join(" ");
    let text = stdout(&["count", "8", "--solver", "levels"]);
    assert!(
        text.lines().any(|l| l
            .split_whitespace()
            .eq(std::iter::once("level_sizes").chain(spaced.split(' ')))),
        "{text}"
    );
    let csv = stdout(&["count", "8", "--solver", "levels", "--format", "csv"]);
    let (head, row) = csv.split_once('\n').unwrap();
    let at = head.split(',').position(|k| k == "level_sizes").unwrap();
    assert_eq!(row.trim_end().split(',').nth(at), Some(spaced.as_str()));
}

// ---- 003, the explicit construction ----

/// The numbers after the colon of `line` (003's "14 dames (reste 2): 2, 4, ...").
fn listed(line: &str) -> Vec<u128> {
    numbers(line.split_once("):").unwrap().1)
}

/// E20: for n = 8 the rule gives 2 4 6 8 3 1 7 5 (the article shows it in a
/// lost image; it follows from steps 2 and 4: the evens, then the odds
/// swapped two by two since 8 mod 12 = 8). The excerpt is the rule itself;
/// the remainder it names for eight queens is checked.
#[test]
fn e20_construction_for_eight() {
    let text = excerpt("003-construction-8");
    assert!(text.contains("c'est 8 pour le problème des huit dames"));
    let out = stdout(&[
        "solve",
        "8",
        "--method",
        "construct",
        "--reading",
        "columns",
    ]);
    assert_eq!(out, "2 4 6 8 3 1 7 5\n");
    // The default reading is the CLI's row -> column vector: the inverse.
    assert_eq!(stdout(&["solve", "8"]), "6 1 5 2 8 3 7 4\n");
}

/// E21, E22, E23: the article's lists for 14, 15 and 20 queens.
#[test]
fn e21_e22_e23_construction_lists() {
    for (n, name) in [
        ("14", "003-construction-14"),
        ("15", "003-construction-15"),
        ("20", "003-construction-20"),
    ] {
        let out = stdout(&["solve", n, "--method", "construct", "--reading", "columns"]);
        assert_eq!(numbers(&out), listed(&excerpt(name)), "n = {n}");
    }
}

// ---- 002 §1, the blocked boards ----

/// The `★` squares of a figure drawn as the sheet draws it (a row number,
/// then tab-separated cells): (row, column), both from 1.
fn stars(text: &str) -> Vec<(usize, usize)> {
    text.lines()
        .filter_map(|l| {
            let mut cells = l.split('\t');
            let row = cells.next()?.trim().parse().ok()?;
            Some((row, cells.position(|c| c.trim() == "★")? + 1))
        })
        .collect()
}

/// E07, E08: the sheet's two figures, five queens with the sixth blocked
/// and seven with the eighth, drawn with the queens on the sheet's squares
/// and the blocked row named.
#[test]
fn e07_e08_blocked_boards() {
    for (name, placement, row) in [
        ("002-blocked-five", "1 3 5 2 4", 6),
        ("002-blocked-seven", "1 3 5 7 2 4 6", 8),
    ] {
        let text = excerpt(name);
        let out = stdout(&["show", placement, "--size", "8"]);
        assert_eq!(stars(&out), stars(&text), "{name}");
        assert_eq!(stars(&text).len(), placement.split(' ').count());
        let ordinal = ["sixième", "huitième"][usize::from(row == 8)];
        assert!(text.contains(&format!("la {ordinal} est bloquée")));
        assert!(
            out.contains(&format!("blocked: row {row} has no free square")),
            "{out}"
        );
    }
}

/// E09: the left figure's position has no completion: one line on stderr
/// naming row 6, exit code 1 (an answer that is not a success); json says
/// it in its record.
#[test]
fn e09_a_prefix_with_no_completion() {
    crate::common::nqueens()
        .args(["solutions", "8", "--prefix", "1 3 5 2 4"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("nqueens: no solution extends --prefix \"1 3 5 2 4\": row 6 has no free square\n");
    let out = crate::common::nqueens()
        .args([
            "solutions",
            "8",
            "--prefix",
            "1 3 5 2 4",
            "--format",
            "json",
        ])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        (v["found"].as_bool(), v["blocked_row"].as_u64()),
        (Some(false), Some(6))
    );
}

// ---- 002 §2.5, the accessibility heuristic ----

/// The output lines of a command, without the closing `squares examined`.
fn without_work(out: &str) -> Vec<String> {
    lines(out)
        .into_iter()
        .filter(|l| !l.starts_with("squares examined: "))
        .collect()
}

/// E15: the 5 x 5 table (the excerpt's first row follows the prompt, whose
/// answer `5` the document lost: erratum 5 of EXAMPLES.md).
#[test]
fn e15_the_five_by_five_table() {
    let text = excerpt("002-accessibility-5x5");
    let want = numbers(text.split_once('?').unwrap().1);
    assert_eq!(want.len(), 25);
    let out = stdout(&[
        "solve",
        "5",
        "--method",
        "accessibility",
        "--table",
        "--start",
        "1,1",
    ]);
    let grid: Vec<String> = lines(&out).into_iter().take(5).collect();
    assert_eq!(numbers(&grid.join("\n")), want);
}

/// E16: run from every square, exactly the sheet's three solutions, from
/// (1,1), (2,2) and (4,4), in the sheet's words and pairs.
#[test]
fn e16_every_start_gives_the_sheets_three_solutions() {
    let out = stdout(&["solve", "5", "--method", "accessibility", "--every-start"]);
    let want: Vec<String> = lines(&excerpt("002-heuristic-5x5"))
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(without_work(&out), want);
    // One start: the sheet's first run, 1-based row -> column 5 2 4 1 3.
    let one = stdout(&["solve", "5", "--method", "accessibility", "--start", "1,1"]);
    assert_eq!(one, "5 2 4 1 3\n");
}

/// E17: placerOptm, the free list, makes the same runs and examines fewer
/// squares (2525 against 1058 over the 25 starts).
#[test]
fn e17_the_free_list_runs_the_same_with_less_work() {
    let args = ["solve", "5", "--method", "accessibility", "--every-start"];
    let scan = stdout(&args);
    let list = stdout(&[&args[..], &["--free-list"]].concat());
    assert_eq!(without_work(&scan), without_work(&list));
    let work = |out: &str| numbers(out.lines().last().unwrap())[0];
    assert!(excerpt("002-placer-optm").contains("placerOptm"));
    assert_eq!((work(&scan), work(&list)), (2525, 1058));
}

/// E14: "un coin possède la valeur 22": by the sheet's own count (its 5 x 5
/// corner is 12, the square left out) the 8 x 8 corner is 21 (erratum 3);
/// every start at n = 8 ends without a solution, and says so.
#[test]
fn e14_the_corner_is_21_not_22() {
    assert!(excerpt("002-accessibility-corner-22").contains("un coin possède la valeur 22"));
    let (out, _) = every_start_sheet();
    let first = numbers(out.lines().next().unwrap());
    assert_eq!(first[0], 21);
    assert_eq!(numbers(out.lines().nth(3).unwrap())[3], 27);
    assert!(!out.contains("Solution issue de"));
}

// ---- 002 §2.6, brute force ----

/// E19: every set of n squares (at n = 6 for the test build's speed:
/// C(36, 6) = 1,947,792 sets, 4 solutions) and one queen per row (6^6).
#[test]
fn e19_brute_force_over_sets_and_rows() {
    assert!(excerpt("002-brute-force").contains("toutes les combinaisons possibles"));
    let sets = json(&["count", "6", "--solver", "brute-sets"]);
    assert_eq!(fields(&sets, &["total", "nodes"]), [4, 1_947_792]);
    let rows = json(&["count", "6", "--solver", "brute-rows"]);
    assert_eq!(fields(&rows, &["total", "nodes"]), [4, 46_656]);
}

// ---- 000, 003, the search spaces ----

/// E03, E30: 64^8, A(64, 8) and 8^8 as the article prints them (its
/// thin-space groups removed; its lost superscripts, `648 = 248`, are
/// erratum 6), and 000's "une case parmi 64, la seconde une sur 63".
#[test]
fn e03_e30_search_space_sizes() {
    let out = stdout(&["space", "8"]);
    // The aligned table's rows: n, the space's name, its size, the formula.
    let value = |name: &str| -> String {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap();
        line.split_whitespace().nth(2).unwrap().to_string()
    };
    let article = excerpt("003-search-space").replace([' ', '\u{202f}', '\u{a0}'], "");
    for name in ["placements", "arrangements", "per_row"] {
        assert!(article.contains(&value(name)), "{name}: {}", value(name));
    }
    assert_eq!(value("combinations"), "4426165368"); // 002's C(64, 8)
    assert_eq!(
        value("permutations"),
        (1..=8u64).product::<u64>().to_string()
    );
    assert!(excerpt("000-search-space").contains("une case parmi 64, la seconde une sur 63"));
    assert_eq!(
        value("arrangements"),
        (57..=64u128).product::<u128>().to_string()
    );
}
