//! The AVX-512 join's keys made 32 bits sixteen a step: sorted into
//! classes as they are made ([`Narrow::sort`]) where more than 32 bits
//! are live (n >= 21), in order ([`Narrow::keys`]) elsewhere.

use std::arch::x86_64::*;

use super::super::narrow::Narrow;

/// [`Narrow::sort`] sixteen keys a step: the keys made 32 bits in one
/// vector (each run of high bits moved the same distance rotated into
/// place and merged by one `vpternlogd`, see [`moves`]), each class's
/// keys compressed and appended to that class's vector of pending keys,
/// which is stored whole once it holds sixteen. The scalar loop's
/// counters, in memory and indexed by the class, made each key wait for
/// the store of one before (`Narrow::sort` was 12 % of the n = 23 shard
/// 1777's samples, this 8 %; whole shards' user CPU, interleaved pairs:
/// n = 23 0.950 to 0.975, n = 22 0.941). Gathering the moved bits from
/// the byte tables (`vpgatherqd`) instead of rotating them: about even
/// with the scalar loop. Tried and slower: the scalar loop's four
/// counters in registers (1.06), the classes cut in place on 64-bit keys
/// and then made 32 bits in order (1.05), or cut on the second bit and
/// written from both ends by the first (1.09).
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
pub(in crate::halves::join) fn sort(
    narrow: &Narrow,
    x: &[u64],
    y: &[u64],
    high: &[u64],
    to: &mut [u32],
) -> [usize; 9] {
    let at = Narrow::classes(x, y, high);
    assert!(at[8] <= to.len());
    let h = (high[0], high.get(1).copied().unwrap_or(0));
    let made = Made::new(narrow);
    place(&made, x, h, [at[0], at[1], at[2], at[3]], to);
    place(&made, y, h, [at[5], at[4], at[6], at[7]], to);
    at
}

/// [`Narrow::keys`] sixteen keys a step, the keys made 32 bits as
/// [`sort`] makes them (one vector, each run of high bits moved the same
/// distance rotated into place), stored in order; the last keys (fewer
/// than sixteen) one by one. The loop a key at a time (a table lookup
/// for each high byte; n = 18 to 20: one) took 4.2 % of count 18's
/// samples, this 2.0 %.
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
pub(in crate::halves::join) fn keys(narrow: &Narrow, keys: &[u64], to: &mut [u32]) {
    let to = &mut to[..keys.len()];
    let made = Made::new(narrow);
    let (whole, rest) = keys.as_chunks::<16>();
    let (to_whole, to_rest) = to.as_chunks_mut::<16>();
    for (from, to) in whole.iter().zip(to_whole) {
        // SAFETY: this function runs with AVX-512 F; `from` holds sixteen
        // keys and `to` room for as many.
        unsafe {
            let lo = _mm512_loadu_si512(from.as_ptr().cast());
            let hi = _mm512_loadu_si512(from.as_ptr().add(8).cast());
            _mm512_storeu_si512(to.as_mut_ptr().cast(), made.of(lo, hi));
        }
    }
    narrow.keys(rest, to_rest);
}

/// How [`sort`] and [`keys`] make sixteen keys 32 bits in one vector:
/// the bits of [`Narrow`]'s `keep`, and the high halves rotated and
/// masked by each of its [`moves`].
struct Made {
    keep: __m512i,
    moves: [(u32, u32); 32],
    count: usize,
    /// The lanes of two vectors of eight keys that hold their low
    /// halves, in order, and their high halves.
    low_halves: __m512i,
    high_halves: __m512i,
}

impl Made {
    #[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
    fn new(narrow: &Narrow) -> Made {
        let mut moves = [(0u32, 0u32); 32];
        let count = self::moves(narrow, &mut moves);
        // Lane i: 2 i + half.
        let halves = |half: i32| {
            let evens =
                _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
            _mm512_add_epi32(evens, _mm512_set1_epi32(half))
        };
        Made {
            keep: _mm512_set1_epi32(narrow.keep as i32),
            moves,
            count,
            low_halves: halves(0),
            high_halves: halves(1),
        }
    }

    /// The sixteen keys of `lo` and `hi` (eight each) made 32 bits.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX-512 F (it is inlined into functions compiled
    /// for it).
    #[inline(always)]
    unsafe fn of(&self, lo: __m512i, hi: __m512i) -> __m512i {
        // SAFETY: as the caller promises.
        unsafe {
            let mut v = _mm512_and_si512(
                _mm512_permutex2var_epi32(lo, self.low_halves, hi),
                self.keep,
            );
            let high = _mm512_permutex2var_epi32(lo, self.high_halves, hi);
            for &(rotate, bits) in &self.moves[..self.count] {
                let moved = _mm512_rolv_epi32(high, _mm512_set1_epi32(rotate as i32));
                // v | moved & bits
                v = _mm512_ternarylogic_epi32::<0xf8>(v, moved, _mm512_set1_epi32(bits as i32));
            }
            v
        }
    }
}

/// The moves of [`Narrow`]'s tables as (left rotation of the high half,
/// the low bits it lands on), one for each distance some high bit moves;
/// returns how many.
fn moves(narrow: &Narrow, moves: &mut [(u32, u32); 32]) -> usize {
    let mut count = 0;
    for (i, table) in narrow.high.iter().enumerate() {
        for j in 0..8 {
            let to = table[1 << j];
            if to == 0 {
                continue;
            }
            let rotate = (to.trailing_zeros() + 32 - (8 * i as u32 + j)) % 32;
            match moves[..count].iter_mut().find(|m| m.0 == rotate) {
                Some(m) => m.1 |= to,
                None => {
                    moves[count] = (rotate, to);
                    count += 1;
                }
            }
        }
    }
    count
}

