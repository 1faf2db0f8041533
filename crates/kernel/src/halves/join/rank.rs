//! The order of the cuts: the bits ranked by the pairs they rule out in a
//! sample of each list.

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

/// How many of every `step`-th key of `keys` hold each bit, a set bit at
/// a time.
fn bit_counts(keys: &[u64], step: usize) -> [u64; 64] {
    let mut count = [0u64; 64];
    for &k in keys.iter().step_by(step) {
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
}
