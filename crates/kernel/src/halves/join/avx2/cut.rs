//! The AVX2 join's cuts: of 32-bit keys eight at a time (onto the join's
//! stack) and of 64-bit keys four at a time (in place). A cut packs each
//! vector of keys by permutations from a table, the keys with the bit
//! apart from those without it, and stores each pack whole, its cursor
//! moving past the keys it holds. The scalar versions, one key at a time,
//! are [`super::super::baseline`]'s.

use std::arch::x86_64::*;
use std::hint::select_unpredictable;

use super::lanes_from;

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

/// [`super::super::baseline::cut`] eight keys at a time: the keys with the bit
/// packed to the front of one vector and stored forward, those
/// without it packed to the back of another and stored backward.
/// The keys past a multiple of eight go first, as one vector whose
/// other lanes count on neither side; then while 16 keys or more
/// are left the two cursors are at least as far apart, so neither
/// store's spill reaches the other part; the last eight fill the
/// last eight places, both packs blended into one store. Lists of
/// fewer than 16 keys go one key at a time.
#[target_feature(enable = "avx2,popcnt")]
pub(in crate::halves::join) fn cut(keys: &[u32], bit: u32, parts: &mut [u32]) -> usize {
    let len = keys.len();
    if len < 16 {
        return super::super::baseline::cut(keys, bit, parts);
    }
    let parts = &mut parts[..len];
    let (keys_at, parts_at) = (keys.as_ptr(), parts.as_mut_ptr());
    // The two packs of the eight keys from `at` and how many of them
    // have the bit, `real` the lanes that count.
    let packs = |at: usize, real: usize| {
        // SAFETY: this function runs with AVX2; every `at` below is at
        // most `len - 8`; a table row is eight u32.
        unsafe {
            let v = _mm256_loadu_si256(keys_at.add(at).cast());
            let hit = _mm256_and_si256(v, _mm256_set1_epi32(bit as i32));
            let clear = _mm256_cmpeq_epi32(hit, _mm256_setzero_si256());
            let without = _mm256_movemask_ps(_mm256_castsi256_ps(clear)) as usize & real;
            let with = !without & real;
            let to_front = _mm256_loadu_si256(PACK32[with].as_ptr().cast());
            let to_back = _mm256_loadu_si256(PACK32_BACK[without].as_ptr().cast());
            let front = _mm256_permutevar8x32_epi32(v, to_front);
            let back = _mm256_permutevar8x32_epi32(v, to_back);
            (front, back, with.count_ones() as usize)
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
    let (front, back, with) = packs(0, (1 << lead) - 1);
    store(0, front);
    store(len - 8, back);
    let (mut set, mut clear, mut i) = (with, len - (lead - with), lead);
    while len - i >= 16 {
        let (front, back, with) = packs(i, 0xff);
        store(set, front);
        store(clear - 8, back);
        set += with;
        clear -= 8 - with;
        i += 8;
    }
    // Eight keys left for the eight places between the cursors: the
    // first `with` lanes from the front pack, the rest from the back.
    let (front, back, with) = packs(i, 0xff);
    let last = _mm256_blendv_epi8(front, back, lanes_from(with));
    store(set, last);
    set + with
}

/// For each mask of eight bits, the lanes whose bit is set, in
/// order, at the back of a row (the front lanes unused).
const fn pack_back_table() -> [[u32; 8]; 256] {
    let mut table = [[0u32; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut at = 8 - (mask as u32).count_ones() as usize;
        let mut lane = 0;
        while lane < 8 {
            if mask & (1 << lane) != 0 {
                table[mask][at] = lane as u32;
                at += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    table
}

static PACK32_BACK: [[u32; 8]; 256] = pack_back_table();

/// For each mask of four 64-bit keys, their 32-bit lanes: the keys
/// whose bit is set, in order, then the others, in order.
const fn split_table() -> [[u32; 8]; 16] {
    let mut table = [[0u32; 8]; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut at = 0;
        let mut pass = 0;
        while pass < 2 {
            let mut key = 0;
            while key < 4 {
                if (mask & (1 << key) != 0) == (pass == 0) {
                    table[mask][at] = 2 * key as u32;
                    table[mask][at + 1] = 2 * key as u32 + 1;
                    at += 2;
                }
                key += 1;
            }
            pass += 1;
        }
        mask += 1;
    }
    table
}

static SPLIT64: [[u32; 8]; 16] = split_table();

/// Moves the keys without `bit` to the front; returns how many. In
/// place, from both ends (as vectorised quicksorts partition): the
/// first and last vector's keys are held aside, which leaves a gap of
/// eight slots between the keys placed and those still to read; each
/// vector is read from the end with the smaller gap, split (those
/// without the bit, then those with it) and stored whole at both
/// ends, where only its own part is kept. The held keys fill the gap
/// last. No copy (the keys with the bit written to `scratch` and
/// copied back were 5 % of the instructions at the n = 22 shard);
/// `scratch` is the baseline partition's.
#[target_feature(enable = "avx2,popcnt")]
pub(in crate::halves::join) fn partition(
    keys: &mut [u64],
    bit: u64,
    _scratch: &mut Vec<u64>,
) -> usize {
    const LANES: usize = 4;
    let len = keys.len();
    // The keys held aside: the first and last vectors', then up to
    // three left between them.
    let mut held = [0u64; 3 * LANES - 1];
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
        let probe = _mm256_set1_epi64x(bit as i64);
        while right - left >= LANES {
            // The gaps, `left - clear` and `set - right`, add up to
            // eight; the one read from grows by four, so both are
            // four or more when the vector is stored.
            // Chosen without a branch (the side is the data's, a
            // coin toss to a predictor).
            let from_left = left - clear <= set - right;
            let from = select_unpredictable(from_left, left, right - LANES);
            left += select_unpredictable(from_left, LANES, 0);
            right -= select_unpredictable(from_left, 0, LANES);
            // SAFETY: this function runs with AVX2; the load reads
            // keys `from..from + 4`, within `0..len`; the stores write
            // `clear..clear + 4` and `set - 4..set`, both within the
            // gaps (keys read and not yet placed) by the invariant
            // above; a table row is eight u32.
            let kept = unsafe {
                let v = _mm256_loadu_si256(at.add(from).cast());
                let hit = _mm256_cmpeq_epi64(_mm256_and_si256(v, probe), _mm256_setzero_si256());
                let mask = _mm256_movemask_pd(_mm256_castsi256_pd(hit)) as usize;
                let order = _mm256_loadu_si256(SPLIT64[mask].as_ptr().cast());
                let split = _mm256_permutevar8x32_epi32(v, order);
                _mm256_storeu_si256(at.add(clear).cast(), split);
                _mm256_storeu_si256(at.add(set - LANES).cast(), split);
                mask.count_ones() as usize
            };
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
