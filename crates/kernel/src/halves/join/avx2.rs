//! The join's cuts and pair-by-pair blocks for AVX2 (with popcnt): the
//! recursive join of [`super`] compiled with those features, and the
//! vector loops it calls.

recursive_join!(pack::partition, pack::cut, pack::block, #[target_feature(enable = "avx2,popcnt")]);

/// The vector loops: the pair-by-pair block, and the cuts of 32-bit keys
/// eight at a time and of 64-bit keys four at a time. A cut packs each
/// vector of keys twice by permutations from a table, the keys with the
/// bit in one pack and those without it in the other, and stores each
/// pack whole, its cursor moving past the keys it holds. The scalar
/// versions, one key at a time, are [`super::cut`] and
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

    /// All-ones in the lanes from `first` on (none if `first` is 8).
    #[inline(always)]
    fn lanes_from(first: usize) -> __m256i {
        // SAFETY: only called from functions compiled with AVX2.
        unsafe {
            let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
            _mm256_cmpgt_epi32(lane, _mm256_set1_epi32(first as i32 - 1))
        }
    }

    /// [`super::super::block`] four keys of the shorter list at a
    /// time: each vector of eight keys of the longer one is loaded once
    /// and tested against the four, the disjoint pairs counted in four
    /// vector counters (one lane per key of the longer list). The
    /// longer list's last keys (fewer than eight) are the last lanes of
    /// one more vector, its first lanes masked off; the shorter list's
    /// last keys (fewer than four) are one more quad whose missing keys
    /// are not counted. The counters are summed across quads and
    /// reduced once a block (or before a lane could overflow).
    #[target_feature(enable = "avx2,popcnt")]
    pub(in crate::halves::join) fn block(x: &[u32], y: &[u32]) -> u64 {
        let (short, long) = if x.len() < y.len() { (x, y) } else { (y, x) };
        if long.len() < 8 || short.is_empty() {
            return super::super::block(short, long);
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

    /// [`super::super::cut`] eight keys at a time: the keys with the bit
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
            return super::super::cut(keys, bit, parts);
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

    /// Moves the keys without `bit` to the front; returns how many.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) fn partition(keys: &mut [u64], bit: u64, scratch: &mut Vec<u64>) -> usize {
        const LANES: usize = 4;
        let len = keys.len();
        // Keys without the bit go to `scratch[..len + LANES]`, keys with
        // it to the rest: each region holds its keys and the spill of a
        // last store of a whole vector.
        let room = 2 * (len + LANES);
        if scratch.len() < room {
            scratch.resize(room, 0);
        }
        let (clear_room, set_room) = scratch.split_at_mut(len + LANES);
        let (mut clear, mut set) = (0, 0);
        let chunks = keys.chunks_exact(LANES);
        let tail = chunks.remainder();
        let probe = _mm256_set1_epi64x(bit as i64);
        for chunk in chunks {
            // SAFETY: this function runs with AVX2; `chunk` holds one
            // vector's keys, the 32 bytes read; a table row is eight u32;
            // each store goes to a slice of one vector's keys (bounds
            // checked when sliced).
            let kept = unsafe {
                let v = _mm256_loadu_si256(chunk.as_ptr().cast());
                let hit = _mm256_cmpeq_epi64(_mm256_and_si256(v, probe), _mm256_setzero_si256());
                let mask = _mm256_movemask_pd(_mm256_castsi256_pd(hit)) as usize;
                let to_front = _mm256_loadu_si256(PACK64[mask].as_ptr().cast());
                let to_back = _mm256_loadu_si256(PACK64[!mask & 0xf].as_ptr().cast());
                let front = _mm256_permutevar8x32_epi32(v, to_front);
                let back = _mm256_permutevar8x32_epi32(v, to_back);
                _mm256_storeu_si256(clear_room[clear..clear + LANES].as_mut_ptr().cast(), front);
                _mm256_storeu_si256(set_room[set..set + LANES].as_mut_ptr().cast(), back);
                mask.count_ones() as usize
            };
            clear += kept;
            set += LANES - kept;
        }
        for &k in tail {
            if k & bit == 0 {
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
