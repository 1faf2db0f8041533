//! Joining a side's upper rows' placements with its lower rows': each
//! upper placement meets the lower ones on the columns it leaves, and the
//! pairs that share no diagonal are written as the keys of the side.
//!
//! A placement's diagonals and anti-diagonals are packed in one word (see
//! [`Pack::hit`]): one AND tells whether two placements of a side clash.
//! Up to n = 22 the word is a `u64`, compared eight pairs an AVX-512
//! instruction (see `merge/avx512.rs`), four an AVX2 one; larger boards
//! take a `u128`, eight pairs two AVX-512 instructions (after two
//! permutations that gather the words' low and high halves), four pairs
//! two AVX2 ones (a pair at a time without AVX2).

use super::join::Isa;
use crate::ledger::{Ledger, OverCap};
use std::ops::{BitAnd, BitOr, BitXor, Range, Shl, Shr};

/// Keys of a side's lower rows compared with one upper placement at a
/// time by the AVX2 loop: each group of the lists it reads is padded to
/// whole chunks of as many, the lists by as many more, and the buffer it
/// writes has room for as many past the last. The AVX-512 loop compares
/// twice as many, a group's last chunk of as many masked (so it reads
/// and writes no further past a group than AVX2's).
pub(super) const MERGE_LANES: usize = 4;

/// A placement of some rows of a side as the merge takes it: its word of
/// diagonals ([`Pack::hit`]), its part of the key ([`Pack::key`]) and the
/// columns of the side it leaves (numbered from the side's first), whose
/// lower placements an upper one meets. Packed as the placement is made
/// (see `Side::quarter`), and kept with its list for the upper rows (see
/// `uppers.rs`): packed at each merge (about 20 instructions a placement,
/// the shift counts reloaded from the stack), count 16 took 4 % more
/// instructions, count 17 6 %.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Upper<H> {
    pub(super) hit: H,
    pub(super) key: u64,
    pub(super) free: u32,
}

/// The lower rows' placements of a side, grouped by columns (`groups[c]`
/// the first and the end of those on the columns `c`): each one's
/// diagonals in one word and its part of the key. Each group is padded to whole chunks of
/// [`MERGE_LANES`] by placements that clash with every upper one, and the
/// lists by [`MERGE_LANES`] more (see [`LowerRows::group_by_columns`]).
#[derive(Clone, Debug, Default)]
pub(super) struct LowerRows<H> {
    /// Rows, columns and closed diagonals they were listed for.
    pub(super) key: Option<(u32, usize, usize, (u64, u64))>,
    /// Queens placed to list them.
    pub(super) nodes: u64,
    pub(super) hits: Vec<H>,
    pub(super) keys: Vec<u64>,
    /// Each group's bounds together: one bounds check and one place to
    /// read a group (from `start[c]..start[c + 1]`, two of each, count 17
    /// took 0.5 % more instructions).
    pub(super) groups: Vec<[u32; 2]>,
    /// The largest group's length (padded).
    pub(super) largest: usize,
}

impl<H> LowerRows<H> {
    /// Gives back all its buffers hold, and forgets what they held.
    pub(super) fn release(&mut self, ledger: &mut Ledger) {
        self.key = None;
        ledger.release(&mut self.hits);
        ledger.release(&mut self.keys);
        ledger.release(&mut self.groups);
    }

    /// The placements on the columns `free` (an upper one's).
    #[inline(always)]
    pub(super) fn group(&self, free: u32) -> Range<usize> {
        group(&self.groups, free)
    }
}

