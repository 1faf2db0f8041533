//! The eight symmetries of the square, the searches for solutions they fix,
//! and Burnside's lemma that turns those into the count of fundamental
//! (unique) solutions.
//!
//! Burnside: the number of orbits of the solutions under the dihedral group
//! is the average number of solutions each of its 8 elements fixes:
//!
//! ```text
//! unique = (total + 2 * fixed_90 + fixed_180 + 4 * fixed_reflection) / 8
//! ```
//!
//! (the quarter turns by 90 and 270 degrees fix the same solutions). No
//! reflection fixes a solution when `n > 1`: a left-right or top-bottom
//! mirror would need every queen on the middle line, and a diagonal mirror
//! fixes a permutation only if it is an involution, whose 2-cycles put two
//! queens `(i, j)` and `(j, i)` on one anti-diagonal, and which can have at
//! most one fixed point on the main diagonal. So the last term is 4 for
//! `n = 1` and 0 otherwise, and OEIS A002562's formula
//! `(A000170 + A032522 + 2 * A033148) / 8` holds for `n > 1`.
//!
//! A solution fixed by a turn is determined by one orbit of queens per
//! choice, so its search places whole orbits (2 queens for the half turn, 4
//! for the quarter turn, 1 for the centre of an odd board), filling the
//! first empty row each time: a tree far smaller than the full one.

use crate::{Board, Tally};

/// One of the 8 symmetries of the square, acting on a solution written as
/// the 0-based column of the queen in each row.
///
/// ```
/// use nqueens_kernel::symmetry::Symmetry;
/// let s = [1, 3, 0, 2];
/// assert_eq!(Symmetry::MirrorColumns.apply(&s), vec![2, 0, 3, 1]);
/// assert_eq!(Symmetry::Rotate90.apply(&s), s.to_vec()); // n = 4's solution is turn-symmetric
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn clockwise: the queen at `(r, c)` goes to `(c, n - 1 - r)`.
    Rotate90,
    /// A half turn: `(r, c)` goes to `(n - 1 - r, n - 1 - c)`.
    Rotate180,
    /// Three quarter turns clockwise: `(r, c)` goes to `(n - 1 - c, r)`.
    Rotate270,
    /// Left-right mirror: `(r, c)` goes to `(r, n - 1 - c)`.
    MirrorColumns,
    /// Top-bottom mirror: `(r, c)` goes to `(n - 1 - r, c)`.
    MirrorRows,
    /// Mirror in the main diagonal: `(r, c)` goes to `(c, r)`.
    Transpose,
    /// Mirror in the anti-diagonal: `(r, c)` goes to `(n - 1 - c, n - 1 - r)`.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the square `(r, c)` of an `n x n` board goes.
    ///
    /// ```
    /// use nqueens_kernel::symmetry::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.map(8, 0, 1), (1, 7));
    /// ```
    pub fn map(self, n: usize, r: usize, c: usize) -> (usize, usize) {
        let (m_r, m_c) = (n - 1 - r, n - 1 - c);
        match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, m_r),
            Symmetry::Rotate180 => (m_r, m_c),
            Symmetry::Rotate270 => (m_c, r),
            Symmetry::MirrorColumns => (r, m_c),
            Symmetry::MirrorRows => (m_r, c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (m_c, m_r),
        }
    }

    /// The image of a permutation (`columns[r]` = column of row `r`'s queen).
    ///
    /// ```
    /// use nqueens_kernel::symmetry::Symmetry;
    /// assert_eq!(Symmetry::Transpose.apply(&[1, 2, 0]), vec![2, 0, 1]);
    /// ```
    pub fn apply(self, columns: &[u8]) -> Vec<u8> {
        let n = columns.len();
        let mut out = vec![0u8; n];
        for (r, &c) in columns.iter().enumerate() {
            let (r2, c2) = self.map(n, r, usize::from(c));
            out[r2] = c2 as u8;
        }
        out
    }
}

/// Solutions fixed by a half turn, with the nodes (queens placed) of their search.
///
/// ```
/// use nqueens_kernel::{symmetry::fixed_by_half_turn, Board};
/// // OEIS A032522: 8-queens has 4 point-symmetric solutions.
/// assert_eq!(fixed_by_half_turn(Board::new(8).unwrap()).solutions, 4);
/// ```
pub fn fixed_by_half_turn(board: Board) -> Tally {
    fixed_by_half_turn_until(board, &|| false).expect("a search never stopped ends")
}

