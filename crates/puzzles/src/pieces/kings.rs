//! Kings: a transfer matrix over rows.
//!
//! A row of kings is a column mask with no two adjacent bits ("spread"
//! masks); the row after it may use only the columns that none of its
//! kings touches, `!(a | a << 1 | a >> 1)`. The table after row `r` holds,
//! for every spread mask `s`, the (max, ways) of the placements of rows
//! `0..=r` whose row `r` is `s`. The successors of a row are generated
//! directly (never filtered out of all masks), so a step costs about one
//! operation per compatible pair of rows, about `2^n` of them.
//!
//! Spread masks are numbered in increasing order by their Zeckendorf rank:
//! the spread masks below `2^i` number `F(i + 2)`, so the rank of `s` is
//! the sum of `F(i + 2)` over its bits `i`. The table is a plain vector of
//! `F(n + 2)` entries (75025 for n = 23).

use super::{merge, row_squares, Best, Solved, Square};

/// The largest board: 23 takes about 1.6 s in a release build on one core
/// (24 about 6 s: the compatible pairs of rows grow about 2.2 times a column).
pub const MAX_N: usize = 23;

/// `spread_below[i]`: the spread masks of `i` bits, `F(i + 2)`.
fn spread_below(n: usize) -> Vec<usize> {
    let mut f = vec![1usize, 2];
    while f.len() <= n {
        let k = f.len();
        f.push(f[k - 1] + f[k - 2]);
    }
    f
}

/// Calls `visit(mask, rank)` for every spread submask of `free`, where
/// `rank` is its Zeckendorf rank (`chosen` and `rank` are what is already
/// chosen below `free`'s lowest bit).
fn each_spread(
    free: u32,
    chosen: u32,
    rank: usize,
    ranks: &[usize],
    visit: &mut impl FnMut(u32, usize),
) {
    if free == 0 {
        visit(chosen, rank);
        return;
    }
    let bit = free & free.wrapping_neg();
    let rest = free & !bit;
    each_spread(rest, chosen, rank, ranks, visit);
    let i = bit.trailing_zeros() as usize;
    each_spread(
        rest & !(bit << 1),
        chosen | bit,
        rank + ranks[i],
        ranks,
        visit,
    );
}

/// The count, and one maximal placement if `place`; `None` on overflow.
pub(super) fn solve(n: usize, place: bool) -> Solved {
    let full = u32::MAX >> (32 - n);
    let ranks = spread_below(n);
    let states = ranks[n];
    // The masks by rank, for the walk back.
    let mut mask_of = vec![0u32; states];
    each_spread(full, 0, 0, &ranks, &mut |m, r| mask_of[r] = m);

    let mut overflow = false;
    let mut table = vec![Best::NONE; states];
    for (r, &m) in mask_of.iter().enumerate() {
        table[r] = Best::ONE.plus(m.count_ones());
    }
    // Per row, each state's max (u32::MAX where unreached), for the walk back.
    let mut maxima: Vec<Vec<u32>> = Vec::new();
    for _ in 1..n {
        if place {
            maxima.push(
                table
                    .iter()
                    .map(|b| if b.reached() { b.max } else { u32::MAX })
                    .collect(),
            );
        }
        let mut next = vec![Best::NONE; states];
        for (&a, &from) in mask_of.iter().zip(&table) {
            if !from.reached() {
                continue;
            }
            let free = full & !(a | a << 1 | a >> 1);
            each_spread(free, 0, 0, &ranks, &mut |b, rb| {
                merge(&mut next[rb], from.plus(b.count_ones()), &mut overflow);
            });
        }
        table = next;
    }
    if overflow {
        return None;
    }
    let mut best = Best::NONE;
    for &b in &table {
        best = best.or(b)?;
    }
    let squares = place.then(|| walk_back(n, &mask_of, &table, &maxima, best.max));
    Some((best, squares))
}

/// One placement of `max` kings: a last row holding the maximum, then
/// from each row a compatible row above whose max is this row's max less
/// its kings.
fn walk_back(
    n: usize,
    mask_of: &[u32],
    last: &[Best],
    maxima: &[Vec<u32>],
    max: u32,
) -> Vec<Square> {
    let mut rank = last
        .iter()
        .position(|b| b.reached() && b.max == max)
        .expect("the maximum is reached");
    let mut need = max;
    let mut squares: Vec<Square> = row_squares(n - 1, mask_of[rank]).collect();
    for row in (0..n - 1).rev() {
        let b = mask_of[rank];
        need -= b.count_ones();
        let touched = b | b << 1 | b >> 1;
        rank = (0..mask_of.len())
            .find(|&r| maxima[row][r] == need && mask_of[r] & touched == 0)
            .expect("a maximal row has a maximal predecessor");
        squares.extend(row_squares(row, mask_of[rank]));
    }
    squares
}
