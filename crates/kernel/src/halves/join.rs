//! Counting the disjoint pairs of two lists of keys: the join of
//! [`super`]'s meet in the middle, where most of the time of an even board
//! goes.
//!
//! The recursive cuts and the pair-by-pair blocks are compiled three
//! times: for the baseline x86-64 (SSE2, four 32-bit keys compared an
//! instruction), for AVX2 (eight) and for AVX-512 (AVX2's loops but the
//! sliced block's, below, the in-place cut of 64-bit keys, eight keys a
//! vector, and the keys' sort into classes), chosen once per call by what
//! the CPU reports.
//! The
//! binary stays portable and still runs at the speed of a `target-cpu=native`
//! build on the machines that have AVX2 (measured at n = 18: 30 % less time).
//! With AVX2 a block whose shorter list has 32 keys or more is counted
//! bit-sliced (one list transposed into one 256-bit row per key bit, each
//! key of the other counted by a table lookup for every 4 to 6 live bits
//! and a popcount for 256 pairs): a pair costs about a third of comparing it, so
//! the AVX2 join cuts less deep (blocks of 131072 pairs, not 16384). With
//! AVX-512 a row is 512 bits: a key's lookups and `vpopcntq` count it
//! against 512 keys, and blocks are of 524288 pairs.
//!
//! The 32-bit join works on a stack: a node cuts one list, writing its
//! keys with the bit forward and those without it backward into one
//! region of exactly the list's length above its inputs, and writes of
//! the other list only the keys without the bit after it; the joins below
//! read those parts there, and the other list whole where it was. Nothing
//! is copied back (the copy back was 9 % of the time at n = 20).
//!
//! Only the bits some key of each list holds (live) can rule out a pair:
//! while at most 32 are live (every join up to n = 20), the live bits
//! above 32 move to low bits no pair shares and the whole join runs on
//! 32-bit keys; beyond 32 as many bits as are in excess are cut first,
//! on whole keys: the first bits of the cut order, wherever they
//! sit in the key (cutting the excess high bits instead, ranked or not,
//! took 27 % more instructions at n = 22). The last two of them are not
//! cut: they sort the keys into four classes as they are made 32 bits,
//! and each class of one list is joined with the one run of the other's
//! classes it can pair with.
//!
//! Here: the join's entry, its working memory and the recursion (a macro
//! compiled once per instruction set). Beside it: `narrow.rs` (keys made
//! 32 bits and sorted into classes), `rank.rs` (the order of the cuts),
//! `baseline.rs` (the scalar cuts and block), `avx2.rs` with
//! `avx2/{block,sliced,cut}.rs` (the vector blocks, the sliced block and
//! the vector cuts) and `avx512.rs` with `avx512/{block,sliced,cut,classes}.rs`
//! (the blocks, sliced 512 keys a slice, the cut of 64-bit keys eight
//! at a time, and the keys made 32 bits sixteen at a time, sorted into
//! classes or in order).

use crate::ledger::{Ledger, OverCap};
use narrow::Narrow;
use rank::cut_order;

mod narrow;
mod rank;

/// Working memory of the join: the buffer of the baseline's wide cuts, and
/// the stack the 32-bit join writes each cut's parts on.
#[derive(Clone, Debug, Default)]
pub(super) struct JoinScratch {
    /// Held only where the baseline join runs: the AVX2 wide cuts are in
    /// place.
    wide: Vec<u64>,
    narrow: Vec<u32>,
    /// The tables of [`Narrow`], kept from one join to the next.
    tables: Vec<[u32; 256]>,
    /// A descent's runs of the lists (see [`Descent::share`]).
    runs: Vec<u64>,
    /// The checked nodes' whole cuts' seconds and their runs' estimates,
    /// summed by the node's keys (the log2 of both lists' estimated
    /// keys): the ratio of the two scales the runs' estimate of the
    /// nodes checked later (see [`Descent::checked`]).
    checks: Vec<(f64, f64)>,
    /// A descent's lookahead tables (see [`Descent::look`]).
    look: Vec<u64>,
}

impl JoinScratch {
    /// Bytes its buffers hold (their capacities).
    pub(super) fn bytes(&self) -> usize {
        8 * self.wide.capacity()
            + 4 * self.narrow.capacity()
            + 1024 * self.tables.capacity()
            + 8 * self.runs.capacity()
            + 8 * self.look.capacity()
    }

    /// Gives back all its buffers hold.
    pub(super) fn release(&mut self, ledger: &mut Ledger) {
        ledger.release(&mut self.wide);
        ledger.release(&mut self.narrow);
        ledger.release(&mut self.tables);
        ledger.release(&mut self.runs);
        ledger.release(&mut self.look);
    }

