//! The source documents' excerpts (`tests/data/seeds/`, one per worked
//! example, listed in EXAMPLES.md there) and the plain readings the seed
//! tests make of them and of the CLI's output; with the small independent
//! solvers those tests compare against. Shared by `seeds.rs`,
//! `seeds_counts.rs` and `seeds_listings.rs`.

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

/// Hands `f` every placement of `k` queens on the first `k` lines (rows,
/// or columns: the transpose counts the same) of the n x n board with no
/// two attacking, 0-based, in lexicographic order: plain backtracking, the
/// diagonals compared pair by pair. Independent of the CLI and its kernel.
fn each_placement(n: usize, k: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(n: usize, k: usize, lines: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        if lines.len() == k {
            f(lines);
            return;
        }
        let r = lines.len();
        for c in 0..n {
            let free = lines
                .iter()
                .enumerate()
                .all(|(r2, &c2)| c2 != c && r - r2 != c.abs_diff(c2));
            if free {
                lines.push(c);
                go(n, k, lines, f);
                lines.pop();
            }
        }
    }
    go(n, k, &mut Vec::new(), f)
}

/// Valid placements of the first `k` columns' queens on an n x n board.
pub fn placements(n: usize, k: usize) -> u64 {
    let mut count = 0;
    each_placement(n, k, &mut |_| count += 1);
    count
}

/// Every solution of the n x n board, 0-based columns row by row, in
/// lexicographic order.
pub fn naive(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    each_placement(n, n, &mut |s| out.push(s.to_vec()));
    out
}

/// Whether two queens of `rows` (0-based columns) attack each other.
pub fn attacks(rows: &[usize], a: usize, b: usize) -> bool {
    rows[a] == rows[b] || a.abs_diff(b) == rows[a].abs_diff(rows[b])
}
