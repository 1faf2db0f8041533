//! Every format of every verb that writes through the exporter, parsed and
//! held to the reference page `docs/formats.md`: JSON lines have exactly
//! the documented keys with the documented types, CSV and Markdown have
//! the documented header and the same number of cells on every row, and
//! the drawings show the same placements as the JSON.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::nqueens;
use serde_json::Value;

/// A documented key.
#[derive(Debug)]
struct Key {
    name: String,
    kind: String,
    unit: String,
    always: bool,
}

/// The record kinds of the page, each with its keys in order.
fn page() -> BTreeMap<String, Vec<Key>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/formats.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut kinds = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("### `") {
            let name = name.trim_end_matches('`').to_string();
            kinds.insert(name.clone(), Vec::new());
            current = Some(name);
        } else if line.starts_with("## ") {
            current = None;
        } else if let (Some(kind), Some(row)) = (&current, line.strip_prefix("| `")) {
            let cells: Vec<&str> = row.split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 4, "key, type, unit, when: {line}");
            kinds.get_mut(kind).unwrap().push(Key {
                name: cells[0].trim_end_matches('`').to_string(),
                kind: cells[1].to_string(),
                unit: cells[2].to_string(),
                always: cells[3].trim_end_matches(" |") == "always",
            });
        }
    }
    kinds
}

/// Runs `args`, checks the exit code, returns stdout.
fn run(args: &[&str], code: i32) -> String {
    let out = nqueens()
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .clone();
    String::from_utf8(out.stdout).unwrap()
}

fn with(args: &[&str], format: &str) -> Vec<String> {
    let mut v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    v.extend(["--format".to_string(), format.to_string()]);
    v
}

fn run_format(args: &[&str], format: &str, code: i32) -> String {
    let v = with(args, format);
    let refs: Vec<&str> = v.iter().map(String::as_str).collect();
    run(&refs, code)
}

/// Whether `v` has the documented type.
fn has_type(v: &Value, kind: &str) -> bool {
    let positive = |x: &Value| x.as_u64().is_some_and(|k| k >= 1);
    match kind {
        "integer" => v.is_u64() || v.is_i64(),
        "number" => v.is_number(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "columns" => v.as_array().is_some_and(|a| a.iter().all(positive)),
        "squares" => v.as_array().is_some_and(|a| {
            a.iter().all(|s| {
                s.as_array()
                    .is_some_and(|p| p.len() == 2 && p.iter().all(positive))
            })
        }),
        "ranges" => v.as_array().is_some_and(|a| {
            a.iter().all(|r| {
                r.as_object().is_some_and(|o| {
                    let keys: Vec<&str> = o.keys().map(String::as_str).collect();
                    keys == ["end", "first", "shard"] && o.values().all(Value::is_u64)
                })
            })
        }),
        other => panic!("docs/formats.md: unknown type '{other}'"),
    }
}

/// Parses JSON lines and holds each to the kind's keys and types.
fn check_json(page: &BTreeMap<String, Vec<Key>>, kind: &str, text: &str) -> Vec<Value> {
    let keys = &page[kind];
    assert!(!text.is_empty(), "{kind}: no JSON");
    text.lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
            let object = v.as_object().unwrap();
            for (name, value) in object {
                let key = keys
                    .iter()
                    .find(|k| &k.name == name)
                    .unwrap_or_else(|| panic!("{kind}: key '{name}' is not documented: {line}"));
                assert!(
                    has_type(value, &key.kind),
                    "{kind}: '{name}' is not of type {}: {line}",
                    key.kind
                );
            }
            for key in keys.iter().filter(|k| k.always) {
                assert!(
                    object.contains_key(&key.name),
                    "{kind}: no '{}': {line}",
                    key.name
                );
            }
            // Keys in the documented order (serde_json's map sorts them,
            // so they are found in the line itself).
            let at: Vec<usize> = keys
                .iter()
                .filter(|k| object.contains_key(&k.name))
                .map(|k| line.find(&format!("\"{}\":", k.name)).unwrap())
                .collect();
            assert!(at.windows(2).all(|w| w[0] < w[1]), "{kind}: order: {line}");
            v
        })
        .collect()
}

