//! The join's loops for the baseline x86-64 (SSE2; and for any other
//! target): the recursive join compiled without target features, and the
//! cuts and the pair-by-pair block it calls, one key at a time (the
//! compiler vectorises the block).

use super::{BLOCK, NODE_SAMPLE};

recursive_join!(
    partition,
    super::Narrow::sort,
    super::Narrow::keys,
    cut,
    keep_without,
    node_bit_counts,
    block,
    BLOCK
);

/// How many of a sample of [`NODE_SAMPLE`] 32-bit keys (every `step`-th)
/// hold each bit, a set bit at a time: the count that ranks a node's cut
/// ([`super::rank`]; `avx2::node_bit_counts` spreads a key over a vector).
pub(super) fn node_bit_counts(keys: &[u32]) -> [u32; 32] {
    let step = keys.len().div_ceil(NODE_SAMPLE);
    // At most NODE_SAMPLE keys: every count fits.
    let mut count = [0u32; 32];
    for &k in keys.iter().step_by(step) {
        let mut k = k;
        while k != 0 {
            count[k.trailing_zeros() as usize] += 1;
            k &= k - 1;
        }
    }
    count
}

/// Moves the keys without `bit` to the front; returns how many there are.
///
/// Branch-free (a branch on a random bit mispredicts half the time), and
/// through `scratch` rather than by swaps, which would make each step wait
/// for the store of the one before: each key is written at both ends of
/// the scratch space and only one end's cursor moves past it.
#[inline(always)]
pub(super) fn partition(keys: &mut [u64], bit: u64, scratch: &mut Vec<u64>) -> usize {
    let len = keys.len();
    if scratch.len() <= len {
        scratch.resize(len + 1, 0);
    }
    let (mut clear, mut set) = (0, len);
    for &k in keys.iter() {
        let without = usize::from(k & bit == 0);
        scratch[clear] = k;
        scratch[set] = k;
        clear += without;
        set -= 1 - without;
    }
    keys[..clear].copy_from_slice(&scratch[..clear]);
    keys[clear..].copy_from_slice(&scratch[set + 1..=len]);
    clear
}

/// Writes `keys` to `parts` (as long): those with `bit` from the front,
/// those without it from the back; returns how many have it. Branch-free:
/// each key is written at both cursors (both in the gap still to fill)
/// and only one cursor moves.
#[inline(always)]
pub(super) fn cut(keys: &[u32], bit: u32, parts: &mut [u32]) -> usize {
    let (mut set, mut clear) = (0, keys.len());
    for &k in keys {
        let with = usize::from(k & bit != 0);
        parts[set] = k;
        parts[clear - 1] = k;
        set += with;
        clear -= 1 - with;
    }
    set
}

/// Writes the keys of `keys` without `bit` to the front of `kept` (as
/// long), in order; returns how many. Branch-free: each key is written
/// at the cursor, which moves past those without the bit.
#[inline(always)]
pub(super) fn keep_without(keys: &[u32], bit: u32, kept: &mut [u32]) -> usize {
    let mut at = 0;
    for &k in keys {
        kept[at] = k;
        at += usize::from(k & bit == 0);
    }
    at
}

