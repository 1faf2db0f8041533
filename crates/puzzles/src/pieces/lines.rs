//! Rooks and bishops: at most one piece per line and one per cross line.
//!
//! Both are rook placements on a board whose rows ("lines") each allow a
//! set of columns ("cross lines"): for rooks the rows and columns of the
//! board, every row allowing every column; for bishops of one colour the
//! anti-diagonals and diagonals of that colour, each anti-diagonal
//! allowing the diagonals that cross it on the board. The DP runs over the
//! lines with the mask of cross lines used so far; a line places no piece
//! or one on an allowed, unused cross line. The table is updated in place,
//! masks in decreasing order, so every mask reads its predecessors (which
//! are smaller) before they change.
//!
//! Each colour of a bishop board has at most `n` diagonals, so both tables
//! have at most `2^n` entries. Bishops of different colours never attack
//! each other: the board's answer is the product (`⊗`) of the colours'.
//!
//! A placement reaching mask `m` holds exactly `|m|` pieces, so the walk
//! back only needs to know which masks were reached after each line: a bit
//! per mask and line.

use super::{merge, Best, Solved, Square};

/// The largest board: 21 takes about 2 s for rooks and 0.8 s for bishops
/// in a release build on one core, with a table of `2^21` entries of 32
/// bytes (64 MiB); every board more doubles both.
pub const MAX_N: usize = 21;

/// Rooks on the `n x n` board.
pub(super) fn rooks(n: usize, place: bool) -> Solved {
    let full = u32::MAX >> (32 - n);
    lines(n, &vec![full; n], place)
}

/// Bishops on the `n x n` board, the two colours multiplied.
pub(super) fn bishops(n: usize, place: bool) -> Solved {
    let mut best = Best::ONE;
    let mut squares = place.then(Vec::new);
    for colour in 0..2 {
        let board = Colour::new(n, colour);
        let (b, lines) = lines(board.width, &board.allowed, place)?;
        best = best.times(b)?;
        if let (Some(all), Some(lines)) = (&mut squares, lines) {
            all.extend(lines.into_iter().map(|(s, j)| board.square(s, j)));
        }
    }
    Some((best, squares))
}

/// The squares of one colour seen as lines (anti-diagonals) and cross
/// lines (diagonals).
struct Colour {
    n: usize,
    /// The colour: the parity of row + column.
    parity: usize,
    /// The diagonals of this colour.
    width: usize,
    /// Per anti-diagonal of this colour, the diagonals crossing it.
    allowed: Vec<u32>,
}

impl Colour {
    fn new(n: usize, parity: usize) -> Colour {
        // Anti-diagonal s = r + c has the colour's parity; diagonal
        // d = r - c + n - 1 then has parity q = (s + n - 1) mod 2, and is
        // numbered d / 2 among the colour's diagonals.
        let q = (parity + n - 1) % 2;
        let width = if 2 * n - 2 >= q {
            (2 * n - 2 - q) / 2 + 1
        } else {
            0
        };
        let allowed = (parity..=2 * n - 2)
            .step_by(2)
            .map(|s| {
                let rows = s.saturating_sub(n - 1)..=s.min(n - 1);
                rows.map(|r| 1u32 << ((2 * r + n - 1 - s) / 2))
                    .fold(0, |m, b| m | b)
            })
            .collect();
        Colour {
            n,
            parity,
            width,
            allowed,
        }
    }

    /// The square of the colour's `k`-th anti-diagonal and `j`-th diagonal.
    fn square(&self, k: usize, j: usize) -> Square {
        let s = self.parity + 2 * k;
        let d = 2 * j + (self.parity + self.n - 1) % 2;
        // r + c = s and r - c = d - (n - 1).
        let r = (s + d + 1 - self.n) / 2;
        (r, s - r)
    }
}

/// At most one piece per line (`allowed[i]`: the cross lines line `i`
/// crosses) and one per cross line (`width` of them). The placement, if
/// asked for, is `(line, cross line)` pairs, not squares.
fn lines(width: usize, allowed: &[u32], place: bool) -> Solved {
    let size = 1usize << width;
    let mut table = vec![Best::NONE; size];
    table[0] = Best::ONE;
    let mut overflow = false;
    // Per line, the masks reached after it, a bit each.
    let mut reached: Vec<Vec<u64>> = Vec::new();
    for &cross in allowed {
        for m in (1..size).rev() {
            let mut value = table[m];
            let mut bits = m as u32 & cross;
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                bits ^= bit;
                let from = table[m ^ bit as usize];
                if from.reached() {
                    merge(&mut value, from.plus(1), &mut overflow);
                }
            }
            table[m] = value;
        }
        if place {
            let mut bitset = vec![0u64; size.div_ceil(64)];
            for (m, b) in table.iter().enumerate() {
                if b.reached() {
                    bitset[m / 64] |= 1 << (m % 64);
                }
            }
            reached.push(bitset);
        }
    }
    if overflow {
        return None;
    }
    let mut best = Best::NONE;
    for &b in &table {
        best = best.or(b)?;
    }
    let placement = place.then(|| {
        let m = (0..size)
            .find(|&m| table[m].reached() && table[m].max == best.max)
            .expect("the maximum is reached");
        walk_back(m, allowed, &reached)
    });
    Some((best, placement))
}

/// One placement reaching mask `m` after the last line: line by line
/// backwards, keep the mask if it was reached before the line (the line is
/// empty), else take off a cross line of the line whose removal was.
fn walk_back(mut m: usize, allowed: &[u32], reached: &[Vec<u64>]) -> Vec<Square> {
    let before = |line: usize, m: usize| match line {
        0 => m == 0,
        _ => reached[line - 1][m / 64] >> (m % 64) & 1 == 1,
    };
    let mut placed = Vec::new();
    for line in (0..allowed.len()).rev() {
        if before(line, m) {
            continue;
        }
        let j = (0..32)
            .find(|&j| m >> j & 1 == 1 && allowed[line] >> j & 1 == 1 && before(line, m ^ 1 << j))
            .expect("a reached mask has a reached predecessor");
        placed.push((line, j));
        m ^= 1 << j;
    }
    placed
}
