//! The explicit construction of article 003 ("Élaboration d'une solution"),
//! exactly as the article states it: divide n by 12, keep the remainder,
//! write the even numbers, then the odd numbers, with the three patches the
//! remainder asks for.
//!
//! The article reads its list column by column: "placer la dame de la
//! première colonne dans la ligne avec le premier nombre de la liste"
//! (003, step 7), so `list[c - 1]` is the row of the queen of column `c`.
//! The project's vectors read row -> column; [`row_to_column`] gives that
//! reading (the inverse permutation, since the list is a permutation).
//!
//! ```
//! use nqueens_puzzles::solve::construct12::{article_list, row_to_column};
//! let list = article_list(8).unwrap();
//! assert_eq!(list, vec![2, 4, 6, 8, 3, 1, 7, 5]);
//! assert_eq!(row_to_column(&list), vec![6, 1, 5, 2, 8, 3, 7, 4]);
//! ```

use std::fmt;

use super::{check_n, Method, Solution, SolveError};

/// Why the article's rule gives no list for this `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstructError {
    /// The article states its rule "si n = 1 ou n ≥ 4" only; n = 2 and
    /// n = 3 have no solution at all, and n = 0 is outside its statement.
    OutsideRule(usize),
}

impl fmt::Display for ConstructError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutsideRule(n) => write!(
                f,
                "the mod-12 construction is stated for n = 1 or n >= 4, not n = {n}"
            ),
        }
    }
}

impl std::error::Error for ConstructError {}

/// The article's list for `n` queens: entry `c - 1` is the row (1-based) of
/// the queen in column `c`, built by the article's seven steps.
///
/// Errors for n = 0, 2 and 3, where the article does not state its rule.
///
/// ```
/// use nqueens_puzzles::solve::construct12::article_list;
/// // 003: "15 dames (reste 3): 4, 6, 8, 10, 12, 14, 2, 5, 7, 9, 11, 13, 15, 1, 3."
/// assert_eq!(
///     article_list(15).unwrap(),
///     vec![4, 6, 8, 10, 12, 14, 2, 5, 7, 9, 11, 13, 15, 1, 3]
/// );
/// assert!(article_list(3).is_err());
/// ```
pub fn article_list(n: usize) -> Result<Vec<usize>, ConstructError> {
    if n == 0 || n == 2 || n == 3 {
        return Err(ConstructError::OutsideRule(n));
    }
    // Step 1: "Diviser n par 12. Se rappeler du reste."
    let rest = n % 12;
    // Step 2: "Écrire dans l'ordre la liste des nombres pairs de 2 à n."
    let mut evens: Vec<usize> = (2..=n).step_by(2).collect();
    // Step 3: "Si le reste est 3 ou 9, mettre 2 à la fin de la liste."
    if rest == 3 || rest == 9 {
        move_to_end(&mut evens, &[2]);
    }
    // Step 4: the odd numbers; with remainder 8 "permuter les deux à deux
    // (ie 3, 1, 7, 5, 11, 9, …)". n ≡ 8 (mod 12) has n / 2 odd numbers, an
    // even count, so every odd number has a partner.
    let mut odds: Vec<usize> = (1..=n).step_by(2).collect();
    if rest == 8 {
        for pair in odds.chunks_exact_mut(2) {
            pair.swap(0, 1);
        }
    }
    // Step 5: "Si le reste est 2, permuter les places de 1 et 3, puis mettre
    // 5 à la fin de la liste." The rule excludes n = 2, so n >= 14 here and
    // 1, 3 and 5 all exist.
    if rest == 2 {
        odds.swap(0, 1);
        move_to_end(&mut odds, &[5]);
    }
    // Step 6: "Si le reste est 3 ou 9, mettre 1 et 3 à la fin de la liste."
    // n = 3 is excluded, so n >= 9 and 3 exists.
    if rest == 3 || rest == 9 {
        move_to_end(&mut odds, &[1, 3]);
    }
    // Step 7: the evens come first, then the odds; entry c - 1 is column c's row.
    evens.extend(odds);
    Ok(evens)
}

