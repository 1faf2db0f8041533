//! The level-by-level lists of document 004 ("Écrire une fonction python
//! récursive pour la recherche des solutions"): the placements of the queens
//! of the first K columns, each written as the string of their rows, column 1
//! first, rows from 1 (`'13'`: column 1's queen in row 1, column 2's in row 3).
//!
//! The order is the document's `resolution(n, colonne)`: for each placement
//! of the previous level in its order, the rows 1..=n in increasing order,
//! kept when the new queen is not attacked. That is the lexicographic order
//! of the strings. Reading "the first K rows, columns written" gives the same
//! strings, by the transpose.
//!
//! ```
//! use nqueens_kernel::reference::level_lists::{level, notation};
//! let two = level(8, 2).unwrap();
//! assert_eq!(two.len(), 42);
//! assert_eq!(notation(&two[0], 8), "13");
//! ```

use std::fmt;

/// The largest board: the column masks are `u64`.
pub const MAX_N: usize = 64;

/// The longest list [`level`] builds; beyond, it refuses rather than fill
/// the memory (n = 64 passes it at K = 4).
pub const MAX_LIST: usize = 10_000_000;

/// Why a level cannot be listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelError {
    /// n is 0 or above [`MAX_N`].
    Size(usize),
    /// K is 0 or above n.
    Depth {
        /// The board's side.
        n: usize,
        /// The level asked for.
        k: usize,
    },
    /// A level on the way holds more than [`MAX_LIST`] placements.
    TooLarge {
        /// The board's side.
        n: usize,
        /// The first level over the limit.
        k: usize,
    },
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Size(n) => write!(f, "board side must be 1..={MAX_N}, got {n}"),
            Self::Depth { n, k } => {
                write!(f, "level must be 1..={n} on a {n} x {n} board, got {k}")
            }
            Self::TooLarge { n, k } => write!(
                f,
                "level {k} of n = {n} holds more than {MAX_LIST} placements; count it instead"
            ),
        }
    }
}

impl std::error::Error for LevelError {}

fn check(n: usize, k: usize) -> Result<(), LevelError> {
    if n == 0 || n > MAX_N {
        return Err(LevelError::Size(n));
    }
    if k == 0 || k > n {
        return Err(LevelError::Depth { n, k });
    }
    Ok(())
}

/// The document's test `validite`: may a queen go in row `row` of the column
/// after `placement` without being attacked? Rows from 1.
fn fits(placement: &[u8], row: u8) -> bool {
    let col = placement.len();
    placement.iter().enumerate().all(|(c, &r)| {
        let dist = col - c;
        r != row && usize::from(r.abs_diff(row)) != dist
    })
}

/// Level `k`: the placements of the first `k` columns' queens in the
/// document's order, each a list of rows from 1, column 1 first.
///
/// Memory grows with the level (568 placements at n = 8, K = 5; far more
/// for large boards): a level past [`MAX_LIST`] placements is refused;
/// count large ones with [`level_sizes_to`].
///
/// ```
/// use nqueens_kernel::reference::level_lists::level;
/// let three = level(8, 3).unwrap();
/// assert_eq!((three.len(), three[0].clone()), (140, vec![1, 3, 5]));
/// assert!(level(8, 9).is_err());
/// ```
pub fn level(n: usize, k: usize) -> Result<Vec<Vec<u8>>, LevelError> {
    check(n, k)?;
    // n <= 64, so every row fits a u8.
    let rows = 1..=n as u8;
    let mut current: Vec<Vec<u8>> = rows.clone().map(|r| vec![r]).collect();
    for depth in 2..=k {
        let mut next = Vec::new();
        for placement in &current {
            for row in rows.clone() {
                if fits(placement, row) {
                    if next.len() == MAX_LIST {
                        return Err(LevelError::TooLarge { n, k: depth });
                    }
                    let mut longer = placement.clone();
                    longer.push(row);
                    next.push(longer);
                }
            }
        }
        current = next;
    }
    Ok(current)
}