fn documented(page: &BTreeMap<String, Vec<Key>>, kind: &str) -> Vec<String> {
    page[kind].iter().map(|k| k.name.clone()).collect()
}

/// One CSV line's cells (RFC 4180 quoting; no line breaks inside fields here).
fn csv_cells(line: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                cells.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => cells.push(String::new()),
            (c, _) => cells.last_mut().unwrap().push(c),
        }
    }
    assert!(!quoted, "unterminated quote: {line}");
    cells
}

/// The documented header, then rows of the same width; returns the rows.
fn check_csv(page: &BTreeMap<String, Vec<Key>>, kind: &str, text: &str) -> Vec<Vec<String>> {
    let mut lines = text.lines();
    let header = csv_cells(lines.next().unwrap_or_else(|| panic!("{kind}: no CSV")));
    assert_eq!(header, documented(page, kind), "{kind}: CSV header");
    lines
        .map(|line| {
            let cells = csv_cells(line);
            assert_eq!(cells.len(), header.len(), "{kind}: CSV row: {line}");
            cells
        })
        .collect()
}

/// A Markdown table's cells, split on unescaped bars.
fn markdown_cells(line: &str) -> Vec<String> {
    let inner = line
        .strip_prefix('|')
        .and_then(|l| l.strip_suffix('|'))
        .unwrap_or_else(|| panic!("not a table row: {line}"));
    let mut cells = vec![String::new()];
    let mut escaped = false;
    for c in inner.chars() {
        match c {
            '|' if !escaped => cells.push(String::new()),
            c => cells.last_mut().unwrap().push(c),
        }
        escaped = c == '\\';
    }
    cells.into_iter().map(|c| c.trim().to_string()).collect()
}

/// Header, separator, rows of the same width; notes may follow as quotes.
fn check_markdown(page: &BTreeMap<String, Vec<Key>>, kind: &str, text: &str) -> usize {
    let table: Vec<&str> = text.lines().take_while(|l| l.starts_with('|')).collect();
    let rest: Vec<&str> = text.lines().skip(table.len()).collect();
    assert!(
        rest.iter().all(|l| l.is_empty() || l.starts_with("> ")),
        "{kind}: after the table: {text}"
    );
    assert!(table.len() >= 2, "{kind}: no table: {text}");
    let header = markdown_cells(table[0]);
    assert_eq!(header, documented(page, kind), "{kind}: Markdown header");
    let separator = markdown_cells(table[1]);
    assert!(
        separator.len() == header.len() && separator.iter().all(|c| c == "---:"),
        "{kind}: separator {}",
        table[1]
    );
    for row in &table[2..] {
        assert_eq!(markdown_cells(row).len(), header.len(), "{kind}: {row}");
    }
    table.len() - 2
}

/// `key  value` blocks: documented keys only, every always-key present.
fn check_text_block(page: &BTreeMap<String, Vec<Key>>, kind: &str, text: &str) {
    let keys = &page[kind];
    let block: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
    let names: BTreeSet<&str> = block
        .iter()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    for name in &names {
        assert!(
            keys.iter().any(|k| k.name == *name),
            "{kind}: text key '{name}'"
        );
    }
    for key in keys.iter().filter(|k| k.always) {
        assert!(
            names.contains(key.name.as_str()),
            "{kind}: text lacks '{}'",
            key.name
        );
    }
}

/// An aligned table: the documented keys as its header.
fn check_text_table(page: &BTreeMap<String, Vec<Key>>, kind: &str, text: &str) {
    let header: Vec<String> = text
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect();
    assert_eq!(header, documented(page, kind), "{kind}: text table header");
}

/// Checks the machine formats a verb offers and returns the kinds covered.
fn machine_formats(
    page: &BTreeMap<String, Vec<Key>>,
    kind: &str,
    args: &[&str],
    formats: &[&str],
    code: i32,
) -> Vec<Value> {
    let mut json = Vec::new();
    for &format in formats {
        let out = run_format(args, format, code);
        match format {
            "json" => json = check_json(page, kind, &out),
            "csv" => {
                let rows = check_csv(page, kind, &out);
                if !json.is_empty() {
                    assert_eq!(rows.len(), json.len(), "{args:?}: csv and json rows");
                }
            }
            "markdown" => {
                let rows = check_markdown(page, kind, &out);
                if !json.is_empty() {
                    assert_eq!(rows, json.len(), "{args:?}: markdown and json rows");
                }
            }
            other => panic!("{other}"),
        }
    }
    json
}

