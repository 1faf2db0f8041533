//! The sliced block: one list transposed into one 256-bit row per key
//! bit, tables of the rows' unions, and each key of the other list
//! counted by its lookups' OR, the bits set counted by carry-save adders.

use std::arch::x86_64::*;

use super::lanes_from;

/// The set bits of each byte of `v` (a table of the nibbles' counts).
#[inline(always)]
fn byte_counts(v: __m256i) -> __m256i {
    // SAFETY: only called from functions compiled with AVX2.
    unsafe {
        let nibbles = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
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
    by_shape!(sliced_live, x, y, live, width)
}

/// `$sliced::<WIDTH, TABLES>(x, y, live)` for the tables of `width`
/// bits (4, 5 or 6; others count as 4) that cover the bits of `live`,
/// one function a shape (the lookups of a key unrolled); every pair is
/// disjoint when no bit is live.
macro_rules! by_shape {
    ($sliced:ident, $x:expr, $y:expr, $live:expr, $width:expr) => {
        by_shape!(@ $sliced, $x, $y, $live, $width,
            (4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6), (4, 7),
            (5, 1), (5, 2), (5, 3), (5, 4), (5, 5), (5, 6), (5, 7),
            (6, 1), (6, 2), (6, 3), (6, 4), (6, 5), (6, 6))
    };
    (@ $sliced:ident, $x:expr, $y:expr, $live:expr, $width:expr,
        $(($w:literal, $t:literal)),*) => {{
        let (x, y, live, width): (&[u32], &[u32], u32, usize) = ($x, $y, $live, $width);
        match (width, (live.count_ones() as usize).div_ceil(width)) {
            (_, 0) => (x.len() * y.len()) as u64,
            $(($w, $t) => $sliced::<$w, $t>(x, y, live),)*
            _ => $sliced::<4, 8>(x, y, live),
        }
    }};
}
pub(in crate::halves::join) use by_shape;

/// The shorter list of a block at least this long is counted sliced:
/// a slice costs about 1,500 instructions to transpose and tabulate,
/// and 31 a key of the other list (24 and 32 measured alike).
pub(super) const SLICED_SHORTEST: usize = 32;

/// Keys of the transposed list a slice holds: one bit each in a vector.
pub(super) const SLICE: usize = 256;

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
/// [`super::block::fast_pext`]).
#[target_feature(enable = "avx2,popcnt,bmi2")]
pub(in crate::halves::join) fn sliced_live<const WIDTH: usize, const TABLES: usize>(
    x: &[u32],
    y: &[u32],
    live: u32,
) -> u64 {
    let (zeros_in_x, rows) = packed_rows(x, live);
    // SAFETY: this function runs with AVX2, popcnt and BMI2.
    unsafe { sliced_with::<WIDTH, TABLES>(x, y, zeros_in_x, &rows, |k| _pext_u32(k, live)) }
}

/// For the keys of `x` packed to their `live` bits: how many are 0,
/// and the row of each packed bit (the live bits in order, then, past
/// the last and never looked up, the first again).
#[inline(always)]
pub(in crate::halves::join) fn packed_rows(x: &[u32], live: u32) -> (u64, [usize; ROWS]) {
    let zeros_in_x = x.iter().filter(|&&k| k & live == 0).count() as u64;
    let mut rows = [live.trailing_zeros() as usize; ROWS];
    let mut rest = live;
    for r in rows.iter_mut().take(live.count_ones() as usize) {
        *r = rest.trailing_zeros() as usize;
        rest &= rest - 1;
    }
    (zeros_in_x, rows)
}

/// Rows the tables of a slice may name: up to six tables of six bits.
pub(in crate::halves::join) const ROWS: usize = 36;

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
    let mut padded = [u32::MAX; 32];
    // Up to eight tables of 16 entries, seven of 32 or six of 64.
    let mut table = std::mem::MaybeUninit::<[__m256i; 384]>::uninit();
    let entries = table.as_mut_ptr().cast::<__m256i>();
    for slice in y.chunks(SLICE) {
        let groups = slice.len().div_ceil(32);
        // SAFETY: AVX2 is enabled for this function.
        unsafe { transpose(slice, &mut rows, &mut padded) };
        // The groups past the end of `y` (stale from the slice before,
        // or never written) read as keys of all ones.
        let past = lanes_from(groups);
        // SAFETY: AVX2 is enabled; a row is 256 bits.
        let row = |b: usize| unsafe {
            _mm256_or_si256(_mm256_loadu_si256(rows[row_of[b]].as_ptr().cast()), past)
        };
        // Every entry of the first TABLES tables is written (in place:
        // built whole and moved, a table was copied at each slice)
        // before any is read.
        // SAFETY: `entries` holds 384 entries.
        unsafe {
            tabulate::<WIDTH, TABLES, _>(
                row,
                |a, b| _mm256_or_si256(a, b),
                _mm256_setzero_si256(),
                entries,
            )
        };
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

/// Transposes the keys of `slice` (at most `32 GROUPS`) into `rows`,
/// 32 at a time (see [`transpose_group`]), the last group padded by
/// `padded`'s keys of all ones.
///
/// # Safety
///
/// The CPU must have AVX2 (it is inlined into functions compiled for
/// it).
#[inline(always)]
pub(in crate::halves::join) unsafe fn transpose<const GROUPS: usize>(
    slice: &[u32],
    rows: &mut [[u32; GROUPS]; 32],
    padded: &mut [u32; 32],
) {
    for (g, keys) in slice.chunks(32).enumerate() {
        let at = if keys.len() == 32 {
            keys.as_ptr()
        } else {
            padded[..keys.len()].copy_from_slice(keys);
            padded.as_ptr()
        };
        // SAFETY: AVX2 is enabled (the caller's); `at` holds 32 keys.
        unsafe { transpose_group(at, rows, g) };
    }
}

/// Writes the `TABLES` tables of `WIDTH` bits of a slice to `entries`:
/// entry `e` of table `t` (at `t << WIDTH | e`) is the union of the
/// rows `row(WIDTH t + i)` of the bits `i` of `e` (`or` the union of
/// two rows, `zero` none): the unions of its first three rows in
/// registers, of its other rows in registers, and each entry the OR
/// of one of each.
///
/// # Safety
///
/// The CPU must have what `row` and `or` use (it is inlined into
/// functions compiled for it); `WIDTH` is 3 to 6, and `entries` holds
/// `TABLES << WIDTH` entries.
#[inline(always)]
pub(in crate::halves::join) unsafe fn tabulate<const WIDTH: usize, const TABLES: usize, V: Copy>(
    row: impl Fn(usize) -> V,
    or: impl Fn(V, V) -> V,
    zero: V,
    entries: *mut V,
) {
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
                // `TABLES << WIDTH` (the caller's).
                unsafe { entries.add(t << WIDTH | j << 3 | i).write(or(l, h)) };
            }
        }
    }
}

