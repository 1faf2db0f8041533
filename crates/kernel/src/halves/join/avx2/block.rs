//! The AVX2 join's blocks: which way a block is counted (bit-sliced, see
//! [`super::sliced`], or compared four keys by eight), and the compare.

use std::arch::x86_64::*;

use super::lanes_from;
use super::sliced::{sliced, sliced_live_any, SLICE, SLICED_SHORTEST};

/// Below this many pairs a block is counted without cutting: the
/// sliced block makes a pair cheaper than comparing does, so blocks
/// are eight times the baseline's. Measured with callgrind: the join
/// alone, every 40th row set of n = 18, with eight lookups a key:
/// 32768 pairs 4.84e8 instructions, 65536 4.76e8, 98304 4.89e8,
/// against 5.82e8 compared four by eight at 16384. With the tables
/// of 4 to 6 bits (fewer lookups), whole counts: 131072 pairs against
/// 65536 take 0.4 % fewer instructions at n = 16 and 17, 0.9 % at
/// n = 18, 2.3 % and 2.2 % at the n = 22 and 23 shards; 196608 and
/// 262144 more than 131072 at n = 22 (+0.2 %, +1.2 %).
pub(in crate::halves::join) const BLOCK: usize = 8 * super::super::BLOCK;

/// The pairs of a block: sliced (see [`sliced`]) once the shorter
/// list is long enough to pay for transposing the longer, else four
/// keys of the shorter list against eight of the longer at a time.
#[target_feature(enable = "avx2,popcnt")]
pub(in crate::halves::join) fn block(x: &[u32], y: &[u32]) -> u64 {
    match to_slice(x, y) {
        Some((looked_up, transposed)) if fast_pext() => {
            // SAFETY: `fast_pext` reports BMI2.
            unsafe { sliced_live_any(looked_up, transposed, live(x, y)) }
        }
        Some((looked_up, transposed)) => sliced(looked_up, transposed),
        None => quads(x, y),
    }
}

/// The bits some key of each list holds.
#[inline(always)]
pub(in crate::halves::join) fn live(x: &[u32], y: &[u32]) -> u32 {
    let or = |keys: &[u32]| keys.iter().fold(0, |a, &k| a | k);
    or(x) & or(y)
}

/// If a block of `x` and `y` is counted sliced (the shorter list long
/// enough to pay for transposing the longer): the list looked up and
/// the list transposed, the one that costs less: the longer, unless it
/// fills its last slice less (a block of 190 x 300 keys: one slice of
/// the shorter looked up by 300 keys, not two of the longer by 190).
#[inline(always)]
pub(in crate::halves::join) fn to_slice<'a>(
    x: &'a [u32],
    y: &'a [u32],
) -> Option<(&'a [u32], &'a [u32])> {
    to_slice_by(x, y, |t, l| {
        t.div_ceil(32) * 116 + t.div_ceil(SLICE) * (300 + 33 * l)
    })
}

/// [`to_slice`] by the cost `cost(transposed, looked_up)` of slicing
/// lists of those lengths.
#[inline(always)]
pub(in crate::halves::join) fn to_slice_by<'a>(
    x: &'a [u32],
    y: &'a [u32],
    cost: impl Fn(usize, usize) -> usize,
) -> Option<(&'a [u32], &'a [u32])> {
    let (short, long) = if x.len() < y.len() { (x, y) } else { (y, x) };
    if short.len() < SLICED_SHORTEST || long.len() < 32 {
        return None;
    }
    Some(
        if cost(short.len(), long.len()) < cost(long.len(), short.len()) {
            (long, short)
        } else {
            (short, long)
        },
    )
}

/// Whether `pext` is fast on this CPU: it has BMI2 and is not an AMD
/// CPU before Zen 3 (family 0x19), where `pext` is microcoded (tens
/// to hundreds of cycles). Asked once.
pub(in crate::halves::join) fn fast_pext() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(|| {
        if !std::arch::is_x86_feature_detected!("bmi2") {
            return false;
        }
        // Every x86-64 CPU has `cpuid` and its leaves 0 and 1.
        let (vendor, version) = (__cpuid(0), __cpuid(1));
        // "AuthenticAMD".
        let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
        let base = (version.eax >> 8) & 0xf;
        let family = base
            + if base == 0xf {
                (version.eax >> 20) & 0xff
            } else {
                0
            };
        !amd || family >= 0x19
    })
}

