//! The source documents' excerpts (`tests/data/seeds/`, one per worked
//! example, listed in EXAMPLES.md there) and the plain readings the seed
//! tests make of them and of the CLI's output; with the small independent
//! solvers those tests compare against. Shared by `tests/seeds.rs` and
//! `tests/seeds_listings.rs`.

#![allow(dead_code)]

/// The excerpt `name` (without `.txt`), verbatim from its document.
pub fn excerpt(name: &str) -> String {
    let path = format!("{}/tests/data/seeds/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The single-quoted strings of digits of a text, in order: 004's `'13'`
/// (its apostrophes, `l'emplacement`, and quoted words are not taken).
pub fn quoted(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('\'') {
        rest = &rest[i + 1..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 && rest[digits..].starts_with('\'') {
            out.push(rest[..digits].to_string());
            rest = &rest[digits + 1..];
        }
    }
    out
}

/// The CLI's accessibility sheet at n = 8 (002 §2.5): the table, then a
/// run from every start; exit code 1, as no start ends in a solution.
pub fn every_start_sheet() -> (String, String) {
    let args = "solve 8 --method accessibility --table --every-start";
    crate::common::output(&args.split(' ').collect::<Vec<_>>(), 1)
}

/// The whole numbers of a text, in order (a space splits a number: 003's
/// grouped `15 720` reads as 15 and 720).
pub fn numbers(text: &str) -> Vec<u128> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect()
}

pub fn lines(text: &str) -> Vec<String> {
    text.lines().map(|l| l.trim_end().to_string()).collect()
}

/// Valid placements of the first `k` columns' queens on an n x n board,
/// counted by plain backtracking here, independent of the CLI.
pub fn placements(n: usize, k: usize) -> u64 {
    fn go(n: usize, k: usize, lines: &mut Vec<usize>) -> u64 {
        if lines.len() == k {
            return 1;
        }
        let c = lines.len();
        let mut total = 0;
        for r in 0..n {
            let free = lines
                .iter()
                .enumerate()
                .all(|(c2, &r2)| r2 != r && c - c2 != r.abs_diff(r2));
            if free {
                lines.push(r);
                total += go(n, k, lines);
                lines.pop();
            }
        }
        total
    }
    go(n, k, &mut Vec::new())
}

/// Every solution of the n x n board, 0-based columns row by row, in
/// lexicographic order: every permutation tried, the diagonals compared
/// pair by pair. Independent of the CLI and its kernel.
pub fn naive(n: usize) -> Vec<Vec<usize>> {
    fn go(n: usize, rows: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if rows.len() == n {
            out.push(rows.clone());
            return;
        }
        for c in 0..n {
            let r = rows.len();
            let free = rows
                .iter()
                .enumerate()
                .all(|(r2, &c2)| c2 != c && r - r2 != c.abs_diff(c2));
            if free {
                rows.push(c);
                go(n, rows, out);
                rows.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(n, &mut Vec::new(), &mut out);
    out
}

/// Whether two queens of `rows` (0-based columns) attack each other.
pub fn attacks(rows: &[usize], a: usize, b: usize) -> bool {
    rows[a] == rows[b] || a.abs_diff(b) == rows[a].abs_diff(rows[b])
}