/// [`fixed_by_half_turn`], or `None` once `stop` says so (it is asked at
/// each of the search's top nodes, a few thousand times at most).
///
/// ```
/// use nqueens_kernel::{symmetry::fixed_by_half_turn_until, Board};
/// let board = Board::new(10).unwrap();
/// assert_eq!(fixed_by_half_turn_until(board, &|| true), None);
/// assert_eq!(fixed_by_half_turn_until(board, &|| false).unwrap().solutions, 12);
/// ```
pub fn fixed_by_half_turn_until(board: Board, stop: &dyn Fn() -> bool) -> Option<Tally> {
    let n = board.n();
    let mut search = HalfTurn {
        n,
        full: board.full(),
        // An odd board's middle column holds only the centre queen.
        middle: if n % 2 == 1 { 1 << (n / 2) } else { 0 },
        tally: Tally::default(),
        stop,
        stopped: false,
    };
    search.fill(0, 0, 0, 0);
    if search.stopped {
        return None;
    }
    if n == 1 {
        return Some(search.tally);
    }
    // The left-right mirror commutes with the half turn, so it pairs the
    // solutions (and the search trees) with the first queen left of the
    // middle with those right of it: only the left ones are searched.
    Some(Tally {
        solutions: 2 * search.tally.solutions,
        nodes: 2 * search.tally.nodes,
    })
}

/// Solutions fixed by a quarter turn (and so by every turn), with the nodes
/// of their search. Zero unless `n mod 4` is 0 or 1.
///
/// ```
/// use nqueens_kernel::{symmetry::fixed_by_quarter_turn, Board};
/// // OEIS A033148: both 4-queens solutions are turn-symmetric.
/// assert_eq!(fixed_by_quarter_turn(Board::new(4).unwrap()).solutions, 2);
/// ```
pub fn fixed_by_quarter_turn(board: Board) -> Tally {
    fixed_by_quarter_turn_until(board, &|| false).expect("a search never stopped ends")
}

/// [`fixed_by_quarter_turn`], or `None` once `stop` says so (asked at the
/// search's top nodes).
///
/// ```
/// use nqueens_kernel::{symmetry::fixed_by_quarter_turn_until, Board};
/// let board = Board::new(12).unwrap();
/// assert_eq!(fixed_by_quarter_turn_until(board, &|| true), None);
/// assert_eq!(fixed_by_quarter_turn_until(board, &|| false).unwrap().solutions, 8);
/// ```
pub fn fixed_by_quarter_turn_until(board: Board, stop: &dyn Fn() -> bool) -> Option<Tally> {
    orbit_search(board, Symmetry::Rotate90, stop)
}

/// Solutions fixed by any one reflection: 1 for `n = 1`, 0 for every larger
/// board (see the module documentation for the proof).
///
/// ```
/// use nqueens_kernel::{symmetry::fixed_by_reflection, Board};
/// assert_eq!(fixed_by_reflection(Board::new(1).unwrap()), 1);
/// assert_eq!(fixed_by_reflection(Board::new(8).unwrap()), 0);
/// ```
pub fn fixed_by_reflection(board: Board) -> u64 {
    u64::from(board.n() == 1)
}

/// Fundamental solutions by Burnside's lemma, from the total and the
/// solutions fixed by the half and the quarter turn.
///
/// ```
/// use nqueens_kernel::{symmetry::burnside, Board};
/// assert_eq!(burnside(Board::new(8).unwrap(), 92, 4, 0), 12);
/// assert_eq!(burnside(Board::new(1).unwrap(), 1, 1, 1), 1);
/// ```
pub fn burnside(board: Board, total: u128, fixed_180: u128, fixed_90: u128) -> u128 {
    let sum = burnside_sum(board, total, fixed_180, fixed_90);
    debug_assert!(
        sum.is_some_and(|s| s % 8 == 0),
        "Burnside's sum must be a multiple of the group order"
    );
    sum.unwrap_or(u128::MAX) / 8
}

