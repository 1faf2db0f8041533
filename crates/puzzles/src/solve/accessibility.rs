//! The accessibility heuristic of exercise sheet 002, §2.5 ("Heuristique des
//! n reines"), as the sheet defines it.
//!
//! Each square carries its accessibility: how many squares a queen standing
//! there attacks, the square itself left out (the sheet's 5 x 5 table gives
//! a corner 12 = 4 + 4 + 4). `placerNaif(cb, hb, sols, pos0)` puts a queen on
//! the starting square `pos0`, then again and again scans the whole board
//! for the free square (empty and unattacked) of least accessibility and
//! puts a queen there, without backtracking, until no free square is left;
//! the run succeeds when n queens stand. `test_heuristiq` runs it from every
//! square; `placerOptm` does the same over a list of the squares still free.
//!
//! Coordinates are the sheet's: a pair `(row, col)`, both from 0, printed
//! `(row,col)`. The scan goes column by column (col outer, row inner) and
//! keeps the first minimum: that is the order that gives the sheet's three
//! solutions, and the table stays the empty board's (see [`placer_naif`]).
//!
//! ```
//! use nqueens_puzzles::solve::accessibility::{placer_naif, format_run};
//! let run = placer_naif(5, (1, 1)).unwrap();
//! assert!(run.success);
//! // 002 §2.5: "Solution issue de (1,1)\n[(1,1) (3,0) (4,2) (0,4) (2,3) ]"
//! assert_eq!(format_run(&run), "[(1,1) (3,0) (4,2) (0,4) (2,3) ]");
//! ```

use std::fmt;

/// The largest board this module accepts; its tables are n x n.
pub const MAX_N: usize = 1024;

/// A square in the sheet's coordinates: `(row, col)`, both from 0.
pub type Square = (usize, usize);

/// Why a run cannot start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessibilityError {
    /// n is 0 or above [`MAX_N`].
    Size(usize),
    /// The starting square is off the n x n board.
    Start {
        /// The board's side.
        n: usize,
        /// The square asked for.
        square: Square,
    },
}

impl fmt::Display for AccessibilityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Size(n) => write!(f, "board side must be 1..={MAX_N}, got {n}"),
            Self::Start { n, square } => write!(
                f,
                "starting square ({},{}) is off the {n} x {n} board (coordinates from 0)",
                square.0, square.1
            ),
        }
    }
}

impl std::error::Error for AccessibilityError {}

/// One run of the heuristic from one starting square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The queens in the order they were put down, the start first.
    pub placed: Vec<Square>,
    /// Whether n queens stand at the end (the sheet records only these).
    pub success: bool,
    /// Squares read while choosing (whole-board scans for `placerNaif`,
    /// list passes for `placerOptm`), the measure of their work.
    pub examined: u64,
}

fn check(n: usize, start: Square) -> Result<(), AccessibilityError> {
    if n == 0 || n > MAX_N {
        return Err(AccessibilityError::Size(n));
    }
    if start.0 >= n || start.1 >= n {
        return Err(AccessibilityError::Start { n, square: start });
    }
    Ok(())
}

/// How many squares a queen on `(row, col)` attacks on an empty n x n board,
/// the square itself left out: its row and column (n - 1 each) and the
/// squares on its two diagonals.
fn reach(n: usize, (r, c): Square) -> u32 {
    let (rr, cc) = (n - 1 - r, n - 1 - c);
    let diagonals = r.min(c) + rr.min(cc) + r.min(cc) + rr.min(c);
    (2 * (n - 1) + diagonals) as u32
}

/// The sheet's table of accessibilities (`calculerHB`): `table[row][col]`.
///
/// The square itself is not counted, as in the sheet's 5 x 5 table (corner
/// 12). The sheet's text says a corner of the standard board "possède la
/// valeur 22"; by the same count it is 21 (7 + 7 + 7): 22 counts the corner
/// itself, which the 5 x 5 table does not (it would read 13). An erratum.
///
/// ```
/// use nqueens_puzzles::solve::accessibility::table;
/// assert_eq!(table(5).unwrap()[2][2], 16);
/// assert_eq!(table(8).unwrap()[0][0], 21); // the sheet says 22
/// ```
pub fn table(n: usize) -> Result<Vec<Vec<u32>>, AccessibilityError> {
    check(n, (0, 0))?;
    Ok((0..n)
        .map(|r| (0..n).map(|c| reach(n, (r, c))).collect())
        .collect())
}

