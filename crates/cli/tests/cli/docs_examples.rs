//! The console examples of README.md and docs/*.md, run and compared with
//! what they show, so that an example that no longer matches the tool fails
//! the tests (P20: cluster.md showed a design the command no longer
//! printed, install.md another interval than Python gives).
//!
//! The convention (docs/design.md, "Checking"):
//! - an example is a fenced block whose info string is `console`; each line
//!   starting `$ ` is a command, run by bash in a scratch directory with the
//!   built `nqueens` first on `PATH` (the commands of one block share the
//!   directory, in order); the lines after it, up to the next command or
//!   the block's end, are what it prints, stdout and stderr together;
//! - a block the tests cannot run (it needs a cluster, a compiler's
//!   timing, hours, the network, cargo) is opted out by the line
//!   `<!-- examples: skip (the reason) -->` right before its fence;
//! - compared line by line, runs of spaces taken as one, with the fields
//!   that differ from run to run or machine to machine masked in both:
//!   the values of the keys in [`VOLATILE`] (times, rates, memory, the
//!   machine's threads and cores), in a record's text lines (`key  value`),
//!   JSON (`"key":value`) and `key=value` lines, and the volatile columns
//!   of a table; amounts of memory (`4.6 MiB`); a commit (`commit
//!   0123abc`), and the scratch directory's path.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The keys whose values are the run's or the machine's, not the tool's
/// answer.
const VOLATILE: &[&str] = &[
    "seconds",
    "symmetry_seconds",
    "nodes_per_second",
    "peak_memory_bytes",
    "memory_budget_bytes",
    "threads",
    "depth",
    "cores",
    "cpu_seconds",
    "shard_seconds",
    "split_cpu_seconds",
    "symmetry_cpu_seconds",
    "cpu_seconds_estimate",
    "cpu_seconds_low",
    "cpu_seconds_high",
    "wall_seconds_estimate",
    "wall_seconds_low",
    "wall_seconds_high",
    "cpu_degrees_of_freedom",
    "seed_used",
    // A benchmark's table: its timings and what they give, and the runs
    // a time target chose.
    "runs",
    "mean_s",
    "stddev_s",
    "median_s",
    "min_s",
    "max_s",
    "user_s",
    "system_s",
    "max_rss_kib",
    "nodes_per_s",
    "speedup",
    "speedup_stddev",
];

/// The documents whose examples are run.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    docs.insert(0, root.join("README.md"));
    docs
}

/// One command of an example and what it shows.
struct Example {
    /// Where: `docs/usage.md:72`.
    place: String,
    command: String,
    shown: Vec<String>,
}

/// A document's runnable blocks, each its examples in order; and the
/// number of blocks opted out.
fn blocks(path: &Path) -> (Vec<Vec<Example>>, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path
        .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .unwrap_or(path)
        .display()
        .to_string();
    let lines: Vec<&str> = text.lines().collect();
    let (mut out, mut skipped) = (Vec::new(), 0);
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```console" {
            i += 1;
            continue;
        }
        let before = lines[..i].iter().rev().find(|l| !l.trim().is_empty());
        let skip = before.is_some_and(|l| l.trim_start().starts_with("<!-- examples: skip"));
        let mut block: Vec<Example> = Vec::new();
        i += 1;
        while i < lines.len() && !lines[i].starts_with("```") {
            match lines[i].strip_prefix("$ ") {
                Some(command) => block.push(Example {
                    place: format!("{name}:{}", i + 1),
                    command: command.to_string(),
                    shown: Vec::new(),
                }),
                None => match block.last_mut() {
                    Some(e) => e.shown.push(lines[i].to_string()),
                    None => panic!(
                        "{name}:{}: a console block starts with output, not `$ `",
                        i + 1
                    ),
                },
            }
            i += 1;
        }
        if skip {
            skipped += 1;
        } else {
            out.push(block);
        }
        i += 1;
    }
    (out, skipped)
}