/// Whether counts can all be right by Burnside's lemma: the total, the
/// solutions fixed by the half turn, twice those fixed by the quarter turn
/// and 4 per solution fixed by the reflections add up to a multiple of 8
/// (the group's order) without overflow. What refuses a damaged or forged
/// record (a resumed checkpoint, a shard result) before [`burnside`]
/// divides its sum.
///
/// ```
/// use nqueens_kernel::{symmetry::burnside_divides, Board};
/// let b = Board::new(8).unwrap();
/// assert!(burnside_divides(b, 92, 4, 0));
/// assert!(!burnside_divides(b, 93, 4, 0));
/// assert!(!burnside_divides(b, u128::MAX, 4, 0));
/// ```
pub fn burnside_divides(board: Board, total: u128, fixed_180: u128, fixed_90: u128) -> bool {
    burnside_sum(board, total, fixed_180, fixed_90).is_some_and(|s| s % 8 == 0)
}

/// The sum over the eight symmetries of the solutions each fixes (the
/// identity fixes the total, each quarter turn `fixed_90`), `None` past
/// `u128`.
fn burnside_sum(board: Board, total: u128, fixed_180: u128, fixed_90: u128) -> Option<u128> {
    let reflections = 4 * u128::from(fixed_by_reflection(board));
    total
        .checked_add(fixed_180)?
        .checked_add(fixed_90.checked_mul(2)?)?
        .checked_add(reflections)
}

/// Counts the solutions fixed by the rotation `turn`, placing whole orbits;
/// `None` once `stop` says so.
fn orbit_search(board: Board, turn: Symmetry, stop: &dyn Fn() -> bool) -> Option<Tally> {
    let mut search = OrbitSearch {
        n: board.n(),
        full: board.full(),
        turn,
        tally: Tally::default(),
        stop,
        stopped: false,
    };
    search.fill(Occupied::default());
    (!search.stopped).then_some(search.tally)
}

/// The searches ask their stop at nodes above this row (the half turn's)
/// or with fewer than twice as many rows filled (the quarter turn's): a few
/// thousand times in all, each a fraction of a second apart at most.
const STOP_ROWS: usize = 3;

/// The half turn's search on bitmasks: rows `0..n / 2` top down, each
/// queen `(r, c)` placed with its image `(n - 1 - r, n - 1 - c)`, and on an
/// odd board the centre queen last: the placements of the generic orbit
/// search (the quarter turn's), so the same nodes.
///
/// The diagonals in use are kept as whole sets, which the half turn maps
/// onto themselves: diagonal `r + c` goes to `2n - 2 - (r + c)`, and
/// anti-diagonal `c - r + n - 1` to `r - c + n - 1`. Row `r` then sees the
/// diagonals as one shift each.
struct HalfTurn<'s> {
    n: usize,
    full: u32,
    middle: u32,
    tally: Tally,
    stop: &'s dyn Fn() -> bool,
    stopped: bool,
}

impl HalfTurn<'_> {
    fn fill(&mut self, r: usize, cols: u32, diag: u64, anti: u64) {
        let n = self.n;
        if r < STOP_ROWS && (self.stopped || (self.stop)()) {
            self.stopped = true;
            return;
        }
        if r == n / 2 {
            // The centre of an odd board is its own image.
            let centre = n / 2;
            if n.is_multiple_of(2) {
                self.tally.solutions += 1;
            } else if diag & (1 << (2 * centre)) == 0 && anti & (1 << (n - 1)) == 0 {
                self.tally.nodes += 1;
                self.tally.solutions += 1;
            }
            return;
        }
        // A queen on the middle diagonal or anti-diagonal of its row shares
        // it with its own image, as one in the middle column does.
        let own = (1 << (n - 1 - r)) | (1 << r) | self.middle;
        let mut avail =
            self.full & !cols & !own & !((diag >> r) as u32) & !((anti >> (n - 1 - r)) as u32);
        if r == 0 {
            avail &= (1 << (n / 2)) - 1;
        }
        while avail != 0 {
            let c = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            self.tally.nodes += 2;
            let (d, a) = (r + c, c + n - 1 - r);
            self.fill(
                r + 1,
                cols | (1 << c) | (1 << (n - 1 - c)),
                diag | (1 << d) | (1 << (2 * n - 2 - d)),
                anti | (1 << a) | (1 << (2 * n - 2 - a)),
            );
        }
    }
}

/// Rows, columns and both diagonal families in use; a diagonal is a bit of a
/// `u64`, since there are `2n - 1 <= 63` of each.
#[derive(Clone, Copy, Default)]
struct Occupied {
    rows: u32,
    cols: u32,
    diag: u64,
    anti: u64,
}