/// [`super::super::baseline::block`] four keys of the shorter list at a
/// time: each vector of eight keys of the longer one is loaded once
/// and tested against the four, the disjoint pairs counted in four
/// vector counters (one lane per key of the longer list). The
/// longer list's last keys (fewer than eight) are the last lanes of
/// one more vector, its first lanes masked off; the shorter list's
/// last keys (fewer than four) are one more quad whose missing keys
/// are not counted. The counters are summed across quads and
/// reduced once a block (or before a lane could overflow).
#[target_feature(enable = "avx2,popcnt")]
pub(in crate::halves::join) fn quads(x: &[u32], y: &[u32]) -> u64 {
    let (short, long) = if x.len() < y.len() { (x, y) } else { (y, x) };
    if long.len() < 8 || short.is_empty() {
        return super::super::baseline::block(short, long);
    }
    let body = long.chunks_exact(8);
    let rest = body.remainder().len();
    let zero = _mm256_setzero_si256();
    // SAFETY: AVX2 is enabled for this function; the load reads
    // the last eight keys of `long` (it has eight or more).
    let last = unsafe { _mm256_loadu_si256(long[long.len() - 8..].as_ptr().cast()) };
    // The lanes of `last` the body has not counted.
    let fresh = lanes_from(8 - rest);
    // The disjoint pairs of each key of `q` with `long`, one counter
    // (of eight lanes) a key.
    let quad = |q: [u32; 4]| {
        let b = |k: u32| _mm256_set1_epi32(k as i32);
        let (q0, q1, q2, q3) = (b(q[0]), b(q[1]), b(q[2]), b(q[3]));
        let (mut c0, mut c1, mut c2, mut c3) = (zero, zero, zero, zero);
        for v in body.clone() {
            // SAFETY: the load reads one chunk of eight u32.
            let v = unsafe { _mm256_loadu_si256(v.as_ptr().cast()) };
            // An all-ones lane (-1) where the pair is disjoint.
            let hit = |q| _mm256_cmpeq_epi32(_mm256_and_si256(v, q), zero);
            c0 = _mm256_sub_epi32(c0, hit(q0));
            c1 = _mm256_sub_epi32(c1, hit(q1));
            c2 = _mm256_sub_epi32(c2, hit(q2));
            c3 = _mm256_sub_epi32(c3, hit(q3));
        }
        let hit = |q| {
            let disjoint = _mm256_cmpeq_epi32(_mm256_and_si256(last, q), zero);
            _mm256_and_si256(disjoint, fresh)
        };
        c0 = _mm256_sub_epi32(c0, hit(q0));
        c1 = _mm256_sub_epi32(c1, hit(q1));
        c2 = _mm256_sub_epi32(c2, hit(q2));
        c3 = _mm256_sub_epi32(c3, hit(q3));
        [c0, c1, c2, c3]
    };
    let sum = |c: __m256i| {
        let mut lanes = [0u32; 8];
        // SAFETY: the store writes eight u32.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), c) };
        lanes.iter().map(|&l| u64::from(l)).sum::<u64>()
    };
    // A lane gains at most 4 * (long.len() / 8 + 1) a quad.
    let quads_per_sum = (u32::MAX as usize / (4 * (long.len() / 8 + 1))).max(1);
    let (mut total, mut acc, mut left) = (0u64, zero, quads_per_sum);
    let mut quads = short.chunks_exact(4);
    for q in &mut quads {
        let [c0, c1, c2, c3] = quad([q[0], q[1], q[2], q[3]]);
        let c = _mm256_add_epi32(_mm256_add_epi32(c0, c1), _mm256_add_epi32(c2, c3));
        acc = _mm256_add_epi32(acc, c);
        left -= 1;
        if left == 0 {
            total += sum(acc);
            (acc, left) = (zero, quads_per_sum);
        }
    }
    total += sum(acc);
    let odd = quads.remainder();
    if let Some(&first) = odd.first() {
        let pad = |i: usize| odd.get(i).copied().unwrap_or(first);
        let c = quad([pad(0), pad(1), pad(2), pad(3)]);
        total += c[..odd.len()].iter().map(|&c| sum(c)).sum::<u64>();
    }
    total
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::one_by_one;
    use super::super::super::Isa;
    use super::*;
    use crate::halves::xorshift::xorshift;

    /// For lists of each length `(a, b)` of `shapes`, keys of the bits of
    /// `mask` (each bit held about one time in eight: the AND of three
    /// pseudo-random words), `count` of `x` with `y` and of `y` with `x`
    /// against the pairs counted one by one. Only where the CPU has AVX2.
    #[cfg(target_arch = "x86_64")]
    fn counts_both_ways(
        shapes: impl IntoIterator<Item = (usize, usize)>,
        mask: u32,
        count: fn(&[u32], &[u32]) -> u64,
    ) {
        if !Isa::available().contains(&Isa::Avx2) {
            return;
        }
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut key = || {
            let s = next();
            (s & (s >> 32) & (s >> 16)) as u32 & mask
        };
        for (a, b) in shapes {
            let x: Vec<u32> = (0..a).map(|_| key()).collect();
            let y: Vec<u32> = (0..b).map(|_| key()).collect();
            let expect = one_by_one(&x, &y);
            assert_eq!(
                (count(&x, &y), count(&y, &x)),
                (expect, expect),
                "{a} x {b}"
            );
        }
    }

    /// The AVX2 block against the pairs counted one by one, for every
    /// length of either list up to a few vectors (each remainder of the
    /// four keys of the shorter list and of the eight of the longer).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_vector_block_counts_every_pair() {
        let shapes = (0..=13).flat_map(|a| (0..=41).map(move |b| (a, b)));
        // About a third of the pairs disjoint, and some keys of 0.
        // SAFETY: only called where the CPU reports AVX2.
        #[allow(unsafe_code)]
        counts_both_ways(shapes, 0x0fff_ffff, |x, y| unsafe { quads(x, y) });
    }

    /// The AVX2 block, whichever list it transposes, against the pairs
    /// counted one by one: shapes where the longer list fills its last
    /// slice worse than the shorter (and so is looked up), and where not.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_block_counts_every_pair_whichever_list_it_transposes() {
        let mut shapes = vec![(190, 300), (256, 257), (512, 40), (255, 513), (31, 700)];
        shapes.extend((30..40).flat_map(|a| (250..270).step_by(3).map(move |b| (a, b))));
        // SAFETY: only called where the CPU reports AVX2.
        #[allow(unsafe_code)]
        counts_both_ways(shapes, u32::MAX, |x, y| unsafe { block(x, y) });
    }
}