/// The table printed as the sheet prints it: one line per row, numbers
/// separated by one space.
///
/// ```
/// use nqueens_puzzles::solve::accessibility::{format_table, table};
/// assert!(format_table(&table(5).unwrap()).starts_with("12 12 12 12 12\n12 14 14 14 12\n"));
/// ```
pub fn format_table(table: &[Vec<u32>]) -> String {
    let mut out = String::new();
    for row in table {
        let cells: Vec<String> = row.iter().map(u32::to_string).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// A run printed as the sheet prints a solution: `[(1,1) (3,0) ... ]`,
/// every square followed by one space.
///
/// ```
/// use nqueens_puzzles::solve::accessibility::{format_run, Run};
/// let run = Run { placed: vec![(0, 0)], success: true, examined: 0 };
/// assert_eq!(format_run(&run), "[(0,0) ]");
/// ```
pub fn format_run(run: &Run) -> String {
    let mut out = String::from("[");
    for (r, c) in &run.placed {
        out.push_str(&format!("({r},{c}) "));
    }
    out.push(']');
    out
}

fn attacks((r, c): Square, (s, t): Square) -> bool {
    r == s || c == t || r + t == s + c || r + c == s + t
}

/// `placerNaif(cb, hb, sols, pos0)`: the whole-board scan.
///
/// After the start, each step reads every square column by column (col
/// outer, row inner), keeps the first free square of least accessibility
/// and puts a queen there; a scan that finds no free square ends the run.
///
/// Reading choice: the accessibilities are the empty board's table, fixed
/// for the whole run. The sheet computes the table once (`calculerHB`) and
/// then "parcourant systématiquement tout l'Echiquier hb des
/// accessibilités"; it never says to recompute it. This fixed reading
/// reproduces the sheet's three solutions and its list of successes
/// exactly; recomputing the counts over the free squares does not (see the
/// tests).
///
/// ```
/// use nqueens_puzzles::solve::accessibility::placer_naif;
/// let run = placer_naif(5, (4, 4)).unwrap();
/// assert_eq!(run.placed, vec![(4, 4), (1, 0), (0, 2), (3, 1), (2, 3)]);
/// assert!(placer_naif(5, (5, 0)).is_err());
/// ```
pub fn placer_naif(n: usize, start: Square) -> Result<Run, AccessibilityError> {
    check(n, start)?;
    let hb = table(n)?;
    // cb: taken[col * n + row] is true for a queen's square and every
    // square a queen attacks.
    let mut taken = vec![false; n * n];
    let mut placed = Vec::with_capacity(n);
    let mut examined = 0u64;
    let mut next = Some(start);
    while let Some(q) = next {
        placed.push(q);
        mark(n, &mut taken, q);
        next = None;
        let mut best = u32::MAX;
        for c in 0..n {
            for r in 0..n {
                examined += 1;
                if !taken[c * n + r] && hb[r][c] < best {
                    best = hb[r][c];
                    next = Some((r, c));
                }
            }
        }
    }
    let success = placed.len() == n;
    Ok(Run {
        placed,
        success,
        examined,
    })
}

/// Marks a queen's square, row, column and diagonals as taken: O(n), the
/// four lines walked directly.
fn mark(n: usize, taken: &mut [bool], (r, c): Square) {
    for i in 0..n {
        taken[c * n + i] = true;
        taken[i * n + r] = true;
        // Square (i, c + i - r) on the diagonal, (i, r + c - i) on the other.
        if let Some(j) = (c + i).checked_sub(r).filter(|&j| j < n) {
            taken[j * n + i] = true;
        }
        if let Some(j) = (r + c).checked_sub(i).filter(|&j| j < n) {
            taken[j * n + i] = true;
        }
    }
}

/// `placerOptm(cb, hb, sols, pos0)`: the same choices over a list of the
/// squares still free, kept in scan order (column by column), so the first
/// minimum of the list is the first minimum of the board scan and the runs
/// are identical; only the work differs.
///
/// Work counted: the pass over the board that builds the list after the
/// start (n² squares), then at each step one pass over the list that drops
/// the squares the new queen attacks and finds the least of the others.
///
/// ```
/// use nqueens_puzzles::solve::accessibility::{placer_naif, placer_optm};
/// let (naive, optm) = (placer_naif(8, (0, 0)).unwrap(), placer_optm(8, (0, 0)).unwrap());
/// assert_eq!(naive.placed, optm.placed);
/// assert!(optm.examined < naive.examined);
/// ```
pub fn placer_optm(n: usize, start: Square) -> Result<Run, AccessibilityError> {
    check(n, start)?;
    let hb = table(n)?;
    let mut placed = vec![start];
    let mut examined = (n * n) as u64;
    // Strict < keeps the first of equal minima, as the board scan does.
    let mut best: Option<(u32, Square)> = None;
    let consider = |s: Square, best: &mut Option<(u32, Square)>| {
        if best.is_none_or(|(v, _)| hb[s.0][s.1] < v) {
            *best = Some((hb[s.0][s.1], s));
        }
    };
    let mut free = Vec::new();
    for c in 0..n {
        for r in 0..n {
            if !attacks(start, (r, c)) {
                free.push((r, c));
                consider((r, c), &mut best);
            }
        }
    }
    while let Some((_, q)) = best.take() {
        placed.push(q);
        examined += free.len() as u64;
        free.retain(|&s| {
            let keep = !attacks(q, s);
            if keep {
                consider(s, &mut best);
            }
            keep
        });
    }
    let success = placed.len() == n;
    Ok(Run {
        placed,
        success,
        examined,
    })
}

/// Which search `test_heuristiq` calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `placerNaif`, the whole-board scan.
    Naive,
    /// `placerOptm`, the list of free squares.
    Optm,
}

/// `test_heuristiq`: one run from every square, column by column (col
/// outer, row inner); keep the `success` ones for the sheet's listing.
///
/// n² runs of up to n whole-board scans each, O(n⁴) squares examined with
/// `placerNaif`: n = 50 takes about a second in a release build.
///
/// ```
/// use nqueens_puzzles::solve::accessibility::{test_heuristiq, Method};
/// let runs = test_heuristiq(5, Method::Naive).unwrap();
/// assert_eq!(runs.len(), 25);
/// assert_eq!(runs.iter().filter(|r| r.success).count(), 3);
/// ```
pub fn test_heuristiq(n: usize, method: Method) -> Result<Vec<Run>, AccessibilityError> {
    check(n, (0, 0))?;
    let place = match method {
        Method::Naive => placer_naif,
        Method::Optm => placer_optm,
    };
    (0..n)
        .flat_map(|c| (0..n).map(move |r| (r, c)))
        .map(|s| place(n, s))
        .collect()
}

/// The successes of [`test_heuristiq`] as the sheet lists them: for each,
/// "Solution issue de (r,c)" and the run on the next line.
///
/// ```
/// use nqueens_puzzles::solve::accessibility::{listing, test_heuristiq, Method};
/// let text = listing(&test_heuristiq(5, Method::Naive).unwrap());
/// assert!(text.starts_with("Solution issue de (1,1)\n[(1,1) (3,0)"));
/// ```
pub fn listing(runs: &[Run]) -> String {
    let mut out = String::new();
    for run in runs.iter().filter(|r| r.success) {
        let (r, c) = run.placed[0];
        out.push_str(&format!(
            "Solution issue de ({r},{c})\n{}\n",
            format_run(run)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 002 §2.5, the example run, copied from the sheet. The first table
    /// line shares the prompt's line there ("Dimension n de l'echiquier?
    /// 12 12 12 12 12": the 5 typed and its newline are not echoed).
    const SHEET: &str = "Dimension n de l'echiquier? 12 12 12 12 12
12 14 14 14 12
12 14 16 14 12
12 14 14 14 12
12 12 12 12 12

Solution issue de (1,1)
[(1,1) (3,0) (4,2) (0,4) (2,3) ]
Solution issue de (2,2)
[(2,2) (1,0) (4,1) (0,3) (3,4) ]
Solution issue de (4,4)
[(4,4) (1,0) (0,2) (3,1) (2,3) ]
";

    fn sheet_parts() -> (String, String) {
        let body = SHEET.replace("Dimension n de l'echiquier? ", "");
        let (table, runs) = body.split_once("\n\n").unwrap();
        (format!("{table}\n"), runs.to_string())
    }

    #[test]
    fn the_sheets_5_by_5_table() {
        assert_eq!(format_table(&table(5).unwrap()), sheet_parts().0);
    }

    #[test]
    fn the_sheets_three_solutions_and_no_other() {
        for method in [Method::Naive, Method::Optm] {
            let runs = test_heuristiq(5, method).unwrap();
            assert_eq!(listing(&runs), sheet_parts().1, "{method:?}");
        }
    }

    #[test]
    fn a_corner_of_the_standard_board_is_21_not_22() {
        // 002 §2.5: "sur l'échiquier standard, un coin possède la valeur 22".
        let t = table(8).unwrap();
        assert_eq!(t[0][0], 21);
        assert_eq!(t[7][7], 21);
        // Counting the square itself would give 22, but also 13 for the
        // 5 x 5 corner, which the sheet's table prints as 12.
        assert_eq!(table(5).unwrap()[0][0] + 1, 13);
    }

    #[test]
    fn the_sheets_28_also_counts_the_square_itself() {
        // 002 §2.4: "Sur l'échiquier standard vide une reine peut bloquer 28
        // cases": the best square attacks 27, and blocks 28 with its own.
        // Like §2.5's 22 (= 21 + 1), unlike the 5 x 5 table's 12.
        let t = table(8).unwrap();
        let best = t.iter().flatten().max();
        assert_eq!(best, Some(&27));
        assert_eq!((t[3][3], t[4][4], t[3][4]), (27, 27, 27));
    }

    /// Independent count: walk the eight directions from the square.
    fn reach_by_walking(n: usize, (r, c): Square) -> u32 {
        let mut count = 0;
        for (dr, dc) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            let (mut i, mut j) = (r as i64 + dr, c as i64 + dc);
            while (0..n as i64).contains(&i) && (0..n as i64).contains(&j) {
                count += 1;
                i += dr;
                j += dc;
            }
        }
        count
    }

    #[test]
    fn the_table_agrees_with_walking_the_lines() {
        for n in 1..=12 {
            let t = table(n).unwrap();
            for (r, row) in t.iter().enumerate() {
                for (c, &v) in row.iter().enumerate() {
                    assert_eq!(v, reach_by_walking(n, (r, c)), "n={n} ({r},{c})");
                }
            }
        }
    }

    /// The other reading: recompute each free square's count over the
    /// squares still free (as Warnsdorff's knight rule recomputes degrees).
    fn placer_recomputed(n: usize, start: Square) -> Vec<Square> {
        let mut placed = vec![start];
        loop {
            let free = |s: Square| placed.iter().all(|&q| !attacks(q, s));
            let mut best: Option<(usize, Square)> = None;
            for c in 0..n {
                for r in 0..n {
                    if !free((r, c)) {
                        continue;
                    }
                    let cost = (0..n)
                        .flat_map(|cc| (0..n).map(move |rr| (rr, cc)))
                        .filter(|&s| s != (r, c) && free(s) && attacks((r, c), s))
                        .count();
                    if best.is_none_or(|(b, _)| cost < b) {
                        best = Some((cost, (r, c)));
                    }
                }
            }
            match best {
                Some((_, q)) => placed.push(q),
                None => return placed,
            }
        }
    }

    #[test]
    fn recomputing_the_table_does_not_give_the_sheets_runs() {
        // Evidence for the fixed-table reading. With recomputed counts, the
        // run from (1,1) reaches the same squares in another order, the run
        // from (2,2) is the same, and the run from (4,4) ends elsewhere.
        assert_eq!(
            placer_recomputed(5, (1, 1)),
            vec![(1, 1), (3, 0), (0, 4), (4, 2), (2, 3)]
        );
        assert_eq!(
            placer_recomputed(5, (2, 2)),
            placer_naif(5, (2, 2)).unwrap().placed
        );
        assert_eq!(
            placer_recomputed(5, (4, 4)),
            vec![(4, 4), (2, 0), (3, 2), (0, 1), (1, 3)]
        );
        // The sheet prints (4,2) third from (1,1), and (1,0) second from (4,4).
        assert_eq!(placer_naif(5, (1, 1)).unwrap().placed[2], (4, 2));
        assert_eq!(placer_naif(5, (4, 4)).unwrap().placed[1], (1, 0));
    }

    /// The other scan order (row by row, first minimum) from the sheet's
    /// first start: it takes (0,3) second, where the sheet shows (3,0).
    #[test]
    fn scanning_row_by_row_does_not_give_the_sheets_runs() {
        let hb = table(5).unwrap();
        let start = (1, 1);
        let free: Vec<Square> = (0..5)
            .flat_map(|r| (0..5).map(move |c| (r, c)))
            .filter(|&s| !attacks(start, s))
            .collect();
        let second = free.iter().min_by_key(|&&(r, c)| hb[r][c]).copied();
        assert_eq!(second, Some((0, 3)));
        assert_eq!(placer_naif(5, start).unwrap().placed[1], (3, 0));
    }

    #[test]
    fn both_methods_agree_and_the_list_does_less_work() {
        for n in 1..=12 {
            let naive = test_heuristiq(n, Method::Naive).unwrap();
            let optm = test_heuristiq(n, Method::Optm).unwrap();
            for (a, b) in naive.iter().zip(&optm) {
                assert_eq!((&a.placed, a.success), (&b.placed, b.success), "n = {n}");
                assert!(b.examined <= a.examined, "n = {n}");
            }
        }
    }

    #[test]
    fn every_run_is_non_attacking_and_maximal() {
        for n in 1..=9 {
            for run in test_heuristiq(n, Method::Naive).unwrap() {
                let q = &run.placed;
                for i in 0..q.len() {
                    for j in 0..i {
                        assert!(!attacks(q[i], q[j]), "n={n} {q:?}");
                    }
                }
                // No free square left: every square is attacked by some queen.
                for r in 0..n {
                    for c in 0..n {
                        assert!(q.iter().any(|&p| attacks(p, (r, c))), "n={n} {q:?}");
                    }
                }
                assert_eq!(run.success, q.len() == n);
            }
        }
    }

    /// `cargo test --release -- --ignored --nocapture work_of_both`: the
    /// squares examined by `test_heuristiq` with each method.
    #[test]
    #[ignore = "measurement: prints the work of both methods"]
    fn work_of_both_methods() {
        for n in [5, 6, 7, 8, 9, 10, 12, 20, 30, 50] {
            let naive = test_heuristiq(n, Method::Naive).unwrap();
            let optm = test_heuristiq(n, Method::Optm).unwrap();
            assert!(naive.iter().zip(&optm).all(|(a, b)| a.placed == b.placed));
            let work = |runs: &[Run]| runs.iter().map(|r| r.examined).sum::<u64>();
            let wins = naive.iter().filter(|r| r.success).count();
            let (a, b) = (work(&naive), work(&optm));
            println!(
                "n = {n}: {wins} successes; naive {a}, optm {b}, ratio {:.1}",
                a as f64 / b as f64
            );
        }
    }

    #[test]
    fn the_naive_work_is_one_full_scan_per_queen() {
        // One scan after each queen, the last one finding nothing.
        let run = placer_naif(5, (1, 1)).unwrap();
        assert_eq!(run.examined, 5 * 25);
    }

    #[test]
    fn bad_input_is_a_documented_error() {
        assert_eq!(table(0), Err(AccessibilityError::Size(0)));
        assert_eq!(
            placer_naif(MAX_N + 1, (0, 0)),
            Err(AccessibilityError::Size(MAX_N + 1))
        );
        let err = placer_optm(4, (0, 4)).unwrap_err();
        assert_eq!(
            err,
            AccessibilityError::Start {
                n: 4,
                square: (0, 4)
            }
        );
        assert!(err.to_string().contains("(0,4)"));
        assert!(test_heuristiq(0, Method::Optm).is_err());
    }

    #[test]
    fn one_queen_on_one_square() {
        let run = placer_naif(1, (0, 0)).unwrap();
        assert!(run.success);
        assert_eq!(format_run(&run), "[(0,0) ]");
    }
}