impl Occupied {
    /// Adds the queen at `(r, c)`, or `None` if it shares a line with one already there.
    fn with(self, n: usize, r: usize, c: usize) -> Option<Occupied> {
        let (row, col) = (1u32 << r, 1u32 << c);
        let (diag, anti) = (1u64 << (r + c), 1u64 << (r + n - 1 - c));
        if self.rows & row != 0
            || self.cols & col != 0
            || self.diag & diag != 0
            || self.anti & anti != 0
        {
            return None;
        }
        Some(Occupied {
            rows: self.rows | row,
            cols: self.cols | col,
            diag: self.diag | diag,
            anti: self.anti | anti,
        })
    }
}

struct OrbitSearch<'s> {
    n: usize,
    full: u32,
    turn: Symmetry,
    tally: Tally,
    stop: &'s dyn Fn() -> bool,
    stopped: bool,
}

impl OrbitSearch<'_> {
    fn fill(&mut self, occ: Occupied) {
        if occ.rows.count_ones() < 2 * STOP_ROWS as u32 && (self.stopped || (self.stop)()) {
            self.stopped = true;
            return;
        }
        if occ.rows == self.full {
            self.tally.solutions += 1;
            return;
        }
        let r = (!occ.rows).trailing_zeros() as usize;
        let mut avail = self.full & !occ.cols;
        while avail != 0 {
            let c = avail.trailing_zeros() as usize;
            avail &= avail - 1;
            if let Some((next, queens)) = self.place_orbit(occ, r, c) {
                self.tally.nodes += queens;
                self.fill(next);
            }
        }
    }

    /// Places the orbit of `(r, c)` under the turn: 1, 2 or 4 queens.
    fn place_orbit(&self, mut occ: Occupied, r: usize, c: usize) -> Option<(Occupied, u64)> {
        let (mut sr, mut sc) = (r, c);
        let mut queens = 0;
        loop {
            occ = occ.with(self.n, sr, sc)?;
            queens += 1;
            (sr, sc) = self.turn.map(self.n, sr, sc);
            if (sr, sc) == (r, c) {
                return Some((occ, queens));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_form_the_dihedral_group() {
        let s: Vec<u8> = vec![0, 4, 7, 5, 2, 6, 1, 3];
        for g in Symmetry::ALL {
            for h in Symmetry::ALL {
                let gh = g.apply(&h.apply(&s));
                assert!(
                    Symmetry::ALL.iter().any(|k| k.apply(&s) == gh),
                    "closed under composition"
                );
            }
        }
        let r = Symmetry::Rotate90;
        assert_eq!(r.apply(&r.apply(&s)), Symmetry::Rotate180.apply(&s));
        assert_eq!(
            r.apply(&r.apply(&r.apply(&s))),
            Symmetry::Rotate270.apply(&s)
        );
        assert_eq!(r.apply(&Symmetry::Rotate270.apply(&s)), s);
    }

    #[test]
    fn half_turn_bitmasks_agree_with_the_orbit_search() {
        for n in 1..=16 {
            let board = Board::new(n).unwrap();
            assert_eq!(
                fixed_by_half_turn(board),
                orbit_search(board, Symmetry::Rotate180, &|| false).unwrap(),
                "n = {n}"
            );
        }
    }

    #[test]
    fn turn_fixed_counts_match_oeis() {
        // A033148 (quarter turn), n = 1..=17, used here only to check.
        let quarter = [1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 64, 128];
        for n in 1..=17 {
            let board = Board::new(n).unwrap();
            assert_eq!(
                fixed_by_quarter_turn(board).solutions,
                quarter[n - 1],
                "quarter turn, n = {n}"
            );
        }
    }

    #[test]
    fn half_turn_counts_agree_with_the_published_tables() {
        // A032522 through its relation to A000170, A002562 and A033148
        // (Burnside, n > 1): P = 8 * unique - total - 2 * R.
        let quarter = [0u128, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0];
        for n in 2..=14 {
            let board = Board::new(n).unwrap();
            let expected = 8 * crate::oeis::UNIQUE[n] - crate::oeis::TOTAL[n] - 2 * quarter[n - 2];
            assert_eq!(
                u128::from(fixed_by_half_turn(board).solutions),
                expected,
                "n = {n}"
            );
        }
    }
}