/// Writes each key of `keys` made 32 bits (by `made`) to the next place
/// of its class (`next`: where each class's keys go, each class with room
/// for exactly its keys, as [`Narrow::classes`] counts them).
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
fn place(made: &Made, keys: &[u64], (h0, h1): (u64, u64), mut next: [usize; 4], to: &mut [u32]) {
    let to_at = to.as_mut_ptr();
    let (p0, p1) = (_mm512_set1_epi64(h0 as i64), _mm512_set1_epi64(h1 as i64));
    let iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    let mut pending = [_mm512_setzero_si512(); 4];
    let mut held = [0u32; 4];
    // Sixteen keys a step, the last step's from a copy of the last
    // keys (the lanes of `real` counted).
    let steps = keys.len() / 16;
    let mut last = [0u64; 16];
    last[..keys.len() % 16].copy_from_slice(&keys[16 * steps..]);
    for step in 0..=steps {
        let (from, real) = if step < steps {
            (keys[16 * step..].as_ptr(), 0xffff)
        } else {
            (last.as_ptr(), ((1u32 << (keys.len() % 16)) - 1) as u16)
        };
        // SAFETY: this function runs with AVX-512 F and VL; `from` points
        // to sixteen keys; a store of sixteen keys at a class's next place
        // is made only when that many of its keys are pending, all of its
        // places.
        unsafe {
            let lo = _mm512_loadu_si512(from.cast());
            let hi = _mm512_loadu_si512(from.add(8).cast());
            let test = |p| {
                (_mm512_test_epi64_mask(lo, p) as u16 | (_mm512_test_epi64_mask(hi, p) as u16) << 8)
                    & real
            };
            let (m0, m1) = (test(p0), test(p1));
            let v = made.of(lo, hi);
            for (c, mask) in [real & !m0 & !m1, m0 & !m1, !m0 & m1, m0 & m1]
                .into_iter()
                .enumerate()
            {
                let keys = _mm512_maskz_compress_epi32(mask, v);
                let (count, n) = (mask.count_ones(), held[c]);
                let appended =
                    _mm512_mask_expand_epi32(pending[c], (((1u32 << count) - 1) << n) as u16, keys);
                let full = n + count >= 16;
                let all = if full { 0xffff } else { 0 };
                _mm512_mask_storeu_epi32(to_at.add(next[c]).cast(), all, appended);
                let rest = _mm512_permutexvar_epi32(
                    _mm512_add_epi32(iota, _mm512_set1_epi32(16 - n as i32)),
                    keys,
                );
                pending[c] = _mm512_mask_blend_epi32(all, appended, rest);
                next[c] += 16 * usize::from(full);
                held[c] = n + count - 16 * u32::from(full);
            }
        }
    }
    for c in 0..4 {
        // SAFETY: the keys still pending are the last of their class,
        // whose places are theirs.
        unsafe {
            _mm512_mask_storeu_epi32(
                to_at.add(next[c]).cast(),
                ((1u32 << held[c]) - 1) as u16,
                pending[c],
            )
        };
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::Isa;
    use super::*;
    use crate::halves::xorshift::xorshift;

    /// The runs of a sort: the keys of each, sorted.
    fn runs(to: &[u32], at: &[usize; 9]) -> Vec<Vec<u32>> {
        at.windows(2)
            .map(|w| {
                let mut run = to[w[0]..w[1]].to_vec();
                run.sort_unstable();
                run
            })
            .collect()
    }

    /// The vector sort against the scalar one: the same runs, each with
    /// the same keys made 32 bits, for lists of every length up to a few
    /// steps and some long ones, one or two class bits, high bits moved
    /// from three bytes (two distances) or none.
    #[test]
    fn the_vector_sort_agrees_with_the_scalar_one() {
        if !Isa::available().contains(&Isa::Avx512) {
            return;
        }
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut tables = vec![[0u32; 256]; 3];
        // Bits 33, 35, 36 to the dead 8, 9, 10; bits 48, 50 to 28, 29.
        tables[0][1 << 1] = 1 << 8;
        tables[0][1 << 3] = 1 << 9;
        tables[0][1 << 4] = 1 << 10;
        tables[2][1] = 1 << 28;
        tables[2][1 << 2] = 1 << 29;
        let mut moved = Narrow {
            keep: 0x0fff_f0ff,
            high: tables,
            bytes: 3,
        };
        moved.tabulate();
        let kept = Narrow {
            keep: u32::MAX,
            high: Vec::new(),
            bytes: 0,
        };
        for narrow in [&moved, &kept] {
            for high in [&[1u64 << 41][..], &[1 << 41, 1 << 62]] {
                for len in (0..=40).chain([100, 1000, 4099]) {
                    let mut key = || {
                        let k = next();
                        k & k.rotate_left(17)
                    };
                    let x: Vec<u64> = (0..len).map(|_| key()).collect();
                    let y: Vec<u64> = (0..len / 3 + 5).map(|_| key()).collect();
                    let mut expect = vec![0; len + y.len()];
                    let at = narrow.sort(&x, &y, high, &mut expect);
                    let mut got = vec![u32::MAX; len + y.len()];
                    // SAFETY: the CPU reports AVX-512 (checked above).
                    #[allow(unsafe_code)]
                    let got_at = unsafe { sort(narrow, &x, &y, high, &mut got) };
                    assert_eq!(got_at, at, "{len} keys");
                    assert_eq!(runs(&got, &got_at), runs(&expect, &at), "{len} keys");
                }
            }
        }
    }
}
