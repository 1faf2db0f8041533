//! The AVX-512 join's cut of 64-bit keys, eight at a time and in place:
//! AVX2's (see [`super::super::avx2::cut::partition`]) with vectors of
//! eight keys, the bit tested into a mask register.

use super::super::avx2::cut::{partition_by, PARTITION32};
use std::arch::x86_64::*;

/// Moves the keys without `bit` to the front; returns how many. In
/// place, from both ends, eight keys a vector (see
/// [`partition_by`]): each split by one permutation, a table row of
/// eight bytes widened by its load and indexed by the mask of
/// `vptestmq` (the user CPU of whole n = 23 shards against the AVX2
/// partition's, interleaved pairs: 0.92 to 0.97; split instead by two
/// register `vpcompressq`, by the mask and by its complement, and a
/// `vpexpandq`: 1.7 % more than by the table). `scratch` is the
/// baseline partition's.
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
pub(in crate::halves::join) fn partition(
    keys: &mut [u64],
    bit: u64,
    _scratch: &mut Vec<u64>,
) -> usize {
    let probe = _mm512_set1_epi64(bit as i64);
    partition_by::<8>(keys, bit, |at, (from, clear, set)| {
        // SAFETY: this function runs with AVX-512 F; `partition_by`
        // passes a load of eight keys from `from` and stores of eight
        // at `clear` and `set - 8` within `keys` (and within its gaps);
        // a mask of eight lanes is below 256.
        unsafe {
            let v = _mm512_loadu_si512(at.add(from).cast());
            let with = _mm512_test_epi64_mask(v, probe);
            // AVX2's table of eight 32-bit keys: its row for the keys
            // without the bit puts them first, each lane a key's index.
            let row = PARTITION32.as_ptr().add(usize::from(!with));
            let order = _mm512_cvtepu8_epi64(_mm_loadl_epi64(row.cast()));
            let split = _mm512_permutexvar_epi64(order, v);
            _mm512_storeu_si512(at.add(clear).cast(), split);
            _mm512_storeu_si512(at.add(set - 8).cast(), split);
            8 - with.count_ones() as usize
        }
    })
}