fn placement(v: &Value) -> Vec<u64> {
    v["placement"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect()
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("nqueens-formats-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_page_lists_every_kind_this_test_covers() {
    let page = page();
    let covered = [
        "count",
        "table-row",
        "bench-row",
        "merge",
        "shard",
        "missing",
        "plan",
        "solution",
        "no-solution",
        "solve",
        "pieces",
        "show",
        "solver",
        "dominate",
        "pawns",
    ];
    let listed: BTreeSet<&str> = page.keys().map(String::as_str).collect();
    assert_eq!(listed, covered.into_iter().collect());
    for (kind, keys) in &page {
        assert!(!keys.is_empty(), "{kind} has no keys");
    }
}

#[test]
fn count_and_its_variants() {
    let page = page();
    for args in [&["count", "8"][..], &["count", "8", "--solver", "classic"]] {
        let v = machine_formats(&page, "count", args, &["json", "csv"], 0);
        assert_eq!(v[0]["total"], 92);
        check_text_block(&page, "count", &run(args, 0));
    }
    // The variants write the same kind, with `variant` (and a `note` when
    // there is no solution).
    for (args, total) in [
        (&["count", "7", "--torus"][..], 28),
        (&["count", "6", "--torus"], 0),
        (&["count", "6", "--no-three-in-line"], 0),
    ] {
        let v = machine_formats(&page, "count", args, &["json", "csv"], 0);
        assert_eq!(
            (&v[0]["total"], v[0]["note"].is_null()),
            (&total.into(), total > 0)
        );
        assert!(v[0]["variant"].is_string());
        check_text_block(&page, "count", &run(args, 0));
    }
}

#[test]
fn table_rows() {
    let page = page();
    let args = ["table", "--from", "8", "--to", "10"];
    let v = machine_formats(&page, "table-row", &args, &["json", "csv", "markdown"], 0);
    assert_eq!(v.len(), 3);
    assert!(
        v.iter().all(|r| r["seconds"].is_f64()),
        "seconds is a number"
    );
    check_text_table(&page, "table-row", &run(&args, 0));
}

#[test]
fn bench_rows() {
    let page = page();
    let args = [
        "bench",
        "--solvers",
        "bitmask",
        "--baseline",
        "bitmask",
        "--from",
        "5",
        "--to",
        "6",
        "--repeat",
        "1",
    ];
    let v = machine_formats(&page, "bench-row", &args, &["json", "csv", "markdown"], 0);
    assert_eq!(v.len(), 2);
    for key in ["median_s", "min_s", "max_s", "speedup"] {
        assert!(v.iter().all(|r| r[key].is_number()), "{key} is a number");
    }
    assert!(
        v.iter().all(|r| r["speedup"] == 1.0),
        "the baseline against itself"
    );
    check_text_table(&page, "bench-row", &run(&args, 0));
}

#[test]
fn the_cluster_verbs_and_the_plan_file() {
    let page = page();
    let dir = temp("merge");
    let plan = dir.join("plan.json");
    let text = run(&["plan", "8", "--shards", "2"], 0);
    // Pretty JSON; no value holds a space, so the object is read as one line.
    let compact: String = text.split_whitespace().collect();
    let v = check_json(&page, "plan", &compact);
    assert_eq!(
        (&v[0]["n"], v[0]["shards"].as_array().unwrap().len()),
        (&8.into(), 2)
    );
    std::fs::write(&plan, text).unwrap();
    let (plan, out) = (plan.to_str().unwrap(), dir.join("out"));
    // The results directory exists before any shard ran (a job array's
    // --out); `missing` refuses one that does not.
    std::fs::create_dir(&out).unwrap();
    let out = out.to_str().unwrap();
    let missing = ["missing", "--plan", plan, out];
    let v = machine_formats(&page, "missing", &missing, &["json", "csv"], 0);
    assert_eq!((&v[0]["missing"], &v[0]["ids"]), (&2.into(), &"0-1".into()));
    assert_eq!(run(&missing, 0), "0-1\n");
    let shard = |i: &'static str| ["run-shard", "--plan", plan, "--out", out, "--shard", i];
    check_text_block(&page, "shard", &run(&shard("0"), 0));
    let v = machine_formats(&page, "shard", &shard("1"), &["json", "csv"], 0);
    assert_eq!(
        (&v[0]["shard"], &v[0]["already_done"]),
        (&1.into(), &false.into())
    );
    // A second run finds it done, and says so in its record.
    let again = check_json(&page, "shard", &run_format(&shard("1"), "json", 0));
    assert_eq!(
        (&again[0]["total"], &again[0]["already_done"]),
        (&v[0]["total"], &true.into())
    );
    let v = machine_formats(&page, "missing", &missing, &["json", "csv"], 0);
    assert_eq!((&v[0]["missing"], v[0].get("ids")), (&0.into(), None));
    assert_eq!(run(&missing, 0), "");
    let args = ["merge", "--plan", plan, out];
    let v = machine_formats(&page, "merge", &args, &["json", "csv"], 0);
    assert_eq!(v[0]["total"], 92);
    check_text_block(&page, "merge", &run(&args, 0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Square names on one line as 1-based `[row, column]` pairs.
fn squares(names: &str) -> Vec<Value> {
    names
        .split_whitespace()
        .map(|s| {
            let (file, rank) = s.split_at(1);
            let column = u64::from(file.as_bytes()[0] - b'A' + 1);
            serde_json::json!([rank.parse::<u64>().unwrap(), column])
        })
        .collect()
}

#[test]
fn dominate_and_pawns_in_every_format() {
    let page = page();
    for (kind, args, drawn) in [
        ("dominate", &["dominate", "5", "--count"][..], 3),
        ("dominate", &["dominate", "4"], 2),
        ("pawns", &["pawns", "5", "--queens", "6", "--count"], 9),
        ("pawns", &["pawns", "4", "--queens", "4"], 4),
    ] {
        let v = machine_formats(&page, kind, args, &["json", "csv"], 0);
        let r = &v[0];
        assert_eq!(r.get("count").is_some(), args.contains(&"--count"));
        // board: the record, a blank line, the board with every piece.
        let board = run_format(args, "board", 0);
        check_text_block(&page, kind, &board);
        let grid = board.split("\n\n").nth(1).unwrap();
        assert_eq!(grid.matches(['Q', 'P']).count(), drawn, "{board}");
        // vector: the same squares, the count on a second line.
        let vector = run_format(args, "vector", 0);
        let lines: Vec<&str> = vector.lines().collect();
        let queens = lines[0].trim_start_matches("queens ");
        let (queens, pawns) = queens.split_once(" pawns").unwrap_or((queens, ""));
        assert_eq!(squares(queens), r["placement"].as_array().unwrap().clone());
        if kind == "pawns" {
            assert_eq!(
                squares(pawns),
                r["pawns_placement"].as_array().unwrap().clone()
            );
        }
        assert_eq!(
            lines.get(1).copied(),
            r.get("count").map(|c| c.to_string()).as_deref()
        );
    }
}

#[test]
fn solutions_in_every_format() {
    let page = page();
    let machine = ["json", "csv", "markdown"];
    for unique in [false, true] {
        let mut args = vec!["solutions", "6"];
        if unique {
            args.push("--unique");
        }
        let v = machine_formats(&page, "solution", &args, &machine, 0);
        assert_eq!(v.len(), if unique { 1 } else { 4 });
        assert!(v.iter().all(|r| r.get("orbit").is_some() == unique));
        // The drawings draw the same placements.
        let suffix = |r: &Value| {
            r.get("orbit")
                .map_or(String::new(), |o| format!(" (orbit {o})"))
        };
        let numbers = |r: &Value, sep: &str| {
            let p: Vec<String> = placement(r).iter().map(u64::to_string).collect();
            p.join(sep)
        };
        let drawn = |format: &str| -> Vec<String> {
            run_format(&args, format, 0)
                .lines()
                .map(String::from)
                .collect()
        };
        let vector: Vec<String> = v.iter().map(|r| numbers(r, " ") + &suffix(r)).collect();
        assert_eq!(drawn("vector"), vector);
        let digits: Vec<String> = v.iter().map(|r| numbers(r, "") + &suffix(r)).collect();
        assert_eq!(drawn("digits"), digits);
        let algebraic: Vec<String> = v
            .iter()
            .map(|r| {
                let squares: Vec<String> = placement(r)
                    .iter()
                    .enumerate()
                    .map(|(row, &c)| format!("{}{}", (b'A' + c as u8 - 1) as char, row + 1))
                    .collect();
                squares.join(" ") + &suffix(r)
            })
            .collect();
        assert_eq!(drawn("algebraic"), algebraic);
        let queens = drawn("board").iter().filter(|l| l.contains('Q')).count();
        assert_eq!(queens, 6 * v.len());
    }
    // Nothing found: a record in JSON, the header alone in CSV and Markdown.
    for n in ["2", "3"] {
        let v = machine_formats(&page, "no-solution", &["solutions", n], &["json"], 0);
        assert_eq!(v[0]["found"], false);
        assert!(check_csv(&page, "solution", &run_format(&["solutions", n], "csv", 0)).is_empty());
        let md = run_format(&["solutions", n], "markdown", 0);
        assert_eq!(check_markdown(&page, "solution", &md), 0);
    }
}

#[test]
fn solve_in_every_format() {
    let page = page();
    // Every method the page names.
    let methods = &page["solve"]
        .iter()
        .find(|k| k.name == "method")
        .unwrap()
        .unit;
    let methods: Vec<&str> = methods.split(", ").map(|m| m.trim_matches('`')).collect();
    assert_eq!(methods.len(), 6, "{methods:?}");
    for &method in &methods {
        let args = ["solve", "8", "--method", method];
        let v = machine_formats(&page, "solve", &args, &["json", "csv"], 0);
        assert_eq!(v[0]["found"], true);
        let vector = run(&args, 0);
        let drawn: Vec<u64> = vector
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(drawn, placement(&v[0]), "{method}");
    }
    // No solution: the record still, exit code 1.
    for n in ["2", "3"] {
        let v = machine_formats(&page, "solve", &["solve", n], &["json", "csv"], 1);
        assert_eq!(
            (&v[0]["found"], v[0].get("placement")),
            (&Value::Bool(false), None)
        );
        assert_eq!(run(&["solve", n], 1), "");
    }
}

#[test]
fn pieces_in_every_format() {
    let page = page();
    for args in [
        &["pieces", "kings", "4"][..],
        &["pieces", "rooks", "3", "--count"],
    ] {
        let v = machine_formats(&page, "pieces", args, &["json", "csv"], 0);
        assert_eq!(v[0].get("placement").is_none(), args.contains(&"--count"));
        check_text_block(&page, "pieces", &run(args, 0));
    }
}

#[test]
fn show_in_every_format() {
    let page = page();
    let v = machine_formats(&page, "show", &["show", "2 4 1 3"], &["json", "csv"], 0);
    assert_eq!(
        (&v[0]["solution"], placement(&v[0])),
        (&Value::Bool(true), vec![2, 4, 1, 3])
    );
    let v = machine_formats(&page, "show", &["show", "1 3 2"], &["json", "csv"], 1);
    assert_eq!(v[0]["attack"], serde_json::json!([[2, 3], [3, 2]]));
    assert!(run(&["show", "2 4 1 3"], 0).contains("a solution"));
}

#[test]
fn solvers_in_every_format() {
    let page = page();
    let v = machine_formats(
        &page,
        "solver",
        &["solvers"],
        &["json", "csv", "markdown"],
        0,
    );
    let defaults = v.iter().filter(|r| r["default"] == true).count();
    assert_eq!((defaults, v[0]["default"].as_bool()), (1, Some(true)));
    let text = run(&["solvers"], 0);
    assert_eq!(text.lines().count(), v.len());
    for r in &v {
        assert!(text.contains(r["name"].as_str().unwrap()));
    }
}