impl<H: Hit> LowerRows<H> {
    /// Groups the lower placements `placed` of a side whose columns are
    /// `all` by the columns they take (a counting sort, `at` its cursors),
    /// each group padded to whole chunks of [`MERGE_LANES`] by placements
    /// whose word's low 64 bits are all ones: every upper placement holds
    /// a queen, so a diagonal among those bits, and clashes with them. The
    /// AVX2 loop then reads whole chunks only: masking each group's last,
    /// partial chunk, count 16 and 17 took 1.5 % more instructions.
    pub(super) fn group_by_columns(
        &mut self,
        placed: &[Upper<H>],
        all: u32,
        at: &mut Vec<u32>,
        ledger: &mut Ledger,
    ) -> Result<(), OverCap> {
        let LowerRows {
            hits, keys, groups, ..
        } = self;
        let count = all as usize + 1;
        // Each group's size, then where it starts (the sizes rounded up to
        // whole chunks and summed), then where its next placement goes.
        at.clear();
        ledger.room(at, count + 1)?;
        at.resize(count + 1, 0);
        for p in placed {
            at[(all ^ p.free) as usize + 1] += 1;
        }
        let lanes = MERGE_LANES as u32;
        for i in 1..at.len() {
            at[i] = at[i - 1] + at[i].div_ceil(lanes) * lanes;
        }
        groups.clear();
        ledger.room(groups, count)?;
        groups.extend(at.windows(2).map(|w| [w[0], w[1]]));
        self.largest = groups
            .iter()
            .map(|&[start, end]| end - start)
            .max()
            .unwrap_or(0) as usize;
        // Every slot a group holds is written below: the lists only grow
        // (zeroing them at each change of lower rows was 2.5 % of count
        // 17).
        let padded = at[count] as usize + MERGE_LANES;
        ledger.zeroed(hits, padded)?;
        ledger.zeroed(keys, padded)?;
        // The padding first: each group's last chunk, most of which its
        // placements then take (most groups are empty; filling each one's
        // padding after them, a call to `memset` a group, was 2 % of
        // count 17).
        for &[start, end] in groups.iter() {
            if start < end {
                let last = end as usize - MERGE_LANES;
                hits[last..end as usize].copy_from_slice(&[H::from(u64::MAX); MERGE_LANES]);
            }
        }
        for p in placed {
            let slot = &mut at[(all ^ p.free) as usize];
            hits[*slot as usize] = p.hit;
            keys[*slot as usize] = p.key;
            *slot += 1;
        }
        Ok(())
    }
}

/// Appends to `out` the upper placements `placed` of a side whose columns
/// are `all`, ordered by the columns they leave (a counting sort, `at`
/// its cursors): consecutive ones then merge the same group of lower
/// placements, so the merge's loop runs as often in a row (its exit
/// predicted) on lists already in cache. In the order of the search, the
/// AVX-512 merge at count 18 took 24 % more samples.
pub(super) fn sort_by_columns<H: Copy + Default>(
    placed: &[Upper<H>],
    all: u32,
    at: &mut Vec<u32>,
    out: &mut Vec<Upper<H>>,
    ledger: &mut Ledger,
) -> Result<(), OverCap> {
    let count = all as usize + 1;
    at.clear();
    ledger.room(at, count + 1)?;
    at.resize(count + 1, 0);
    for p in placed {
        at[p.free as usize + 1] += 1;
    }
    for i in 1..at.len() {
        at[i] += at[i - 1];
    }
    let from = out.len();
    ledger.room(out, placed.len())?;
    out.resize(from + placed.len(), Upper::default());
    for p in placed {
        let slot = &mut at[p.free as usize];
        out[from + *slot as usize] = *p;
        *slot += 1;
    }
    Ok(())
}

/// A side's placements as the join of its upper and lower rows needs them:
/// the diagonals and anti-diagonals its columns reach (`span` of each, from
/// the side's first column) in one word, and the key.
pub(super) struct Pack {
    pub(super) lo: usize,
    pub(super) span: usize,
    pub(super) keep_d: u64,
    pub(super) keep_a: u64,
    pub(super) shift: usize,
    pub(super) width: usize,
}

impl Pack {
    /// Diagonals then anti-diagonals: two placements of one side share
    /// one if and only if their words do.
    #[inline(always)]
    pub(super) fn hit<H: Hit>(&self, diag: u64, anti: u64) -> H {
        H::from(diag >> self.lo) | (H::from(anti >> self.lo) << self.span)
    }

    /// The shared diagonals then the shared anti-diagonals: the key is
    /// the union of its parts' keys.
    #[inline(always)]
    pub(super) fn key(&self, diag: u64, anti: u64) -> u64 {
        ((diag & self.keep_d) >> self.shift) | (((anti & self.keep_a) >> self.shift) << self.width)
    }
}

/// A word of a placement's diagonals: `u64` while a side spans at most 32
/// diagonals (n <= 22), `u128` beyond.
pub(super) trait Hit:
    Copy
    + Default
    + From<u64>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
    + PartialEq
{
    /// Bits of the word.
    const BITS: usize;

    /// The word's low 64 bits.
    fn low(self) -> u64;

    /// Writes to `out` the key of every placement of a side joined from one
    /// upper and one lower placement of `m` that share no diagonal, upper
    /// placement by upper placement, while `out` has room for all of the
    /// next one's candidates (its [`LowerRows::group`]) and [`MERGE_LANES`]
    /// more; returns how many keys it wrote and upper placements it took.
    fn merge(isa: Isa, m: &Merge<Self>, out: &mut [u64]) -> (usize, usize);
}