/// The size of every level, K = 1..=n, by a depth-first count that stores
/// no list (bitmasks for rows and diagonals, so any n up to [`MAX_N`] is
/// accepted; the time grows like the number of partial placements).
///
/// ```
/// use nqueens_kernel::reference::level_lists::level_sizes;
/// assert_eq!(level_sizes(8).unwrap(), vec![8, 42, 140, 344, 568, 550, 312, 92]);
/// ```
pub fn level_sizes(n: usize) -> Result<Vec<u64>, LevelError> {
    level_sizes_to(n, n)
}

/// The sizes of levels 1..=k only: the count stops at depth k, so large
/// boards can be measured at shallow levels.
///
/// ```
/// use nqueens_kernel::reference::level_lists::level_sizes_to;
/// assert_eq!(level_sizes_to(8, 3).unwrap(), vec![8, 42, 140]);
/// ```
pub fn level_sizes_to(n: usize, k: usize) -> Result<Vec<u64>, LevelError> {
    check(n, k)?;
    let mut sizes = vec![0u64; k];
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    count(full, 0, 0, 0, 0, &mut sizes);
    Ok(sizes)
}

fn count(full: u64, rows: u64, up: u64, down: u64, depth: usize, sizes: &mut [u64]) {
    if depth == sizes.len() {
        return;
    }
    let mut free = full & !(rows | up | down);
    sizes[depth] += u64::from(free.count_ones());
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        count(
            full,
            rows | bit,
            ((up | bit) << 1) & full,
            (down | bit) >> 1,
            depth + 1,
            sizes,
        );
    }
}

/// The placements a column-by-column depth-first search tries: each of
/// the n rows of the next column, under the empty board and under every
/// placement of levels 1..n-1. Article 003 gives this figure for its
/// program: "le programme de recherche en profondeur ci-dessous examine
/// seulement 15 720 placements possibles des dames" (8 x 1,965).
///
/// ```
/// use nqueens_kernel::reference::level_lists::placements_tried;
/// assert_eq!(placements_tried(8).unwrap(), 15_720);
/// ```
pub fn placements_tried(n: usize) -> Result<u64, LevelError> {
    let sizes = level_sizes(n)?;
    let parents: u64 = 1 + sizes[..n - 1].iter().sum::<u64>();
    Ok(n as u64 * parents)
}

/// One placement in the document's notation: its rows as digits (`'135'`)
/// for n <= 9. Beyond, the document says "Remplacer les chaînes par des
/// listes pour des tailles supérieures": the rows as a Python list,
/// `[1, 10, 3]`.
///
/// ```
/// use nqueens_kernel::reference::level_lists::notation;
/// assert_eq!(notation(&[7, 5, 2], 8), "752");
/// assert_eq!(notation(&[1, 10], 10), "[1, 10]");
/// ```
pub fn notation(placement: &[u8], n: usize) -> String {
    if n <= 9 {
        placement.iter().map(|r| r.to_string()).collect()
    } else {
        let rows: Vec<String> = placement.iter().map(|r| r.to_string()).collect();
        format!("[{}]", rows.join(", "))
    }
}

/// One placement as an item of the document's Python list: `'13'` (a
/// quoted string, n <= 9), or `[1, 10]` beyond.
///
/// ```
/// use nqueens_kernel::reference::level_lists::python_item;
/// assert_eq!(python_item(&[1, 3], 8), "'13'");
/// assert_eq!(python_item(&[1, 10], 10), "[1, 10]");
/// ```
pub fn python_item(placement: &[u8], n: usize) -> String {
    let s = notation(placement, n);
    if n <= 9 {
        format!("'{s}'")
    } else {
        s
    }
}