/// Every pair compared, branch-free, the longer list in the inner loop (it
/// is the one the compiler vectorises).
#[inline(always)]
pub(super) fn block(x: &[u32], y: &[u32]) -> u64 {
    let (short, long) = if x.len() < y.len() { (x, y) } else { (y, x) };
    short
        .iter()
        .map(|&q| long.iter().map(|&p| u32::from(p & q == 0)).sum::<u32>() as u64)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::super::super::xorshift::xorshift;
    use super::super::Isa;
    use super::*;

    /// A list sorted.
    fn sorted<K: Ord>(mut keys: Vec<K>) -> Vec<K> {
        keys.sort_unstable();
        keys
    }

    /// The keys with `bit` and those without it, each sorted.
    fn by_bit<K>(keys: &[K], bit: K) -> (Vec<K>, Vec<K>)
    where
        K: Copy + Default + Ord + std::ops::BitAnd<Output = K>,
    {
        let (with, without) = keys.iter().partition(|&&k| k & bit != K::default());
        (sorted(with), sorted(without))
    }

    /// That `parts` holds the keys of `first` (sorted) in its first `n`
    /// places and those of `rest` after them.
    fn assert_parts<K: Copy + Ord + std::fmt::Debug>(
        parts: &[K],
        n: usize,
        (first, rest): (&[K], &[K]),
    ) {
        let len = parts.len();
        assert_eq!(n, first.len(), "{len} keys");
        assert_eq!(sorted(parts[..n].to_vec()), first, "{len} keys");
        assert_eq!(sorted(parts[n..].to_vec()), rest, "{len} keys");
    }

    /// Both cuts against a plain filter, for every length up to a few
    /// vectors (the scalar lists below 16 keys, every remainder of eight
    /// the vector cut starts with) and every bit (the vector cut moves it
    /// to the lanes' signs): the keys with the bit first, then those
    /// without, nothing lost or repeated.
    #[test]
    fn a_cut_puts_the_keys_with_the_bit_first() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for (len, b) in (0..=64).flat_map(|len| (0..32).map(move |b| (len, b))) {
            let keys: Vec<u32> = (0..len).map(|_| next() as u32).collect();
            let bit = 1 << b;
            let (with, without) = by_bit(&keys, bit);
            for isa in Isa::available() {
                let mut parts = vec![0; len];
                let n = match isa {
                    Isa::Baseline => cut(&keys, bit, &mut parts),
                    // SAFETY: `Isa::available` lists AVX2 and AVX-512
                    // where the CPU reports AVX2.
                    #[cfg(target_arch = "x86_64")]
                    #[allow(unsafe_code)]
                    Isa::Avx2 | Isa::Avx512 => unsafe {
                        super::super::avx2::cut::cut(&keys, bit, &mut parts)
                    },
                };
                assert_parts(&parts, n, (&with, &without));
            }
        }
    }

    /// Both ways to keep the keys without a bit against a plain filter,
    /// for every length up to a few vectors (the scalar lists below 16
    /// keys, every remainder of eight the vector loop starts with) and
    /// every bit: those without it, in order, at the front, and nothing
    /// written past the list's length.
    #[test]
    fn keeping_the_keys_without_a_bit_keeps_them_in_order() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for (len, b) in (0..=64).flat_map(|len| (0..32).map(move |b| (len, b))) {
            let keys: Vec<u32> = (0..len).map(|_| next() as u32).collect();
            let bit = 1 << b;
            let without: Vec<u32> = keys.iter().copied().filter(|&k| k & bit == 0).collect();
            for isa in Isa::available() {
                // A mark past the list's room, which must stay.
                let mut kept = vec![u32::MAX - 1; len + 1];
                let n = match isa {
                    Isa::Baseline => keep_without(&keys, bit, &mut kept[..len]),
                    // SAFETY: `Isa::available` lists AVX2 and AVX-512
                    // where the CPU reports AVX2.
                    #[cfg(target_arch = "x86_64")]
                    #[allow(unsafe_code)]
                    Isa::Avx2 | Isa::Avx512 => unsafe {
                        super::super::avx2::cut::keep_without(&keys, bit, &mut kept[..len])
                    },
                };
                assert_eq!(kept[..n], without, "{isa:?}, {len} keys, bit {b}");
                assert_eq!(kept[len], u32::MAX - 1, "{isa:?}, {len} keys");
            }
        }
    }

    /// The partitions of 64-bit keys (scalar, four and eight keys a
    /// vector) against a plain filter, for every length up to a few
    /// vectors (each remainder of four and of eight) and some long ones,
    /// keys with the bit or without it in runs (shorter and longer than
    /// a vector) and at random: those without it first, then those with
    /// it, nothing lost or repeated.
    #[test]
    fn a_partition_puts_the_keys_without_the_bit_first() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for len in (0..=70usize).chain([1000, 4099, 65543]) {
            for run in [0, 3, 9, 21] {
                let bit = 1u64 << (len % 64);
                let keys: Vec<u64> = (0..len)
                    .map(|i| match run {
                        0 => next(),
                        _ if (i / run) % 2 == 0 => next() | bit,
                        _ => next() & !bit,
                    })
                    .collect();
                let (with, without) = by_bit(&keys, bit);
                type Partition = fn(&mut [u64], u64, &mut Vec<u64>) -> usize;
                let mut partitions: Vec<Partition> = vec![|k, b, s| partition(k, b, s)];
                #[cfg(target_arch = "x86_64")]
                if Isa::available().contains(&Isa::Avx2) {
                    // SAFETY: the CPU reports AVX2 (checked above).
                    #[allow(unsafe_code)]
                    partitions
                        .push(|k, b, s| unsafe { super::super::avx2::cut::partition(k, b, s) });
                }
                #[cfg(target_arch = "x86_64")]
                if Isa::available().contains(&Isa::Avx512) {
                    // SAFETY: the CPU reports AVX-512 (checked above).
                    #[allow(unsafe_code)]
                    partitions
                        .push(|k, b, s| unsafe { super::super::avx512::cut::partition(k, b, s) });
                }
                for p in partitions {
                    let mut parts = keys.clone();
                    // A scratch too short, or long and stale.
                    for mut scratch in [Vec::new(), vec![u64::MAX; 3 * len + 9]] {
                        let n = p(&mut parts, bit, &mut scratch);
                        assert_parts(&parts, n, (&without, &with));
                    }
                }
            }
        }
    }
}
