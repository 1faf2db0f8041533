//! The source documents' verbs (`space`, `levels`, `show --size`,
//! `solve --method accessibility`) in every format they offer, parsed and
//! held to `docs/formats.md` as `formats.rs` holds the other verbs,
//! and each machine format checked against the text the same command
//! draws for people.

use crate::common::fields;
use crate::page::*;
use serde_json::Value;

fn integers(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn space_in_every_format() {
    let page = page();
    let args = ["space", "8"];
    let json = machine_formats(&page, "space", &args, &["json", "csv", "markdown"], 0);
    let names: Vec<&str> = json.iter().map(|v| v["space"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "placements",
            "arrangements",
            "combinations",
            "per_row",
            "permutations"
        ]
    );
    // The sizes, computed here: 64^8, 64!/56!, C(64, 8), 8^8, 8!.
    let arrangements: u64 = (57..=64).product();
    let permutations: u64 = (1..=8).product();
    let want = [
        64u64.pow(8),
        arrangements,
        arrangements / permutations,
        8u64.pow(8),
        permutations,
    ];
    let sizes: Vec<u64> = json.iter().map(|v| v["size"].as_u64().unwrap()).collect();
    assert_eq!(sizes, want);
    let text = run(&args, 0);
    check_text_table(&page, "space", &text);
    for (line, size) in text.lines().skip(1).zip(want) {
        assert!(line.contains(&format!(" {size} ")), "{line}");
    }
}

#[test]
fn space_sizes_past_u128_are_exact_json_numbers() {
    // 40^80 = 2^160 * 10^80 has 129 digits: past u128 and past f64's 17.
    let out = run(&["space", "40", "--format", "json"], 0);
    let first = out.lines().next().unwrap();
    let digits = first
        .split("\"size\":")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap();
    assert_eq!(digits.len(), 129, "{first}");
    assert!(digits.starts_with("1461501637330902918203684832716283019655932542976"));
    assert!(digits.ends_with(&"0".repeat(80)));
    assert!(serde_json::from_str::<Value>(first).is_ok());
}

#[test]
fn levels_in_every_format() {
    let page = page();
    let args = ["levels", "8", "--queens", "2"];
    let json = machine_formats(&page, "level", &args, &["json", "csv"], 0);
    let lines: Vec<String> = json
        .iter()
        .map(|v| {
            assert_eq!(fields(v, &["n", "queens"]), [8, 2]);
            integers(&v["lines"]).iter().map(u64::to_string).collect()
        })
        .collect();
    // The drawings show the same placements, in the same order.
    let digits: Vec<String> = run(&args, 0).lines().map(String::from).collect();
    assert_eq!(digits, lines);
    let quoted: Vec<String> = lines.iter().map(|l| format!("'{l}'")).collect();
    let python = run_format(&args, "python", 0);
    assert_eq!(python, format!("[{}]\n", quoted.join(", ")));
    // Past n = 9 a placement is a list of lines, as the document advises.
    let ten = run(&["levels", "10", "--queens", "2", "--prefix", "1"], 0);
    assert_eq!(ten.lines().last(), Some("[1, 10]"));
}

#[test]
fn partial_boards_in_every_format() {
    let page = page();
    let args = ["show", "1 3 5 2 4", "--size", "8"];
    let json = machine_formats(&page, "partial", &args, &["json", "csv"], 0);
    assert_eq!(json.len(), 1);
    let v = &json[0];
    assert_eq!(integers(&v["placement"]), [1, 3, 5, 2, 4]);
    let first = v["first_blocked_row"].as_u64().unwrap();
    let text = run(&args, 0);
    assert!(
        text.contains(&format!("blocked: row {first} has no free square")),
        "{text}"
    );
    // Two queens only: nothing is blocked yet, and the key is left out.
    let open = run(&["show", "1 3", "--size", "8", "--format", "json"], 0);
    let v: Value = serde_json::from_str(open.trim()).unwrap();
    assert!(v.get("first_blocked_row").is_none(), "{open}");
    assert_eq!(integers(&v["blocked_rows"]), Vec::<u64>::new());
    // --ascii draws the queens as Q (it was ignored until 2026-11-25);
    // --orientation rows is the default drawing.
    let plain = run(&args, 0);
    let ascii = run(&[&args[..], &["--ascii"]].concat(), 0);
    assert!(plain.contains('★') && ascii.is_ascii(), "{ascii}");
    assert_eq!(ascii, plain.replace('★', "Q"));
    assert_eq!(
        run(&[&args[..], &["--orientation", "rows"]].concat(), 0),
        plain
    );
}

#[test]
fn accessibility_in_every_format() {
    let page = page();
    let args = ["solve", "5", "--method", "accessibility", "--every-start"];
    let runs = machine_formats(&page, "accessibility-run", &args, &["json", "csv"], 0);
    assert_eq!(runs.len(), 25, "one run from every square");
    // The sheet's listing names the successful runs, 0-based.
    let text = run(&args, 0);
    let wins: Vec<String> = runs
        .iter()
        .filter(|v| v["success"] == true)
        .map(|v| {
            let s = &v["start"][0];
            format!(
                "Solution issue de ({},{})",
                s[0].as_u64().unwrap() - 1,
                s[1].as_u64().unwrap() - 1
            )
        })
        .collect();
    let listed: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("Solution issue de"))
        .collect();
    assert_eq!(listed, wins);
    let examined: u64 = runs.iter().map(|v| v["examined"].as_u64().unwrap()).sum();
    assert!(
        text.contains(&format!("squares examined: {examined} ")),
        "{text}"
    );

    // With --table, the table's rows come first, then the runs.
    let mut with_table = args.to_vec();
    with_table.push("--table");
    let out = run_format(&with_table, "json", 0);
    let (rows, rest): (Vec<&str>, Vec<&str>) = out.lines().partition(|l| l.contains("\"row\":"));
    let rows = check_json(&page, "accessibility-row", &rows.join("\n"));
    check_json(&page, "accessibility-run", &rest.join("\n"));
    assert_eq!(rows.len(), 5);
    // From the default start (0,0) the run fails at n = 5: exit code 1.
    let table = run(&["solve", "5", "--method", "accessibility", "--table"], 1);
    for (line, row) in table.lines().zip(&rows) {
        let numbers: Vec<u64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        assert_eq!(numbers, integers(&row["accessibility"]));
    }
}