/// Moves the given values (each present once) to the end of `list`, in the
/// order given, keeping the order of the others.
fn move_to_end(list: &mut Vec<usize>, values: &[usize]) {
    list.retain(|v| !values.contains(v));
    list.extend_from_slice(values);
}

/// The transpose of a column -> row list: entry `r - 1` of the result is the
/// column (1-based) of the queen in row `r`, the CLI's vector reading.
///
/// The input must be a permutation of 1..=len (as [`article_list`] gives);
/// entries out of range are skipped rather than indexed, and a row that no
/// entry names keeps column 0, so a malformed input never panics.
///
/// ```
/// use nqueens_puzzles::solve::construct12::row_to_column;
/// assert_eq!(row_to_column(&[2, 4, 1, 3]), vec![3, 1, 4, 2]);
/// ```
pub fn row_to_column(column_to_row: &[usize]) -> Vec<usize> {
    let n = column_to_row.len();
    let mut out = vec![0; n];
    for (c, &r) in column_to_row.iter().enumerate() {
        if (1..=n).contains(&r) {
            out[r - 1] = c + 1;
        }
    }
    out
}

/// The article's construction as a [`Solution`] of the solve module
/// (0-based columns, row by row; `steps` is n, one entry per queen).
///
/// ```
/// use nqueens_puzzles::solve::{construct12::construct12, verify, SolveError};
/// let s = construct12(8).unwrap();
/// assert_eq!(s.columns, vec![5, 0, 4, 1, 7, 2, 6, 3]);
/// assert!(verify(&s.columns));
/// assert_eq!(construct12(2), Err(SolveError::NoSolution { n: 2 }));
/// ```
pub fn construct12(n: usize) -> Result<Solution, SolveError> {
    check_n(n, Method::Construct)?;
    let rows = row_vector(n).expect("check_n leaves n = 1 or n >= 4, where the rule is stated");
    Ok(Solution {
        columns: rows.iter().map(|&c| (c - 1) as u32).collect(),
        steps: n as u64,
        ..Solution::default()
    })
}

