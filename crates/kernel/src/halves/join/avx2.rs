//! The join's cuts and pair-by-pair blocks for AVX2 (with popcnt): the
//! recursive join of [`super`] compiled with those features, and the
//! vector loops it calls.

recursive_join!(pack::partition, pack::cut, pack::block, pack::BLOCK, #[target_feature(enable = "avx2,popcnt")]);

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
    use std::hint::select_unpredictable;

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

    /// The set bits of each byte of `v` (a table of the nibbles' counts).
    #[inline(always)]
    fn byte_counts(v: __m256i) -> __m256i {
        // SAFETY: only called from functions compiled with AVX2.
        unsafe {
            let nibbles = _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                2, 3, 3, 4,
            );
            let low = _mm256_set1_epi8(0x0f);
            let lo = _mm256_shuffle_epi8(nibbles, _mm256_and_si256(v, low));
            let hi = _mm256_shuffle_epi8(nibbles, _mm256_and_si256(_mm256_srli_epi16::<4>(v), low));
            _mm256_add_epi8(lo, hi)
        }
    }

    /// A carry-save adder: the carry (the bits set in two or three of
    /// `a`, `b`, `c`) and the sum (in one or three).
    #[inline(always)]
    fn csa(a: __m256i, b: __m256i, c: __m256i) -> (__m256i, __m256i) {
        // SAFETY: only called from functions compiled with AVX2.
        unsafe {
            let u = _mm256_xor_si256(a, b);
            let carry = _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(u, c));
            (carry, _mm256_xor_si256(u, c))
        }
    }

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
        let (short, long) = if x.len() < y.len() { (x, y) } else { (y, x) };
        if short.len() >= SLICED_SHORTEST && long.len() >= 32 {
            // The list transposed is the one that costs less: the longer,
            // unless it fills its last slice less (a block of 190 x 300
            // keys: one slice of the shorter looked up by 300 keys, not
            // two of the longer by 190).
            let cost =
                |t: usize, l: usize| t.div_ceil(32) * 116 + t.div_ceil(SLICE) * (300 + 33 * l);
            let (looked_up, transposed) =
                if cost(short.len(), long.len()) < cost(long.len(), short.len()) {
                    (long, short)
                } else {
                    (short, long)
                };
            if fast_pext() {
                let or = |keys: &[u32]| keys.iter().fold(0, |a, &k| a | k);
                // SAFETY: `fast_pext` reports BMI2.
                return unsafe { sliced_live_any(looked_up, transposed, or(x) & or(y)) };
            }
            sliced(looked_up, transposed)
        } else {
            quads(short, long)
        }
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
            let amd =
                (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
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

    /// [`sliced_live`] with tables of the width (4, 5 or 6 bits) that
    /// costs least for `live` and the keys of `x`; every pair is disjoint
    /// when no bit is live.
    #[target_feature(enable = "avx2,popcnt,bmi2")]
    pub(in crate::halves::join) fn sliced_live_any(x: &[u32], y: &[u32], live: u32) -> u64 {
        // A table of w bits: about 2^w ORs and stores to build a slice,
        // three instructions a key of `x` to look up.
        let bits = live.count_ones() as usize;
        let cost = |w: usize| bits.div_ceil(w) * ((2 << w) + 3 * x.len());
        let width = (4..=6).min_by_key(|&w| cost(w)).unwrap_or(4);
        sliced_live_in(x, y, live, width)
    }

    /// [`sliced_live`] with tables of `width` bits (4, 5 or 6; others
    /// count as 4).
    #[target_feature(enable = "avx2,popcnt,bmi2")]
    pub(in crate::halves::join) fn sliced_live_in(
        x: &[u32],
        y: &[u32],
        live: u32,
        width: usize,
    ) -> u64 {
        macro_rules! by_shape {
            ($(($w:literal, $t:literal)),*) => {
                match (width, (live.count_ones() as usize).div_ceil(width)) {
                    (_, 0) => (x.len() * y.len()) as u64,
                    $(($w, $t) => sliced_live::<$w, $t>(x, y, live),)*
                    _ => sliced_live::<4, 8>(x, y, live),
                }
            };
        }
        by_shape!(
            (4, 1),
            (4, 2),
            (4, 3),
            (4, 4),
            (4, 5),
            (4, 6),
            (4, 7),
            (5, 1),
            (5, 2),
            (5, 3),
            (5, 4),
            (5, 5),
            (5, 6),
            (5, 7),
            (6, 1),
            (6, 2),
            (6, 3),
            (6, 4),
            (6, 5),
            (6, 6)
        )
    }

    /// The shorter list of a block at least this long is counted sliced:
    /// a slice costs about 1,500 instructions to transpose and tabulate,
    /// and 31 a key of the other list (24 and 32 measured alike).
    const SLICED_SHORTEST: usize = 32;

    /// Keys of the transposed list a slice holds: one bit each in a vector.
    const SLICE: usize = 256;

    /// The disjoint pairs of `x` and `y`, bit-sliced: `y` is transposed,
    /// 256 keys at a time, into one 256-bit row per key bit (bit `j` of
    /// row `b`: key `j` holds bit `b`), and the rows of each four bits are
    /// ORed into a table of 16 (every nibble's union). A key of `x` then
    /// looks up its eight nibbles' unions: their OR holds the keys of the
    /// slice it shares a bit with, and the clear bits count its disjoint
    /// pairs (eight loads and a popcount for 256 pairs, where comparing
    /// takes three instructions for eight). Slots past the end of `y` hold
    /// keys of all ones: they meet every key of `x` but 0, corrected for.
    #[target_feature(enable = "avx2,popcnt")]
    pub(in crate::halves::join) fn sliced(x: &[u32], y: &[u32]) -> u64 {
        let zeros_in_x = x.iter().filter(|&&k| k == 0).count() as u64;
        // SAFETY: this function runs with AVX2 and popcnt.
        let row_of = std::array::from_fn(|b| b % 32);
        unsafe { sliced_with::<4, 8>(x, y, zeros_in_x, &row_of, |k| k) }
    }

    /// [`sliced`] on the bits some key of each list holds only (`live`,
    /// from the block's lists), packed by `pext` into the low bits of each
    /// key of `x` as it is looked up, in `TABLES` tables of `WIDTH` bits:
    /// `TABLES` lookups a key instead of eight (at n = 22, 23 of 32 bits
    /// are live at a block, weighted by its pairs: four tables of six
    /// bits, not six of four). For CPUs whose `pext` is fast (see
    /// [`fast_pext`]).
    #[target_feature(enable = "avx2,popcnt,bmi2")]
    pub(in crate::halves::join) fn sliced_live<const WIDTH: usize, const TABLES: usize>(
        x: &[u32],
        y: &[u32],
        live: u32,
    ) -> u64 {
        let zeros_in_x = x.iter().filter(|&&k| k & live == 0).count() as u64;
        // The row of each packed bit: the live bits in order, then (past
        // the last, never looked up) the first again.
        let mut rows = [live.trailing_zeros() as usize; ROWS];
        let mut rest = live;
        for r in rows.iter_mut().take(live.count_ones() as usize) {
            *r = rest.trailing_zeros() as usize;
            rest &= rest - 1;
        }
        // SAFETY: this function runs with AVX2, popcnt and BMI2.
        unsafe { sliced_with::<WIDTH, TABLES>(x, y, zeros_in_x, &rows, |k| _pext_u32(k, live)) }
    }

    /// Rows the tables of a slice may name: up to six tables of six bits.
    const ROWS: usize = 36;

    /// The sliced count, `TABLES` table lookups a key of `x`, each key
    /// made by `key` first: table `t` holds the unions of the rows
    /// `row_of[WIDTH t..WIDTH (t + 1)]`, every subset's, and key bits
    /// `WIDTH t..` pick its entry. `zeros_in_x`: the keys of `x` that
    /// `key` makes 0 (their lookups miss the slots past the end of `y`).
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2 and popcnt (it is inlined into functions
    /// compiled for them); `WIDTH` is 3 to 6, and `WIDTH * TABLES` at
    /// most [`ROWS`].
    #[inline(always)]
    unsafe fn sliced_with<const WIDTH: usize, const TABLES: usize>(
        x: &[u32],
        y: &[u32],
        zeros_in_x: u64,
        row_of: &[usize; ROWS],
        key: impl Fn(u32) -> u32,
    ) -> u64 {
        let mut rows = [[u32::MAX; SLICE / 32]; 32];
        let mut total = 0u64;
        // Per lane: the first byte of each of its four keys, then the
        // second bytes, and so on.
        let by_byte = _mm256_setr_epi8(
            0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6,
            10, 14, 3, 7, 11, 15,
        );
        let interleave = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        let mut padded = [u32::MAX; 32];
        // Up to eight tables of 16 entries, seven of 32 or six of 64.
        let mut table = std::mem::MaybeUninit::<[__m256i; 384]>::uninit();
        let entries = table.as_mut_ptr().cast::<__m256i>();
        for slice in y.chunks(SLICE) {
            let groups = slice.len().div_ceil(32);
            for (g, keys) in slice.chunks(32).enumerate() {
                let at = if keys.len() == 32 {
                    keys.as_ptr()
                } else {
                    padded[..keys.len()].copy_from_slice(keys);
                    padded.as_ptr()
                };
                // SAFETY: AVX2 is enabled for this function; each load
                // reads eight of the 32 keys at `at`.
                let w = |i: usize| unsafe {
                    let v = _mm256_loadu_si256(at.add(8 * i).cast());
                    // Quadword q: byte q of the eight keys.
                    _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(v, by_byte), interleave)
                };
                let (w0, w1, w2, w3) = (w(0), w(1), w(2), w(3));
                let (lo01, hi01) = (_mm256_unpacklo_epi64(w0, w1), _mm256_unpackhi_epi64(w0, w1));
                let (lo23, hi23) = (_mm256_unpacklo_epi64(w2, w3), _mm256_unpackhi_epi64(w2, w3));
                // Byte k of the 32 keys, in order.
                let bytes = [
                    _mm256_permute2x128_si256::<0x20>(lo01, lo23),
                    _mm256_permute2x128_si256::<0x20>(hi01, hi23),
                    _mm256_permute2x128_si256::<0x31>(lo01, lo23),
                    _mm256_permute2x128_si256::<0x31>(hi01, hi23),
                ];
                for (k, &b) in bytes.iter().enumerate() {
                    let mut v = b;
                    for t in (0..8).rev() {
                        rows[8 * k + t][g] = _mm256_movemask_epi8(v) as u32;
                        v = _mm256_add_epi8(v, v);
                    }
                }
            }
            // The groups past the end of `y` (stale from the slice before,
            // or never written) read as keys of all ones.
            let past = lanes_from(groups);
            // SAFETY: AVX2 is enabled; a row is 256 bits.
            let row = |b: usize| unsafe {
                _mm256_or_si256(_mm256_loadu_si256(rows[row_of[b]].as_ptr().cast()), past)
            };
            let or = |a, b| _mm256_or_si256(a, b);
            let zero = _mm256_setzero_si256();
            // Every entry of the first TABLES tables is written (in place:
            // built whole and moved, a table was copied at each slice)
            // before any is read: the unions of its first three rows in
            // registers, of its other rows in registers, and each entry
            // the OR of one of each.
            for t in 0..TABLES {
                let r = |i: usize| row(WIDTH * t + i);
                let (r0, r1, r2) = (r(0), r(1), r(2));
                let r01 = or(r0, r1);
                let low = [zero, r0, r1, r01, r2, or(r0, r2), or(r1, r2), or(r01, r2)];
                let mut high = [zero; 8];
                for i in 0..WIDTH - 3 {
                    let ri = r(3 + i);
                    for j in 0..1 << i {
                        high[(1 << i) + j] = or(high[j], ri);
                    }
                }
                for (j, &h) in high.iter().enumerate().take(1 << (WIDTH - 3)) {
                    for (i, &l) in low.iter().enumerate() {
                        // SAFETY: `t << WIDTH | j << 3 | i` is below
                        // `TABLES << WIDTH`, at most 384.
                        unsafe { entries.add(t << WIDTH | j << 3 | i).write(or(l, h)) };
                    }
                }
            }
            // The bits set in the ORs: of each 16 keys' ORs, added up
            // bit by bit by carry-save adders (Harley-Seal: five logic
            // instructions an OR, where counting its bytes took seven)
            // into counters of the ones, twos, fours and eights, and the
            // carries out of the eights (the sixteens) counted a byte at
            // a time (a table of the nibbles' counts) in byte counters
            // added up before they can overflow (8 a group, 31 groups).
            let zero = _mm256_setzero_si256();
            let base = entries.cast::<u8>().cast_const();
            // Each table's shift, held in a register rather than folded
            // into the code: with BMI2 a shift by a register (`shrx`)
            // leaves the key in place, where a constant shift copies it
            // first (`mov` and `shr`: four instructions a table, three).
            let shifts: [u32; TABLES] =
                std::hint::black_box(std::array::from_fn(|t| (WIDTH * t) as u32));
            // The OR of the entries key `$k` of `x` looks up: the slice's
            // keys it meets (a macro: as a closure called 17 times it was
            // not inlined).
            macro_rules! look {
                ($k:expr) => {{
                    // The key times 32 (an entry's bytes): the entry of
                    // table `t` is at its bits `WIDTH t + 5..`, moved down
                    // by one shift and masked.
                    let k = (key($k) as usize) << 5;
                    let entry = |t: usize| {
                        let at = (k >> shifts[t]) & (((1 << WIDTH) - 1) << 5);
                        // SAFETY: an entry of table `t`, written above.
                        unsafe { base.add(at + (t << WIDTH) * 32).cast::<__m256i>().read() }
                    };
                    // Table 0 last: its mask may take the key in place.
                    let mut acc = entry(TABLES - 1);
                    for t in (0..TABLES - 1).rev() {
                        acc = _mm256_or_si256(acc, entry(t));
                    }
                    acc
                }};
            }
            let (mut ones, mut twos, mut fours, mut eights) = (zero, zero, zero, zero);
            let mut sixteens = zero;
            let (groups, rest) = x.as_chunks::<16>();
            let (mut bytes, mut held) = (zero, 0);
            for g in groups {
                // The fours out of keys `$i..$i + 4` of the group.
                macro_rules! four {
                    ($i:expr) => {{
                        let (twos_a, o) = csa(ones, look!(g[$i]), look!(g[$i + 1]));
                        let (twos_b, o) = csa(o, look!(g[$i + 2]), look!(g[$i + 3]));
                        ones = o;
                        let (fours, t) = csa(twos, twos_a, twos_b);
                        twos = t;
                        fours
                    }};
                }
                let fours_a = four!(0);
                let fours_b = four!(4);
                let (eights_a, f) = csa(fours, fours_a, fours_b);
                let fours_a = four!(8);
                let fours_b = four!(12);
                let (eights_b, f) = csa(f, fours_a, fours_b);
                fours = f;
                let (carry, e) = csa(eights, eights_a, eights_b);
                eights = e;
                bytes = _mm256_add_epi8(bytes, byte_counts(carry));
                held += 1;
                if held == 31 {
                    sixteens = _mm256_add_epi64(sixteens, _mm256_sad_epu8(bytes, zero));
                    (bytes, held) = (zero, 0);
                }
            }
            sixteens = _mm256_add_epi64(sixteens, _mm256_sad_epu8(bytes, zero));
            // The last keys (fewer than 16) counted one by one.
            let mut bytes = zero;
            for &k in rest {
                bytes = _mm256_add_epi8(bytes, byte_counts(look!(k)));
            }
            // The set bits of each quadword.
            let counts = |v: __m256i| _mm256_sad_epu8(byte_counts(v), zero);
            let met = [
                _mm256_slli_epi64::<4>(sixteens),
                _mm256_slli_epi64::<3>(counts(eights)),
                _mm256_slli_epi64::<2>(counts(fours)),
                _mm256_slli_epi64::<1>(counts(twos)),
                counts(ones),
                _mm256_sad_epu8(bytes, zero),
            ]
            .into_iter()
            .fold(zero, |a, b| _mm256_add_epi64(a, b));
            let met = (_mm256_extract_epi64::<0>(met)
                + _mm256_extract_epi64::<1>(met)
                + _mm256_extract_epi64::<2>(met)
                + _mm256_extract_epi64::<3>(met)) as u64;
            let pads = (SLICE - slice.len()) as u64;
            total += SLICE as u64 * x.len() as u64 - met - pads * zeros_in_x;
        }
        total
    }

    /// [`super::super::bit_counts`] a key at a time: its 64 bits spread
    /// to the 64 bytes of two vectors (a byte shuffle, an AND and a
    /// compare), each byte a counter (a key was 4.5 instructions a set
    /// bit: 4.4 % of count 17).
    #[target_feature(enable = "avx2,popcnt")]
    pub(in crate::halves::join) fn bit_counts(keys: &[u64], step: usize) -> [u64; 64] {
        // Byte j of each vector: the key's byte j / 8 (of the low half,
        // then of the high half), tested on bit j % 8.
        let low = _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3,
            3, 3, 3,
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
    pub(in crate::halves::join) fn quads(x: &[u32], y: &[u32]) -> u64 {
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
                    let hit =
                        _mm256_cmpeq_epi64(_mm256_and_si256(v, probe), _mm256_setzero_si256());
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
}
