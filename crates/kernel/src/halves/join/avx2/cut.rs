//! The AVX2 join's cuts: of 32-bit keys eight at a time (onto the join's
//! stack) and of 64-bit keys four at a time (in place). A cut splits each
//! vector of keys by one permutation from a table, the keys with the bit
//! apart from those without it, and stores it whole at both ends, each
//! cursor moving past the keys its side keeps. The scalar versions, one
//! key at a time, are [`super::super::baseline`]'s.

use std::arch::x86_64::*;
use std::hint::select_unpredictable;

/// For each mask of `KEYS` keys (eight 32-bit keys, or four 64-bit keys
/// of two lanes each), the 32-bit lanes of the keys whose bit is set, in
/// order, then the others', in order: a byte a lane (widened by the load,
/// `vpmovzxbd`, whose address needs no arithmetic past the mask).
const fn partition_table<const KEYS: usize, const MASKS: usize>() -> [[u8; 8]; MASKS] {
    let per_key = 8 / KEYS;
    let mut table = [[0u8; 8]; MASKS];
    let mut mask = 0;
    while mask < MASKS {
        let mut at = 0;
        let mut pass = 0;
        while pass < 2 {
            let mut key = 0;
            while key < KEYS {
                if (mask & (1 << key) != 0) == (pass == 0) {
                    let mut lane = 0;
                    while lane < per_key {
                        table[mask][at] = (key * per_key + lane) as u8;
                        at += 1;
                        lane += 1;
                    }
                }
                key += 1;
            }
            pass += 1;
        }
        mask += 1;
    }
    table
}

/// Also the AVX-512 cut of 64-bit keys' (`join/avx512/cut.rs`), indexed
/// by the keys without the bit: a lane's byte is its key's index.
pub(in crate::halves) static PARTITION32: [[u8; 8]; 256] = partition_table::<8, 256>();
/// Also the merge's (`halves/merge.rs`): the keys it keeps go first.
pub(in crate::halves) static PARTITION64: [[u8; 8]; 16] = partition_table::<4, 16>();

/// The row of `table` for `mask`, widened to eight 32-bit lanes.
///
/// # Safety
///
/// The CPU must have AVX2 (it is inlined into functions compiled for
/// it), and `mask` must be below the table's length (unchecked: the
/// check was two instructions a vector).
#[inline(always)]
pub(in crate::halves) unsafe fn partition_row(table: &[[u8; 8]], mask: usize) -> __m256i {
    debug_assert!(mask < table.len());
    _mm256_cvtepu8_epi32(_mm_loadl_epi64(table.as_ptr().add(mask).cast()))
}

