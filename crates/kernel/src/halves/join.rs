//! Counting the disjoint pairs of two lists of keys: the join of
//! [`super`]'s meet in the middle, where most of the time of an even board
//! goes.
//!
//! The recursive cuts and the pair-by-pair blocks are compiled twice: for
//! the baseline x86-64 (SSE2, four 32-bit keys compared an instruction) and
//! for AVX2 (eight), chosen once per call by what the CPU reports. The
//! binary stays portable and still runs at the speed of a `target-cpu=native`
//! build on the machines that have AVX2 (measured at n = 18: 30 % less time).

/// Working memory of the join.
#[derive(Clone, Debug, Default)]
pub(super) struct JoinScratch {
    wide: Vec<u64>,
    narrow: Vec<u32>,
    x: Vec<u32>,
    y: Vec<u32>,
}

impl JoinScratch {
    /// Makes room for a join of lists of at most `longest` keys: the cuts
    /// write each list's keys at both ends of a buffer (with a vector's
    /// spill at each), and the 32-bit join copies both lists.
    pub(super) fn reserve(
        &mut self,
        longest: usize,
        ledger: &mut crate::ledger::Ledger,
    ) -> Result<(), crate::ledger::OverCap> {
        let JoinScratch { wide, narrow, x, y } = self;
        let twice = |lanes: usize| 2 * (longest + lanes);
        ledger.room(wide, twice(4).saturating_sub(wide.len()))?;
        ledger.room(narrow, twice(8).saturating_sub(narrow.len()))?;
        x.clear();
        y.clear();
        ledger.room(x, longest)?;
        ledger.room(y, longest)
    }
}

/// Below this many pairs a block is compared pair by pair: cutting costs a
/// pass over both lists, comparing costs a fraction of an instruction a
/// pair, so blocks are large (measured at n = 16: 65536 pairs beat 256 by
/// a factor 2.2).
const BLOCK: usize = 16384;

/// Keys of each side looked at to rank the bits: counting the bits of every
/// key cost a quarter of the time at n = 17; 128 keys rank them as well as
/// 2048 (callgrind at n = 16: 3.42e9 instructions either way). 64 still do
/// at n = 16 and cost half as much where the ranking was a seventh of the
/// count (n = 15); 32 rank worse (n = 16: 1.2 % more instructions).
const SAMPLE: usize = 64;

/// How many pairs `(x, y)` from the two lists have `x & y == 0`, for keys of
/// `bits` bits. Reorders both lists.
///
/// The lists are cut on one bit at a time: pairs with the bit on both sides
/// cannot be disjoint and are never looked at. Keys wider than 32 bits are
/// first cut on their high bits, which then no pair below shares, so the
/// rest is done on 32-bit keys (twice as many compared per instruction).
pub(super) fn disjoint_pairs(
    x: &mut [u64],
    y: &mut [u64],
    bits: u32,
    scratch: &mut JoinScratch,
) -> u64 {
    disjoint_pairs_on(Isa::detect(), x, y, bits, scratch)
}

/// The instruction sets the join (and the merge of a side's rows) is
/// compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Isa {
    Baseline,
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Isa {
    /// The best this CPU runs (the standard library caches the answer).
    pub(super) fn detect() -> Isa {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Isa::Avx2;
        }
        Isa::Baseline
    }

    /// Every set this CPU runs, for the tests.
    #[cfg(test)]
    pub(super) fn available() -> Vec<Isa> {
        let mut all = vec![Isa::Baseline];
        #[cfg(target_arch = "x86_64")]
        if Isa::detect() == Isa::Avx2 {
            all.push(Isa::Avx2);
        }
        all
    }
}

