//! Counting the disjoint pairs of two lists of keys: the join of
//! [`super`]'s meet in the middle, where most of the time of an even board
//! goes.
//!
//! The recursive cuts and the pair-by-pair blocks are compiled twice: for
//! the baseline x86-64 (SSE2, four 32-bit keys compared an instruction) and
//! for AVX2 (eight), chosen once per call by what the CPU reports. The
//! binary stays portable and still runs at the speed of a `target-cpu=native`
//! build on the machines that have AVX2 (measured at n = 18: 30 % less time).
//! With AVX2 a block whose shorter list has 32 keys or more is counted
//! bit-sliced (one list transposed into one 256-bit row per key bit, each
//! key of the other counted by a table lookup for every 4 to 6 live bits
//! and a popcount for 256 pairs): a pair costs about a third of comparing it, so
//! the AVX2 join cuts less deep (blocks of 131072 pairs, not 16384).
//!
//! The 32-bit join works on a stack: a cut writes each list's keys with the
//! bit forward and those without it backward into one region of exactly
//! the list's length above its inputs, and the joins below read their
//! parts there; nothing is copied back (the copy back was 9 % of the time
//! at n = 20). Only the bits some key of each list holds (live) can rule
//! out a pair: while at most 32 are live (every join up to n = 20), the
//! live bits above 32 move to low bits no pair shares and the whole join
//! runs on 32-bit keys; beyond 32 as many bits as are in excess are cut
//! first, on whole keys: the first bits of the cut order, wherever they
//! sit in the key (cutting the excess high bits instead, ranked or not,
//! took 27 % more instructions at n = 22). The last two of them are not
//! cut: they sort the keys into four classes as they are made 32 bits,
//! and each class of one list is joined with the one run of the other's
//! classes it can pair with.

use crate::ledger::{Ledger, OverCap};

/// Working memory of the join: the buffer of the wide cuts, and the stack
/// the 32-bit join writes each cut's parts on.
#[derive(Clone, Debug, Default)]
pub(super) struct JoinScratch {
    wide: Vec<u64>,
    narrow: Vec<u32>,
    /// The tables of [`Narrow`], kept from one join to the next.
    tables: Vec<[u32; 256]>,
}

impl JoinScratch {
    /// Bytes its buffers hold (their capacities).
    pub(super) fn bytes(&self) -> usize {
        8 * self.wide.capacity() + 4 * self.narrow.capacity() + 1024 * self.tables.capacity()
    }

    /// Gives back all its buffers hold.
    pub(super) fn release(&mut self, ledger: &mut Ledger) {
        ledger.release(&mut self.wide);
        ledger.release(&mut self.narrow);
        ledger.release(&mut self.tables);
    }

    /// Makes room for a join of lists of at most `longest` keys: the
    /// baseline's wide cuts write a list's keys to a buffer as long and
    /// one more (the AVX2 ones cut in place), and the 32-bit join starts
    /// with both lists at the foot of its stack and their first cut above
    /// them; the stack grows as the cuts go deeper, through the same
    /// ledger.
    pub(super) fn reserve(&mut self, longest: usize, ledger: &mut Ledger) -> Result<(), OverCap> {
        let JoinScratch { wide, narrow, .. } = self;
        ledger.room(wide, (longest + 4).saturating_sub(wide.len()))?;
        // Nothing is on the stack between joins.
        ledger.zeroed(narrow, 4 * longest)
    }
}

/// Below this many pairs a block is compared pair by pair: cutting costs a
/// pass over both lists, comparing costs a fraction of an instruction a
/// pair, so blocks are large (measured at n = 16: 65536 pairs beat 256 by
/// a factor 2.2).
const BLOCK: usize = 16384;

/// Keys of each side looked at to rank the bits: counting the bits of every
/// key cost a quarter of the time at n = 17; 128 keys rank them as well as
/// 2048 (callgrind at n = 16: 3.42e9 instructions either way). 64 still do
/// at n = 16 and cost half as much where the ranking was a seventh of the
/// count (n = 15); 32 rank worse (n = 16: 1.2 % more instructions).
const SAMPLE: usize = 64;

