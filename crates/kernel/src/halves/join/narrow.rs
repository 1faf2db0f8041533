//! Keys made 32 bits: the live high bits moved to low bits no pair
//! shares, and the keys sorted into the classes of the last two bits cut
//! on whole keys.

/// How a key becomes 32 bits once the excess bits are cut: the live low
/// bits left kept, each live high bit left moved to a low bit no pair
/// shares (dead, or cut). The moved bits are looked up a byte of the high half at a time
/// (`high[i][byte]`: the low bits byte `i` moves to), one table lookup a
/// byte for every key, where moving them one by one took four instructions
/// a bit (up to six bits at n = 20, where narrowing was 9 % of the time).
pub(super) struct Narrow {
    pub(super) keep: u32,
    pub(super) high: Vec<[u32; 256]>,
    /// Bytes of the high half looked up (the last with a bit to move).
    pub(super) bytes: usize,
}

impl Narrow {
    /// Fills each byte's table from its single bits' entries: every other
    /// entry is the union of its lowest bit's and the rest's.
    pub(super) fn tabulate(&mut self) {
        for t in &mut self.high {
            for e in 1..256usize {
                if e & (e - 1) != 0 {
                    t[e] = t[e & (e - 1)] | t[e & e.wrapping_neg()];
                }
            }
        }
    }

    #[inline(always)]
    fn key<const BYTES: usize>(&self, k: u64) -> u32 {
        (0..BYTES).fold(k as u32 & self.keep, |v, i| {
            v | self.high[i][(k >> (32 + 8 * i)) as usize & 255]
        })
    }

    /// Writes the keys of `x` then of `y` made 32 bits to `to` (as long as
    /// both), each list sorted by the one or two bits of `high` (a key's
    /// class: bit 0 for the first, bit 1 for the second): `x` in the order
    /// of the classes 0, 1, 2, 3, `y` in the order 1, 0, 2, 3, so that the
    /// keys of `y` sharing no high bit with a class of `x` are one run:
    /// all for class 0, classes 0 and 2 for 1, 1 and 0 for 2, 0 for 3.
    /// Returns where each run starts (`x`'s four, then `y`'s), and the end.
    /// One pass to count the classes, one to write them, where cutting on
    /// the two bits took two passes over 64-bit keys and copied them back
    /// (at n = 20 that was 16 % of the join). The AVX-512 join's is
    /// `avx512/classes.rs`.
    #[inline(always)]
    pub(super) fn sort(&self, x: &[u64], y: &[u64], high: &[u64], to: &mut [u32]) -> [usize; 9] {
        let at = Narrow::classes(x, y, high);
        let (h0, h1) = (high[0], high.get(1).copied().unwrap_or(0));
        let class = |k: u64| usize::from(k & h0 != 0) | usize::from(k & h1 != 0) << 1;
        let mut next_x = [at[0], at[1], at[2], at[3]];
        let mut next_y = [at[5], at[4], at[6], at[7]];
        self.each(x, |k, v| {
            let c = &mut next_x[class(k)];
            to[*c] = v;
            *c += 1;
        });
        self.each(y, |k, v| {
            let c = &mut next_y[class(k)];
            to[*c] = v;
            *c += 1;
        });
        at
    }

    /// Where [`Narrow::sort`]'s runs start (`x`'s four classes, then
    /// `y`'s in the order 1, 0, 2, 3), and the end.
    #[inline(always)]
    pub(super) fn classes(x: &[u64], y: &[u64], high: &[u64]) -> [usize; 9] {
        let (h0, h1) = (high[0], high.get(1).copied().unwrap_or(0));
        // The classes counted from three sums, which vectorise (a counter
        // in memory indexed by the class made each key wait for the store
        // of the one before: 1.3 % of the instructions at n = 22).
        let count = |keys: &[u64]| {
            let (mut n0, mut n1, mut both) = (0, 0, 0);
            for &k in keys {
                let (b0, b1) = (k & h0 != 0, k & h1 != 0);
                n0 += usize::from(b0);
                n1 += usize::from(b1);
                both += usize::from(b0 & b1);
            }
            [keys.len() + both - n0 - n1, n0 - both, n1 - both, both]
        };
        let (cx, cy) = (count(x), count(y));
        let mut at = [0usize; 9];
        for (i, c) in [cx[0], cx[1], cx[2], cx[3], cy[1], cy[0], cy[2], cy[3]]
            .into_iter()
            .enumerate()
        {
            at[i + 1] = at[i] + c;
        }
        at
    }

    /// Calls `f` with each key of `keys` and the key made 32 bits, in a
    /// loop made for the number of high bytes (none up to n = 17).
    #[inline(always)]
    pub(super) fn each(&self, keys: &[u64], mut f: impl FnMut(u64, u32)) {
        match self.bytes {
            0 => keys.iter().for_each(|&k| f(k, self.key::<0>(k))),
            1 => keys.iter().for_each(|&k| f(k, self.key::<1>(k))),
            2 => keys.iter().for_each(|&k| f(k, self.key::<2>(k))),
            3 => keys.iter().for_each(|&k| f(k, self.key::<3>(k))),
            _ => keys.iter().for_each(|&k| f(k, self.key::<4>(k))),
        }
    }

    /// Writes each key of `keys` made 32 bits to `to` (as long), in a loop
    /// made for the number of high bytes (none up to n = 17).
    #[inline(always)]
    pub(super) fn keys(&self, keys: &[u64], to: &mut [u32]) {
        pub(super) fn each(to: &mut [u32], keys: &[u64], key: impl Fn(u64) -> u32) {
            for (s, &k) in to.iter_mut().zip(keys) {
                *s = key(k);
            }
        }
        match self.bytes {
            0 => each(to, keys, |k| self.key::<0>(k)),
            1 => each(to, keys, |k| self.key::<1>(k)),
            2 => each(to, keys, |k| self.key::<2>(k)),
            3 => each(to, keys, |k| self.key::<3>(k)),
            _ => each(to, keys, |k| self.key::<4>(k)),
        }
    }
}
