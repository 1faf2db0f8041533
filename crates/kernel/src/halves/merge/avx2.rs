//! The merge for AVX2 (with popcnt): four lower placements an
//! iteration, and the loops every vector merge shares.

use super::{group as group_of, Hit, Merge, Upper, MERGE_LANES};
use crate::halves::join::{partition_row, PARTITION64};
use std::arch::x86_64::*;
use std::ops::Range;
use std::ptr;

/// Where the groups a merge reads may end at most (`ends`: loads
/// read up to [`MERGE_LANES`] placements past a group) and how far
/// the candidates it writes may reach (`reach`: stores write up to
/// MERGE_LANES keys past them, into an output of `room`); none when
/// the output holds no more than the slack. Both worked out once a
/// merge: from the lists' lengths and the room at each group, they
/// took six instructions more a group (of some 60).
#[inline(always)]
fn bounds<H>(m: &Merge<H>, room: usize) -> Option<(usize, usize)> {
    let ends = m.lower.hits.len().min(m.lower.keys.len());
    let reach = room.checked_sub(MERGE_LANES)?;
    Some((ends.saturating_sub(MERGE_LANES), reach))
}

/// The loop every vector merge shares: each upper placement and its
/// group of lower ones (whole chunks of [`MERGE_LANES`]), while the
/// output has room. `group(upper, lower, len)` writes at `len` the
/// keys of the lower placements `lower` that share no diagonal with
/// `upper` and returns where they end; it may read up to
/// [`MERGE_LANES`] placements past `lower` and write up to
/// [`MERGE_LANES`] keys past its candidates (past `len + lower.len()`).
/// Bounds are checked once a group, not once a load: both lists are
/// padded by MERGE_LANES, `len` and a group's candidates and
/// MERGE_LANES more at most `room` (what the output holds).
#[inline(always)]
pub(super) fn merge_groups<H: Hit>(
    m: &Merge<H>,
    room: usize,
    group: impl Fn(&Upper<H>, Range<usize>, usize) -> usize,
) -> (usize, usize) {
    let Some((ends, reach)) = bounds(m, room) else {
        return (0, 0);
    };
    // While `len` is below `sure`, any group fits: one comparison a
    // group, not a sum and one (three instructions fewer). None does
    // for sure (`sure` is 0) when the largest passes `reach`.
    let sure = (reach + 1).saturating_sub(m.lower.largest);
    let mut len = 0;
    for (taken, (upper, lower)) in m.groups().enumerate() {
        assert!(lower.end <= ends);
        if len >= sure && len + (lower.end - lower.start) > reach {
            return (len, taken);
        }
        len = group(upper, lower, len);
    }
    (len, m.top.len())
}

/// [`merge_groups`] that takes two consecutive upper placements on
/// the same columns together: `pair(first, second, lower, len)`
/// writes at `len` the keys both keep of their group `lower` and
/// returns where they end, reading as `group` does and writing up to
/// [`MERGE_LANES`] keys past both placements' candidates (past `len +
/// 2 * lower.len()`). A placement whose next is on other columns, or
/// a pair whose candidates do not both fit, takes `group`.
#[inline(always)]
pub(super) fn merge_pairs<H: Hit>(
    m: &Merge<H>,
    room: usize,
    group: impl Fn(&Upper<H>, Range<usize>, usize) -> usize,
    pair: impl Fn(&Upper<H>, &Upper<H>, Range<usize>, usize) -> usize,
) -> (usize, usize) {
    let Some((ends, reach)) = bounds(m, room) else {
        return (0, 0);
    };
    // While `len` is below `sure`, any group fits; below `sure_pair`,
    // any group twice.
    let sure = (reach + 1).saturating_sub(m.lower.largest);
    let sure_pair = (reach + 1).saturating_sub(2 * m.lower.largest);
    let (top, groups) = (m.top, &m.lower.groups[..]);
    let (mut len, mut taken) = (0, 0);
    while let Some(upper) = top.get(taken) {
        let lower = group_of(groups, upper.free);
        assert!(lower.end <= ends);
        let size = lower.end - lower.start;
        if let Some(next) = top.get(taken + 1) {
            if next.free == upper.free && (len < sure_pair || len + 2 * size <= reach) {
                len = pair(upper, next, lower, len);
                taken += 2;
                continue;
            }
        }
        if len >= sure && len + size > reach {
            return (len, taken);
        }
        len = group(upper, lower, len);
        taken += 1;
    }
    (len, top.len())
}

/// Runs `chunk(i, len)` on each chunk of four lower placements of
/// `lower` (whole chunks), `len` moving past the keys each writes;
/// returns where they end.
#[inline(always)]
fn four_at_a_time(
    lower: Range<usize>,
    mut len: usize,
    chunk: impl Fn(usize, usize) -> usize,
) -> usize {
    let (mut i, end) = (lower.start, lower.end);
    // A loop on `i < end` takes three instructions a chunk, on `i +
    // MERGE_LANES <= end` five.
    while i < end {
        len += chunk(i, len);
        i += MERGE_LANES;
    }
    len
}

