//! The source documents' listings and drawings (issue #15, rows of
//! `tests/data/seeds/EXAMPLES.md`), each reproduced by its one documented
//! command, with the listing habits the documents have: a count above the
//! list, numbers from 0, boards turned as they draw them. Compared with the
//! document's own text and with an independent solver (`excerpts::naive`).

use crate::common::stdout;
use crate::excerpts::{excerpt, naive, numbers, quoted};

/// The 92 solutions of 8 queens, 0-based, in lexicographic order.
fn eight() -> Vec<Vec<usize>> {
    let all = naive(8);
    assert_eq!(all.len(), 92);
    all
}

/// A solution written with numbers from `base`, separated by `sep`.
fn written(s: &[usize], base: usize, sep: &str) -> String {
    let words: Vec<String> = s.iter().map(|c| (c + base).to_string()).collect();
    words.join(sep)
}

/// E02: 000's file, `92 solutions trouvees`, then per solution the column
/// letter and row number of each queen (`A1 E2 H3 ...`).
#[test]
fn e02_the_pascal_listing() {
    let code = excerpt("000-listing");
    assert!(code.contains("' solutions trouvees'"));
    assert!(code.contains("chr(ord('A') + Solutions[i,j] - 1),j,' '"));
    let out = stdout(&[
        "solutions",
        "8",
        "--format",
        "algebraic",
        "--count",
        "header",
    ]);
    let mut lines = out.lines();
    assert_eq!(numbers(lines.next().unwrap()), [92]);
    // The program's line, built here from the independent solutions.
    let program: Vec<String> = eight()
        .iter()
        .map(|s| {
            let squares: Vec<String> = s
                .iter()
                .enumerate()
                .map(|(j, &c)| format!("{}{}", (b'A' + c as u8) as char, j + 1))
                .collect();
            squares.join(" ")
        })
        .collect();
    assert_eq!(lines.collect::<Vec<_>>(), program);
}

/// E04: 000's `Graphique` draws row 8 at the top (`for j := 8 downto 1`),
/// as the CLI's board does; the queens stand on the same squares.
#[test]
fn e04_the_pascal_board_orientation() {
    assert!(excerpt("000-graphique").contains("for j := 8 downto 1 do"));
    let out = stdout(&["solutions", "8", "--format", "board", "--limit", "1"]);
    let rows: Vec<&str> = out.lines().take(8).collect();
    assert!(
        rows[0].starts_with("8 ") && rows[7].starts_with("1 "),
        "{out}"
    );
    for (i, line) in rows.iter().enumerate() {
        let cells: Vec<&str> = line.split_whitespace().skip(1).collect();
        let q = cells.iter().position(|&c| c == "Q").unwrap();
        assert_eq!(q, eight()[0][7 - i], "row {}", 8 - i);
    }
}

/// E04 (the drawing itself): 000's `Graphique`, `--style graphique`. The
/// expected picture is what the procedure's loops write for 000's first
/// solution (its rule `Separ` above, `' ', Trav[j,k], ' !'` per square,
/// `Separ` under each line, line 8 first), built here from the excerpt's
/// own constant, and checked against the lines written out by hand.
#[test]
fn e04_the_graphique_drawing() {
    let code = excerpt("000-graphique");
    let separ = code
        .lines()
        .find_map(|l| l.trim().strip_prefix("const   Separ           = '"))
        .and_then(|l| l.strip_suffix("';"))
        .unwrap();
    assert!(code.contains("write(Sortie,' ',Trav[j,k],' !');"));
    assert!(code.contains("Trav[j,Solutions[i,j]] := '@';"));
    let first = &eight()[0]; // 000's search finds 1 5 8 6 3 7 2 4 first
    let mut figure = format!("{separ}\n");
    for j in (0..8).rev() {
        for k in 0..8 {
            figure += &format!(" {} !", if first[j] == k { '@' } else { ' ' });
        }
        figure += &format!("\n{separ}\n");
    }
    let out = stdout(&["show", "1 5 8 6 3 7 2 4", "--style", "graphique"]);
    assert_eq!(out.split_once("a solution").unwrap().0, figure);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "---+---+---+---+---+---+---+---+");
    assert_eq!(lines[1], "   !   !   ! @ !   !   !   !   !"); // line 8: D8
    assert_eq!(lines[15], " @ !   !   !   !   !   !   !   !"); // line 1: A1
    assert_eq!(lines[16], lines[0]);
}

/// E05: 001's 92 vectors `V= 1 5 8 6 3 7 2 4` ..., in order.
#[test]
fn e05_the_pseudo_code_results() {
    let document: Vec<String> = excerpt("001-results")
        .lines()
        .filter_map(|l| l.strip_prefix("V= "))
        .map(|v| v.trim().to_string())
        .collect();
    assert_eq!(document.len(), 92);
    let out = stdout(&["solutions", "8"]);
    assert_eq!(out.lines().collect::<Vec<_>>(), document);
    let independent: Vec<String> = eight().iter().map(|s| written(s, 1, " ")).collect();
    assert_eq!(document, independent);
}

