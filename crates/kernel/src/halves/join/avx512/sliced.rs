//! The sliced block in slices of 512 keys: AVX2's (see
//! [`super::super::avx2::sliced`]) with one 512-bit row per key bit,
//! each key of the other list counted against 512 keys by its table
//! lookups' OR and `vpopcntq`.

use std::arch::x86_64::*;

use super::super::avx2::sliced::{
    by_shape, packed_rows, sliced_live_any as sliced_256, tabulate, transpose, ROWS,
};

/// Keys of the transposed list a slice holds.
const SLICE: usize = 512;

/// The slices a list of `len` keys is transposed in: of 512 keys, and
/// of 256 (AVX2's, for a last part of 256 keys or fewer).
#[inline(always)]
pub(in crate::halves::join) fn slices(len: usize) -> (usize, usize) {
    match len % SLICE {
        r if r > 0 && r <= SLICE / 2 => (len / SLICE, 1),
        _ => (len.div_ceil(SLICE), 0),
    }
}

/// The disjoint pairs of `x` and `y` on the bits of `live` (those some
/// key of each list holds, or more), sliced with `y` transposed: 512
/// keys a slice, and the last 256 or fewer in one AVX2 slice.
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
pub(in crate::halves::join) fn sliced_live_any(x: &[u32], y: &[u32], live: u32) -> u64 {
    sliced_live_in(x, y, live, None)
}

/// [`sliced_live_any`] with the 512-key slices' tables of `width` bits
/// (4, 5 or 6; others count as 4), or of the width that costs least.
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
pub(in crate::halves::join) fn sliced_live_in(
    x: &[u32],
    y: &[u32],
    live: u32,
    width: Option<usize>,
) -> u64 {
    // All of `y` in 512-key slices, or all but its last 256 keys or fewer.
    let wide = match slices(y.len()) {
        (_, 0) => y.len(),
        (wide, _) => wide * SLICE,
    };
    let (y, y_rest) = y.split_at(wide);
    let rest = if y_rest.is_empty() {
        0
    } else {
        sliced_256(x, y_rest, live)
    };
    if y.is_empty() {
        return rest;
    }
    // A table of w bits: about 2^w ORs and stores of 64 bytes to build
    // a slice, three instructions a key of `x` to look up.
    let bits = live.count_ones() as usize;
    let cost = |w: usize| bits.div_ceil(w) * ((4 << w) + 3 * x.len());
    let width = width.unwrap_or_else(|| (4..=6).min_by_key(|&w| cost(w)).unwrap_or(4));
    rest + by_shape!(sliced_live, x, y, live, width)
}

/// [`sliced_live_in`] in `TABLES` tables of `WIDTH` bits: table `t`
/// holds the unions of the rows of the packed bits `WIDTH t..`, every
/// subset's; a key of `x` packed by `pext` picks an entry of each, and
/// the bits set in their OR count the slice's keys it meets. Slots
/// past the end of `y` hold keys of all ones (they meet every key of
/// `x` but those packed to 0, corrected for).
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
fn sliced_live<const WIDTH: usize, const TABLES: usize>(x: &[u32], y: &[u32], live: u32) -> u64 {
    const { assert!(WIDTH >= 3 && WIDTH <= 6 && WIDTH * TABLES <= ROWS) };
    let (zeros_in_x, row_of) = packed_rows(x, live);
    let mut rows = [[u32::MAX; SLICE / 32]; 32];
    let mut padded = [u32::MAX; 32];
    let mut total = 0u64;
    // Up to eight tables of 16 entries, seven of 32 or six of 64.
    let mut table = std::mem::MaybeUninit::<[__m512i; 384]>::uninit();
    let entries = table.as_mut_ptr().cast::<__m512i>();
    // Each table's shift of the key times 64 (see the lookups).
    let shifts: [u64; TABLES] = std::hint::black_box(std::array::from_fn(|t| (WIDTH * t) as u64));
    for slice in y.chunks(SLICE) {
        let groups = slice.len().div_ceil(32);
        // SAFETY: AVX2 is enabled for this function.
        unsafe { transpose(slice, &mut rows, &mut padded) };
        // The groups past the end of `y` (stale from the slice before,
        // or never written) read as keys of all ones.
        let past =
            _mm512_maskz_mov_epi32((0xffff_u32 << groups) as __mmask16, _mm512_set1_epi32(-1));
        // SAFETY: AVX-512 F is enabled; a row is 512 bits.
        let row = |b: usize| unsafe {
            _mm512_or_si512(_mm512_loadu_si512(rows[row_of[b]].as_ptr().cast()), past)
        };
        let zero = _mm512_setzero_si512();
        // Every entry of the tables is written before any is read.
        // SAFETY: `entries` holds 384 entries.
        unsafe { tabulate::<WIDTH, TABLES, _>(row, |a, b| _mm512_or_si512(a, b), zero, entries) };
        let base = entries.cast::<u8>().cast_const();
        // A lane gains at most 64 a key: no overflow.
        let mut met = zero;
        for &k in x {
            // The key times 64 (an entry's bytes): the entry of table
            // `t` is at its bits `WIDTH t + 6..`, moved down by one
            // shift and masked.
            let k = u64::from(_pext_u32(k, live)) << 6;
            let entry = |t: usize| {
                let moved: u64;
                // SAFETY: `shrx` alone (BMI2, enabled), on registers.
                // Written as Rust, the tables' shifts of a key were
                // made one vector shift whose lanes were moved back to
                // scalar registers one by one (count 18: 2 % slower).
                unsafe {
                    std::arch::asm!(
                        "shrx {0}, {1}, {2}",
                        lateout(reg) moved,
                        in(reg) k,
                        in(reg) shifts[t],
                        options(pure, nomem, nostack, preserves_flags)
                    )
                };
                let at = (moved as usize & (((1 << WIDTH) - 1) << 6)) + (t << WIDTH) * 64;
                // SAFETY: an entry of table `t`, written above.
                unsafe { base.add(at).cast::<__m512i>().read() }
            };
            let mut acc = entry(TABLES - 1);
            for t in (0..TABLES - 1).rev() {
                acc = _mm512_or_si512(acc, entry(t));
            }
            met = _mm512_add_epi64(met, _mm512_popcnt_epi64(acc));
        }
        let met = _mm512_reduce_add_epi64(met) as u64;
        let pads = (SLICE - slice.len()) as u64;
        total += SLICE as u64 * x.len() as u64 - met - pads * zeros_in_x;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::super::super::avx2::sliced::tests::{every_width, lists};
    use super::super::super::Isa;
    use super::*;

    /// The 512-key sliced block against the pairs counted one by one:
    /// transposed lists of lengths up to three slices and more (each
    /// remainder of a slice and of half a slice, the last half left to
    /// AVX2; every seventh length and those about a slice's edges),
    /// lists looked up of 0 to 300 keys, keys 0 included, on the live
    /// bits and more, in tables of the width chosen and of each width.
    #[test]
    fn the_wide_sliced_block_counts_every_pair() {
        if !Isa::available().contains(&Isa::Avx512) {
            return;
        }
        let ys = (0..=1600)
            .step_by(7)
            .chain([255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 1536]);
        let checked = lists(ys, &[0, 1, 37, 300], |x, y, expect| {
            // SAFETY: the CPU reports AVX-512 (checked above).
            #[allow(unsafe_code)]
            unsafe {
                every_width((x, y, expect), sliced_live_any, |x, y, live, w| {
                    sliced_live_in(x, y, live, Some(w))
                })
            };
        });
        assert_eq!(checked, 4 * (229 + 10));
    }
}
