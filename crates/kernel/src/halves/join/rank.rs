//! The order of the cuts: the bits ranked by the pairs they rule out in a
//! sample of each list, once for the whole join, and anew at the nodes of
//! the 32-bit join with the most pairs (see [`best_first`]).

use super::{Isa, SAMPLE};

/// The key bits that some pair of a sample has in common, in decreasing
/// order of the pairs they rule out, and how many there are.
pub(super) fn cut_order(isa: Isa, x: &[u64], y: &[u64], bits: u32) -> ([u32; 64], usize) {
    let ones = |keys: &[u64]| {
        let step = keys.len().div_ceil(SAMPLE);
        match isa {
            Isa::Baseline => bit_counts(keys, step),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx2` and `Isa::Avx512` are only made when
            // the CPU reports AVX2.
            #[allow(unsafe_code)]
            Isa::Avx2 | Isa::Avx512 => unsafe { super::avx2::bit_counts(keys, step) },
        }
    };
    let (cx, cy) = (ones(x), ones(y));
    // Each bit's place as one integer: the pairs it rules out (at most
    // SAMPLE squared) complemented, then the bit (ties broken by it). A
    // sort by the key (pairs, bit) with a closure was 2.5 % of count 17.
    let mut keys = [0u64; 64];
    let mut ranked = 0;
    for b in 0..bits {
        let pairs = cx[b as usize] * cy[b as usize];
        if pairs > 0 {
            keys[ranked] =
                (u64::from(u32::MAX) - pairs.min(u64::from(u32::MAX))) << 6 | u64::from(b);
            ranked += 1;
        }
    }
    keys[..ranked].sort_unstable();
    let mut order = [0u32; 64];
    for (o, k) in order.iter_mut().zip(&keys[..ranked]) {
        *o = (k & 63) as u32;
    }
    (order, ranked)
}

/// Nodes of the 32-bit join with more than this many blocks' worth of
/// pairs, in the joins of the classes of wide keys (n >= 21), rank their
/// cut anew (see [`best_first`]): the count of the samples' bits costs
/// about what a node's block pairs save (callgrind, AVX2 path: 4 blocks
/// did best on the n = 22 and 23 shards; 16 saved less). Where the keys
/// need no classes the join's order fits its lists: ranking there cost
/// 0.9 % at count 16 and up to 2 % of user CPU at count 19 (AVX-512).
pub(super) const RANKED_BLOCKS: usize = 8;

/// `cuts` (32-bit key bits) with the one held by most pairs of the
/// samples counted in `cx` and `cy` (see
/// [`node_bit_counts`](super::baseline::node_bit_counts)) moved first,
/// the others in their order, written to `out`. The pairs a cut leaves
/// are `|x| |y|` less those with the bit on both sides: the order fixed
/// for the whole join ranks the bits on its lists, and the ones that do
/// best there may not below a few cuts.
#[inline(always)]
pub(super) fn best_first<'a>(
    cuts: &[u32],
    (cx, cy): (&[u32; 32], &[u32; 32]),
    out: &'a mut [u32; 64],
) -> &'a [u32] {
    let mut best = (0, 0);
    for (i, &c) in cuts.iter().enumerate() {
        let b = c.trailing_zeros() as usize;
        let held = cx[b] * cy[b];
        if held > best.1 {
            best = (i, held);
        }
    }
    let out = &mut out[..cuts.len()];
    out.copy_from_slice(cuts);
    out[..=best.0].rotate_right(1);
    out
}

/// How many of every `step`-th key of `keys` hold each bit, a set bit at
/// a time.
fn bit_counts(keys: &[u64], step: usize) -> [u64; 64] {
    held_bits(keys.iter().step_by(step).copied())
}

/// How many of `keys` hold each bit, a set bit at a time.
fn held_bits(keys: impl Iterator<Item = u64>) -> [u64; 64] {
    let mut count = [0u64; 64];
    for k in keys {
        let mut k = k;
        while k != 0 {
            count[k.trailing_zeros() as usize] += 1;
            k &= k - 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::super::super::xorshift::xorshift;
    use super::*;

    /// The bit counts of a sample, against counting each bit: every
    /// step, samples of up to 600 keys (byte counters that must not
    /// overflow), keys of 0 and of all ones.
    #[test]
    fn every_isa_counts_the_bits_of_a_sample() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for len in [0usize, 1, 5, 64, 255, 256, 600] {
            let mut keys: Vec<u64> = (0..len).map(|_| next() & next()).collect();
            keys.extend([0, u64::MAX]);
            for step in [1, 2, 7] {
                let expect: Vec<u64> = (0..64)
                    .map(|b| {
                        keys.iter()
                            .step_by(step)
                            .filter(|&&k| k >> b & 1 == 1)
                            .count() as u64
                    })
                    .collect();
                for isa in Isa::available() {
                    let got = match isa {
                        Isa::Baseline => bit_counts(&keys, step),
                        // SAFETY: `Isa::available` lists AVX2 and
                        // AVX-512 where the CPU reports AVX2.
                        #[cfg(target_arch = "x86_64")]
                        #[allow(unsafe_code)]
                        Isa::Avx2 | Isa::Avx512 => unsafe {
                            super::super::avx2::bit_counts(&keys, step)
                        },
                    };
                    assert_eq!(got.to_vec(), expect, "{isa:?}, {len} keys, every {step}");
                }
            }
        }
    }

    /// The order of the cuts, against sorting the bits by the pairs of
    /// the samples that hold them (most first, ties by the bit): lists of
    /// several lengths and densities, a bit no key holds, ties.
    #[test]
    fn the_cuts_go_in_order_of_the_pairs_they_rule_out() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for (lx, ly, dense) in [
            (1, 1, true),
            (40, 300, false),
            (1000, 77, true),
            (5000, 5000, false),
        ] {
            let mut key = || {
                let k = next() & next();
                (if dense { k | next() } else { k }) & !(1 << 17)
            };
            let x: Vec<u64> = (0..lx).map(|_| key()).collect();
            let y: Vec<u64> = (0..ly).map(|_| key()).collect();
            let ones = |keys: &[u64]| bit_counts(keys, keys.len().div_ceil(SAMPLE));
            let (cx, cy) = (ones(&x), ones(&y));
            let mut expect: Vec<u32> = (0..60)
                .filter(|&b| cx[b as usize] * cy[b as usize] > 0)
                .collect();
            expect.sort_by_key(|&b| (std::cmp::Reverse(cx[b as usize] * cy[b as usize]), b));
            assert!(!expect.contains(&17));
            for isa in Isa::available() {
                let (order, ranked) = cut_order(isa, &x, &y, 60);
                assert_eq!(order[..ranked], expect, "{isa:?}, {lx} x {ly}");
            }
        }
    }

    /// A node's bit counts, against counting each bit of its sample:
    /// lists shorter and longer than the sample, keys of 0 and all ones.
    #[test]
    fn every_isa_counts_the_bits_of_a_node() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for len in [0usize, 1, 63, 64, 65, 1000] {
            let mut keys: Vec<u32> = (0..len).map(|_| (next() & next()) as u32).collect();
            keys.extend([0, u32::MAX]);
            let step = keys.len().div_ceil(super::super::NODE_SAMPLE);
            let expect: Vec<u32> = (0..32)
                .map(|b| {
                    keys.iter()
                        .step_by(step)
                        .filter(|&&k| k >> b & 1 == 1)
                        .count() as u32
                })
                .collect();
            for isa in Isa::available() {
                let got = match isa {
                    Isa::Baseline => super::super::baseline::node_bit_counts(&keys),
                    // SAFETY: `Isa::available` lists AVX2 and AVX-512
                    // where the CPU reports AVX2.
                    #[cfg(target_arch = "x86_64")]
                    #[allow(unsafe_code)]
                    Isa::Avx2 | Isa::Avx512 => unsafe {
                        super::super::avx2::node_bit_counts(&keys)
                    },
                };
                assert_eq!(got.to_vec(), expect, "{isa:?}, {len} keys");
            }
        }
    }

    /// The best bit moves first, the others keep their order; ties go to
    /// the earlier bit.
    #[test]
    fn the_best_bit_moves_first() {
        let cuts = [1 << 4, 1 << 0, 1 << 9, 1 << 2];
        let (mut cx, mut cy) = ([0; 32], [0; 32]);
        (cx[4], cy[4]) = (3, 3);
        (cx[9], cy[9]) = (5, 2);
        (cx[2], cy[2]) = (2, 5);
        let mut out = [0; 64];
        assert_eq!(
            best_first(&cuts, (&cx, &cy), &mut out),
            [1 << 9, 1 << 4, 1 << 0, 1 << 2]
        );
        let none = [0; 32];
        assert_eq!(best_first(&cuts, (&none, &none), &mut out), cuts);
    }
}