#[test]
fn listing_counts_come_first_in_every_format_that_has_them() {
    let page = page();
    for (args, of) in [
        (
            &["solutions", "8", "--limit", "3", "--count", "header"][..],
            "solutions",
        ),
        (
            &["levels", "8", "--queens", "3", "--count", "header"][..],
            "placements",
        ),
        // Until 2026-11-25 labelled "solutions": 12 are the classes.
        (
            &["solutions", "8", "--unique", "--count", "header"][..],
            "unique solutions",
        ),
    ] {
        let out = run_format(args, "json", 0);
        let (head, rest) = out.split_once('\n').unwrap();
        let v = &check_json(&page, "listing-count", head)[0];
        assert_eq!(v["of"], of);
        // The count is every match, not the --limit: a listing without
        // the header and the limit holds that many.
        let mut all: Vec<&str> = args.to_vec();
        if let Some(at) = all.iter().position(|a| *a == "--limit") {
            all.drain(at..at + 2);
        }
        all.truncate(all.len() - 2); // --count header
        let listed = run(&all, 0).lines().count() as u64;
        assert_eq!(v["count"].as_u64(), Some(listed), "{args:?}");
        assert!(!rest.contains("\"count\""), "one count record: {out}");
        // The drawings write it as a first line.
        let text = run(args, 0);
        assert_eq!(text.lines().next(), Some(format!("{listed} {of}").as_str()));
    }
}