    /// [`JoinScratch::reserve`] without the 32-bit join's stack, which
    /// then grows as the join needs it: for joins whose wide cuts leave
    /// short lists to the 32-bit join (the capped count's, whose keys are
    /// sorted into classes first).
    pub(super) fn reserve_cuts(
        &mut self,
        longest: usize,
        ledger: &mut Ledger,
    ) -> Result<(), OverCap> {
        if Isa::detect() == Isa::Baseline {
            let wide = &mut self.wide;
            ledger.room(wide, (longest + 4).saturating_sub(wide.len()))?;
        }
        Ok(())
    }

    /// Makes room for a join of lists of at most `longest` keys: the
    /// baseline's wide cuts write a list's keys to a buffer as long and
    /// one more (the AVX2 ones cut in place: nothing is reserved, nor
    /// counted against the budget, for them), and the 32-bit join starts
    /// with both lists at the foot of its stack and their first cut above
    /// them; the stack grows as the cuts go deeper, through the same
    /// ledger.
    pub(super) fn reserve(&mut self, longest: usize, ledger: &mut Ledger) -> Result<(), OverCap> {
        let JoinScratch { wide, narrow, .. } = self;
        if Isa::detect() == Isa::Baseline {
            ledger.room(wide, (longest + 4).saturating_sub(wide.len()))?;
        }
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

/// Keys of each list a node's ranking looks at (fewer than 256: the
/// vector count keeps a byte a bit). 32 rank worse on the shards, 128
/// cost more than they save.
const NODE_SAMPLE: usize = 64;

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
    disjoint_pairs_on(Isa::detect(), (x, y), bits, (scratch, ledger), None)
}

/// A random descent through the join's cuts on whole keys: at each of
/// its first `depth` wide nodes the join goes on in one of the node's two
/// joins only, drawn with a chance `p` near its share of the two joins'
/// key products, and what is below it counts `1 / p` times; below the
/// last drawn node (or the last wide cut), the join is made whole. Each
/// node's own work (its two cuts) and the whole join below are timed by
/// `clock`, weighted by one over the chance of the path to them: the sums
/// are unbiased estimates of the whole join's pairs and time (the same
/// cuts as the whole join makes, in the same order, the join below the
/// path the whole join's own), at a `1 / 2^depth` share or so of its
/// cost.
pub(super) struct Descent<'a> {
    /// Wide nodes still to be drawn through.
    pub depth: usize,
    /// Picks one of the joins below a node, given their chances (at most
    /// four, adding up to 1; a join with chance 0 must not be picked).
    pub draw: &'a mut dyn FnMut(&[f64]) -> usize,
    /// Seconds (a CPU clock).
    pub clock: &'a mut dyn FnMut() -> f64,
    /// The chance of each join at least `mix / 2` (`0`: by the key
    /// products alone).
    pub mix: f64,
    /// A node whose two lists hold fewer keys is joined whole, not drawn
    /// through: timing its few microseconds costs as much as they do
    /// (drawn through nodes of any size, the estimate of n = 24's joins
    /// came out 1.3 to 2 times their CPU through 12 to 20 cuts).
    pub least: usize,
    /// One over the chance of the path so far.
    pub weight: f64,
    /// The estimate of the pairs.
    pub pairs: f64,
    /// The estimate of the join's seconds.
    pub seconds: f64,
    /// The seconds timed within the join (unweighted).
    pub timed: f64,
    /// Nodes drawn through.
    pub levels: usize,
    /// Through the cuts on whole keys, each node cuts only one of
    /// `share` runs of each list (every `share`-th block of a few hundred
    /// keys, from a block drawn uniformly for the descent, copied aside:
    /// the same share of both lists) and counts its time `share`
    /// times (a cut is one pass over its keys: an unbiased estimate of the
    /// time of cutting the node's whole lists); which list is passed on
    /// whole, the chances of the two joins and the floor on a node's keys
    /// are judged on the runs. The lists are filtered to the path's keys
    /// once, where the drawn nodes end (see `join_lazy`). `1`: every node
    /// cuts both lists whole, as the whole join does.
    pub share: usize,
    /// A node of `join_lazy` is also cut whole with chance `1 / checked`
    /// (its lists first gathered from the whole ones), and the difference
    /// between its time and the runs' estimate, over that chance, is added
    /// to the estimate: the runs' time, scaled, is only near the whole
    /// cut's (a run is in the cache where a whole list is not: n = 24,
    /// 0.94 of the whole joins' CPU), the sum is unbiased (a difference
    /// estimator). The runs' estimate is first scaled by the ratio the
    /// nodes of about as many keys checked before (on this scratch) gave,
    /// which makes the differences small and leaves the sum unbiased
    /// (the ratio is known before the node's check is drawn). `0`: never
    /// checked.
    pub checked: u32,
    /// The seconds spent in the whole joins below the path (unweighted).
    pub floored: f64,
    /// Through the cuts on whole keys, the two joins' chances are by their
    /// pairs of keys that share none of the next `look` bits cut
    /// ([`lookahead`], on the runs), not by their key products (`0`).
    pub look: u32,
}

