//! Every format of every verb that writes through the exporter, parsed and
//! held to the reference page `docs/formats.md`: JSON lines have exactly
//! the documented keys with the documented types, CSV and Markdown have
//! the documented header and the same number of cells on every row, and
//! the drawings show the same placements as the JSON.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::page::*;
use serde_json::Value;

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
        "status",
        "estimate",
        "plan",
        "solution",
        "no-solution",
        "solve",
        "pieces",
        "show",
        "solver",
        "dominate",
        "pawns",
        // formats_seeds.rs: the source documents' verbs.
        "listing-count",
        "space",
        "level",
        "partial",
        "accessibility-row",
        "accessibility-run",
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
        (&v[0]["n"], &v[0]["shards"], &v[0]["symmetry"]),
        (&8.into(), &2.into(), &"shard".into())
    );
    std::fs::write(&plan, text).unwrap();
    let (plan, out) = (plan.to_str().unwrap(), dir.join("out"));
    // The results directory exists before any shard ran (a job array's
    // --out); `missing` refuses one that does not.
    std::fs::create_dir(&out).unwrap();
    let out = out.to_str().unwrap();
    let missing = ["missing", "--plan", plan, out];
    let v = machine_formats(&page, "missing", &missing, &["json", "csv"], 0);
    // Two shards of subproblems and the symmetry shard, 2.
    assert_eq!((&v[0]["missing"], &v[0]["ids"]), (&3.into(), &"0-2".into()));
    assert_eq!(run(&missing, 0), "0-2\n");
    let status = ["status", "--plan", plan, out];
    let v = machine_formats(&page, "status", &status, &["json", "csv"], 0);
    assert_eq!(
        (&v[0]["done"], &v[0]["missing_ids"], &v[0]["eta_basis"]),
        (&0.into(), &"0-2".into(), &"none yet".into())
    );
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
    let v = machine_formats(&page, "status", &status, &["json", "csv"], 0);
    assert_eq!(
        (&v[0]["done"], &v[0]["missing_ids"], &v[0]["partial_total"]),
        (&2.into(), &"2".into(), &92.into())
    );
    check_text_block(&page, "status", &run(&status, 0));
    run(&shard("2"), 0);
    let v = machine_formats(&page, "missing", &missing, &["json", "csv"], 0);
    assert_eq!((&v[0]["missing"], v[0].get("ids")), (&0.into(), None));
    assert_eq!(run(&missing, 0), "");
    let v = machine_formats(&page, "status", &status, &["json", "csv"], 0);
    assert_eq!(
        (&v[0]["done"], v[0]["eta_seconds"].as_f64()),
        (&3.into(), Some(0.0))
    );
    let args = ["merge", "--plan", plan, out];
    let v = machine_formats(&page, "merge", &args, &["json", "csv"], 0);
    assert_eq!((&v[0]["total"], &v[0]["unique"]), (&92.into(), &12.into()));
    check_text_block(&page, "merge", &run(&args, 0));
    let recount = [
        "merge",
        "--plan",
        plan,
        out,
        "--recount",
        "2",
        "--seed",
        "1",
    ];
    let v = machine_formats(&page, "merge", &recount, &["json", "csv"], 0);
    assert_eq!(
        (&v[0]["recounted"], &v[0]["seed"]),
        (&"0-1".into(), &1.into())
    );
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
    assert_eq!(methods.len(), 7, "{methods:?}");
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