/// E11: 002 §2.2's run, `Il y a 92 solutions` and the first five, 0-based
/// (`Sol # 1: [0 4 7 5 2 6 1 3 ]`).
#[test]
fn e11_the_first_five_from_zero() {
    let text = excerpt("002-first-five-0based");
    let said = text.lines().find(|l| l.starts_with("Il y a")).unwrap();
    let out = stdout(&[
        "solutions",
        "8",
        "--limit",
        "5",
        "--base",
        "0",
        "--count",
        "header",
    ]);
    let mut lines = out.lines();
    // "Il y a 92 solutions. On en affiche? 5": the count, then the 5 asked.
    assert_eq!(numbers(lines.next().unwrap())[0], numbers(said)[0]);
    let document: Vec<Vec<u128>> = text
        .lines()
        .filter_map(|l| l.split_once(": ["))
        .map(|(_, v)| numbers(v))
        .collect();
    let ours: Vec<Vec<u128>> = lines.map(numbers).collect();
    assert_eq!(ours, document);
}

/// E12: 002 §2.3's run at n = 5 from the queen of column 0 on line 3:
/// `Il y a 2 solutions` and the two boards, columns across, line 0 at the
/// top. The document's second line `1 - - - Q` lost a cell (erratum 5): the
/// comparison restores it.
#[test]
fn e12_two_boards_from_a_position() {
    let text = excerpt("002-from-position-5");
    let document: Vec<String> = text
        .lines()
        .skip_while(|l| !l.starts_with("Il y a"))
        .take_while(|l| !l.starts_with("```"))
        .map(|l| {
            if l == "1 - - - Q" {
                "1 - - - - Q".to_string()
            } else {
                l.trim_end().to_string()
            }
        })
        .collect();
    let out = stdout(&[
        "solutions",
        "5",
        "--prefix",
        "3",
        "--base",
        "0",
        "--orientation",
        "columns",
        "--format",
        "board",
        "--count",
        "header",
    ]);
    let ours: Vec<String> = out.lines().map(|l| l.trim_end().to_string()).collect();
    assert_eq!(numbers(&ours[0]), numbers(&document[0]));
    assert_eq!(ours[1..], document[1..]);
}

/// E33: 003's Python prints each solution as a list of columns indexed by
/// the rows, from zero (its output is not in the article).
#[test]
fn e33_the_python_lists_from_zero() {
    assert!(excerpt("003-python-program").contains("indexées à partir de zéro"));
    let out = stdout(&["solutions", "8", "--base", "0"]);
    let independent: Vec<String> = eight().iter().map(|s| written(s, 0, " ")).collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), independent);
}

/// E35: 003's OCaml prints each solution last row first (`i :: dames`
/// puts the newest queen in front): the 92 reversed digit strings.
#[test]
fn e35_the_ocaml_order() {
    assert!(excerpt("003-ocaml-program").contains("ajouter_dame (x+1) (i :: dames)"));
    let out = stdout(&["solutions", "8", "--format", "digits"]);
    let mut reversed: Vec<String> = out.lines().map(|l| l.chars().rev().collect()).collect();
    reversed.sort();
    let mut independent: Vec<String> = eight()
        .iter()
        .map(|s| s.iter().rev().map(|c| (c + 1).to_string()).collect())
        .collect();
    independent.sort();
    assert_eq!(reversed, independent);
}

/// E44: 004's results, `Le nombre de solutions : 92` and the 92 strings
/// `'15863724'` ..., in order.
#[test]
fn e44_the_level_search_results() {
    let text = excerpt("004-solutions-92");
    let out = stdout(&["solutions", "8", "--format", "digits", "--count", "header"]);
    let mut lines = out.lines();
    let said = text.lines().find(|l| l.starts_with("Le nombre")).unwrap();
    assert_eq!(numbers(lines.next().unwrap())[0], numbers(said)[0]);
    assert_eq!(lines.collect::<Vec<_>>(), quoted(&text));
}

/// E45: 004's `afficher` draws the first solution (15863724) column by
/// line, `1|R| | ...`; the document lost its line breaks, so the two are
/// compared with all white space collapsed.
#[test]
fn e45_the_pipes_drawing() {
    let text = excerpt("004-afficher-first");
    let (_, drawn) = text.split_once("(15863724) :").unwrap();
    let collapse = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let out = stdout(&[
        "show",
        "1 5 8 6 3 7 2 4",
        "--orientation",
        "columns",
        "--style",
        "pipes",
    ]);
    let board: String = out.lines().take(9).collect::<Vec<_>>().join("\n");
    assert_eq!(collapse(&board), collapse(drawn));
}