impl Descent<'_> {
    /// A node's own work, from `t0` on the clock: weighted by the path's.
    #[inline(always)]
    fn local(&mut self, t0: f64) {
        let t = (self.clock)() - t0;
        self.seconds += t * self.weight;
        self.timed += t;
    }

    /// The floor: the whole join below, from `t0` on the clock, and its
    /// `pairs`, weighted by the path's.
    #[inline(always)]
    fn floor(&mut self, t0: f64, pairs: u64) {
        let t = (self.clock)() - t0;
        self.seconds += t * self.weight;
        self.timed += t;
        self.floored += t;
        self.pairs += pairs as f64 * self.weight;
    }

    /// One of `share` runs, drawn uniformly.
    #[inline(always)]
    fn run(&mut self) -> usize {
        let share = self.share.clamp(1, 64);
        let chances = [1.0 / share as f64; 64];
        if share == 1 {
            0
        } else {
            (self.draw)(&chances[..share])
        }
    }

    /// One of the joins below a node, drawn with a chance of `mix` shared
    /// equally among those with pairs to count and `1 - mix` shared by
    /// their key `products` (a join with none is never drawn: it counts
    /// nothing and costs nothing); the path's weight takes one over the
    /// chance. A draw only where two or more may be taken.
    #[inline(always)]
    fn choose(&mut self, products: &[f64]) -> usize {
        self.depth -= 1;
        self.levels += 1;
        let live = products.iter().filter(|&&p| p > 0.0).count();
        if live == 0 {
            // Nothing below counts or costs: any join, with chance 1.
            return 0;
        }
        let sum: f64 = products.iter().sum();
        let mut chances = [0.0; 4];
        for (c, &p) in chances.iter_mut().zip(products) {
            if p > 0.0 {
                *c = (1.0 - self.mix) * p / sum + self.mix / live as f64;
            }
        }
        let chances = &chances[..products.len()];
        let pick = if live == 1 {
            products.iter().position(|&p| p > 0.0).unwrap_or(0)
        } else {
            (self.draw)(chances)
        };
        assert!(chances[pick] > 0.0, "a join that counts nothing was drawn");
        self.weight /= chances[pick];
        pick
    }
}

/// [`disjoint_pairs`] by a random descent ([`Descent`]): the estimates of
/// the pairs and the seconds are in `descent` after it; the work before
/// the first cut (the cut order, the keys' union, the tables) is timed
/// and counted once.
pub(super) fn disjoint_pairs_descent(
    x: &mut [u64],
    y: &mut [u64],
    bits: u32,
    scratch: &mut JoinScratch,
    ledger: &mut Ledger,
    descent: &mut Descent<'_>,
) -> Result<(), OverCap> {
    let t0 = (descent.clock)();
    disjoint_pairs_on(
        Isa::detect(),
        (x, y),
        bits,
        (scratch, ledger),
        Some(descent),
    )?;
    let all = (descent.clock)() - t0;
    descent.seconds += (all - descent.timed).max(0.0);
    Ok(())
}