/// [`super::super::baseline::cut`] eight keys at a time, for a `bit` of one
/// set bit: each vector of keys split by one permutation, the keys with the
/// bit first, then those without, and stored whole at both cursors: at the
/// front one the keys with the bit are kept, at the back one (eight places
/// back) those without it. The bit is moved to each lane's sign (one shift,
/// read by `vmovmskps`), and the permutation is a table row of eight bytes
/// widened by its load (no index arithmetic): eight keys take 15
/// instructions in the loop, where two packs (one per side, from two tables
/// of 32-byte rows) took 24. The keys past a multiple of eight go first, as
/// one vector whose other lanes count on neither side (placed between the
/// two parts, where the next stores overwrite them); then while 16 keys or
/// more are left the two cursors are at least as far apart, so neither
/// store's spill reaches the other part; the last eight fill the eight
/// places left. Lists of fewer than 16 keys go one key at a time.
#[target_feature(enable = "avx2,popcnt")]
pub(in crate::halves::join) fn cut(keys: &[u32], bit: u32, parts: &mut [u32]) -> usize {
    debug_assert!(bit.is_power_of_two());
    let len = keys.len();
    if len < 16 {
        return super::super::baseline::cut(keys, bit, parts);
    }
    let parts = &mut parts[..len];
    let (keys_at, parts_at) = (keys.as_ptr(), parts.as_mut_ptr());
    // The shift that moves the bit to the sign of its lane.
    let to_sign = _mm_cvtsi32_si128(bit.leading_zeros() as i32);
    // The eight keys from `at` split (see the table), and how many of
    // the lanes `real` have the bit; the lanes not in `real` go between
    // those with the bit and those without.
    let split = |at: usize, real: u32| {
        // SAFETY: this function runs with AVX2; every `at` below is at
        // most `len - 8`; a mask is below 256.
        unsafe {
            let v = _mm256_loadu_si256(keys_at.add(at).cast());
            let signs = _mm256_castsi256_ps(_mm256_sll_epi32(v, to_sign));
            let with = _mm256_movemask_ps(signs) as u32 & real;
            let order = partition_row(&PARTITION32, (with | !real & 0xff) as usize);
            (
                _mm256_permutevar8x32_epi32(v, order),
                with.count_ones() as usize,
            )
        }
    };
    // SAFETY (the stores): this function runs with AVX2; each store
    // writes eight keys from an `at` of at most `len - 8`: the
    // cursors stay 16 apart in the loop, 8 at the last store.
    let store = |at: usize, v: __m256i| unsafe {
        debug_assert!(at + 8 <= len);
        _mm256_storeu_si256(parts_at.add(at).cast(), v)
    };
    let lead = len % 8;
    let (v, with) = split(0, (1 << lead) - 1);
    store(0, v);
    store(len - 8, v);
    // `back`: where the back store goes, eight places before the keys
    // without the bit placed so far.
    let (mut set, mut back, mut i) = (with, len - 8 - (lead - with), lead);
    // The last `i` with 16 keys or more from it (len >= 16).
    let stop = len - 16;
    while i <= stop {
        let (v, with) = split(i, 0xff);
        store(set, v);
        store(back, v);
        set += with;
        back = back + with - 8;
        i += 8;
    }
    // Eight keys left for the eight places between the cursors.
    let (v, with) = split(i, 0xff);
    store(set, v);
    set + with
}

/// [`super::super::baseline::keep_without`] eight keys at a time: each
/// vector of keys split by one permutation (see [`cut`]), those without
/// the bit first, and stored whole at the cursor, which moves past them.
/// The keys past a multiple of eight go first, as one vector whose other
/// lanes are overwritten by the next store; each store then ends at most
/// where the keys read so far end. Lists of fewer than 16 keys go one key
/// at a time.
#[target_feature(enable = "avx2,popcnt")]
pub(in crate::halves::join) fn keep_without(keys: &[u32], bit: u32, kept: &mut [u32]) -> usize {
    let len = keys.len();
    if len < 16 {
        return super::super::baseline::keep_without(keys, bit, kept);
    }
    let kept = &mut kept[..len];
    let (keys_at, kept_at) = (keys.as_ptr(), kept.as_mut_ptr());
    // The shift that moves the bit to the sign of its lane.
    let to_sign = _mm_cvtsi32_si128(bit.leading_zeros() as i32);
    // The eight keys from `at`, those of the lanes `real` without the bit
    // first, and how many those are.
    let split = |at: usize, real: u32| {
        // SAFETY: this function runs with AVX2; every `at` below is at
        // most `len - 8`; a mask is below 256.
        unsafe {
            let v = _mm256_loadu_si256(keys_at.add(at).cast());
            let signs = _mm256_castsi256_ps(_mm256_sll_epi32(v, to_sign));
            let without = !(_mm256_movemask_ps(signs) as u32) & real;
            let order = partition_row(&PARTITION32, without as usize);
            (
                _mm256_permutevar8x32_epi32(v, order),
                without.count_ones() as usize,
            )
        }
    };
    // SAFETY (the stores): this function runs with AVX2; each store
    // writes eight keys at a cursor no further than the keys read before
    // the vector stored, so it ends at most at `len`.
    let store = |at: usize, v: __m256i| unsafe {
        debug_assert!(at + 8 <= len);
        _mm256_storeu_si256(kept_at.add(at).cast(), v)
    };
    let lead = match len % 8 {
        0 => 8,
        r => r,
    };
    let (v, mut at) = split(0, (1 << lead) - 1);
    store(0, v);
    let mut i = lead;
    while i < len {
        let (v, without) = split(i, 0xff);
        store(at, v);
        at += without;
        i += 8;
    }
    at
}