/// Lines as compared ([`masked`] each); in a table (a header of four or
/// more lowercase names, one of them in [`VOLATILE`], then rows to a blank
/// line) the volatile columns' cells masked too, by their place under the
/// header (a table's numbers end under their column's name), so an empty
/// cell (a program's nodes) does not shift the cells after it.
fn masked_lines<S: AsRef<str>>(lines: &[S], scratch: &str) -> Vec<String> {
    let mut out = Vec::new();
    // The volatile columns: from the end of the name before to the end
    // of its own, in characters.
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for line in lines {
        // A benchmark's warnings of the machine's noise (outliers, a slow
        // first run) are the run's, not the tool's answer: the note lines
        // that give them are left out, and a row's warning is cut off.
        let line = line.as_ref();
        if line.starts_with("note: warning:") {
            continue;
        }
        let line = line.find("  warning: ").map_or(line, |at| &line[..at]);
        let chars: Vec<char> = line.chars().collect();
        let words = words_at(&chars);
        let header = words.len() >= 4
            && words.iter().all(|&(a, b)| {
                chars[a..b]
                    .iter()
                    .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            });
        if header {
            spans = words
                .iter()
                .enumerate()
                .filter(|(_, &(a, b))| {
                    VOLATILE.contains(&chars[a..b].iter().collect::<String>().as_str())
                })
                .map(|(i, &(_, b))| (if i == 0 { 0 } else { words[i - 1].1 }, b))
                .collect();
            out.push(masked(line, scratch));
            continue;
        }
        if words.is_empty() {
            spans.clear();
        }
        let mut cells = chars.clone();
        for &(a, b) in &spans {
            let b = b.min(cells.len());
            if a < b && cells[a..b].iter().any(|c| !c.is_whitespace()) {
                cells[a..b].iter_mut().for_each(|c| *c = ' ');
                cells[b - 1] = '*';
            }
        }
        out.push(masked(&cells.iter().collect::<String>(), scratch));
    }
    out
}

/// The words of a line: where each starts and ends, in characters.
fn words_at(chars: &[char]) -> Vec<(usize, usize)> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in chars.iter().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                words.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        words.push((s, chars.len()));
    }
    words
}