/// Transposes the 32 keys at `at` into bit `g` of each row of `rows`:
/// bit `j` of `rows[b][g]` is bit `b` of key `j` (a slice's rows, 32
/// bits a group of keys); nothing if `g` is past the rows.
///
/// # Safety
///
/// The CPU must have AVX2 (it is inlined into functions compiled for
/// it), and `at` must hold 32 keys.
#[inline(always)]
unsafe fn transpose_group<const GROUPS: usize>(
    at: *const u32,
    rows: &mut [[u32; GROUPS]; 32],
    g: usize,
) {
    // Per lane: the first byte of each of its four keys, then the
    // second bytes, and so on.
    let by_byte = _mm256_setr_epi8(
        0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10,
        14, 3, 7, 11, 15,
    );
    let interleave = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    // Checked once here, not at each of the 32 stores.
    if g >= GROUPS {
        return;
    }
    // SAFETY: AVX2 is enabled (the caller's); each load reads eight
    // of the 32 keys at `at`.
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

#[cfg(test)]
pub(in crate::halves::join) mod tests {
    use super::super::super::tests::one_by_one;
    use super::super::super::Isa;
    use super::*;
    use crate::halves::xorshift::xorshift;

    /// Lists of keys for the sliced blocks' tests, and their disjoint
    /// pairs counted one by one, given to `check(x, y, pairs)`: `y` of
    /// each length of `ys`, `x` of each of `xs`, keys of every width up
    /// to 32 bits (`1 + ` the length of `y` mod 32), sparse, dense and
    /// empty ones, 0 included. Returns how many pairs of lists it gave.
    pub(in crate::halves::join) fn lists(
        ys: impl IntoIterator<Item = usize>,
        xs: &[usize],
        mut check: impl FnMut(&[u32], &[u32], u64),
    ) -> usize {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        for b in ys {
            let width = 1 + b % 32;
            let mask = (u64::MAX >> (64 - width)) as u32;
            let mut key = || {
                let s = next();
                // Sparse, dense and empty keys.
                let k = match s % 3 {
                    0 => s & (s >> 21) & (s >> 42),
                    1 => s & (s >> 32),
                    _ => s >> 7,
                };
                if s.is_multiple_of(29) {
                    0
                } else {
                    k as u32 & mask
                }
            };
            let y: Vec<u32> = (0..b).map(|_| key()).collect();
            for &a in xs {
                let x: Vec<u32> = (0..a).map(|_| key()).collect();
                check(&x, &y, one_by_one(&x, &y));
                checked += 1;
            }
        }
        checked
    }

    /// A sliced block's count of `x` and `y` against `expect` on the
    /// bits some key of each holds (packed by `pext`), on those of `x`
    /// and on all 32 (more bits than are live): `any` in tables of the
    /// width it chooses, `each` in tables of every width.
    ///
    /// # Safety
    ///
    /// The CPU must run `any` and `each`.
    #[allow(unsafe_code)]
    pub(in crate::halves::join) unsafe fn every_width(
        (x, y, expect): (&[u32], &[u32], u64),
        any: unsafe fn(&[u32], &[u32], u32) -> u64,
        each: unsafe fn(&[u32], &[u32], u32, usize) -> u64,
    ) {
        let (a, b) = (x.len(), y.len());
        let or = |keys: &[u32]| keys.iter().fold(0, |a, &k| a | k);
        for live in [or(x) & or(y), or(x), u32::MAX] {
            // SAFETY: the CPU runs `any` (the caller's).
            let got = unsafe { any(x, y, live) };
            assert_eq!(got, expect, "{a} x {b}, live {live:x}");
            for w in 4..=6 {
                // SAFETY: the CPU runs `each` (the caller's).
                let got = unsafe { each(x, y, live, w) };
                assert_eq!(got, expect, "{a} x {b}, live {live:x}, {w}");
            }
        }
    }

    /// The sliced block against the pairs counted one by one: every
    /// length of the transposed list up to three slices and a few more
    /// (each remainder of a group of 32 keys and of a slice of 256),
    /// lists looked up of 0 to 517 keys (whole groups of 16 and more
    /// than 31 of them, and keys past the last group),
    /// lists of keys 0 included, keys of every width up to 32 bits.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_sliced_block_counts_every_pair() {
        if !Isa::available().contains(&Isa::Avx2) {
            return;
        }
        let ys = (0..=800).chain([1023, 1024, 1025]);
        let checked = lists(ys, &[0, 1, 3, 16, 37, 517], |x, y, expect| {
            let (a, b) = (x.len(), y.len());
            // SAFETY: the CPU reports AVX2 (checked above).
            #[allow(unsafe_code)]
            let got = unsafe { sliced(x, y) };
            assert_eq!(got, expect, "{a} x {b}");
            if std::arch::is_x86_feature_detected!("bmi2") {
                // SAFETY: the CPU reports AVX2 and BMI2.
                #[allow(unsafe_code)]
                unsafe {
                    every_width((x, y, expect), sliced_live_any, sliced_live_in)
                };
            }
        });
        assert_eq!(checked, 6 * 804);
    }
}