/// A level printed as the document's Python prints the list:
/// `['13', '14', ..., '86']` (n <= 9), or a list of lists beyond.
///
/// ```
/// use nqueens_kernel::reference::level_lists::{level, python_list};
/// assert_eq!(python_list(&level(4, 4).unwrap(), 4), "['2413', '3142']");
/// ```
pub fn python_list(placements: &[Vec<u8>], n: usize) -> String {
    let items: Vec<String> = placements.iter().map(|p| python_item(p, n)).collect();
    format!("[{}]", items.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    // 004, copied from the document (line breaks as there).
    const TWO: &str = "['13', '14', '15', '16', '17', '18', '24', '25', '26', '27', '28', '31', '35', '36', '37', '38', '41', '42', '46', '47', '48', '51', '52', '53', '57', '58', '61', '62', '63', '64', '68', '71', '72', '73', '74', '75', '81', '82', '83', '84', '85', '86']";
    const THREE: &str =
        "['135', '136', '137', '138', '142', '146', '147', '148', '152', '157', '158',
'162', '164', '168', '172', '174', '175', '182', '184', '185', '186', '241',
'246', '247', '248', '251', '253', '257', '258', '261', '263', '268', '271',
'273', '275', '281', '283', '285', '286', '314', '316', '317', '318', '352',
'357', '358', '362', '364', '368', '372', '374', '382', '384', '386', '413',
'415', '417', '418', '425', '427', '428', '461', '463', '468', '471', '473',
'475', '481', '483', '485', '514', '516', '518', '524', '526', '528', '531',
'536', '538', '571', '572', '574', '581', '582', '584', '586', '613', '615',
'617', '625', '627', '631', '635', '637', '641', '642', '647', '681', '682',
'683', '685', '713', '714', '716', '718', '724', '726', '728', '731', '736',
'738', '741', '742', '746', '748', '751', '752', '753', '758', '813', '814',
'815', '817', '824', '825', '827', '831', '835', '837', '841', '842', '847',
'851', '852', '853', '857', '861', '862', '863', '864']";
    const EIGHT: &str = "['15863724', '16837425', '17468253', '17582463', '24683175', '25713864', '25741863', '26174835', '26831475', '27368514', '27581463', '28613574', '31758246', '35281746', '35286471', '35714286', '35841726', '36258174', '36271485', '36275184', '36418572', '36428571', '36814752', '36815724', '36824175', '37285146', '37286415', '38471625', '41582736', '41586372', '42586137', '42736815', '42736851', '42751863', '42857136', '42861357', '46152837', '46827135', '46831752', '47185263', '47382516', '47526138', '47531682', '48136275', '48157263', '48531726', '51468273', '51842736', '51863724', '52468317', '52473861', '52617483', '52814736', '53168247', '53172864', '53847162', '57138642', '57142863', '57248136', '57263148', '57263184', '57413862', '58413627', '58417263', '61528374', '62713584', '62714853', '63175824', '63184275', '63185247', '63571428', '63581427', '63724815', '63728514', '63741825', '64158273', '64285713', '64713528', '64718253', '68241753', '71386425', '72418536', '72631485', '73168524', '73825164', '74258136', '74286135', '75316824', '82417536', '82531746', '83162574', '84136275']";

    /// The document's line breaks stand for Python's single space.
    fn as_printed(text: &str) -> String {
        text.replace('\n', " ")
    }

    #[test]
    fn the_documents_42_and_140_verbatim() {
        assert_eq!(python_list(&level(8, 2).unwrap(), 8), TWO);
        assert_eq!(python_list(&level(8, 3).unwrap(), 8), as_printed(THREE));
    }

    #[test]
    fn the_documents_92_solutions_verbatim() {
        // "Le nombre de solutions :  92" and the list that follows it.
        let eight = level(8, 8).unwrap();
        assert_eq!(eight.len(), 92);
        assert_eq!(python_list(&eight, 8), EIGHT);
    }

    #[test]
    fn the_first_level_and_the_documents_examples() {
        // "Notons ['1', '2', '3', '4', '5', '6', '7', '8'] la liste des lignes".
        assert_eq!(
            python_list(&level(8, 1).unwrap(), 8),
            "['1', '2', '3', '4', '5', '6', '7', '8']"
        );
        // "'13', '14', '15', '16', '17', '18'" then "'24', '25', '26', '27', '28'".
        let two: Vec<String> = level(8, 2)
            .unwrap()
            .iter()
            .map(|p| notation(p, 8))
            .collect();
        assert_eq!(
            two[..11],
            ["13", "14", "15", "16", "17", "18", "24", "25", "26", "27", "28"]
        );
        // "Illustration du cas '752'" is a level-3 placement.
        let three: Vec<String> = level(8, 3)
            .unwrap()
            .iter()
            .map(|p| notation(p, 8))
            .collect();
        assert!(three.contains(&"752".to_string()));
    }

    #[test]
    fn level_sizes_at_8() {
        let sizes = level_sizes(8).unwrap();
        assert_eq!(sizes, vec![8, 42, 140, 344, 568, 550, 312, 92]);
        // The peak is level 5 (568), not the 140 of level 3.
        assert_eq!(sizes.iter().max(), Some(&568));
    }

    #[test]
    fn the_lists_and_the_count_agree() {
        for n in 1..=9 {
            let sizes = level_sizes(n).unwrap();
            for k in 1..=n {
                let list = level(n, k).unwrap();
                assert_eq!(list.len() as u64, sizes[k - 1], "n={n} k={k}");
                // Strictly increasing: the document's order is lexicographic.
                assert!(list.windows(2).all(|w| w[0] < w[1]), "n={n} k={k}");
            }
        }
    }

    /// Independent: count the tries of a plain backtracker.
    fn tries(n: usize, rows: &mut Vec<usize>) -> u64 {
        if rows.len() == n {
            return 0;
        }
        let mut total = 0;
        for r in 0..n {
            total += 1;
            let c = rows.len();
            if rows
                .iter()
                .enumerate()
                .all(|(j, &s)| s != r && s.abs_diff(r) != c - j)
            {
                rows.push(r);
                total += tries(n, rows);
                rows.pop();
            }
        }
        total
    }

    #[test]
    fn the_articles_15_720_placements_tried() {
        assert_eq!(placements_tried(8), Ok(15_720));
        for n in 1..=9 {
            assert_eq!(
                placements_tried(n),
                Ok(tries(n, &mut Vec::new())),
                "n = {n}"
            );
        }
        assert!(placements_tried(0).is_err());
    }

    #[test]
    fn the_last_level_is_the_solution_count() {
        for n in 1..=10 {
            assert_eq!(
                level_sizes(n).unwrap()[n - 1],
                // The kernel's plain backtracker, sharing no code with this.
                crate::reference::naive::solutions(crate::Board::new(n).unwrap()).len() as u64,
                "n = {n}"
            );
        }
    }

    #[test]
    fn every_listed_placement_is_non_attacking() {
        for p in level(7, 5).unwrap() {
            for i in 0..p.len() {
                for j in 0..i {
                    assert!(
                        p[i] != p[j] && usize::from(p[i].abs_diff(p[j])) != i - j,
                        "{p:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn large_boards_use_lists() {
        let two = level(10, 2).unwrap();
        assert_eq!(notation(&two[0], 10), "[1, 3]");
        assert!(python_list(&two, 10).starts_with("[[1, 3], [1, 4]"));
        // Two queens: n^2 pairs minus same row, minus the 2(n-1) diagonal
        // neighbours.
        assert_eq!(level_sizes_to(64, 2), Ok(vec![64, 64 * 64 - 64 - 2 * 63]));
        assert_eq!(level_sizes_to(8, 2), Ok(vec![8, 64 - 8 - 14]));
    }

    #[test]
    fn bad_input_is_a_documented_error() {
        assert_eq!(level(0, 1), Err(LevelError::Size(0)));
        assert_eq!(level_sizes(65), Err(LevelError::Size(65)));
        assert_eq!(level_sizes_to(8, 9), Err(LevelError::Depth { n: 8, k: 9 }));
        assert_eq!(level(8, 0), Err(LevelError::Depth { n: 8, k: 0 }));
        assert!(level(8, 9).unwrap_err().to_string().contains("1..=8"));
        // 64 x 64: levels 1..3 have 64, 3,906 and about 2.3·10^5 placements;
        // level 4 passes 10^7.
        let sizes = level_sizes_to(64, 4).unwrap();
        assert!(sizes[2] < MAX_LIST as u64 && sizes[3] > MAX_LIST as u64);
        assert_eq!(level(64, 4), Err(LevelError::TooLarge { n: 64, k: 4 }));
        assert_eq!(level(64, 3).map(|l| l.len() as u64), Ok(sizes[2]));
    }
}
