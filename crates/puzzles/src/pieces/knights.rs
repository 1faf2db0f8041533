//! Knights: a transfer over pairs of rows.
//!
//! A knight attacks two columns over on the next row and one column over
//! two rows down, and nothing on its own row. So the state after row `r`
//! is the pair of masks `(row r - 1, row r)`, and a new row `c` may follow
//! `(a, b)` when `c` misses `b << 2 | b >> 2` and `a << 1 | a >> 1`; any
//! mask of the remaining columns will do (knights never attack along a
//! row), so the successors are the submasks of one free mask.
//!
//! A layer is a list of reached states grouped by their last row `b`. The
//! successors of one group all start with `b`, so they are gathered in a
//! dense scratch table indexed by the new row (`2^n` entries, cleared
//! through the list of entries touched), then the new layer is regrouped
//! by its last row with a counting sort: no hashing, no comparison sort.
//! Before row 0 the only state is the empty pair.

use super::{merge, row_squares, Best, Solved, Square};

/// The largest board: 13 takes about 1.3 s in a release build on one core
/// (and 14 about 6 s: each row more costs about 4.5 times as much).
pub const MAX_N: usize = 13;

/// Reached states, grouped (sorted) by their last row.
#[derive(Default)]
struct Layer {
    /// The row before the last.
    first: Vec<u32>,
    /// The last row.
    second: Vec<u32>,
    best: Vec<Best>,
}

impl Layer {
    fn push(&mut self, first: u32, second: u32, best: Best) {
        self.first.push(first);
        self.second.push(second);
        self.best.push(best);
    }

    /// The same states grouped by their last row (a counting sort over the
    /// `size` possible rows).
    fn grouped(self, size: usize) -> Layer {
        let mut start = vec![0usize; size + 1];
        for &s in &self.second {
            start[s as usize + 1] += 1;
        }
        for i in 0..size {
            start[i + 1] += start[i];
        }
        let len = self.second.len();
        let mut out = Layer {
            first: vec![0; len],
            second: vec![0; len],
            best: vec![Best::NONE; len],
        };
        for i in 0..len {
            let slot = &mut start[self.second[i] as usize];
            out.first[*slot] = self.first[i];
            out.second[*slot] = self.second[i];
            out.best[*slot] = self.best[i];
            *slot += 1;
        }
        out
    }
}

/// A layer's states with their maxima only, for the walk back.
struct Kept {
    first: Vec<u32>,
    second: Vec<u32>,
    maxima: Vec<u32>,
}

/// The count, and one maximal placement if `place`; `None` on overflow.
pub(super) fn solve(n: usize, place: bool) -> Solved {
    let full = u32::MAX >> (32 - n);
    let size = 1usize << n;
    let mut layer = Layer::default();
    layer.push(0, 0, Best::ONE);
    let mut kept: Vec<Kept> = Vec::new();
    let mut scratch = vec![Best::NONE; size];
    let mut touched: Vec<u32> = Vec::new();
    let mut overflow = false;
    for _ in 0..n {
        let mut next = Layer::default();
        let mut i = 0;
        while i < layer.second.len() {
            let b = layer.second[i];
            let near = full & !(b << 2 | b >> 2);
            while i < layer.second.len() && layer.second[i] == b {
                let (a, from) = (layer.first[i], layer.best[i]);
                let free = near & !(a << 1 | a >> 1);
                let mut c = free;
                loop {
                    let slot = &mut scratch[c as usize];
                    if !slot.reached() {
                        touched.push(c);
                    }
                    merge(slot, from.plus(c.count_ones()), &mut overflow);
                    if c == 0 {
                        break;
                    }
                    c = (c - 1) & free;
                }
                i += 1;
            }
            for &c in &touched {
                next.push(b, c, scratch[c as usize]);
                scratch[c as usize] = Best::NONE;
            }
            touched.clear();
        }
        let next = next.grouped(size);
        if place {
            let maxima = layer.best.iter().map(|b| b.max).collect();
            kept.push(Kept {
                first: layer.first,
                second: layer.second,
                maxima,
            });
        }
        layer = next;
    }
    if overflow {
        return None;
    }
    let mut best = Best::NONE;
    for &b in &layer.best {
        best = best.or(b)?;
    }
    let squares = place.then(|| walk_back(n, &kept, &layer, best.max));
    Some((best, squares))
}

/// One placement of `max` knights: a final state holding the maximum, then
/// from each state a predecessor ending with its first row, compatible
/// with its last, whose max is this state's max less the last row.
fn walk_back(n: usize, kept: &[Kept], last: &Layer, max: u32) -> Vec<Square> {
    let i = (0..last.best.len())
        .find(|&i| last.best[i].max == max)
        .expect("the maximum is reached");
    let (mut a, mut b, mut need) = (last.first[i], last.second[i], max);
    let mut squares: Vec<Square> = row_squares(n - 1, b).collect();
    for row in (1..n).rev() {
        // `b` is row `row`, `a` row `row - 1`; find the row before `a`.
        need -= b.count_ones();
        let Kept {
            first,
            second,
            maxima,
        } = &kept[row];
        let from = second.partition_point(|&s| s < a);
        let to = second.partition_point(|&s| s <= a);
        let j = (from..to)
            .find(|&j| {
                let x = first[j];
                maxima[j] == need && (x << 1 | x >> 1) & b == 0
            })
            .expect("a maximal state has a maximal predecessor");
        squares.extend(row_squares(row - 1, a));
        (a, b) = (first[j], a);
    }
    squares
}
