//! The reference page of formats, `docs/formats.md`, read as the tests
//! hold the program to it: each record kind's keys with their types, and
//! checks of every format (json, csv, markdown, text) against them. Shared
//! by `formats.rs` and `formats_seeds.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

/// A documented key.
#[derive(Debug)]
pub struct Key {
    pub name: String,
    pub kind: String,
    pub unit: String,
    pub always: bool,
}

/// The record kinds of the page, each with its keys in order.
pub fn page() -> BTreeMap<String, Vec<Key>> {
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
pub fn run(args: &[&str], code: i32) -> String {
    crate::common::output(args, code).0
}

pub fn with(args: &[&str], format: &str) -> Vec<String> {
    let mut v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    v.extend(["--format".to_string(), format.to_string()]);
    v
}

pub fn run_format(args: &[&str], format: &str, code: i32) -> String {
    let v = with(args, format);
    let refs: Vec<&str> = v.iter().map(String::as_str).collect();
    run(&refs, code)
}

/// Whether `v` has the documented type.
pub fn has_type(v: &Value, kind: &str) -> bool {
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
        "integers" => v.as_array().is_some_and(|a| a.iter().all(Value::is_u64)),
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
pub fn check_json(page: &BTreeMap<String, Vec<Key>>, kind: &str, text: &str) -> Vec<Value> {
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

pub fn documented(page: &BTreeMap<String, Vec<Key>>, kind: &str) -> Vec<String> {
    page[kind].iter().map(|k| k.name.clone()).collect()
}

/// One CSV line's cells (RFC 4180 quoting; no line breaks inside fields here).
pub fn csv_cells(line: &str) -> Vec<String> {
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
pub fn check_csv(page: &BTreeMap<String, Vec<Key>>, kind: &str, text: &str) -> Vec<Vec<String>> {
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
pub fn markdown_cells(line: &str) -> Vec<String> {
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
pub fn check_markdown(page: &BTreeMap<String, Vec<Key>>, kind: &str, text: &str) -> usize {
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
pub fn check_text_block(page: &BTreeMap<String, Vec<Key>>, kind: &str, text: &str) {
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
pub fn check_text_table(page: &BTreeMap<String, Vec<Key>>, kind: &str, text: &str) {
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
pub fn machine_formats(
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