/// A line as compared: volatile values masked, runs of spaces as one.
fn masked(line: &str, scratch: &str) -> String {
    let mut line = line.replace(scratch, "<scratch>");
    for key in VOLATILE {
        // JSON: "key":value
        let quoted = format!("\"{key}\":");
        let mut from = 0;
        while let Some(at) = line[from..].find(&quoted) {
            let start = from + at + quoted.len();
            let end = line[start..]
                .find([',', '}'])
                .map_or(line.len(), |e| start + e);
            line.replace_range(start..end, "*");
            from = start + 1;
        }
        // key=value
        let assigned = format!("{key}=");
        for (at, _) in line
            .clone()
            .match_indices(&assigned)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            let boundary = at == 0 || line[..at].ends_with(' ');
            if boundary {
                let start = at + assigned.len();
                let end = line[start..].find(' ').map_or(line.len(), |e| start + e);
                line.replace_range(start..end, "*");
            }
        }
    }
    // A record's text line: `key   value`.
    let mut words = line.split_whitespace();
    if let (Some(key), Some(_)) = (words.next(), words.clone().next()) {
        if VOLATILE.contains(&key) && words.clone().count() == 1 {
            line = format!("{key} *");
        }
    }
    // Memory: `4.6 MiB` (what the process holds differs by build).
    for unit in [" KiB", " MiB", " GiB"] {
        let mut from = 0;
        while let Some(at) = line[from..].find(unit) {
            let end = from + at;
            let start = line[..end]
                .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
                .map_or(0, |s| s + 1);
            if start < end {
                line.replace_range(start..end, "*");
                from = start + 1 + unit.len();
            } else {
                from = end + unit.len();
            }
        }
    }
    // Seconds in words: `process start-up: 0.000911 s (median ...`.
    let words: Vec<&str> = line.split(' ').collect();
    let seconds: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let unit = words.get(i + 1).is_some_and(|u| {
                u.strip_prefix('s')
                    .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_punctuation()))
            });
            if unit && w.contains('.') && w.parse::<f64>().is_ok() {
                "*".to_string()
            } else {
                w.to_string()
            }
        })
        .collect();
    line = seconds.join(" ");
    // A commit: `commit 0123abcdef`.
    if let Some(at) = line.find("commit ") {
        let start = at + "commit ".len();
        let end = line[start..]
            .find(|c: char| !c.is_ascii_hexdigit())
            .map_or(line.len(), |e| start + e);
        if end - start >= 7 {
            line.replace_range(start..end, "*");
        }
    }
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Runs every example of every document, in parallel by block, and lists
/// every one whose output differs from what its document shows.
#[test]
fn every_console_example_prints_what_its_document_shows() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_nqueens"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut all = Vec::new();
    let mut skipped = 0;
    for doc in documents() {
        let (b, s) = blocks(&doc);
        all.extend(b);
        skipped += s;
    }
    let examples: usize = all.iter().map(Vec::len).sum();
    let root = std::env::temp_dir().join(format!("nqueens-docs-examples-{}", std::process::id()));
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = all
            .iter()
            .enumerate()
            .map(|(b, block)| {
                let (root, path) = (&root, &path);
                s.spawn(move || {
                    let dir = root.join(format!("block{b}"));
                    std::fs::create_dir_all(dir.join("target")).unwrap();
                    // The repository's scripts, as
                    // the documents name them from its root.
                    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
                    std::os::unix::fs::symlink(repo.join("scripts"), dir.join("scripts")).unwrap();
                    let scratch = dir.display().to_string();
                    let mut failed = Vec::new();
                    for e in block {
                        let out = Command::new("bash")
                            .arg("-c")
                            .arg(format!("exec 2>&1; {}", e.command))
                            .current_dir(&dir)
                            .env("PATH", path)
                            .env("COLUMNS", "80")
                            .output()
                            .unwrap();
                        let printed = String::from_utf8_lossy(&out.stdout);
                        let got = masked_lines(&printed.lines().collect::<Vec<_>>(), &scratch);
                        let want = masked_lines(&e.shown, &scratch);
                        if got != want {
                            failed.push(format!(
                                "{}: $ {}\n  shown:\n    {}\n  printed:\n    {}",
                                e.place,
                                e.command,
                                want.join("\n    "),
                                got.join("\n    ")
                            ));
                        }
                    }
                    failed
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let _ = std::fs::remove_dir_all(&root);
    eprintln!(
        "docs examples: {examples} commands in {} blocks run, {skipped} blocks opted out",
        all.len()
    );
    assert!(examples >= 10, "only {examples} examples found");
    assert!(
        failures.is_empty(),
        "{} of {examples} examples print something else than their document shows:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn masking_keeps_answers_and_hides_times() {
    let s = "/tmp/x";
    assert_eq!(masked("seconds              0.009375", s), "seconds *");
    assert_eq!(masked("total                14200", s), "total 14200");
    assert_eq!(
        masked(
            "{\"n\":13,\"seconds\":0.0165,\"total\":4524,\"threads\":2}",
            s
        ),
        "{\"n\":13,\"seconds\":*,\"total\":4524,\"threads\":*}"
    );
    assert_eq!(
        masked("n=8 found=true seconds=1.07 steps=35 out=/tmp/x/m.txt", s),
        "n=8 found=true seconds=* steps=35 out=<scratch>/m.txt"
    );
    assert_eq!(
        masked("nqueens 0.1.0 (commit b2fa60a9cb80)", s),
        "nqueens 0.1.0 (commit *)"
    );
    assert_eq!(
        masked("note: process start-up: 0.000911 s (median of 10 runs)", s),
        "note: process start-up: * s (median of 10 runs)"
    );
    // A benchmark's table: timings, runs and speed-ups masked, the counts
    // and the check kept; warnings of the machine's noise left out.
    let table = [
        " n  solver   timing  threads  runs  mean_s        speedup   total  unique  oeis  note",
        "12  halves  process        2    26  0.0075  1.12 +- 0.24x   14200    1787    ok  warning: 1 outlier",
        "12  c-prog  process        1     3  0.0031  0.90 +- 0.09x   14200            ok",
        "",
        "note: warning: halves at n = 12: 1 statistical outlier",
        "note: speedup = mean of mirror / mean of the solver",
    ];
    assert_eq!(
        masked_lines(&table, s),
        [
            "n solver timing threads runs mean_s speedup total unique oeis note",
            "12 halves process * * * * 14200 1787 ok",
            "12 c-prog process * * * * 14200 ok",
            "",
            "note: speedup = mean of mirror / mean of the solver",
        ]
    );
}