/// The instruction sets the join (and the merge of a side's rows) is
/// compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Isa {
    Baseline,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// AVX2 and AVX-512 (F, VL, BW, VPOPCNTDQ), with BMI1 and BMI2: the
    /// join's own loops where the wider set pays (the sliced block, the
    /// cut of 64-bit keys, the sort into classes) and the merge of a
    /// side's rows eight placements at a time; AVX2's elsewhere (the
    /// 32-bit cut, the small blocks).
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Isa {
    /// The best this CPU runs. The AVX2 code also counts mask bits with
    /// `popcnt` (every AVX2 CPU has it, but it is a feature of its own).
    pub(super) fn detect() -> Isa {
        // Asked at every join and merge: the answer is kept (seven
        // features asked one by one were 0.2 % of count 16).
        static DETECTED: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
        *DETECTED.get_or_init(Isa::ask)
    }

    /// The best this CPU runs, asked of the standard library.
    fn ask() -> Isa {
        #[cfg(target_arch = "x86_64")]
        if Isa::has_avx2() {
            use std::arch::is_x86_feature_detected as has;
            if has!("avx512f")
                && has!("avx512vl")
                && has!("avx512bw")
                && has!("avx512vpopcntdq")
                && has!("bmi1")
                && has!("bmi2")
            {
                return Isa::Avx512;
            }
            return Isa::Avx2;
        }
        Isa::Baseline
    }

    /// Whether the CPU runs [`Isa::Avx2`]'s code: AVX2 and popcnt.
    #[cfg(target_arch = "x86_64")]
    fn has_avx2() -> bool {
        std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
    }

    /// Every set this CPU runs, for the tests.
    #[cfg(test)]
    pub(super) fn available() -> Vec<Isa> {
        let mut all = vec![Isa::Baseline];
        #[cfg(target_arch = "x86_64")]
        if Isa::has_avx2() {
            all.push(Isa::Avx2);
            if Isa::detect() == Isa::Avx512 {
                all.push(Isa::Avx512);
            }
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
    descent: Option<&mut Descent<'_>>,
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
    let live = union(isa, x) & union(isa, y);
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
        Isa::Baseline => baseline::join_wide(x, y, high, low, &narrow, scratch, ledger, descent),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Isa::Avx2` is only made when the CPU reports AVX2 and
        // popcnt, the features these functions are compiled for.
        #[allow(unsafe_code)]
        Isa::Avx2 => unsafe { avx2::join_wide(x, y, high, low, &narrow, scratch, ledger, descent) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Isa::Avx512` is only made when the CPU reports the
        // features these functions are compiled for.
        #[allow(unsafe_code)]
        Isa::Avx512 => unsafe {
            avx512::join_wide(x, y, high, low, &narrow, scratch, ledger, descent)
        },
    };
    scratch.tables = narrow.high;
    counted
}

/// The first `t` bits of the join's cut order for these lists (ranked on
/// a sample of each, as [`disjoint_pairs`] ranks them): the bits the
/// capped count sorts one list's keys into classes by.
pub(super) fn first_cuts(x: &[u64], y: &[u64], bits: u32, t: usize) -> Vec<u32> {
    if x.is_empty() || y.is_empty() {
        return Vec::new();
    }
    let (order, ranked) = cut_order(Isa::detect(), x, y, bits);
    order[..ranked.min(t)].to_vec()
}

/// The keys of `list` without `bit`, as a sample of at most 32 keys
/// spread over it says (all of them, if it holds no more).
#[inline(always)]
fn without_bit(list: &[u32], bit: u32) -> usize {
    let step = list.len().div_ceil(32).max(1);
    let (mut seen, mut without) = (0, 0);
    for &k in list.iter().step_by(step) {
        seen += 1;
        without += usize::from(k & bit == 0);
    }
    without * list.len() / seen.max(1)
}

/// Keys a block of a descent's runs holds (see `join_lazy`).
const RUN_BLOCK: usize = 512;

/// Moves the keys of `keys` that hold every bit of `has` and none of
/// `lacks` to its front (the others after them); returns how many.
#[inline(always)]
fn keep_meeting(keys: &mut [u64], has: u64, lacks: u64) -> usize {
    let mut kept = 0;
    for i in 0..keys.len() {
        let k = keys[i];
        if k & has == has && k & lacks == 0 {
            keys.swap(kept, i);
            kept += 1;
        }
    }
    kept
}

/// Keys of each list a lookahead reads (at most: every `step`-th key of
/// the list's run, see [`lookahead`]).
const LOOK_KEYS: usize = 1 << 16;

/// Bits a lookahead reads at most: its tables hold `4 x 2^bits` counts.
const LOOK_BITS: usize = 16;

/// The disjoint pairs below a cut's two joins, predicted from the next
/// cuts: of the joins `(a_set, b_clear)` and `(a_clear, b_clear +
/// b_set)`, the pairs of keys (every `step`-th of each list) that share
/// none of the bits `bits` (at most [`LOOK_BITS`] are read), as if each
/// join's lists were cut on those bits too. A histogram of each part on
/// those bits, the sums of `b`'s over the subsets of each pattern (`k 2^k`
/// additions), and one product per pattern. `+ 1` each: never a chance
/// of 0. The tables grow through `ledger`.
fn lookahead(
    (a_set, a_clear): (&[u64], &[u64]),
    (b_clear, b_set): (&[u64], &[u64]),
    bits: &[u64],
    (tables, ledger): (&mut Vec<u64>, &mut Ledger),
) -> Result<[f64; 2], OverCap> {
    let k = bits.len().min(LOOK_BITS);
    let size = 1usize << k;
    tables.clear();
    ledger.room(tables, 4 * size)?;
    tables.resize(4 * size, 0);
    let (h_as, rest) = tables.split_at_mut(size);
    let (h_ac, rest) = rest.split_at_mut(size);
    let (g_bc, g_ball) = rest.split_at_mut(size);
    // Every `step`-th key of `keys` counted by its pattern on the bits.
    let count = |keys: &[u64], step: usize, h: &mut [u64]| {
        for &key in keys.iter().step_by(step) {
            let mut v = 0;
            for (i, &m) in bits[..k].iter().enumerate() {
                v |= usize::from(key & m != 0) << i;
            }
            h[v] += 1;
        }
    };
    let a_step = ((a_set.len() + a_clear.len()) / LOOK_KEYS).max(1);
    let b_step = ((b_clear.len() + b_set.len()) / LOOK_KEYS).max(1);
    count(a_set, a_step, h_as);
    count(a_clear, a_step, h_ac);
    count(b_clear, b_step, g_bc);
    count(b_set, b_step, g_ball);
    for (all, clear) in g_ball.iter_mut().zip(g_bc.iter()) {
        *all += clear;
    }
    // Each entry: the keys whose pattern is a subset of its own.
    for g in [&mut *g_bc, &mut *g_ball] {
        for i in 0..k {
            for m in 0..size {
                if m & 1 << i != 0 {
                    g[m] += g[m ^ 1 << i];
                }
            }
        }
    }
    let full = size - 1;
    let (mut set, mut clear) = (0u64, 0u64);
    for v in 0..size {
        set += h_as[v] * g_bc[full & !v];
        clear += h_ac[v] * g_ball[full & !v];
    }
    Ok([set as f64 + 1.0, clear as f64 + 1.0])
}

/// The union of the bits of `keys`, by the loops of `isa`.
fn union(isa: Isa, keys: &[u64]) -> u64 {
    match isa {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Isa::Avx2` and `Isa::Avx512` are only made when the
        // CPU reports AVX2 and popcnt.
        #[allow(unsafe_code)]
        Isa::Avx2 | Isa::Avx512 => unsafe { avx2::union(keys) },
        _ => keys.iter().fold(0, |a, &k| a | k),
    }
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
    ($partition:path, $sort:path, $keys:path, $cut:path, $keep_without:path, $counts:path, $block:path, $block_pairs:expr $(, #[$feature:meta])*) => {
        use super::{stack_to, Descent, JoinScratch, Narrow};
        use crate::ledger::{Ledger, OverCap};

        /// Cuts on every bit of `high` but the last two, then joins the
        /// keys made 32 bits by `narrow`: the last two bits (or one) sort
        /// the keys into classes as they are made 32 bits (by `$sort`,
        /// see [`super::narrow::Narrow::sort`]), whose compatible pairs
        /// are joined.
        $(#[$feature])*
        #[allow(clippy::too_many_arguments)]
        pub(super) fn join_wide(
            x: &mut [u64],
            y: &mut [u64],
            high: &[u64],
            low: &[u32],
            narrow: &Narrow,
            scratch: &mut JoinScratch,
            ledger: &mut Ledger,
            descent: Option<&mut Descent<'_>>,
        ) -> Result<u64, OverCap> {
            if x.is_empty() || y.is_empty() {
                return Ok(0);
            }
            let mut descent = descent;
            if let Some(d) = descent.as_deref_mut() {
                if d.depth == 0 || x.len() + y.len() < d.least {
                    // The floor: the join below, whole and timed.
                    let t0 = (d.clock)();
                    let pairs = join_wide(x, y, high, low, narrow, scratch, ledger, None)?;
                    d.floor(t0, pairs);
                    return Ok(pairs);
                }
            }
            let lazy = high.len() >= 3 && descent.as_ref().is_some_and(|d| d.share > 1);
            if let (Some(d), true) = (descent.as_deref_mut(), lazy) {
                return join_lazy(x, y, high, low, narrow, scratch, ledger, d);
            }
            if let (Some(d), true) = (descent.as_deref_mut(), high.len() >= 3) {
                let t0 = (d.clock)();
                let (bit, rest) = (high[0], &high[1..]);
                let x0 = $partition(x, bit, &mut scratch.wide);
                let y0 = $partition(y, bit, &mut scratch.wide);
                let ((a, a0), (b, b0)) = if y0 <= x0 {
                    ((x, x0), (y, y0))
                } else {
                    ((y, y0), (x, x0))
                };
                let (a_clear, a_set) = a.split_at_mut(a0);
                d.local(t0);
                // The two joins' key products: the chance of each.
                let products = [a_set.len() as f64 * b0 as f64, a_clear.len() as f64 * b.len() as f64];
                return if d.choose(&products) == 0 {
                    join_wide(a_set, &mut b[..b0], rest, low, narrow, scratch, ledger, Some(d))
                } else {
                    join_wide(a_clear, b, rest, low, narrow, scratch, ledger, Some(d))
                };
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
                    Ok(join_wide(a_set, &mut b[..b0], rest, low, narrow, scratch, ledger, None)?
                        + join_wide(a_clear, b, rest, low, narrow, scratch, ledger, None)?)
                }
                _ => {
                    let t0 = descent.as_deref_mut().map(|d| (d.clock)());
                    // Both lists, 32 bits a key, at the foot of the stack.
                    let (lx, ly) = (x.len(), y.len());
                    let stack = &mut scratch.narrow;
                    stack_to(stack, ledger, lx + ly)?;
                    let top = lx + ly;
                    if high.is_empty() {
                        $keys(narrow, x, &mut stack[..lx]);
                        $keys(narrow, y, &mut stack[lx..top]);
                        if let (Some(d), Some(t0)) = (descent.as_deref_mut(), t0) {
                            d.local(t0);
                        }
                        // The cut order fits these lists: no node ranks
                        // anew (it paid only for the classes below).
                        return join(stack, ledger, top, (0, lx), (lx, ly), low, usize::MAX, descent);
                    }
                    let at = $sort(narrow, x, y, high, &mut stack[..top]);
                    // The classes' starts, then the pairs of classes that
                    // share no high bit (see `Narrow::sort`).
                    let [x0, x1, x2, x3, y1, y0, y2, y3, end] = at;
                    let ranked_above = $block_pairs * super::rank::RANKED_BLOCKS;
                    let classes = [
                        ((x0, x1), (y1, end)),
                        ((x1, x2), (y0, y3)),
                        ((x2, x3), (y1, y2)),
                        ((x3, lx), (y0, y2)),
                    ]
                    .map(|(x, y)| ((x.0, x.1 - x.0), (y.0, y.1 - y.0)));
                    if let (Some(d), Some(t0)) = (descent, t0) {
                        // One pair of classes, drawn by their key products.
                        d.local(t0);
                        let products = classes.map(|((_, lx), (_, ly))| lx as f64 * ly as f64);
                        let (x, y) = classes[d.choose(&products)];
                        return join(stack, ledger, top, x, y, low, ranked_above, Some(d));
                    }
                    let mut pairs = 0;
                    for (x, y) in classes {
                        pairs += join(stack, ledger, top, x, y, low, ranked_above, None)?;
                    }
                    Ok(pairs)
                }
            }
        }

        /// [`Descent::share`]'s descent through the cuts on whole keys:
        /// each node cuts one run of each list (every `share`-th block of
        /// [`super::RUN_BLOCK`] keys from a block drawn once, copied
        /// aside) and counts its time `share` times; which list
        /// is passed on whole, the joins' chances and the floor on a
        /// node's keys are judged on the runs. Each list's path is kept as
        /// the bits its keys must hold and must not; where the drawn
        /// nodes end, the keys of each list that meet them are moved to
        /// its front (a pass the whole join does not make: not counted)
        /// and joined as [`join_wide`] joins them.
        $(#[$feature])*
        #[allow(clippy::too_many_arguments)]
        fn join_lazy(
            x: &mut [u64],
            y: &mut [u64],
            high: &[u64],
            low: &[u32],
            narrow: &Narrow,
            scratch: &mut JoinScratch,
            ledger: &mut Ledger,
            d: &mut Descent<'_>,
        ) -> Result<u64, OverCap> {
            let t0 = (d.clock)();
            let share = d.share.clamp(1, 64);
            let j = d.run();
            // The runs: blocks `j`, `j + share`, ... of each list, copied
            // (a list is in the order it was listed, its keys grouped by
            // their upper placement: blocks spread over it see all of them).
            let mut runs = std::mem::take(&mut scratch.runs);
            runs.clear();
            let blocks = |list: &[u64]| {
                list.chunks(super::RUN_BLOCK).skip(j).step_by(share).map(|b| b.len()).sum::<usize>()
            };
            if let Err(e) = ledger.room(&mut runs, blocks(x) + blocks(y)) {
                scratch.runs = runs;
                return Err(e);
            }
            for list in [&*x, &*y] {
                for b in list.chunks(super::RUN_BLOCK).skip(j).step_by(share) {
                    runs.extend_from_slice(b);
                }
            }
            let nx = blocks(x);
            // Each list: its run's start and end in `runs`, the bits its
            // keys must hold and those they must not.
            let mut lists = [((0, nx), 0u64, 0u64), ((nx, runs.len()), 0u64, 0u64)];
            let mut at = 0;
            while d.depth > 0 && high.len() - at >= 3 {
                let ((x_lo, x_hi), ..) = lists[0];
                let ((y_lo, y_hi), ..) = lists[1];
                if (x_hi - x_lo + y_hi - y_lo) * share < d.least {
                    break;
                }
                let bit = high[at];
                let t1 = (d.clock)();
                let x0 = $partition(&mut runs[x_lo..x_hi], bit, &mut scratch.wide);
                let y0 = $partition(&mut runs[y_lo..y_hi], bit, &mut scratch.wide);
                // Both lists cut, as the whole join cuts them: `share`
                // times the runs' cuts, scaled by what the nodes of as
                // many keys checked before cost over their runs'
                // estimate (weighted by the path so far).
                let runs_estimate = ((d.clock)() - t1) * share as f64;
                let size = ((x_hi - x_lo + y_hi - y_lo) * share).max(1).ilog2() as usize;
                if scratch.checks.len() <= size {
                    scratch.checks.resize(size + 1, (0.0, 0.0));
                }
                let (whole_sum, runs_sum) = scratch.checks[size];
                let scale = if runs_sum > 0.0 { whole_sum / runs_sum } else { 1.0 };
                let estimate = runs_estimate * scale;
                d.seconds += estimate * d.weight;
                if d.checked > 0 {
                    let q = 1.0 / f64::from(d.checked);
                    if (d.draw)(&[1.0 - q, q]) == 1 {
                        // The node's whole lists gathered (not counted),
                        // then cut as the whole join cuts them.
                        let [(_, x_has, x_lacks), (_, y_has, y_lacks)] = lists;
                        let lx = super::keep_meeting(x, x_has, x_lacks);
                        let ly = super::keep_meeting(y, y_has, y_lacks);
                        let t2 = (d.clock)();
                        $partition(&mut x[..lx], bit, &mut scratch.wide);
                        $partition(&mut y[..ly], bit, &mut scratch.wide);
                        let whole = (d.clock)() - t2;
                        d.seconds += (whole - estimate) / q * d.weight;
                        let c = &mut scratch.checks[size];
                        *c = (c.0 + whole, c.1 + runs_estimate);
                    }
                }
                // As [`join_wide`]: `b`, passed on whole below one of the
                // two joins, has fewer keys without the bit.
                let (a, b, a0, b0) = if y0 <= x0 { (0, 1, x0, y0) } else { (1, 0, y0, x0) };
                let ((a_lo, a_hi), ..) = lists[a];
                let ((b_lo, b_hi), ..) = lists[b];
                let (a_len, b_len) = (a_hi - a_lo, b_hi - b_lo);
                // Never chance 0: a run without keys of a join does not
                // say the join has none.
                let next = &high[at + 1..high.len().min(at + 1 + d.look as usize)];
                let products = if next.is_empty() {
                    [
                        (a_len - a0 + 1) as f64 * (b0 + 1) as f64,
                        (a0 + 1) as f64 * (b_len + 1) as f64,
                    ]
                } else {
                    // The descent's own work, not the join's: within the
                    // time this function keeps out of the estimate.
                    let (a_keys, b_keys) = (&runs[a_lo..a_hi], &runs[b_lo..b_hi]);
                    let predicted = super::lookahead(
                        (&a_keys[a0..], &a_keys[..a0]),
                        (&b_keys[..b0], &b_keys[b0..]),
                        next,
                        (&mut scratch.look, &mut *ledger),
                    );
                    match predicted {
                        Ok(p) => p,
                        Err(e) => {
                            scratch.runs = runs;
                            return Err(e);
                        }
                    }
                };
                if d.choose(&products) == 0 {
                    lists[a].0 = (a_lo + a0, a_hi);
                    lists[a].1 |= bit;
                    lists[b].0 = (b_lo, b_lo + b0);
                    lists[b].2 |= bit;
                } else {
                    lists[a].0 = (a_lo, a_lo + a0);
                    lists[a].2 |= bit;
                }
                at += 1;
            }
            scratch.runs = runs;
            let [(_, x_has, x_lacks), (_, y_has, y_lacks)] = lists;
            let lx = super::keep_meeting(x, x_has, x_lacks);
            let ly = super::keep_meeting(y, y_has, y_lacks);
            d.timed += (d.clock)() - t0;
            join_wide(&mut x[..lx], &mut y[..ly], &high[at..], low, narrow, scratch, ledger, Some(d))
        }

        /// The disjoint pairs of the lists `x` and `y` (start, length) of
        /// `stack` below `top`: each cut writes both lists' parts above
        /// `top`, where the joins below it read them (nothing is copied
        /// back).
        $(#[$feature])*
        #[allow(clippy::too_many_arguments)]
        fn join(
            stack: &mut Vec<u32>,
            ledger: &mut Ledger,
            top: usize,
            x: (usize, usize),
            y: (usize, usize),
            cuts: &[u32],
            ranked_above: usize,
            descent: Option<&mut Descent<'_>>,
        ) -> Result<u64, OverCap> {
            let ((x_at, lx), (y_at, ly)) = (x, y);
            if lx == 0 || ly == 0 {
                return Ok(0);
            }
            let node = !cuts.is_empty() && lx * ly > $block_pairs;
            let mut descent = descent;
            let mut t0 = 0.0;
            if let Some(d) = descent.as_deref_mut() {
                t0 = (d.clock)();
                if d.depth == 0 || !node || lx + ly < d.least {
                    // The floor: the join below, whole and timed.
                    let pairs = join(stack, ledger, top, x, y, cuts, ranked_above, None)?;
                    d.floor(t0, pairs);
                    return Ok(pairs);
                }
            }
            match cuts.split_first() {
                Some(_) if node => {
                    // The top nodes cut on the best bit for their lists,
                    // the others in the order of the whole join.
                    let mut ranked = [0; 64];
                    let cuts = if lx * ly > ranked_above {
                        let cx = $counts(&stack[x_at..x_at + lx]);
                        let cy = $counts(&stack[y_at..y_at + ly]);
                        super::rank::best_first(cuts, (&cx, &cy), &mut ranked)
                    } else {
                        cuts
                    };
                    let (&bit, rest) = (&cuts[0], &cuts[1..]);
                    // The pairs are (a with the bit, b without) and (a
                    // without, all of b): b is the list passed on whole, so
                    // it is the one with fewer keys without the bit (less
                    // to cut again below), as a sample of each says (every
                    // key counted: count 18 took 2 % more user CPU; the
                    // longer list passed whole, 38 % more). Only a is cut;
                    // of b only the keys without the bit are written, and
                    // all of b is read where it is.
                    let ((a_at, la), (b_at, lb)) =
                        if super::without_bit(&stack[y_at..y_at + ly], bit)
                            <= super::without_bit(&stack[x_at..x_at + lx], bit)
                        {
                            (x, y)
                        } else {
                            (y, x)
                        };
                    stack_to(stack, ledger, top + la + lb)?;
                    let (below, parts) = stack.split_at_mut(top);
                    let (pa, pb) = parts.split_at_mut(la);
                    // a's keys with the bit, then those without it.
                    let a1 = $cut(&below[a_at..a_at + la], bit, pa);
                    let b0 = $keep_without(&below[b_at..b_at + lb], bit, &mut pb[..lb]);
                    let above = top + la + b0;
                    let (set, clear) = (((top, a1), (top + la, b0)), ((top + a1, la - a1), (b_at, lb)));
                    if let Some(d) = descent {
                        d.local(t0);
                        let products = [a1 as f64 * b0 as f64, (la - a1) as f64 * lb as f64];
                        let (x, y) = if d.choose(&products) == 0 { set } else { clear };
                        return join(stack, ledger, above, x, y, rest, ranked_above, Some(d));
                    }
                    Ok(join(stack, ledger, above, set.0, set.1, rest, ranked_above, None)?
                        + join(stack, ledger, above, clear.0, clear.1, rest, ranked_above, None)?)
                }
                _ => Ok($block(&stack[x_at..x_at + lx], &stack[y_at..y_at + ly])),
            }
        }
    };
}

mod baseline;

// The intrinsics' loads and stores: each block has its SAFETY note, and
// every function is called only after the CPU reported AVX2 and popcnt.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2;

// The intrinsics' loads and stores: each block has its SAFETY note, and
// every function is called only after the CPU reported AVX-512 (F, VL,
// BW, VPOPCNTDQ), AVX2, popcnt and BMI2.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512;

#[cfg(target_arch = "x86_64")]
pub(super) use avx2::cut::{partition_row, PARTITION64};

#[cfg(test)]
mod tests {
    use super::super::xorshift::xorshift;
    use super::*;

    pub(super) fn one_by_one<K>(x: &[K], y: &[K]) -> u64
    where
        K: Copy + Default + PartialEq + std::ops::BitAnd<Output = K>,
    {
        x.iter()
            .flat_map(|&p| y.iter().map(move |&q| p & q))
            .filter(|&k| k == K::default())
            .count() as u64
    }

    /// Every instruction set's join against the pairs compared one by
    /// one, on keys of several widths and lists of up to 2000 and 1003
    /// keys (more pairs than an AVX-512 block: its recursion cuts too).
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
            for len in [0usize, 1, 7, 50, 300, 1000, 2000] {
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
                        disjoint_pairs_on(
                            isa,
                            (&mut x, &mut y),
                            bits,
                            (&mut scratch, ledger),
                            None
                        )
                        .unwrap(),
                        expect,
                        "{isa:?}, {bits} bits, len = {len}"
                    );
                }
            }
        }
    }
}
