//! The join for AVX2 (with popcnt): the recursive join of [`super`]
//! compiled with those features, and the vector loops it calls: the
//! pair-by-pair blocks ([`block`], the bit-sliced one in [`sliced`]), the
//! cuts ([`cut`]) and the count of a sample's bits that ranks the cuts.

use std::arch::x86_64::*;

pub(super) mod block;
pub(super) mod cut;
pub(super) mod sliced;

recursive_join!(cut::partition, super::Narrow::sort, super::Narrow::keys, cut::cut, cut::keep_without, node_bit_counts, block::block, block::BLOCK, #[target_feature(enable = "avx2,popcnt")]);

/// The union of the bits of `keys`: sixteen keys a step into as many
/// words (four vectors), where the baseline loop ORs two keys an
/// instruction (count 18's samples: 2.3 % of them, 1.0 % this way).
#[target_feature(enable = "avx2,popcnt")]
pub(super) fn union(keys: &[u64]) -> u64 {
    let (chunks, rest) = keys.as_chunks::<16>();
    let mut words = [0u64; 16];
    for chunk in chunks {
        for (w, &k) in words.iter_mut().zip(chunk) {
            *w |= k;
        }
    }
    words.iter().chain(rest).fold(0, |a, &k| a | k)
}

/// All-ones in the lanes from `first` on (none if `first` is 8).
#[inline(always)]
fn lanes_from(first: usize) -> __m256i {
    // SAFETY: only called from functions compiled with AVX2.
    unsafe {
        let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        _mm256_cmpgt_epi32(lane, _mm256_set1_epi32(first as i32 - 1))
    }
}

/// The bit counts of [`super::rank`] a key at a time: its 64 bits spread
/// to the 64 bytes of two vectors (a byte shuffle, an AND and a
/// compare), each byte a counter (a key was 4.5 instructions a set
/// bit: 4.4 % of count 17).
#[target_feature(enable = "avx2,popcnt")]
pub(in crate::halves::join) fn bit_counts(keys: &[u64], step: usize) -> [u64; 64] {
    // Byte j of each vector: the key's byte j / 8 (of the low half,
    // then of the high half), tested on bit j % 8.
    let low = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    let high = _mm256_add_epi8(low, _mm256_set1_epi8(4));
    let bit = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
    let mut count = [0u64; 64];
    let mut bytes = [0u8; 64];
    let zero = _mm256_setzero_si256();
    let (mut lo, mut hi, mut counted) = (zero, zero, 0);
    // Adds the byte counters to `count` and clears them.
    let mut flush = |lo: &mut __m256i, hi: &mut __m256i| {
        // SAFETY: each store writes 32 of the 64 bytes.
        unsafe {
            _mm256_storeu_si256(bytes.as_mut_ptr().cast(), *lo);
            _mm256_storeu_si256(bytes.as_mut_ptr().add(32).cast(), *hi);
        }
        for (c, &b) in count.iter_mut().zip(&bytes) {
            *c += u64::from(b);
        }
        (*lo, *hi) = (zero, zero);
    };
    for &k in keys.iter().step_by(step) {
        let v = _mm256_set1_epi64x(k as i64);
        let held = |select| {
            let b = _mm256_and_si256(_mm256_shuffle_epi8(v, select), bit);
            _mm256_cmpeq_epi8(b, bit)
        };
        // A held bit's byte is -1.
        lo = _mm256_sub_epi8(lo, held(low));
        hi = _mm256_sub_epi8(hi, held(high));
        counted += 1;
        if counted == 255 {
            flush(&mut lo, &mut hi);
            counted = 0;
        }
    }
    flush(&mut lo, &mut hi);
    count
}

/// [`super::baseline::node_bit_counts`] a key at a time: its 32 bits spread to
/// the 32 bytes of a vector, each byte a counter.
#[target_feature(enable = "avx2,popcnt")]
pub(in crate::halves::join) fn node_bit_counts(keys: &[u32]) -> [u32; 32] {
    // Byte j: the key's byte j / 8, tested on bit j % 8.
    let select = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    let bit = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
    let mut counters = _mm256_setzero_si256();
    // At most `NODE_SAMPLE` keys: no byte counter overflows.
    for &k in keys.iter().step_by(keys.len().div_ceil(super::NODE_SAMPLE)) {
        let v = _mm256_set1_epi32(k as i32);
        let b = _mm256_and_si256(_mm256_shuffle_epi8(v, select), bit);
        // A held bit's byte is -1.
        counters = _mm256_sub_epi8(counters, _mm256_cmpeq_epi8(b, bit));
    }
    let mut bytes = [0u8; 32];
    // SAFETY: the store writes the 32 bytes.
    unsafe { _mm256_storeu_si256(bytes.as_mut_ptr().cast(), counters) };
    bytes.map(u32::from)
}