impl Hit for u64 {
    const BITS: usize = 64;

    fn low(self) -> u64 {
        self
    }

    fn merge(isa: Isa, m: &Merge<u64>, out: &mut [u64]) -> (usize, usize) {
        match isa {
            Isa::Baseline => merge_scalar(m, out),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx2` is only made when the CPU reports AVX2
            // and popcnt.
            #[allow(unsafe_code)]
            Isa::Avx2 => unsafe { avx2::merge(m, out) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx512` is only made when the CPU reports
            // AVX2, popcnt, AVX-512 F, VL, BW and VPOPCNTDQ, BMI1 and BMI2.
            #[allow(unsafe_code)]
            Isa::Avx512 => unsafe { avx512::merge(m, out) },
        }
    }
}

impl Hit for u128 {
    const BITS: usize = 128;

    fn low(self) -> u64 {
        self as u64
    }

    fn merge(isa: Isa, m: &Merge<u128>, out: &mut [u64]) -> (usize, usize) {
        match isa {
            Isa::Baseline => merge_scalar(m, out),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx2` is only made when the CPU reports AVX2
            // and popcnt.
            #[allow(unsafe_code)]
            Isa::Avx2 => unsafe { avx2::merge_wide(m, out) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx512` is only made when the CPU reports
            // AVX2, popcnt, AVX-512 F, VL, BW and VPOPCNTDQ, BMI1 and BMI2.
            #[allow(unsafe_code)]
            Isa::Avx512 => unsafe { avx512::merge_wide(m, out) },
        }
    }
}

/// What one merge joins: the upper placements `top`, packed, and the
/// lower ones grouped by columns.
pub(super) struct Merge<'a, H> {
    pub(super) top: &'a [Upper<H>],
    pub(super) lower: &'a LowerRows<H>,
}

impl<H: Hit> Merge<'_, H> {
    /// Each upper placement and its group of lower placements: what both
    /// merge loops start a placement with.
    #[inline(always)]
    fn groups(&self) -> impl Iterator<Item = (&Upper<H>, Range<usize>)> + '_ {
        let groups = &self.lower.groups[..];
        self.top.iter().map(move |t| (t, group(groups, t.free)))
    }
}

/// The lower placements (grouped as `groups` says) on the columns `free`,
/// with their group's padding.
#[inline(always)]
fn group(groups: &[[u32; 2]], free: u32) -> Range<usize> {
    let [start, end] = groups[free as usize];
    start as usize..end as usize
}