/// How many pairs `(x, y)` from the two lists have `x & y == 0`, for keys of
/// `bits` bits. Reorders both lists.
///
/// The lists are cut on one bit at a time: pairs with the bit on both sides
/// cannot be disjoint and are never looked at. Keys are made 32 bits
/// (twice as many compared per instruction) by moving their live high bits
/// to dead low ones, after cutting on as many of the best bits as there
/// are live bits past 32.
pub(super) fn disjoint_pairs(
    x: &mut [u64],
    y: &mut [u64],
    bits: u32,
    scratch: &mut JoinScratch,
    ledger: &mut Ledger,
) -> Result<u64, OverCap> {
    disjoint_pairs_on(Isa::detect(), (x, y), bits, (scratch, ledger))
}

/// The instruction sets the join (and the merge of a side's rows) is
/// compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Isa {
    Baseline,
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Isa {
    /// The best this CPU runs (the standard library caches the answer).
    /// The AVX2 code also counts mask bits with `popcnt` (every AVX2 CPU
    /// has it, but it is a feature of its own).
    pub(super) fn detect() -> Isa {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            return Isa::Avx2;
        }
        Isa::Baseline
    }

    /// Every set this CPU runs, for the tests.
    #[cfg(test)]
    pub(super) fn available() -> Vec<Isa> {
        let mut all = vec![Isa::Baseline];
        #[cfg(target_arch = "x86_64")]
        if Isa::detect() == Isa::Avx2 {
            all.push(Isa::Avx2);
        }
        all
    }
}

