//! The merge for AVX-512 (F, VL, BW, VPOPCNTDQ, with AVX2, popcnt, BMI1
//! and BMI2): eight lower placements an iteration, where AVX2's loop
//! takes four. The groups stay padded to whole chunks of
//! [`MERGE_LANES`], so a group's last eight may be four: those of the
//! next group are masked off.

use super::avx2::{merge_groups, merge_pairs};
use super::{Merge, Upper, MERGE_LANES};
use std::arch::x86_64::*;
use std::ops::Range;

/// Lower placements an iteration: a vector of eight 64-bit words.
const LANES: usize = 2 * MERGE_LANES;

/// Runs `chunk(i, len, lanes)` on the lower placements `lower` (whole
/// chunks of [`MERGE_LANES`]) eight at a time, `len` moving past the keys
/// each writes; returns where they end. `lanes` is the eight placements
/// from `i` that lie in `lower`: all, but in a last chunk of four, the
/// first four only. So it reads and writes at most [`MERGE_LANES`] past
/// the group and its candidates, as [`merge_groups`] allows.
#[inline(always)]
fn eight_at_a_time(
    lower: Range<usize>,
    mut len: usize,
    chunk: impl Fn(usize, usize, __mmask8) -> usize,
) -> usize {
    let (mut i, end) = (lower.start, lower.end);
    if i < end {
        // The last eight apart: the others take no mask of their own
        // (the mask worked out at each, five instructions, gave no
        // measurable time).
        while end - i > LANES {
            len += chunk(i, len, 0xff);
            i += LANES;
        }
        len += chunk(i, len, if end - i < LANES { 0x0f } else { 0xff });
    }
    len
}

/// Writes at `at` the eight keys' lanes of `mask`, packed to the front
/// by `vpcompressq` into a register and stored whole (eight keys);
/// returns how many. The form that compresses to memory is microcoded on
/// Zen 4, many times slower; a permutation from a table of 256 rows (as
/// AVX2's, widened by its load) took 1.6 % more user CPU at count 18.
///
/// # Safety
///
/// The CPU must have AVX-512 F (it is inlined into functions compiled
/// for it), and `at` must have room for eight keys.
#[inline(always)]
unsafe fn store_kept(at: *mut u64, keys: __m512i, mask: __mmask8) -> usize {
    // SAFETY: as the caller promises.
    unsafe { _mm512_storeu_si512(at.cast(), _mm512_maskz_compress_epi64(mask, keys)) };
    mask.count_ones() as usize
}

/// [`super::Hit::merge`] eight pairs an instruction: the eight lower
/// placements' words tested against the upper one's into a mask (the
/// lanes of the next group cleared), the compatible keys packed to the
/// front and stored whole, the cursor moving past them. Two consecutive
/// upper placements on the same columns (the list is sorted by them)
/// take their group together: each eight loaded once, tested against
/// both words, the first's keys stored, then the second's after them.
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
pub(super) fn merge(m: &Merge<u64>, out: &mut [u64]) -> (usize, usize) {
    let (hits_at, keys_at) = (m.lower.hits.as_ptr(), m.lower.keys.as_ptr());
    let (out_at, room) = (out.as_mut_ptr(), out.len());
    let words = |upper: &Upper<u64>| {
        (
            _mm512_set1_epi64(upper.hit as i64),
            _mm512_set1_epi64(upper.key as i64),
        )
    };
    let group = |upper: &Upper<u64>, lower: Range<usize>, len: usize| {
        let (hit, key) = words(upper);
        let chunk = |i: usize, len: usize, lanes: __mmask8| {
            // SAFETY: AVX-512 F is enabled for this function; the bounds
            // are checked by `merge_pairs`.
            unsafe {
                let h = _mm512_loadu_si512(hits_at.add(i).cast());
                let k = _mm512_loadu_si512(keys_at.add(i).cast());
                let clear = _mm512_mask_testn_epi64_mask(lanes, h, hit);
                store_kept(out_at.add(len), _mm512_or_si512(k, key), clear)
            }
        };
        eight_at_a_time(lower, len, chunk)
    };
    let pair = |first: &Upper<u64>, second: &Upper<u64>, lower: Range<usize>, len: usize| {
        let ((hit1, key1), (hit2, key2)) = (words(first), words(second));
        let chunk = |i: usize, len: usize, lanes: __mmask8| {
            // SAFETY: AVX-512 F is enabled for this function; the bounds
            // are checked by `merge_pairs` (the cursor moves at most two
            // places a candidate, so the second store reaches at most
            // MERGE_LANES past both placements' candidates, as the first
            // does past one's in `group`).
            unsafe {
                let h = _mm512_loadu_si512(hits_at.add(i).cast());
                let k = _mm512_loadu_si512(keys_at.add(i).cast());
                let clear1 = _mm512_mask_testn_epi64_mask(lanes, h, hit1);
                let clear2 = _mm512_mask_testn_epi64_mask(lanes, h, hit2);
                let kept = store_kept(out_at.add(len), _mm512_or_si512(k, key1), clear1);
                kept + store_kept(out_at.add(len + kept), _mm512_or_si512(k, key2), clear2)
            }
        };
        eight_at_a_time(lower, len, chunk)
    };
    merge_pairs(m, room, group, pair)
}

/// [`super::Hit::merge`] for words of 128 bits, as [`merge`] does it:
/// the eight lower placements' words (two vectors) gathered into their
/// low halves and their high halves (two permutations), each tested
/// against the upper word's, a pair compatible where both are clear.
/// Testing the two vectors as they are and folding the two 8-bit masks
/// into one by `pext` ran as fast (n = 23 shard: 1.008 of this).
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
pub(super) fn merge_wide(m: &Merge<u128>, out: &mut [u64]) -> (usize, usize) {
    let (hits_at, keys_at) = (m.lower.hits.as_ptr(), m.lower.keys.as_ptr());
    let (out_at, room) = (out.as_mut_ptr(), out.len());
    // The low halves of both vectors' words in order, then the high ones.
    let lows = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0);
    let highs = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
    let group = |upper: &Upper<u128>, lower: Range<usize>, len: usize| {
        let (low, high, key) = (
            _mm512_set1_epi64(upper.hit as i64),
            _mm512_set1_epi64((upper.hit >> 64) as i64),
            _mm512_set1_epi64(upper.key as i64),
        );
        let chunk = |i: usize, len: usize, lanes: __mmask8| {
            // SAFETY: AVX-512 F is enabled for this function; the bounds
            // are checked by `merge_groups` (eight words of 128 bits from
            // `i`, sixteen of 64).
            unsafe {
                let words = hits_at.add(i).cast::<u64>();
                let (a, b) = (
                    _mm512_loadu_si512(words.cast()),
                    _mm512_loadu_si512(words.add(LANES).cast()),
                );
                let clear =
                    _mm512_mask_testn_epi64_mask(lanes, _mm512_permutex2var_epi64(a, lows, b), low);
                let clear = _mm512_mask_testn_epi64_mask(
                    clear,
                    _mm512_permutex2var_epi64(a, highs, b),
                    high,
                );
                let k = _mm512_loadu_si512(keys_at.add(i).cast());
                store_kept(out_at.add(len), _mm512_or_si512(k, key), clear)
            }
        };
        eight_at_a_time(lower, len, chunk)
    };
    merge_groups(m, room, group)
}