/// Moves the keys without `bit` to the front; returns how many. In
/// place, from both ends (as vectorised quicksorts partition), four keys
/// a vector (see [`partition_by`]). No copy (the keys with the bit
/// written to `scratch` and copied back were 5 % of the instructions at
/// the n = 22 shard); `scratch` is the baseline partition's.
#[target_feature(enable = "avx2,popcnt")]
pub(in crate::halves::join) fn partition(
    keys: &mut [u64],
    bit: u64,
    _scratch: &mut Vec<u64>,
) -> usize {
    let probe = _mm256_set1_epi64x(bit as i64);
    partition_by::<4>(keys, bit, |at, (from, clear, set)| {
        // SAFETY: this function runs with AVX2; `partition_by` passes
        // a load of four keys from `from` and stores of four at `clear`
        // and `set - 4` within `keys` (and within its gaps); a mask of
        // four lanes is below 16.
        unsafe {
            let v = _mm256_loadu_si256(at.add(from).cast());
            let hit = _mm256_cmpeq_epi64(_mm256_and_si256(v, probe), _mm256_setzero_si256());
            let mask = _mm256_movemask_pd(_mm256_castsi256_pd(hit)) as usize;
            let order = partition_row(&PARTITION64, mask);
            let split = _mm256_permutevar8x32_epi32(v, order);
            _mm256_storeu_si256(at.add(clear).cast(), split);
            _mm256_storeu_si256(at.add(set - 4).cast(), split);
            mask.count_ones() as usize
        }
    })
}

/// The in-place partition of `keys` on `bit` (those without it to the
/// front; returns how many), `LANES` keys a vector (four or eight): the
/// first and last vector's keys are held aside, which leaves a gap of
/// `2 LANES` slots between the keys placed and those still to read; each
/// vector is read from the end with the smaller gap and `split` (with
/// the keys' start, `(from, clear, set)`) loads the `LANES` keys from
/// `from`, stores them split (those without the bit, then those with it)
/// whole at `clear` and at `set - LANES`, where only its own part is
/// kept, and returns how many lack the bit. The held keys fill the gap
/// last.
#[inline(always)]
pub(in crate::halves::join) fn partition_by<const LANES: usize>(
    keys: &mut [u64],
    bit: u64,
    mut split: impl FnMut(*mut u64, (usize, usize, usize)) -> usize,
) -> usize {
    const { assert!(LANES == 4 || LANES == 8) };
    let len = keys.len();
    // The keys held aside: the first and last vectors', then up to
    // `LANES - 1` left between them.
    let mut held = [0u64; 3 * 8 - 1];
    let mut holds;
    let (mut clear, mut set) = (0, len);
    if len < 2 * LANES {
        held[..len].copy_from_slice(keys);
        holds = len;
    } else {
        held[..LANES].copy_from_slice(&keys[..LANES]);
        held[LANES..2 * LANES].copy_from_slice(&keys[len - LANES..]);
        holds = 2 * LANES;
        let (mut left, mut right) = (LANES, len - LANES);
        let at = keys.as_mut_ptr();
        while right - left >= LANES {
            // The gaps, `left - clear` and `set - right`, add up to
            // `2 LANES`; the one read from grows by `LANES`, so both
            // are `LANES` or more when the vector is stored: `from` is
            // at most `len - LANES`, and both stores are within the
            // gaps (keys read and not yet placed). Chosen without a
            // branch (the side is the data's, a coin toss to a
            // predictor).
            let from_left = left - clear <= set - right;
            let from = select_unpredictable(from_left, left, right - LANES);
            left += select_unpredictable(from_left, LANES, 0);
            right -= select_unpredictable(from_left, 0, LANES);
            debug_assert!(from + LANES <= len && clear + LANES <= set && LANES <= set);
            let kept = split(at, (from, clear, set));
            clear += kept;
            set -= LANES - kept;
        }
        held[holds..holds + right - left].copy_from_slice(&keys[left..right]);
        holds += right - left;
    }
    // The gap is now exactly as long as the keys held.
    for &k in &held[..holds] {
        if k & bit == 0 {
            keys[clear] = k;
            clear += 1;
        } else {
            set -= 1;
            keys[set] = k;
        }
    }
    clear
}