/// [`disjoint_pairs`] by the loops of `isa`.
fn disjoint_pairs_on(
    isa: Isa,
    (x, y): (&mut [u64], &mut [u64]),
    bits: u32,
    (scratch, ledger): (&mut JoinScratch, &mut Ledger),
) -> Result<u64, OverCap> {
    if x.is_empty() || y.is_empty() {
        return Ok(0);
    }
    let (order, ranked) = cut_order(isa, x, y, bits);
    // Only the bits some key of each list holds (live) can rule out a
    // pair. While at most 32 are live, the live high bits move to low bits
    // no pair shares and the whole join runs on 32-bit keys; beyond 32,
    // the best bits are cut on whole keys first, as many as are in excess
    // (low or high: the bits they free take high ones).
    let or = |keys: &[u64]| keys.iter().fold(0, |a, &k| a | k);
    let live = or(x) & or(y);
    let excess = (live.count_ones() as usize).saturating_sub(32);
    // The bits cut on whole keys: the first `excess` live bits in the
    // order of the cuts (wherever they sit in the key), then any live bit
    // the sample missed.
    let is_live = |b: &u32| live & 1 << b != 0;
    let ranked_live = order[..ranked].iter().copied().filter(is_live);
    let unranked_live = (0..bits).filter(|b| is_live(b) && !order[..ranked].contains(b));
    let mut high = [0u64; 64];
    let mut highs = 0;
    let mut wide = 0u64;
    for b in ranked_live.chain(unranked_live).take(excess) {
        high[highs] = 1 << b;
        highs += 1;
        wide |= 1 << b;
    }
    // The bytes of the high half with a bit to move: at most four, and
    // none while no live high bit is moved (n <= 17, say).
    let mut moved = [0u32; 4];
    // Where each key bit sits in the 32-bit keys, if it is kept.
    let mut slot = [None; 64];
    let kept = live & !wide;
    for (b, s) in slot.iter_mut().enumerate().take(32) {
        if kept & 1 << b != 0 {
            *s = Some(b as u32);
        }
    }
    let mut dead = !(kept as u32);
    for b in (32..bits).filter(|&b| kept & 1 << b != 0) {
        // There are as many dead low bits as high bits left to move.
        let to = dead.trailing_zeros();
        dead &= dead - 1;
        moved[(b as usize - 32) / 8] |= 1 << ((b - 32) % 8);
        slot[b as usize] = Some(to);
    }
    let mut low = [0u32; 64];
    let mut lows = 0;
    for to in order[..ranked].iter().filter_map(|&b| slot[b as usize]) {
        low[lows] = 1 << to;
        lows += 1;
    }
    let (high, low) = (&high[..highs], &low[..lows]);
    let bytes = 4 - moved.iter().rev().take_while(|&&m| m == 0).count();
    let mut tables = std::mem::take(&mut scratch.tables);
    tables.clear();
    if let Err(e) = ledger.room(&mut tables, bytes) {
        scratch.tables = tables;
        return Err(e);
    }
    tables.resize(bytes, [0; 256]);
    for (i, t) in tables.iter_mut().enumerate() {
        let mut m = moved[i];
        while m != 0 {
            let b = 32 + 8 * i as u32 + m.trailing_zeros();
            t[(m & m.wrapping_neg()) as usize] = 1 << slot[b as usize].unwrap_or(0);
            m &= m - 1;
        }
    }
    let mut narrow = Narrow {
        keep: kept as u32,
        high: tables,
        bytes,
    };
    narrow.tabulate();
    let counted = match isa {
        Isa::Baseline => baseline::join_wide(x, y, high, low, &narrow, scratch, ledger),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Isa::Avx2` is only made when the CPU reports AVX2 and
        // popcnt, the features these functions are compiled for.
        #[allow(unsafe_code)]
        Isa::Avx2 => unsafe { avx2::join_wide(x, y, high, low, &narrow, scratch, ledger) },
    };
    scratch.tables = narrow.high;
    counted
}

/// How a key becomes 32 bits once the excess bits are cut: the live low
/// bits left kept, each live high bit left moved to a low bit no pair
/// shares (dead, or cut). The moved bits are looked up a byte of the high half at a time
/// (`high[i][byte]`: the low bits byte `i` moves to), one table lookup a
/// byte for every key, where moving them one by one took four instructions
/// a bit (up to six bits at n = 20, where narrowing was 9 % of the time).
struct Narrow {
    keep: u32,
    high: Vec<[u32; 256]>,
    /// Bytes of the high half looked up (the last with a bit to move).
    bytes: usize,
}

impl Narrow {
    /// Fills each byte's table from its single bits' entries: every other
    /// entry is the union of its lowest bit's and the rest's.
    fn tabulate(&mut self) {
        for t in &mut self.high {
            for e in 1..256usize {
                if e & (e - 1) != 0 {
                    t[e] = t[e & (e - 1)] | t[e & e.wrapping_neg()];
                }
            }
        }
    }

    #[inline(always)]
    fn key<const BYTES: usize>(&self, k: u64) -> u32 {
        (0..BYTES).fold(k as u32 & self.keep, |v, i| {
            v | self.high[i][(k >> (32 + 8 * i)) as usize & 255]
        })
    }

    /// Writes the keys of `x` then of `y` made 32 bits to `to` (as long as
    /// both), each list sorted by the one or two bits of `high` (a key's
    /// class: bit 0 for the first, bit 1 for the second): `x` in the order
    /// of the classes 0, 1, 2, 3, `y` in the order 1, 0, 2, 3, so that the
    /// keys of `y` sharing no high bit with a class of `x` are one run:
    /// all for class 0, classes 0 and 2 for 1, 1 and 0 for 2, 0 for 3.
    /// Returns where each run starts (`x`'s four, then `y`'s), and the end.
    /// One pass to count the classes, one to write them, where cutting on
    /// the two bits took two passes over 64-bit keys and copied them back
    /// (at n = 20 that was 16 % of the join).
    #[inline(always)]
    fn sort(&self, x: &[u64], y: &[u64], high: &[u64], to: &mut [u32]) -> [usize; 9] {
        let (h0, h1) = (high[0], high.get(1).copied().unwrap_or(0));
        // The classes counted from three sums, which vectorise (a counter
        // in memory indexed by the class made each key wait for the store
        // of the one before: 1.3 % of the instructions at n = 22).
        let count = |keys: &[u64]| {
            let (mut n0, mut n1, mut both) = (0, 0, 0);
            for &k in keys {
                let (b0, b1) = (k & h0 != 0, k & h1 != 0);
                n0 += usize::from(b0);
                n1 += usize::from(b1);
                both += usize::from(b0 & b1);
            }
            [keys.len() + both - n0 - n1, n0 - both, n1 - both, both]
        };
        let (cx, cy) = (count(x), count(y));
        let mut at = [0usize; 9];
        for (i, c) in [cx[0], cx[1], cx[2], cx[3], cy[1], cy[0], cy[2], cy[3]]
            .into_iter()
            .enumerate()
        {
            at[i + 1] = at[i] + c;
        }
        let class = |k: u64| usize::from(k & h0 != 0) | usize::from(k & h1 != 0) << 1;
        let mut next_x = [at[0], at[1], at[2], at[3]];
        let mut next_y = [at[5], at[4], at[6], at[7]];
        self.each(x, |k, v| {
            let c = &mut next_x[class(k)];
            to[*c] = v;
            *c += 1;
        });
        self.each(y, |k, v| {
            let c = &mut next_y[class(k)];
            to[*c] = v;
            *c += 1;
        });
        at
    }

    /// Calls `f` with each key of `keys` and the key made 32 bits, in a
    /// loop made for the number of high bytes (none up to n = 17).
    #[inline(always)]
    fn each(&self, keys: &[u64], mut f: impl FnMut(u64, u32)) {
        match self.bytes {
            0 => keys.iter().for_each(|&k| f(k, self.key::<0>(k))),
            1 => keys.iter().for_each(|&k| f(k, self.key::<1>(k))),
            2 => keys.iter().for_each(|&k| f(k, self.key::<2>(k))),
            3 => keys.iter().for_each(|&k| f(k, self.key::<3>(k))),
            _ => keys.iter().for_each(|&k| f(k, self.key::<4>(k))),
        }
    }

    /// Writes each key of `keys` made 32 bits to `to` (as long), in a loop
    /// made for the number of high bytes (none up to n = 17).
    #[inline(always)]
    fn keys(&self, keys: &[u64], to: &mut [u32]) {
        fn each(to: &mut [u32], keys: &[u64], key: impl Fn(u64) -> u32) {
            for (s, &k) in to.iter_mut().zip(keys) {
                *s = key(k);
            }
        }
        match self.bytes {
            0 => each(to, keys, |k| self.key::<0>(k)),
            1 => each(to, keys, |k| self.key::<1>(k)),
            2 => each(to, keys, |k| self.key::<2>(k)),
            3 => each(to, keys, |k| self.key::<3>(k)),
            _ => each(to, keys, |k| self.key::<4>(k)),
        }
    }
}

/// The key bits that some pair of a sample has in common, in decreasing
/// order of the pairs they rule out, and how many there are.
fn cut_order(isa: Isa, x: &[u64], y: &[u64], bits: u32) -> ([u32; 64], usize) {
    let ones = |keys: &[u64]| {
        let step = keys.len().div_ceil(SAMPLE);
        match isa {
            Isa::Baseline => bit_counts(keys, step),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx2` is only made when the CPU reports AVX2.
            #[allow(unsafe_code)]
            Isa::Avx2 => unsafe { avx2::pack::bit_counts(keys, step) },
        }
    };
    let (cx, cy) = (ones(x), ones(y));
    let mut order = [0u32; 64];
    let mut ranked = 0;
    for b in (0..bits).filter(|&b| cx[b as usize] * cy[b as usize] > 0) {
        order[ranked] = b;
        ranked += 1;
    }
    // Unstable, ties broken by the bit: the stable sort's buffer handling
    // cost more than the sort.
    order[..ranked]
        .sort_unstable_by_key(|&b| (std::cmp::Reverse(cx[b as usize] * cy[b as usize]), b));
    (order, ranked)
}