#[test]
fn estimate_in_every_format() {
    let page = page();
    // A sample of 40 of n = 12's 252 subproblems, and n = 8's whole split.
    let v = machine_formats(
        &page,
        "estimate",
        &["estimate", "12", "--samples", "40", "--seed", "3"],
        &["json", "csv"],
        0,
    );
    let r = &v[0];
    assert_eq!(
        (&r["design"], &r["samples"]),
        (&"thinned".into(), &40.into())
    );
    let (low, high) = (
        r["total_low"].as_u64().unwrap(),
        r["total_high"].as_u64().unwrap(),
    );
    let estimate = r["total_estimate"].as_u64().unwrap();
    assert!(low <= estimate && estimate <= high, "{r}");
    check_text_block(
        &page,
        "estimate",
        &run(&["estimate", "12", "--samples", "40", "--seed", "3"], 0),
    );
    let v = machine_formats(
        &page,
        "estimate",
        &["estimate", "8", "--samples", "100"],
        &["json"],
        0,
    );
    assert_eq!(
        (&v[0]["design"], &v[0]["total_low"], &v[0]["total_high"]),
        (&"exact".into(), &92.into(), &92.into())
    );
}

/// The library's records serialized by serde are what the command line
/// writes: the same keys in the same order, the same values but for the
/// ones a run measures (times, rates, memory).
#[test]
fn serde_records_are_the_command_lines_json() {
    use crate::common::stdout;
    use nqueens::listing::SolutionsRequest;
    use nqueens::placement::{PartialRecord, PartialRequest, ShowRequest};
    use nqueens::{
        Control, CountRequest, DominateRequest, LevelsRequest, PawnsRequest, PiecesRequest,
        SolveRequest, SpaceRequest,
    };
    let measured = |k: &str| {
        k.contains("seconds") || k.contains("per_second") || k.contains("memory") || k == "threads"
    };
    let same = |cli: &str, library: String| {
        let (a, b): (Value, Value) = (
            serde_json::from_str(cli).unwrap(),
            serde_json::from_str(&library).unwrap(),
        );
        let keys = |t: &str| -> Vec<String> {
            let v: serde_json::Map<String, Value> = serde_json::from_str(t).unwrap();
            let mut at: Vec<(usize, String)> = v
                .keys()
                .map(|k| (t.find(&format!("\"{k}\":")).unwrap(), k.clone()))
                .collect();
            at.sort();
            at.into_iter().map(|(_, k)| k).collect()
        };
        assert_eq!(keys(cli), keys(&library), "{cli}\n{library}");
        for (k, v) in a.as_object().unwrap() {
            if !measured(k) {
                assert_eq!(v, &b[k], "{k}: {cli}\n{library}");
            }
        }
    };
    let cli = stdout(&["count", "10", "--threads", "2", "--format", "json"]);
    let request = CountRequest {
        run: nqueens::Run {
            threads: Some("2".into()),
            max_memory: None,
        },
        ..CountRequest::new(10)
    };
    let record = request.check().unwrap().run(&Control::new()).unwrap();
    same(cli.trim(), serde_json::to_string(&record).unwrap());

    let cli = stdout(&["dominate", "6", "--format", "json"]);
    let record = DominateRequest::new(6)
        .check()
        .unwrap()
        .run(&Control::new())
        .unwrap();
    same(cli.trim(), serde_json::to_string(&record).unwrap());

    let cli = stdout(&["pawns", "6", "--queens", "7", "--format", "json"]);
    let record = PawnsRequest::new(6, 7)
        .check()
        .unwrap()
        .run(&Control::new())
        .unwrap();
    same(cli.trim(), serde_json::to_string(&record).unwrap());

    let cli = stdout(&["pieces", "knights", "6", "--format", "json"]);
    let record = PiecesRequest::new("knights", 6)
        .check()
        .unwrap()
        .run()
        .unwrap();
    same(cli.trim(), serde_json::to_string(&record).unwrap());

    // A listing: each line of the command line is one record's value.
    let every = |cli: String, records: Vec<String>| {
        let lines: Vec<&str> = cli.lines().collect();
        assert_eq!(lines.len(), records.len(), "{cli}");
        for (line, record) in lines.into_iter().zip(records) {
            same(line, record);
        }
    };
    fn json(record: &impl serde::Serialize) -> String {
        serde_json::to_string(record).unwrap()
    }

    // levels, with its count first.
    let levels = LevelsRequest {
        n: "6".into(),
        queens: "3".into(),
    }
    .check()
    .unwrap();
    let records = levels.run().unwrap();
    let mut expected = vec![json(&levels.counted(records.len()))];
    expected.extend(records.iter().map(json));
    let cli = stdout(&[
        "levels", "6", "--queens", "3", "--count", "--format", "json",
    ]);
    every(cli, expected);

    // space
    let records = SpaceRequest { n: "8".into() }
        .check()
        .unwrap()
        .run()
        .unwrap();
    let cli = stdout(&["space", "8", "--format", "json"]);
    every(cli, records.iter().map(json).collect());

    // solutions: counted, then each solution with its orbit.
    let listing = SolutionsRequest {
        unique: true,
        ..SolutionsRequest::new(8)
    }
    .check()
    .unwrap();
    let mut expected = vec![json(&listing.counted(&Control::new()).unwrap())];
    listing
        .run(&Control::new(), |s, orbit| {
            expected.push(json(&listing.record(s, orbit)));
            Ok::<(), nqueens::Error>(())
        })
        .unwrap();
    let cli = stdout(&["solutions", "8", "--unique", "--count", "--format", "json"]);
    every(cli, expected);

    // An empty listing: its no-solution record.
    let listing = SolutionsRequest::new(3).check().unwrap();
    let listed = listing
        .run(&Control::new(), |_, _| Ok::<(), nqueens::Error>(()))
        .unwrap();
    let cli = stdout(&["solutions", "3", "--format", "json"]);
    every(cli, vec![json(&listing.no_solution(&listed))]);

    // solve, found and not.
    let solve = SolveRequest::new(10).check().unwrap();
    let solution = solve.run().unwrap();
    let mut record = solve.record(Some(&solution), 0.0, None);
    record.placement = Some(solution.columns);
    let cli = stdout(&["solve", "10", "--format", "json"]);
    same(cli.trim(), serde_json::to_string(&record).unwrap());
    let solve = SolveRequest::new(3).check().unwrap();
    let note = solve.run().unwrap_err().to_string();
    let record = solve.record(None, 0.0, Some(note));
    let (cli, _) = crate::common::output(&["solve", "3", "--format", "json"], 1);
    same(cli.trim(), serde_json::to_string(&record).unwrap());

    // The accessibility sheet: its table's rows, then its runs (from the
    // corner of 6 x 6 the heuristic ends in no solution: exit 1).
    let solve = SolveRequest {
        method: "accessibility".into(),
        table: true,
        ..SolveRequest::new(6)
    }
    .check()
    .unwrap();
    let sheet = solve.sheet(false).unwrap();
    let mut expected: Vec<String> = sheet.rows().map(|r| json(&r)).collect();
    expected.extend(sheet.runs().map(|r| json(&r)));
    let args = ["solve", "6", "--method", "accessibility", "--table"];
    let (cli, _) = crate::common::output(&[&args[..], &["--format", "json"]].concat(), 1);
    every(cli, expected);

    // show: a solution, and a pair that attacks (exit 1).
    for (columns, code) in [("2 4 1 3", 0), ("1 2 4 3", 1)] {
        let request = ShowRequest {
            columns: columns.into(),
            max_n: 1000,
            drawn: String::new(),
        };
        let record = request.check().unwrap();
        let (cli, _) = crate::common::output(&["show", columns, "--format", "json"], code);
        same(cli.trim(), serde_json::to_string(&record).unwrap());
    }

    // A partial board.
    let request = PartialRequest {
        size: "6".into(),
        columns: "2 4".into(),
        max_n: 64,
        owner: String::new(),
        spelling: nqueens::Spelling::Flags,
    };
    let PartialRecord::Position { blocked, .. } = request.check().unwrap().run().unwrap() else {
        panic!("2 4 is a position of the search")
    };
    let cli = stdout(&["show", "2 4", "--size", "6", "--format", "json"]);
    same(cli.trim(), serde_json::to_string(&blocked).unwrap());
}