/// [`Hit::merge`] a pair at a time, branch-free: every candidate is
/// written (the padding too), the length only moves past the compatible
/// ones (about half fail, at random).
fn merge_scalar<H: Hit>(m: &Merge<H>, out: &mut [u64]) -> (usize, usize) {
    let (hits, keys) = (&m.lower.hits, &m.lower.keys);
    let mut len = 0;
    for (taken, (&Upper { hit, key, .. }, group)) in m.groups().enumerate() {
        if len + group.len() + MERGE_LANES > out.len() {
            return (len, taken);
        }
        for (&h, &k) in hits[group.clone()].iter().zip(&keys[group]) {
            out[len] = key | k;
            len += usize::from(hit & h == H::default());
        }
    }
    (len, m.top.len())
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512;

#[cfg(test)]
mod tests {
    use super::super::xorshift::xorshift;
    use super::*;

    /// `lowers` random lower and some 100 upper placements on `w` columns (in
    /// runs of one, two and three on the same columns),
    /// merged by every loop with `H` words, against the pairs filtered one
    /// by one: with room for all, and with room for just the next upper
    /// placement's candidates at each call (nothing written past it).
    fn merges_agree<H: Hit + std::fmt::Debug>(w: u32, lowers: usize) {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        // Diagonals of at most `span` bits each, as on a side of the board.
        let span = H::BITS / 2;
        let diagonals = |x: u64| x & (u64::MAX >> (64 - span.min(64)));
        let bottoms: Vec<(u32, u64, u64, u64)> = (0..lowers)
            .map(|_| {
                let columns = (next() % (1 << w)) as u32;
                let (d, a) = (next() & next() & next(), next() & next() & next());
                (columns, diagonals(d), diagonals(a), next())
            })
            .collect();
        let pack = Pack {
            lo: 0,
            span,
            keep_d: u64::MAX,
            keep_a: u64::MAX,
            shift: 0,
            width: 32,
        };
        let all = (1 << w) - 1;
        let placed: Vec<Upper<H>> = bottoms
            .iter()
            .map(|&(c, d, a, k)| Upper {
                hit: pack.hit(d, a),
                key: k,
                free: all ^ c,
            })
            .collect();
        let mut lower = LowerRows::<H>::default();
        let ledger = &mut Ledger {
            held: 0,
            cap: usize::MAX,
        };
        lower
            .group_by_columns(&placed, all, &mut Vec::new(), ledger)
            .unwrap();
        // Upper placements: their columns and diagonals, in runs of one,
        // two and three on the same columns (as the side sorts them,
        // consecutive ones on the same columns merge together).
        let mut top: Vec<(u32, u64, u64)> = Vec::new();
        for run in (1..=3).cycle().take(50) {
            let columns = (next() % (1 << w)) as u32;
            for _ in 0..run {
                let (d, a) = (next() & next() & next(), next() & next() & next());
                // A queen at least: its diagonal.
                top.push((columns, diagonals(d) | 1, diagonals(a)));
            }
        }
        let runs = |length: usize| {
            top.chunk_by(|a, b| a.0 == b.0)
                .any(|run| run.len() == length && !lower.group(all ^ run[0].0).is_empty())
        };
        assert!(runs(1) && runs(2) && runs(3));
        let packed: Vec<Upper<H>> = top
            .iter()
            .map(|&(columns, d, a)| Upper {
                hit: pack.hit(d, a),
                key: pack.key(d, a),
                free: all ^ columns,
            })
            .collect();
        let mut expect: Vec<u64> = top
            .iter()
            .flat_map(|&(columns, d, a)| {
                let key = pack.key(d, a);
                bottoms
                    .iter()
                    .filter(move |b| b.0 == all ^ columns && (d & b.1) | (a & b.2) == 0)
                    .map(move |b| b.3 | key)
            })
            .collect();
        expect.sort_unstable();
        assert!(expect.len() > 10, "{}", expect.len());
        // Groups of whole chunks of eight and of four past them, so that
        // the loops of eight lanes mask a last chunk of four.
        let sizes = |rest: usize| {
            (lower.groups.iter())
                .any(|&[start, end]| end > start && (end - start) as usize % 8 == rest)
        };
        assert!(sizes(0) && sizes(4));
        for isa in Isa::available() {
            let mut out = vec![0; top.len() * bottoms.len() + MERGE_LANES];
            let m = Merge {
                top: &packed,
                lower: &lower,
            };
            let (kept, taken) = H::merge(isa, &m, &mut out);
            assert_eq!(taken, top.len());
            let mut got = out[..kept].to_vec();
            got.sort_unstable();
            assert_eq!(got, expect, "{isa:?}, {} bits", H::BITS);
            // Room for the next upper placement's candidates only (as the
            // side's merge makes it: a pair of placements on the same
            // columns does not fit, the first is taken alone), then for
            // the next two's; marks past it that must stay.
            for upper_placements in [1, 2] {
                let (mut got, mut t) = (Vec::new(), 0);
                while t < top.len() {
                    let group = lower.group(packed[t].free).len();
                    let two = packed.get(t + 1).is_some_and(|u| u.free == packed[t].free);
                    let fit = if two { upper_placements } else { 1 };
                    let room = fit * group + MERGE_LANES;
                    let mut out = vec![u64::MAX; room + 2 * MERGE_LANES];
                    let m = Merge {
                        top: &packed[t..],
                        lower: &lower,
                    };
                    let (kept, taken) = H::merge(isa, &m, &mut out[..room]);
                    assert!(taken >= fit, "{isa:?}, {} bits", H::BITS);
                    assert!(out[room..].iter().all(|&k| k == u64::MAX), "{isa:?}");
                    got.extend_from_slice(&out[..kept]);
                    t += taken;
                }
                got.sort_unstable();
                assert_eq!(
                    got,
                    expect,
                    "{isa:?}, {} bits, room for {upper_placements}",
                    H::BITS
                );
            }
        }
    }

    #[test]
    fn every_merge_keeps_the_pairs_with_no_shared_diagonal() {
        // Groups of a few placements (one or two chunks of four), and of
        // some 25 (about six).
        for (w, lowers) in [(6, 200), (3, 200)] {
            merges_agree::<u64>(w, lowers);
            merges_agree::<u128>(w, lowers);
        }
    }
}