/// How many of every `step`-th key of `keys` hold each bit, a set bit at
/// a time.
fn bit_counts(keys: &[u64], step: usize) -> [u64; 64] {
    let mut count = [0u64; 64];
    for &k in keys.iter().step_by(step) {
        let mut k = k;
        while k != 0 {
            count[k.trailing_zeros() as usize] += 1;
            k &= k - 1;
        }
    }
    count
}

/// Grows the join's stack to `len` keys.
#[inline(always)]
fn stack_to(stack: &mut Vec<u32>, ledger: &mut Ledger, len: usize) -> Result<(), OverCap> {
    if stack.len() < len {
        ledger.room(stack, len - stack.len())?;
        stack.resize(len, 0);
    }
    Ok(())
}

/// The recursive join, written once and compiled with the given attributes
/// (the target features of the functions it defines).
macro_rules! recursive_join {
    ($partition:path, $cut:path, $block:path, $block_pairs:expr $(, #[$feature:meta])*) => {
        use super::{stack_to, JoinScratch, Narrow};
        use crate::ledger::{Ledger, OverCap};

        /// Cuts on every bit of `high` but the last two, then joins the
        /// keys made 32 bits by `narrow`: the last two bits (or one) sort
        /// the keys into classes as they are made 32 bits (see
        /// [`super::Narrow::sort`]), whose compatible pairs are joined.
        $(#[$feature])*
        pub(super) fn join_wide(
            x: &mut [u64],
            y: &mut [u64],
            high: &[u64],
            low: &[u32],
            narrow: &Narrow,
            scratch: &mut JoinScratch,
            ledger: &mut Ledger,
        ) -> Result<u64, OverCap> {
            if x.is_empty() || y.is_empty() {
                return Ok(0);
            }
            match high.split_first() {
                Some((&bit, rest)) if rest.len() >= 2 => {
                    let x0 = $partition(x, bit, &mut scratch.wide);
                    let y0 = $partition(y, bit, &mut scratch.wide);
                    let ((a, a0), (b, b0)) = if y0 <= x0 {
                        ((x, x0), (y, y0))
                    } else {
                        ((y, y0), (x, x0))
                    };
                    let (a_clear, a_set) = a.split_at_mut(a0);
                    Ok(join_wide(a_set, &mut b[..b0], rest, low, narrow, scratch, ledger)?
                        + join_wide(a_clear, b, rest, low, narrow, scratch, ledger)?)
                }
                _ => {
                    // Both lists, 32 bits a key, at the foot of the stack.
                    let (lx, ly) = (x.len(), y.len());
                    let stack = &mut scratch.narrow;
                    stack_to(stack, ledger, lx + ly)?;
                    let top = lx + ly;
                    if high.is_empty() {
                        narrow.keys(x, &mut stack[..lx]);
                        narrow.keys(y, &mut stack[lx..top]);
                        return join(stack, ledger, top, (0, lx), (lx, ly), low);
                    }
                    let at = narrow.sort(x, y, high, &mut stack[..top]);
                    // The classes' starts, then the pairs of classes that
                    // share no high bit (see `Narrow::sort`).
                    let [x0, x1, x2, x3, y1, y0, y2, y3, end] = at;
                    let mut pairs = 0;
                    for (x, y) in [
                        ((x0, x1), (y1, end)),
                        ((x1, x2), (y0, y3)),
                        ((x2, x3), (y1, y2)),
                        ((x3, lx), (y0, y2)),
                    ] {
                        let (x, y) = ((x.0, x.1 - x.0), (y.0, y.1 - y.0));
                        pairs += join(stack, ledger, top, x, y, low)?;
                    }
                    Ok(pairs)
                }
            }
        }

        /// The disjoint pairs of the lists `x` and `y` (start, length) of
        /// `stack` below `top`: each cut writes both lists' parts above
        /// `top`, where the joins below it read them (nothing is copied
        /// back).
        $(#[$feature])*
        fn join(
            stack: &mut Vec<u32>,
            ledger: &mut Ledger,
            top: usize,
            x: (usize, usize),
            y: (usize, usize),
            cuts: &[u32],
        ) -> Result<u64, OverCap> {
            let ((x_at, lx), (y_at, ly)) = (x, y);
            if lx == 0 || ly == 0 {
                return Ok(0);
            }
            match cuts.split_first() {
                Some((&bit, rest)) if lx * ly > $block_pairs => {
                    let above = top + lx + ly;
                    stack_to(stack, ledger, above)?;
                    let (below, parts) = stack.split_at_mut(top);
                    let (px, py) = parts.split_at_mut(lx);
                    let x1 = $cut(&below[x_at..x_at + lx], bit, px);
                    let y1 = $cut(&below[y_at..y_at + ly], bit, &mut py[..ly]);
                    // A list's keys with the bit, then those without it.
                    let (xs, ys) = ((top, lx, x1), (top + lx, ly, y1));
                    // The pairs are (a with the bit, b without) and (a
                    // without, all of b): b is the list passed on whole, so
                    // it is the one with fewer keys without the bit (less
                    // to cut again below).
                    let ((a, la, a1), (b, lb, b1)) = if ly - y1 <= lx - x1 { (xs, ys) } else { (ys, xs) };
                    Ok(join(stack, ledger, above, (a, a1), (b + b1, lb - b1), rest)?
                        + join(stack, ledger, above, (a + a1, la - a1), (b, lb), rest)?)
                }
                _ => Ok($block(&stack[x_at..x_at + lx], &stack[y_at..y_at + ly])),
            }
        }
    };
}

mod baseline {
    use super::{block, cut, partition, BLOCK};
    recursive_join!(partition, cut, block, BLOCK);
}

#[cfg(target_arch = "x86_64")]
pub(super) use avx2::pack::PACK64;

#[cfg(target_arch = "x86_64")]
mod avx2;

/// Moves the keys without `bit` to the front; returns how many there are.
///
/// Branch-free (a branch on a random bit mispredicts half the time), and
/// through `scratch` rather than by swaps, which would make each step wait
/// for the store of the one before: each key is written at both ends of
/// the scratch space and only one end's cursor moves past it.
#[inline(always)]
fn partition(keys: &mut [u64], bit: u64, scratch: &mut Vec<u64>) -> usize {
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
fn cut(keys: &[u32], bit: u32, parts: &mut [u32]) -> usize {
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

/// Every pair compared, branch-free, the longer list in the inner loop (it
/// is the one the compiler vectorises).
#[inline(always)]
fn block(x: &[u32], y: &[u32]) -> u64 {
    let (short, long) = if x.len() < y.len() { (x, y) } else { (y, x) };
    short
        .iter()
        .map(|&q| long.iter().map(|&p| u32::from(p & q == 0)).sum::<u32>() as u64)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::super::xorshift::xorshift;
    use super::*;

    /// The disjoint pairs of `x` and `y`, each pair compared: what every
    /// faster count is held to.
    fn one_by_one<K>(x: &[K], y: &[K]) -> u64
    where
        K: Copy + Default + PartialEq + std::ops::BitAnd<Output = K>,
    {
        x.iter()
            .flat_map(|&p| y.iter().map(move |&q| p & q))
            .filter(|&k| k == K::default())
            .count() as u64
    }

    /// For lists of each length `(a, b)` of `shapes`, keys of the bits of
    /// `mask` (each bit held about one time in eight: the AND of three
    /// pseudo-random words), `count` of `x` with `y` and of `y` with `x`
    /// against the pairs counted one by one. Only where the CPU has AVX2.
    #[cfg(target_arch = "x86_64")]
    fn counts_both_ways(
        shapes: impl IntoIterator<Item = (usize, usize)>,
        mask: u32,
        count: fn(&[u32], &[u32]) -> u64,
    ) {
        if Isa::detect() != Isa::Avx2 {
            return;
        }
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut key = || {
            let s = next();
            (s & (s >> 32) & (s >> 16)) as u32 & mask
        };
        for (a, b) in shapes {
            let x: Vec<u32> = (0..a).map(|_| key()).collect();
            let y: Vec<u32> = (0..b).map(|_| key()).collect();
            let expect = one_by_one(&x, &y);
            assert_eq!(
                (count(&x, &y), count(&y, &x)),
                (expect, expect),
                "{a} x {b}"
            );
        }
    }

    #[test]
    fn the_join_agrees_with_comparing_every_pair() {
        let mut words = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = || {
            let s = words();
            s & s.rotate_left(23)
        };
        // 30 bits; 40 bits, more than 32 live (some cut on whole keys);
        // 48 bits of which 28 can be live (the high ones moved low).
        let sparse = 0x000f_ffffu64 | 0xff << 40;
        // 33 and 34 bits: one and two live high bits sort the keys.
        // 42 bits of which the low 12 are held often: those rank first,
        // are cut on whole keys, and the high bits move to their places.
        let often = |k: u64, s: u64| {
            if s.is_multiple_of(3) {
                k | (s >> 20) & 0xfff
            } else {
                k
            }
        };
        for (bits, mask, dense) in [
            (30u32, (1u64 << 30) - 1, false),
            (33, (1 << 33) - 1, false),
            (34, (1 << 34) - 1, false),
            (40, (1 << 40) - 1, false),
            (48, sparse, false),
            (42, (1 << 42) - 1, true),
        ] {
            for len in [0usize, 1, 7, 50, 300, 1000] {
                let mut key = || {
                    let k = next() & mask;
                    if dense {
                        often(k, next())
                    } else {
                        k
                    }
                };
                let x: Vec<u64> = (0..len).map(|_| key()).collect();
                let y: Vec<u64> = (0..len / 2 + 3).map(|_| key()).collect();
                let expect = one_by_one(&x, &y);
                for isa in Isa::available() {
                    let (mut x, mut y) = (x.clone(), y.clone());
                    let mut scratch = JoinScratch::default();
                    let ledger = &mut Ledger {
                        held: 0,
                        cap: usize::MAX,
                    };
                    assert_eq!(
                        disjoint_pairs_on(isa, (&mut x, &mut y), bits, (&mut scratch, ledger))
                            .unwrap(),
                        expect,
                        "{isa:?}, {bits} bits, len = {len}"
                    );
                }
            }
        }
    }

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

    /// The bit counts of a sample, against counting each bit: every
    /// step, samples of up to 600 keys (byte counters that must not
    /// overflow), keys of 0 and of all ones.
    #[test]
    fn every_isa_counts_the_bits_of_a_sample() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for len in [0usize, 1, 5, 64, 255, 256, 600] {
            let mut keys: Vec<u64> = (0..len).map(|_| next() & next()).collect();
            keys.extend([0, u64::MAX]);
            for step in [1, 2, 7] {
                let expect: Vec<u64> = (0..64)
                    .map(|b| {
                        keys.iter()
                            .step_by(step)
                            .filter(|&&k| k >> b & 1 == 1)
                            .count() as u64
                    })
                    .collect();
                for isa in Isa::available() {
                    let got = match isa {
                        Isa::Baseline => bit_counts(&keys, step),
                        // SAFETY: `Isa::available` lists AVX2 where the
                        // CPU reports it.
                        #[cfg(target_arch = "x86_64")]
                        #[allow(unsafe_code)]
                        Isa::Avx2 => unsafe { avx2::pack::bit_counts(&keys, step) },
                    };
                    assert_eq!(got.to_vec(), expect, "{isa:?}, {len} keys, every {step}");
                }
            }
        }
    }

    /// Both cuts against a plain filter, for every length up to a few
    /// vectors (the scalar lists below 16 keys, every remainder of eight
    /// the vector cut starts with): the keys with the bit first, then those
    /// without, nothing lost or repeated.
    #[test]
    fn a_cut_puts_the_keys_with_the_bit_first() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for len in 0..=64 {
            let keys: Vec<u32> = (0..len).map(|_| next() as u32).collect();
            let bit = 1 << (len % 32);
            let (with, without) = by_bit(&keys, bit);
            for isa in Isa::available() {
                let mut parts = vec![0; len];
                let n = match isa {
                    Isa::Baseline => cut(&keys, bit, &mut parts),
                    // SAFETY: `Isa::available` lists AVX2 where the CPU
                    // reports it.
                    #[cfg(target_arch = "x86_64")]
                    #[allow(unsafe_code)]
                    Isa::Avx2 => unsafe { avx2::pack::cut(&keys, bit, &mut parts) },
                };
                assert_parts(&parts, n, (&with, &without));
            }
        }
    }

    /// Both partitions of 64-bit keys against a plain filter, for every
    /// length up to a few vectors (each remainder of four), keys with
    /// the bit or without it in runs and at random: those without it
    /// first, then those with it, nothing lost or repeated.
    #[test]
    fn a_partition_puts_the_keys_without_the_bit_first() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for len in 0..=70usize {
            for run in [0, 3, 9] {
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
                if Isa::detect() == Isa::Avx2 {
                    // SAFETY: the CPU reports AVX2 (checked above).
                    #[allow(unsafe_code)]
                    partitions.push(|k, b, s| unsafe { avx2::pack::partition(k, b, s) });
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

    /// The AVX2 block against the pairs counted one by one, for every
    /// length of either list up to a few vectors (each remainder of the
    /// four keys of the shorter list and of the eight of the longer).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_vector_block_counts_every_pair() {
        let shapes = (0..=13).flat_map(|a| (0..=41).map(move |b| (a, b)));
        // About a third of the pairs disjoint, and some keys of 0.
        // SAFETY: only called where the CPU reports AVX2.
        #[allow(unsafe_code)]
        counts_both_ways(shapes, 0x0fff_ffff, |x, y| unsafe {
            avx2::pack::quads(x, y)
        });
    }

    /// The AVX2 block, whichever list it transposes, against the pairs
    /// counted one by one: shapes where the longer list fills its last
    /// slice worse than the shorter (and so is looked up), and where not.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_block_counts_every_pair_whichever_list_it_transposes() {
        let mut shapes = vec![(190, 300), (256, 257), (512, 40), (255, 513), (31, 700)];
        shapes.extend((30..40).flat_map(|a| (250..270).step_by(3).map(move |b| (a, b))));
        // SAFETY: only called where the CPU reports AVX2.
        #[allow(unsafe_code)]
        counts_both_ways(shapes, u32::MAX, |x, y| unsafe { avx2::pack::block(x, y) });
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
        if Isa::detect() != Isa::Avx2 {
            return;
        }
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        for b in (0..=800).chain([1023, 1024, 1025]) {
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
            for a in [0usize, 1, 3, 16, 37, 517] {
                let x: Vec<u32> = (0..a).map(|_| key()).collect();
                let expect = one_by_one(&x, &y);
                // SAFETY: the CPU reports AVX2 (checked above).
                #[allow(unsafe_code)]
                let got = unsafe { avx2::pack::sliced(&x, &y) };
                assert_eq!(got, expect, "{a} x {b}, {width} bits");
                checked += 1;
                if std::arch::is_x86_feature_detected!("bmi2") {
                    // On the live bits only (packed by `pext`), and on
                    // more bits than are live; in tables of the width
                    // chosen and of each width.
                    let or = |keys: &[u32]| keys.iter().fold(0, |a, &k| a | k);
                    for live in [or(&x) & or(&y), or(&x), u32::MAX] {
                        // SAFETY: the CPU reports AVX2 and BMI2.
                        #[allow(unsafe_code)]
                        let got = unsafe { avx2::pack::sliced_live_any(&x, &y, live) };
                        assert_eq!(got, expect, "{a} x {b}, {width} bits, live {live:x}");
                        for w in 4..=6 {
                            // SAFETY: the CPU reports AVX2 and BMI2.
                            #[allow(unsafe_code)]
                            let got = unsafe { avx2::pack::sliced_live_in(&x, &y, live, w) };
                            assert_eq!(got, expect, "{a} x {b}, {width} bits, live {live:x}, {w}");
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 6 * 804);
    }
}