fn disjoint_pairs_on(
    isa: Isa,
    x: &mut [u64],
    y: &mut [u64],
    bits: u32,
    scratch: &mut JoinScratch,
) -> u64 {
    if x.is_empty() || y.is_empty() {
        return 0;
    }
    let (order, ranked) = cut_order(x, y, bits);
    let mut high = [0u64; 64];
    for (h, b) in high.iter_mut().zip(32..bits) {
        *h = 1 << b;
    }
    let mut low = [0u32; 64];
    let mut lows = 0;
    for &b in order[..ranked].iter().filter(|&&b| b < 32) {
        low[lows] = 1 << b;
        lows += 1;
    }
    let wide = bits.saturating_sub(32) as usize;
    let (high, low) = (&high[..wide], &low[..lows]);
    match isa {
        Isa::Baseline => baseline::join_wide(x, y, high, low, scratch),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Isa::Avx2` is only made when the CPU reports AVX2, the
        // one feature these functions are compiled for.
        #[allow(unsafe_code)]
        Isa::Avx2 => unsafe { avx2::join_wide(x, y, high, low, scratch) },
    }
}

/// The key bits that some pair of a sample has in common, in decreasing
/// order of the pairs they rule out, and how many there are.
fn cut_order(x: &[u64], y: &[u64], bits: u32) -> ([u32; 64], usize) {
    let ones = |keys: &[u64]| {
        let mut count = [0u64; 64];
        for &k in keys.iter().step_by(keys.len().div_ceil(SAMPLE)) {
            let mut k = k;
            while k != 0 {
                count[k.trailing_zeros() as usize] += 1;
                k &= k - 1;
            }
        }
        count
    };
    let (cx, cy) = (ones(x), ones(y));
    let mut order = [0u32; 64];
    let mut ranked = 0;
    for b in (0..bits).filter(|&b| cx[b as usize] * cy[b as usize] > 0) {
        order[ranked] = b;
        ranked += 1;
    }
    // Unstable, ties broken by the bit: the stable sort's buffer handling
    // cost more than the sort.
    order[..ranked]
        .sort_unstable_by_key(|&b| (std::cmp::Reverse(cx[b as usize] * cy[b as usize]), b));
    (order, ranked)
}

/// The recursive join, written once and compiled with the given attributes
/// (the target features of the functions it defines).
macro_rules! recursive_join {
    ($cut:path, $block:path $(, #[$feature:meta])*) => {
        use super::{JoinScratch, BLOCK};

        /// Cuts on every bit of `high`, then joins the low 32 bits.
        $(#[$feature])*
        pub(super) fn join_wide(
            x: &mut [u64],
            y: &mut [u64],
            high: &[u64],
            low: &[u32],
            scratch: &mut JoinScratch,
        ) -> u64 {
            if x.is_empty() || y.is_empty() {
                return 0;
            }
            match high.split_first() {
                Some((&bit, rest)) => {
                    let x0 = $cut(x, bit, &mut scratch.wide);
                    let y0 = $cut(y, bit, &mut scratch.wide);
                    let ((a, a0), (b, b0)) = if y0 <= x0 {
                        ((x, x0), (y, y0))
                    } else {
                        ((y, y0), (x, x0))
                    };
                    let (a_clear, a_set) = a.split_at_mut(a0);
                    join_wide(a_set, &mut b[..b0], rest, low, scratch)
                        + join_wide(a_clear, b, rest, low, scratch)
                }
                None => {
                    let JoinScratch {
                        narrow,
                        x: xs,
                        y: ys,
                        ..
                    } = scratch;
                    xs.clear();
                    xs.extend(x.iter().map(|&k| k as u32));
                    ys.clear();
                    ys.extend(y.iter().map(|&k| k as u32));
                    join(xs, ys, low, narrow)
                }
            }
        }

        $(#[$feature])*
        fn join(x: &mut [u32], y: &mut [u32], cuts: &[u32], scratch: &mut Vec<u32>) -> u64 {
            if x.is_empty() || y.is_empty() {
                return 0;
            }
            match cuts.split_first() {
                Some((&bit, rest)) if x.len() * y.len() > BLOCK => {
                    let (x0, y0) = ($cut(x, bit, scratch), $cut(y, bit, scratch));
                    // The pairs are (a with the bit, b without) and (a
                    // without, all of b): b is the list passed on whole, so
                    // it is the one with fewer keys without the bit (less
                    // to cut again below).
                    let ((a, a0), (b, b0)) = if y0 <= x0 {
                        ((x, x0), (y, y0))
                    } else {
                        ((y, y0), (x, x0))
                    };
                    let (a_clear, a_set) = a.split_at_mut(a0);
                    join(a_set, &mut b[..b0], rest, scratch) + join(a_clear, b, rest, scratch)
                }
                _ => $block(x, y),
            }
        }
    };
}

mod baseline {
    use super::{block, partition};
    recursive_join!(partition, block);
}

#[cfg(target_arch = "x86_64")]
pub(super) use avx2::pack::PACK64;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    recursive_join!(pack::partition, pack::block, #[target_feature(enable = "avx2")]);

    /// The cut of 32-bit keys eight at a time (64-bit keys four at a time):
    /// each vector of keys is packed twice by a permutation from a table,
    /// keys without the bit to the front, keys with it to the front of
    /// another, and each pack stored whole, its cursor moving past the keys
    /// it holds. Four to five times fewer instructions a key than
    /// [`super::partition`].
    #[allow(unsafe_code)]
    pub(super) mod pack {
        use std::arch::x86_64::*;

        /// For each mask of `LANES` bits, the 32-bit lanes of the keys
        /// whose bit is set, in order, then the others' (which are
        /// overwritten by the next store): rows of eight lanes.
        const fn pack_table<const LANES: usize, const MASKS: usize>() -> [[u32; 8]; MASKS] {
            let per_key = 8 / LANES;
            let mut table = [[0u32; 8]; MASKS];
            let mut mask = 0;
            while mask < MASKS {
                let (mut at, mut key) = (0, 0);
                while key < LANES {
                    if mask & (1 << key) != 0 {
                        let mut half = 0;
                        while half < per_key {
                            table[mask][at] = (key * per_key + half) as u32;
                            at += 1;
                            half += 1;
                        }
                    }
                    key += 1;
                }
                mask += 1;
            }
            table
        }

        static PACK32: [[u32; 8]; 256] = pack_table::<8, 256>();
        pub(in crate::halves) static PACK64: [[u32; 8]; 16] = pack_table::<4, 16>();

        /// Keys the cut handles: 32 or 64 bits, eight or four a vector.
        pub(super) trait Key:
            Copy + Default + std::ops::BitAnd<Output = Self> + PartialEq
        {
            const LANES: usize;
            /// The mask of the lanes of `v` (as many bits as keys) that
            /// have no bit of `probe`.
            ///
            /// # Safety
            /// The CPU must have AVX2.
            unsafe fn without(v: __m256i, probe: Self) -> usize;
            fn table(mask: usize) -> &'static [u32; 8];
        }

        impl Key for u32 {
            const LANES: usize = 8;
            #[inline(always)]
            unsafe fn without(v: __m256i, probe: u32) -> usize {
                // SAFETY: the caller vouches for AVX2.
                unsafe {
                    let hit = _mm256_and_si256(v, _mm256_set1_epi32(probe as i32));
                    let clear = _mm256_cmpeq_epi32(hit, _mm256_setzero_si256());
                    _mm256_movemask_ps(_mm256_castsi256_ps(clear)) as usize
                }
            }
            #[inline(always)]
            fn table(mask: usize) -> &'static [u32; 8] {
                &PACK32[mask]
            }
        }

        impl Key for u64 {
            const LANES: usize = 4;
            #[inline(always)]
            unsafe fn without(v: __m256i, probe: u64) -> usize {
                // SAFETY: the caller vouches for AVX2.
                unsafe {
                    let hit = _mm256_and_si256(v, _mm256_set1_epi64x(probe as i64));
                    let clear = _mm256_cmpeq_epi64(hit, _mm256_setzero_si256());
                    _mm256_movemask_pd(_mm256_castsi256_pd(clear)) as usize
                }
            }
            #[inline(always)]
            fn table(mask: usize) -> &'static [u32; 8] {
                &PACK64[mask]
            }
        }

        /// [`super::super::block`] four keys of the shorter list at a
        /// time: each vector of eight keys of the longer one is loaded once
        /// and tested against the four, the disjoint pairs counted in four
        /// vector counters (one lane per key of the longer list); the
        /// longer list's last keys (fewer than eight) pair by pair.
        #[target_feature(enable = "avx2")]
        pub(in crate::halves::join) fn block(x: &[u32], y: &[u32]) -> u64 {
            let (short, long) = if x.len() < y.len() { (x, y) } else { (y, x) };
            let body = long.chunks_exact(8);
            let tail = body.remainder();
            let mut total = 0u64;
            let mut quads = short.chunks_exact(4);
            for q in &mut quads {
                // SAFETY: AVX2 is enabled for this function; each load reads
                // one chunk of eight u32.
                unsafe {
                    let zero = _mm256_setzero_si256();
                    let b = |k: u32| _mm256_set1_epi32(k as i32);
                    let (q0, q1, q2, q3) = (b(q[0]), b(q[1]), b(q[2]), b(q[3]));
                    let (mut c0, mut c1, mut c2, mut c3) = (zero, zero, zero, zero);
                    for v in body.clone() {
                        let v = _mm256_loadu_si256(v.as_ptr().cast());
                        // An all-ones lane (-1) where the pair is disjoint.
                        let hit = |q| _mm256_cmpeq_epi32(_mm256_and_si256(v, q), zero);
                        c0 = _mm256_sub_epi32(c0, hit(q0));
                        c1 = _mm256_sub_epi32(c1, hit(q1));
                        c2 = _mm256_sub_epi32(c2, hit(q2));
                        c3 = _mm256_sub_epi32(c3, hit(q3));
                    }
                    // Each lane counts at most 4 * len / 8 pairs: no overflow.
                    let c = _mm256_add_epi32(_mm256_add_epi32(c0, c1), _mm256_add_epi32(c2, c3));
                    let mut lanes = [0u32; 8];
                    _mm256_storeu_si256(lanes.as_mut_ptr().cast(), c);
                    total += lanes.iter().map(|&l| u64::from(l)).sum::<u64>();
                }
                for &p in tail {
                    total += q.iter().map(|&k| u64::from(p & k == 0)).sum::<u64>();
                }
            }
            total + super::super::block(quads.remainder(), long)
        }

        /// Moves the keys without `bit` to the front; returns how many.
        #[target_feature(enable = "avx2")]
        pub(super) fn partition<K: Key>(keys: &mut [K], bit: K, scratch: &mut Vec<K>) -> usize {
            let (len, lanes) = (keys.len(), K::LANES);
            // Keys without the bit go to `scratch[..len + lanes]`, keys with
            // it to the rest: each region holds its keys and the spill of a
            // last store of a whole vector.
            let room = 2 * (len + lanes);
            if scratch.len() < room {
                scratch.resize(room, K::default());
            }
            let (clear_room, set_room) = scratch.split_at_mut(len + lanes);
            let (mut clear, mut set) = (0, 0);
            let chunks = keys.chunks_exact(lanes);
            let tail = chunks.remainder();
            let all = (1 << lanes) - 1;
            for chunk in chunks {
                // SAFETY: this function runs with AVX2; `chunk` holds one
                // vector's keys, the 32 bytes read; a table row is eight u32; each store goes to a
                // slice of one vector's keys (bounds checked when sliced).
                let kept = unsafe {
                    let v = _mm256_loadu_si256(chunk.as_ptr().cast());
                    let mask = K::without(v, bit);
                    let to_front = _mm256_loadu_si256(K::table(mask).as_ptr().cast());
                    let to_back = _mm256_loadu_si256(K::table(!mask & all).as_ptr().cast());
                    let front = _mm256_permutevar8x32_epi32(v, to_front);
                    let back = _mm256_permutevar8x32_epi32(v, to_back);
                    _mm256_storeu_si256(
                        clear_room[clear..clear + lanes].as_mut_ptr().cast(),
                        front,
                    );
                    _mm256_storeu_si256(set_room[set..set + lanes].as_mut_ptr().cast(), back);
                    mask.count_ones() as usize
                };
                clear += kept;
                set += lanes - kept;
            }
            for &k in tail {
                if k & bit == K::default() {
                    clear_room[clear] = k;
                    clear += 1;
                } else {
                    set_room[set] = k;
                    set += 1;
                }
            }
            keys[..clear].copy_from_slice(&clear_room[..clear]);
            keys[clear..].copy_from_slice(&set_room[..set]);
            clear
        }
    }
}

/// Moves the keys without `bit` to the front; returns how many there are.
///
/// Branch-free (a branch on a random bit mispredicts half the time), and
/// through `scratch` rather than by swaps, which would make each step wait
/// for the store of the one before: each key is written at both ends of
/// the scratch space and only one end's cursor moves past it.
#[inline(always)]
fn partition<K: Copy + std::ops::BitAnd<Output = K> + PartialEq + Default>(
    keys: &mut [K],
    bit: K,
    scratch: &mut Vec<K>,
) -> usize {
    let len = keys.len();
    if scratch.len() <= len {
        scratch.resize(len + 1, K::default());
    }
    let (mut clear, mut set) = (0, len);
    for &k in keys.iter() {
        let without = usize::from(k & bit == K::default());
        scratch[clear] = k;
        scratch[set] = k;
        clear += without;
        set -= 1 - without;
    }
    keys[..clear].copy_from_slice(&scratch[..clear]);
    keys[clear..].copy_from_slice(&scratch[set + 1..=len]);
    clear
}

/// Every pair compared, branch-free, the longer list in the inner loop (it
/// is the one the compiler vectorises).
#[inline(always)]
fn block(x: &[u32], y: &[u32]) -> u64 {
    let (short, long) = if x.len() < y.len() { (x, y) } else { (y, x) };
    short
        .iter()
        .map(|&q| long.iter().map(|&p| u32::from(p & q == 0)).sum::<u32>() as u64)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_join_agrees_with_comparing_every_pair() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state & state.rotate_left(23)
        };
        for bits in [30u32, 40] {
            for len in [0usize, 1, 7, 50, 300, 1000] {
                let mask = (1u64 << bits) - 1;
                let x: Vec<u64> = (0..len).map(|_| next() & mask).collect();
                let y: Vec<u64> = (0..len / 2 + 3).map(|_| next() & mask).collect();
                let expect = x
                    .iter()
                    .flat_map(|p| y.iter().map(move |q| p & q))
                    .filter(|&k| k == 0)
                    .count() as u64;
                for isa in Isa::available() {
                    let (mut x, mut y) = (x.clone(), y.clone());
                    let mut scratch = JoinScratch::default();
                    assert_eq!(
                        disjoint_pairs_on(isa, &mut x, &mut y, bits, &mut scratch),
                        expect,
                        "{isa:?}, {bits} bits, len = {len}"
                    );
                }
            }
        }
    }

    /// The AVX2 block against the pairs counted one by one, for every
    /// length of either list up to a few vectors (each remainder of the
    /// four keys of the shorter list and of the eight of the longer).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_vector_block_counts_every_pair() {
        if Isa::detect() != Isa::Avx2 {
            return;
        }
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut key = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // About a third of the pairs disjoint, and some keys of 0.
            (state & (state >> 32) & (state >> 16)) as u32 & 0x0fff_ffff
        };
        for a in 0..=13 {
            for b in 0..=41 {
                let x: Vec<u32> = (0..a).map(|_| key()).collect();
                let y: Vec<u32> = (0..b).map(|_| key()).collect();
                let expect = x
                    .iter()
                    .flat_map(|p| y.iter().map(move |q| p & q))
                    .filter(|&k| k == 0)
                    .count() as u64;
                // SAFETY: the CPU reports AVX2 (checked above).
                #[allow(unsafe_code)]
                let got = unsafe { (avx2::pack::block(&x, &y), avx2::pack::block(&y, &x)) };
                assert_eq!(got, (expect, expect), "{a} x {b}");
            }
        }
    }
}