/// The article's construction in the CLI's reading: entry `r - 1` is the
/// column (1-based) of the queen in row `r`.
///
/// ```
/// use nqueens_puzzles::solve::construct12::row_vector;
/// assert_eq!(row_vector(8).unwrap(), vec![6, 1, 5, 2, 8, 3, 7, 4]);
/// ```
pub fn row_vector(n: usize) -> Result<Vec<usize>, ConstructError> {
    article_list(n).map(|list| row_to_column(&list))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Independent O(n) check: a permutation of 1..=n (distinct columns)
    /// with distinct diagonals and anti-diagonals (two boolean arrays).
    fn is_solution(rows: &[usize]) -> bool {
        let n = rows.len();
        let mut seen = vec![false; n + 1];
        let mut diag = vec![false; 2 * n];
        let mut anti = vec![false; 2 * n];
        for (i, &r) in rows.iter().enumerate() {
            let c = i + 1;
            if r == 0 || r > n || seen[r] {
                return false;
            }
            seen[r] = true;
            let (d, a) = (c + n - r, c + r - 1);
            if diag[d] || anti[a] {
                return false;
            }
            diag[d] = true;
            anti[a] = true;
        }
        true
    }

    /// Parses the article's lists as printed ("2, 4, 6, …, 5.").
    fn parse(text: &str) -> Vec<usize> {
        text.trim_end_matches('.')
            .split(',')
            .map(|s| s.trim().parse().unwrap())
            .collect()
    }

    #[test]
    fn the_articles_lists_verbatim() {
        // 003, "Élaboration d'une solution"; 8 is the board shown above it,
        // the other three lines are copied from the article.
        assert_eq!(parse("2, 4, 6, 8, 3, 1, 7, 5."), article_list(8).unwrap());
        let cases = [
            (14, "2, 4, 6, 8, 10, 12, 14, 3, 1, 7, 9, 11, 13, 5."),
            (15, "4, 6, 8, 10, 12, 14, 2, 5, 7, 9, 11, 13, 15, 1, 3."),
            (
                20,
                "2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 3, 1, 7, 5, 11, 9, 15, 13, 19, 17.",
            ),
        ];
        for (n, text) in cases {
            assert_eq!(article_list(n).unwrap(), parse(text), "n = {n}");
        }
    }

    #[test]
    fn refused_where_the_rule_is_not_stated() {
        for n in [0, 2, 3] {
            let err = article_list(n).unwrap_err();
            assert_eq!(err, ConstructError::OutsideRule(n));
            assert!(err.to_string().contains(&format!("n = {n}")));
            assert!(row_vector(n).is_err());
        }
        assert_eq!(article_list(1).unwrap(), vec![1]);
    }

    /// The construction checked by the crate's own O(n) checker
    /// ([`crate::solve::verify`], bit sets, no code shared with the rule).
    fn valid(n: usize) -> bool {
        let rows = row_vector(n).unwrap();
        let zero_based: Vec<u32> = rows.iter().map(|&c| c as u32 - 1).collect();
        crate::solve::verify(&zero_based)
    }

    /// What is proven here, and what is not: n = 1 and every n from 4 to
    /// 10^4, plus the bands 10^5 - 300 .. 10^5 + 300 (every remainder mod 12
    /// 50 times) and 10^6 - 60 .. 10^6 + 60 (every remainder 10 times).
    /// Every n to 10^6 is 5·10^11 element checks, about 37 minutes of one
    /// core in release: too much for CI, so it is the ignored test below,
    /// run and recorded in results/2026-11-24-construct/.
    #[test]
    fn valid_for_one_every_n_to_10_000_and_bands_near_10_5_and_10_6() {
        assert!(valid(1));
        let bands = [4..=10_000, 99_700..=100_300, 999_940..=1_000_060];
        for n in bands.into_iter().flatten() {
            assert!(valid(n), "n = {n}");
        }
    }

    /// Every n from 4 to `to`, on all cores: the n that fail.
    fn failures_to(to: usize) -> Vec<usize> {
        let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
        std::thread::scope(|s| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    s.spawn(move || {
                        (4 + t..=to)
                            .step_by(threads)
                            .filter(|&n| !valid(n))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap())
                .collect()
        })
    }

    /// Issue #15's bound, every n from 4 to 10^6 (or to
    /// `NQUEENS_CONSTRUCT_TO`), checked whole: about 5·10^11 element
    /// checks, 20 minutes in release on 2 cores, so not in CI; the command
    /// and the recorded run are in results/2026-11-24-construct/ (glibc's
    /// mmap threshold raised there, so that the boards' buffers are reused
    /// instead of faulted in afresh for every n).
    #[test]
    #[ignore = "release only: every n to 10^6 takes minutes"]
    fn every_n_to_a_million() {
        assert!(valid(1));
        let start = std::time::Instant::now();
        let to = std::env::var("NQUEENS_CONSTRUCT_TO").map_or(1_000_000, |t| t.parse().unwrap());
        assert_eq!(failures_to(to), Vec::<usize>::new());
        let seconds = start.elapsed().as_secs_f64();
        eprintln!("every n from 4 to {to} valid, {seconds:.1} s");
    }

    #[test]
    fn the_transpose_is_a_solution_and_inverts_back() {
        for n in [1, 4, 5, 8, 9, 14, 15, 20, 21, 26, 27, 100, 1001] {
            let list = article_list(n).unwrap();
            let rows = row_vector(n).unwrap();
            assert!(is_solution(&rows), "n = {n}");
            assert_eq!(row_to_column(&rows), list, "n = {n}");
            // Column c's queen is in row list[c-1], so that row names column c.
            for (c, &r) in list.iter().enumerate() {
                assert_eq!(rows[r - 1], c + 1);
            }
        }
    }

    #[test]
    fn the_checker_rejects_what_it_must() {
        assert!(!is_solution(&[1, 2]));
        assert!(!is_solution(&[1, 1]));
        assert!(!is_solution(&[2, 4, 1, 4]));
        assert!(!is_solution(&[0, 2, 4, 1]));
        assert!(is_solution(&[2, 4, 1, 3]));
    }

    #[test]
    fn malformed_transpose_input_does_not_panic() {
        assert_eq!(row_to_column(&[0, 9, 1]), vec![3, 0, 0]);
        assert_eq!(row_to_column(&[]), Vec::<usize>::new());
    }
}