/// Writes at `at` the four keys' lanes of `mask`, packed to the front
/// by a permutation and stored whole (four keys); returns how many.
///
/// # Safety
///
/// The CPU must have AVX2 and popcnt (it is inlined into functions
/// compiled for them), and `at` must have room for four keys.
#[inline(always)]
unsafe fn store_kept(at: *mut u64, keys: __m256i, mask: usize) -> usize {
    // SAFETY: as the caller promises; a mask of four lanes is below
    // 16 (the keys of its set bits go first).
    unsafe {
        let order = partition_row(&PARTITION64, mask);
        _mm256_storeu_si256(at.cast(), _mm256_permutevar8x32_epi32(keys, order));
    }
    mask.count_ones() as usize
}

/// [`super::Hit::merge`] four pairs an instruction: the four lower
/// placements' words tested against the upper one's, the compatible
/// keys packed to the front by a permutation and stored whole, the
/// cursor moving past them.
#[target_feature(enable = "avx2,popcnt")]
pub(super) fn merge(m: &Merge<u64>, out: &mut [u64]) -> (usize, usize) {
    let (hits_at, keys_at) = (m.lower.hits.as_ptr(), m.lower.keys.as_ptr());
    let (out_at, room) = (out.as_mut_ptr(), out.len());
    let group = |upper: &Upper<u64>, lower: Range<usize>, len: usize| {
        // SAFETY: AVX2 is enabled for this function; each is read as
        // the `f64` of its bits (a broadcast from memory: one
        // instruction, not a load and a broadcast).
        let (hit, key) = unsafe {
            let at = |word: &u64| &*ptr::from_ref(word).cast::<f64>();
            (
                _mm256_castpd_si256(_mm256_broadcast_sd(at(&upper.hit))),
                _mm256_castpd_si256(_mm256_broadcast_sd(at(&upper.key))),
            )
        };
        let chunk = |i: usize, len: usize| {
            // SAFETY: AVX2 is enabled for this function; the bounds are
            // checked by `merge_groups`.
            unsafe {
                let h = _mm256_loadu_si256(hits_at.add(i).cast());
                let k = _mm256_loadu_si256(keys_at.add(i).cast());
                let clear = _mm256_cmpeq_epi64(_mm256_and_si256(h, hit), _mm256_setzero_si256());
                let mask = _mm256_movemask_pd(_mm256_castsi256_pd(clear)) as usize;
                store_kept(out_at.add(len), _mm256_or_si256(k, key), mask)
            }
        };
        four_at_a_time(lower, len, chunk)
    };
    merge_groups(m, room, group)
}

/// [`super::Hit::merge`] for words of 128 bits, as [`merge`] does it:
/// the four lower placements' words (two vectors) tested against the
/// upper one's a 64-bit half at a time, a pair compatible where both
/// its halves are. At n = 23 the merge a pair at a time was 13 % of
/// the instructions.
#[target_feature(enable = "avx2,popcnt")]
pub(super) fn merge_wide(m: &Merge<u128>, out: &mut [u64]) -> (usize, usize) {
    let (hits_at, keys_at) = (m.lower.hits.as_ptr(), m.lower.keys.as_ptr());
    let (out_at, room) = (out.as_mut_ptr(), out.len());
    let group = |upper: &Upper<u128>, lower: Range<usize>, len: usize| {
        // SAFETY: AVX2 is enabled for this function; the word is read
        // as its two halves (low first), twice, and the key as the
        // `f64` of its bits (broadcasts from memory, as in `merge`).
        let (hit, key) = unsafe {
            let key = &*ptr::from_ref(&upper.key).cast::<f64>();
            (
                _mm256_broadcastsi128_si256(_mm_loadu_si128(ptr::from_ref(&upper.hit).cast())),
                _mm256_castpd_si256(_mm256_broadcast_sd(key)),
            )
        };
        let chunk = |i: usize, len: usize| {
            // SAFETY: AVX2 is enabled for this function; the bounds are
            // checked by `merge_groups`.
            unsafe {
                // Each 64-bit half clear of the upper word's, then each
                // pair's two halves both clear, the four pairs in order.
                let half = |at: usize| {
                    let h = _mm256_loadu_si256(hits_at.add(at).cast());
                    let clear =
                        _mm256_cmpeq_epi64(_mm256_and_si256(h, hit), _mm256_setzero_si256());
                    _mm256_and_si256(clear, _mm256_shuffle_epi32::<0x4e>(clear))
                };
                let both = _mm256_unpacklo_epi64(half(i), half(i + 2));
                let both = _mm256_permute4x64_epi64::<0xd8>(both);
                let mask = _mm256_movemask_pd(_mm256_castsi256_pd(both)) as usize;
                let k = _mm256_loadu_si256(keys_at.add(i).cast());
                store_kept(out_at.add(len), _mm256_or_si256(k, key), mask)
            }
        };
        four_at_a_time(lower, len, chunk)
    };
    merge_groups(m, room, group)
}
