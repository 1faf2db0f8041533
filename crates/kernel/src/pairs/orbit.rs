//! The canonical pairs: which last-row columns a first-row column is
//! counted with, and which of them are reserved (see the module
//! documentation of [`crate::pairs`]).

/// The partners of first-row column `a` on a board with `n > 1`: the
/// columns `b` with `a < b <= n - 1 - a`, `(0, n - 1)` left out.
pub(super) fn partners(n: usize, a: usize) -> u32 {
    if 2 * a + 2 > n {
        return 0;
    }
    let hi = n - 1 - a;
    // Bits a + 1 ..= hi.
    let mut mask = (u32::MAX >> (31 - hi)) & !(u32::MAX >> (31 - a));
    if a == 0 {
        mask &= !(1 << (n - 1));
    }
    mask
}

/// Whether a first-row column with these partners reserves its last-row
/// queen: when it has at most `(n + 1) / 3` of them (see the module
/// documentation; the threshold is measured, for n = 13 to 17).
pub(super) fn reserves(n: usize, partners: u32) -> bool {
    3 * partners.count_ones() as usize <= n + 1
}

/// The columns of row `row` that the queen at `(n - 1, last)` attacks along
/// its two diagonals (`last +- (n - 1 - row)`, where on the board).
pub(super) fn bottom_diagonals(n: usize, last: usize, row: usize) -> u32 {
    let d = n - 1 - row;
    let right = if last + d < n { 1 << (last + d) } else { 0 };
    let left = if last >= d { 1 << (last - d) } else { 0 };
    right | left
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MAX_N;

    #[test]
    fn canonical_pairs_are_the_orbit_minima_with_orbit_sizes_as_weights() {
        for n in 2..=MAX_N {
            let m = n - 1;
            let mut want = Vec::new();
            for a in 0..n {
                for b in 0..n {
                    if a == b || a.abs_diff(b) == m {
                        continue;
                    }
                    let orbit = [(a, b), (m - a, m - b), (b, a), (m - b, m - a)];
                    if orbit.iter().all(|&p| p >= (a, b)) {
                        let mut distinct = orbit.to_vec();
                        distinct.sort_unstable();
                        distinct.dedup();
                        want.push((a, b, distinct.len() as u8));
                    }
                }
            }
            let covered: usize = want.iter().map(|&(_, _, w)| usize::from(w)).sum();
            assert_eq!(covered, n * (n - 1) - 2, "every valid pair once, n = {n}");
            let mut got = Vec::new();
            for a in 0..n {
                let p = partners(n, a);
                assert_eq!(u64::from(p) >> n, 0);
                for b in 0..n {
                    if p & 1 << b != 0 {
                        got.push((a, b, if a + b == m { 2 } else { 4 }));
                    }
                }
            }
            assert_eq!(got, want, "n = {n}");
        }
    }
}
