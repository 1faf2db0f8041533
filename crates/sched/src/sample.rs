//! Estimating a count and its cost from a random sample of its
//! subproblems, each counted exactly by the kernel (`nqueens estimate`).
//!
//! The population is the halves split's row sets before symmetry reduces
//! them ([`RowSet::unreduced`]): drawing those uniformly draws the split's
//! subproblems with probability proportional to their orbit's size, and
//! needs no split in memory. The ranks are cut into equal contiguous
//! strata, drawn without replacement within each, the strata visited in
//! rounds (in bit-reversed order, so a run stopped early has its samples
//! spread over all ranks). With `y` a row set's solutions and `z` its CPU
//! seconds divided by its orbit's size (the orbit is counted once, by its
//! least member), the total is `sum N_g mean_g(y)` over groups of strata,
//! the cost likewise from `z` plus the split and the symmetric searches;
//! the variance is the stratified one with finite-population correction,
//! and the interval Student's t with `samples - groups` degrees of freedom.
//!
//! The default design ([`Plan::Thinned`]) lists each sampled row set's two
//! sides and joins a random `1 / m` share of its longer list's keys with
//! the shorter list, `m` times the pairs found an unbiased estimate of its
//! solutions, at about the listing's cost (a tenth of the count's at
//! n = 27); a random 1 in 16 is joined whole and timed, and the CPU time
//! is a difference estimator on the key counts' product. The same
//! stratified estimator then takes the per-row-set estimates: its variance
//! holds both stages. docs/estimate.md has the formulas and the
//! measurements that chose this.
//!
//! A sample as large as the split is the exact count: every subproblem,
//! counted and timed.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use nqueens_kernel::halves::{HalfScratch, HalfSplit, RowSet};
use nqueens_kernel::symmetry::burnside;
use nqueens_kernel::Board;
use nqueens_kernel::Tally;
use nqueens_rng::Rng;

use crate::{pool, symmetric_until, Clock, Error, Found, Stop, Threads, Watch};

/// How many subproblems to sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Size {
    /// Exactly this many (the exact count when at least the split's size).
    Samples(u64),
    /// As many as fit in this many seconds of wall time.
    Seconds(f64),
}

/// What to sample, and on how many threads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampling {
    /// How many.
    pub size: Size,
    /// Seed of the draw: the same seed and size draw the same subproblems.
    pub seed: u64,
    /// Worker threads (the symmetric searches run beside them).
    pub threads: Threads,
}

/// A seed no two draws are likely to share: the clock's nanoseconds and
/// the process id, mixed. What a front end draws with when it is given
/// no seed (it reports the seed, so the draw can be repeated).
///
/// ```
/// assert_ne!(nqueens_sched::fresh_seed(), nqueens_sched::fresh_seed());
/// ```
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    Rng::new(nanos ^ u64::from(std::process::id()).rotate_left(32)).next_u64()
}

/// The design to sample with (docs/estimate.md compares them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Each sampled row set counted whole.
    Stratified,
    /// Each sampled row set's sides listed, the longer list thinned to
    /// `keys` keys or a little more (every `k`-th from a random offset) and
    /// joined with the whole shorter one: an unbiased estimate of its
    /// solutions at a fraction of the join's cost. A random sixteenth (more
    /// among the first 120 drawn) is joined whole instead, which measures the
    /// CPU time the count would take; the others' CPU time is predicted
    /// from their key counts (a regression estimator on the two phases).
    Thinned {
        /// Keys the longer list keeps (at least; lists this short are
        /// joined whole).
        keys: u64,
    },
}

/// Keys the longer list keeps in the default design: the thinned join then
/// costs a tenth to a third of the listing, and adds under 0.1 % to the variance
/// (measured at n = 21 to 27: docs/estimate.md).
const THIN_KEYS: u64 = 4096;

impl Default for Plan {
    /// Thinned to 4096 keys: the design with the least variance per
    /// CPU-second (docs/estimate.md).
    fn default() -> Plan {
        Plan::Thinned { keys: THIN_KEYS }
    }
}

/// How the estimate was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Design {
    /// Stratified by rank, this many strata (before any were merged to
    /// hold two samples each).
    Stratified {
        /// Strata of the design.
        strata: u64,
    },
    /// Stratified by rank as [`Design::Stratified`], each row set's longer
    /// list thinned ([`Plan::Thinned`]).
    Thinned {
        /// Strata of the design.
        strata: u64,
        /// Keys the longer list keeps.
        keys: u64,
        /// A row set whose longer list has more keys is joined whole with
        /// probability `1 / whole_every` (more among the first 120 drawn).
        whole_every: u64,
        /// Sampled row sets joined whole (their CPU time measured): those
        /// drawn for it, and those too short to thin.
        whole: u64,
    },
    /// Every subproblem counted: the exact count.
    Exact,
}

/// An estimate and its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The estimate.
    pub estimate: f64,
    /// Lower end.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Interval {
    fn exact(x: f64) -> Interval {
        Interval {
            estimate: x,
            low: x,
            high: x,
        }
    }

    /// Its half width over its estimate (0 for an exact value).
    ///
    /// ```
    /// let i = nqueens_sched::Interval { estimate: 100.0, low: 90.0, high: 110.0 };
    /// assert_eq!(i.relative_half_width(), 0.1);
    /// ```
    pub fn relative_half_width(&self) -> f64 {
        if self.estimate == 0.0 {
            0.0
        } else {
            (self.high - self.low) / 2.0 / self.estimate
        }
    }
}

/// What a sample says of a count.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Board side.
    pub n: usize,
    /// The design.
    pub design: Design,
    /// Subproblems counted.
    pub samples: u64,
    /// Subproblems of the whole count (the halves split, one per orbit).
    pub subproblems: u64,
    /// Row sets before symmetry reduction: the population sampled.
    pub population: u64,
    /// The total.
    pub total: Interval,
    /// The unique count (Burnside, with the exact symmetric counts).
    pub unique: Interval,
    /// The exact total and unique count, for the exact design.
    pub exact: Option<(u128, u128)>,
    /// CPU seconds of the whole count: subproblems, split, symmetric searches.
    pub cpu_seconds: Interval,
    /// CPU seconds of making the split (measured, or scaled from a
    /// smaller board of the same parity when the split is large).
    pub split_cpu_seconds: f64,
    /// CPU seconds of the symmetric searches (measured).
    pub symmetry_cpu_seconds: f64,
    /// Solutions fixed by a half turn (exact).
    pub fixed_180: u64,
    /// Solutions fixed by a quarter turn (exact).
    pub fixed_90: u64,
    /// Most bytes the kernel's scratch held for one subproblem, over the
    /// sampled ones.
    pub peak_memory_bytes: u64,
    /// Degrees of freedom of the intervals (0 for the exact design).
    pub degrees_of_freedom: u64,
    /// Degrees of freedom of the CPU interval: the total's, or fewer when
    /// few row sets were joined whole (0 for the exact design).
    pub cpu_degrees_of_freedom: u64,
    /// Whether the sampling was stopped before its size.
    pub stopped: bool,
}

/// One counted subproblem.
#[derive(Clone, Copy, Debug)]
struct Draw {
    /// Its number in the draw.
    order: u64,
    stratum: u64,
    /// Solutions (estimated, if the join was thinned).
    y: f64,
    /// CPU seconds over orbit size, if it was counted whole (else 0).
    z: f64,
    /// The predictor of `z`: left keys times right keys over orbit size.
    x: f64,
    /// Whether `z` was measured.
    known: bool,
    /// The probability it would be (1 for the row sets too short to thin).
    p: f64,
}

/// Estimates the count of `board` (halves split, left width `n / 2`) from
/// a sample; `watch` sees each sampled subproblem finish, `stop` ends the
/// sampling early (what was counted is used).
///
/// ```
/// use std::time::Instant;
/// use nqueens_sched::{estimate, NoProgress, Sampling, Size, Threads, WallClock};
/// let board = nqueens_kernel::Board::new(10).unwrap();
/// let threads = Threads::new(2).unwrap();
/// let all = Sampling { size: Size::Samples(1000), seed: 1, threads };
/// let e = estimate(board, &all, &WallClock(Instant::now()), &NoProgress, &NoProgress).unwrap();
/// assert_eq!(e.exact, Some((724, 92)));
/// let some = Sampling { size: Size::Samples(20), ..all };
/// let e = estimate(board, &some, &WallClock(Instant::now()), &NoProgress, &NoProgress).unwrap();
/// assert!(e.total.low <= e.total.estimate && e.total.estimate <= e.total.high);
/// ```
pub fn estimate(
    board: Board,
    sampling: &Sampling,
    clock: &dyn Clock,
    watch: &dyn Watch,
    stop: &dyn Stop,
) -> Result<Estimate, Error> {
    estimate_with(board, sampling, Plan::default(), clock, watch, stop)
}

/// [`estimate`] with the design `plan`.
///
/// ```
/// use std::time::Instant;
/// use nqueens_sched::{estimate_with, Design, NoProgress, Plan, Sampling, Size, Threads, WallClock};
/// let board = nqueens_kernel::Board::new(12).unwrap();
/// let threads = Threads::new(2).unwrap();
/// let some = Sampling { size: Size::Samples(40), seed: 1, threads };
/// let clock = WallClock(Instant::now());
/// let e = estimate_with(board, &some, Plan::Stratified, &clock, &NoProgress, &NoProgress).unwrap();
/// assert_eq!(e.design, Design::Stratified { strata: 20 });
/// let thin = Plan::Thinned { keys: 8 };
/// let e = estimate_with(board, &some, thin, &clock, &NoProgress, &NoProgress).unwrap();
/// assert!(matches!(e.design, Design::Thinned { keys: 8, .. }));
/// assert!(e.total.low <= e.total.estimate && e.total.estimate <= e.total.high);
/// ```
pub fn estimate_with(
    board: Board,
    sampling: &Sampling,
    plan: Plan,
    clock: &dyn Clock,
    watch: &dyn Watch,
    stop: &dyn Stop,
) -> Result<Estimate, Error> {
    let left = (board.n() / 2).max(1);
    let population = RowSet::unreduced_len(board, left)?;
    let subproblems = RowSet::orbits(board, left)?;
    let exact = matches!(sampling.size, Size::Samples(k) if k >= subproblems);
    let start = Instant::now();
    let deadline = match sampling.size {
        Size::Seconds(s) => Some(s),
        Size::Samples(_) => None,
    };
    let (split, split_cpu_seconds, draws) = if exact {
        let t = clock.now();
        let split = HalfSplit::new(board, left)?;
        (Some(split), clock.now() - t, None)
    } else {
        (
            None,
            split_seconds(board, left, clock)?,
            Some(Draws::new(sampling, population, plan)),
        )
    };
    let len = match (&split, sampling.size) {
        (Some(s), _) => s.len() as u64,
        (None, Size::Samples(k)) => k,
        (None, Size::Seconds(_)) => 0,
    };
    watch.start(len as usize);
    let results = Mutex::new(Vec::new());
    let peak = AtomicU64::new(0);
    let ended = AtomicBool::new(false);
    let next_exact = AtomicU64::new(0);
    // One sampler: its own scratch, as the engine's threads keep theirs.
    let sample = |scratch: &mut HalfScratch| -> Result<(), Error> {
        loop {
            let late = deadline.is_some_and(|s| start.elapsed().as_secs_f64() >= s);
            if late || stop.stop() || ended.load(Ordering::Relaxed) {
                return Ok(());
            }
            let (pick, set) = match (&split, &draws) {
                (Some(split), _) => {
                    let i = next_exact.fetch_add(1, Ordering::Relaxed);
                    match split.subproblems().get(i as usize) {
                        Some(p) => (Pick::whole(i), *p),
                        None => return Ok(()),
                    }
                }
                (None, Some(d)) => match d.next() {
                    Some(pick) => (pick, RowSet::unreduced(board, left, pick.rank)?),
                    None => return Ok(()),
                },
                (None, None) => return Ok(()),
            };
            // A sampled row set stands for its orbit, counted once by the
            // split: its time is shared among the orbit's members.
            let orbit = if exact {
                1.0
            } else {
                f64::from(set.orbit_size(board))
            };
            let (tally, draw) = match plan {
                Plan::Thinned { keys } if !exact => {
                    let t = clock.now();
                    let listing = set.list_in(board, scratch);
                    let longer = listing.left.max(listing.right);
                    let every = (longer / keys.max(1)).max(1);
                    let whole = every == 1 || pick.whole;
                    let (solutions, z) = if whole {
                        let y = set.join_listed(board, scratch, &listing, 1, 0);
                        let seconds = clock.now() - t;
                        peak.fetch_max(scratch.held() as u64, Ordering::Relaxed);
                        (y, seconds / orbit)
                    } else {
                        let offset = pick.salt % every;
                        let pairs = set.join_listed(board, scratch, &listing, every, offset);
                        // The lists, and any buffers kept from a whole
                        // join: a lower bound of what joining it whole holds.
                        peak.fetch_max(scratch.held() as u64, Ordering::Relaxed);
                        (pairs * every, 0.0)
                    };
                    let tally = Tally {
                        solutions,
                        nodes: listing.nodes,
                    };
                    let draw = Draw {
                        order: pick.order,
                        stratum: pick.stratum,
                        y: solutions as f64,
                        z,
                        x: listing.left as f64 * listing.right as f64 / orbit,
                        known: whole,
                        p: if every == 1 { 1.0 } else { pick.p },
                    };
                    (tally, draw)
                }
                _ => {
                    let t = clock.now();
                    let tally = set.count_in(board, scratch);
                    let seconds = clock.now() - t;
                    peak.fetch_max(scratch.held() as u64, Ordering::Relaxed);
                    let draw = Draw {
                        order: pick.order,
                        stratum: pick.stratum,
                        y: tally.solutions as f64,
                        z: seconds / orbit,
                        x: 0.0,
                        known: true,
                        p: 1.0,
                    };
                    (tally, draw)
                }
            };
            let order = pick.order;
            if let Ok(mut r) = results.lock() {
                r.push((draw, tally.solutions));
            }
            watch.done(order, Found::from(tally));
        }
    };
    // Samplers still counting: the searches give up only once none is.
    let counting = AtomicU64::new(0);
    let work = || -> Result<(), Error> {
        counting.fetch_add(1, Ordering::SeqCst);
        let counted = sample(&mut HalfScratch::default());
        counting.fetch_sub(1, Ordering::SeqCst);
        counted
    };
    // The unique count needs the exact searches: once the sampling is
    // stopped they still run to their end if two subproblems were sampled
    // (a record can be made), and stop at once if not (none can). `None`
    // if stopped.
    let hopeless = || {
        stop.stop()
            && counting.load(Ordering::SeqCst) == 0
            && results
                .lock()
                .map_or(true, |r: std::sync::MutexGuard<'_, Vec<_>>| r.len() < 2)
    };
    let searched = || {
        let t = clock.now();
        let (half, quarter) = symmetric_until(board, &hopeless)?;
        Some((half.solutions, quarter.solutions, clock.now() - t))
    };
    // No more workers than subproblems to count: `--threads 1024` on a
    // small board starts a few, not 1024 idle ones (seconds to start
    // under a 4 GiB address-space limit, and deaf to Ctrl-C meanwhile).
    let items = if len > 0 { len } else { population };
    let threads = sampling
        .threads
        .at_most(usize::try_from(items).unwrap_or(usize::MAX));
    let (sampled, searches) = pool::run_on(threads, || {
        if threads == Threads::ONE {
            return (work(), searched());
        }
        let mut sym = None;
        let mut failed = Ok(());
        let failure = Mutex::new(Ok(()));
        rayon::scope(|s| {
            s.spawn(|_| sym = Some(searched()));
            for _ in 0..threads.get() {
                s.spawn(|_| {
                    if let Err(e) = work() {
                        ended.store(true, Ordering::Relaxed);
                        if let Ok(mut f) = failure.lock() {
                            *f = Err(e);
                        }
                    }
                });
            }
        });
        if let Ok(f) = failure.into_inner() {
            failed = f;
        }
        (failed, sym.flatten())
    })?;
    sampled?;
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by_key(|(d, _)| d.order);
    let samples = results.len() as u64;
    let Some((fixed_180, fixed_90, symmetry_cpu_seconds)) = searches else {
        return Err(Error::Interrupted {
            done: samples as usize,
            total: subproblems as usize,
        });
    };
    let n = board.n();
    let (f180, f90) = (u128::from(fixed_180), u128::from(fixed_90));
    let fixed_cpu = split_cpu_seconds + symmetry_cpu_seconds;
    let peak_memory_bytes = peak.load(Ordering::Relaxed);
    if exact {
        let done = samples == subproblems;
        if !done {
            return Err(Error::Interrupted {
                done: samples as usize,
                total: subproblems as usize,
            });
        }
        let total: u128 = results.iter().map(|(_, s)| u128::from(*s)).sum();
        let unique = burnside(board, total, f180, f90);
        let cpu: f64 = results.iter().map(|(d, _)| d.z).sum::<f64>() + fixed_cpu;
        return Ok(Estimate {
            n,
            design: Design::Exact,
            samples,
            subproblems,
            population,
            total: Interval::exact(total as f64),
            unique: Interval::exact(unique as f64),
            exact: Some((total, unique)),
            cpu_seconds: Interval::exact(cpu),
            split_cpu_seconds,
            symmetry_cpu_seconds,
            fixed_180,
            fixed_90,
            peak_memory_bytes,
            degrees_of_freedom: 0,
            cpu_degrees_of_freedom: 0,
            stopped: false,
        });
    }
    let draws = draws.expect("a sampled design has draws");
    if samples < 2 {
        return Err(Error::Interrupted {
            done: samples as usize,
            total: len.max(2) as usize,
        });
    }
    let draws_only: Vec<Draw> = results.iter().map(|(d, _)| *d).collect();
    let (total, df) = stratified(&draws_only, &draws.bounds, |d| d.y);
    // The CPU time: each row set's own if measured, else predicted from its
    // key counts, with the measured ones' prediction errors weighted by
    // the inverse of their chance of being measured (unbiased for any
    // line; the line fitted to the measured ones makes it precise).
    let (a, b) = fit(&draws_only);
    let measured = draws_only.iter().filter(|d| d.known && d.p < 1.0).count() as u64;
    let (cpu, cpu_df) = stratified(&draws_only, &draws.bounds, |d| {
        let line = a + b * d.x;
        line + if d.known { (d.z - line) / d.p } else { 0.0 }
    });
    // The prediction's errors are seen on the measured row sets only: the
    // interval takes no more degrees of freedom than they give.
    let cpu_df = if draws_only.iter().all(|d| d.p >= 1.0) {
        cpu_df
    } else {
        cpu_df.min(measured.saturating_sub(2).max(1))
    };
    let cpu = {
        let half = (cpu.high - cpu.estimate) * student_t(cpu_df) / student_t(df);
        Interval {
            estimate: cpu.estimate,
            low: cpu.estimate - half,
            high: cpu.estimate + half,
        }
    };
    let shift = |i: Interval, by: f64, over: f64| Interval {
        estimate: (i.estimate + by) / over,
        low: (i.low.max(0.0) + by) / over,
        high: (i.high + by) / over,
    };
    let unique = if n == 1 {
        total
    } else {
        shift(total, (f180 + 2 * f90) as f64, 8.0)
    };
    let strata = draws.bounds.len() as u64 - 1;
    let design = match plan {
        Plan::Stratified => Design::Stratified { strata },
        Plan::Thinned { keys } => Design::Thinned {
            strata,
            keys,
            whole_every: draws.whole_every,
            whole: draws_only.iter().filter(|d| d.known).count() as u64,
        },
    };
    Ok(Estimate {
        n,
        design,
        samples,
        subproblems,
        population,
        total: Interval {
            low: total.low.max(0.0),
            ..total
        },
        unique,
        exact: None,
        cpu_seconds: shift(cpu, fixed_cpu, 1.0),
        split_cpu_seconds,
        symmetry_cpu_seconds,
        fixed_180,
        fixed_90,
        peak_memory_bytes,
        degrees_of_freedom: df,
        cpu_degrees_of_freedom: cpu_df,
        stopped: matches!(sampling.size, Size::Samples(k) if samples < k)
            || (deadline.is_some() && stop.stop()),
    })
}

/// CPU seconds of making the split the count would make: measured when it
/// has at most 2^24 row sets before reduction, else measured on the
/// largest smaller board of the same parity that has, and scaled by the
/// ratio of row sets (the split's time is linear in them).
fn split_seconds(board: Board, left: usize, clock: &dyn Clock) -> Result<f64, Error> {
    let full = RowSet::unreduced_len(board, left)?;
    let mut n = board.n();
    while n > 2 && RowSet::unreduced_len(Board::new(n)?, (n / 2).max(1))? > 1 << 24 {
        n -= 2;
    }
    let small = Board::new(n)?;
    let l = (n / 2).max(1);
    let t = clock.now();
    let split = HalfSplit::new(small, l)?;
    let seconds = clock.now() - t;
    drop(split);
    Ok(seconds * full as f64 / RowSet::unreduced_len(small, l)? as f64)
}

/// The line `z = a + b x` fitted by least squares to the row sets whose
/// CPU time was measured by chance (`p < 1`; all measured ones if fewer
/// than three were), `(0, 0)` if fewer than two.
fn fit(draws: &[Draw]) -> (f64, f64) {
    let chance: Vec<&Draw> = draws.iter().filter(|d| d.known && d.p < 1.0).collect();
    let used: Vec<&Draw> = if chance.len() >= 3 {
        chance
    } else {
        draws.iter().filter(|d| d.known).collect()
    };
    if used.len() < 2 {
        return (0.0, 0.0);
    }
    let k = used.len() as f64;
    let mx = used.iter().map(|d| d.x).sum::<f64>() / k;
    let mz = used.iter().map(|d| d.z).sum::<f64>() / k;
    let sxx: f64 = used.iter().map(|d| (d.x - mx).powi(2)).sum();
    let sxz: f64 = used.iter().map(|d| (d.x - mx) * (d.z - mz)).sum();
    let b = if sxx > 0.0 { sxz / sxx } else { 0.0 };
    (mz - b * mx, b)
}

/// One drawn row set: its number in the draw, its stratum and rank, a
/// random number for its thinning's offset, whether it is to be joined
/// whole and the chance it was.
#[derive(Clone, Copy, Debug)]
struct Pick {
    order: u64,
    stratum: u64,
    rank: u64,
    salt: u64,
    whole: bool,
    p: f64,
}

impl Pick {
    /// The `i`-th subproblem of the exact design.
    fn whole(i: u64) -> Pick {
        Pick {
            order: i,
            stratum: 0,
            rank: i,
            salt: 0,
            whole: true,
            p: 1.0,
        }
    }
}

/// The draw: strata of ranks visited in rounds, a rank drawn without
/// replacement within each; shared by the worker threads.
struct Draws {
    /// Stratum `h` holds ranks `bounds[h]..bounds[h + 1]`.
    bounds: Vec<u64>,
    state: Mutex<DrawState>,
    limit: Option<u64>,
    /// Thinned design: a row set is joined whole with chance
    /// `1 / whole_every` once the ramp is past (0 for the stratified
    /// design: no such draw).
    whole_every: u64,
}

/// A thinned design joins a row set whole with chance 1 in this many,
/// from the [`RAMP`] x 15th drawn on; before, more often: 1 in
/// `1 + order / RAMP` (the first [`RAMP`] always), so that a small or
/// stopped sample has row sets timed to predict the CPU from.
const WHOLE_EVERY: u64 = 16;

/// Draws a step of the ramp to [`WHOLE_EVERY`] lasts.
const RAMP: u64 = 8;

struct DrawState {
    rng: Rng,
    /// The order strata are visited in within a round.
    order: Vec<u64>,
    cursor: usize,
    taken: Vec<u64>,
    drawn: HashSet<u64>,
    issued: u64,
}

impl Draws {
    fn new(sampling: &Sampling, population: u64, plan: Plan) -> Draws {
        // Two samples a stratum for a fixed size (measured best: docs/estimate.md);
        // for a time budget, fine strata that are merged in pairs as needed.
        let most = (population / 4).max(1);
        let strata = match sampling.size {
            Size::Samples(k) => (k / 2).clamp(1, most),
            Size::Seconds(_) => {
                let cap = most.min(1 << 16);
                1u64 << (63 - cap.leading_zeros())
            }
        };
        let bounds = (0..=strata)
            .map(|h| (u128::from(h) * u128::from(population) / u128::from(strata)) as u64)
            .collect();
        // Bit-reversed order: any prefix of a round is spread over the ranks.
        let bits = 64 - (strata - 1).max(1).leading_zeros();
        let order = (0..1u64 << bits)
            .map(|i| i.reverse_bits() >> (64 - bits))
            .filter(|&h| h < strata)
            .collect();
        let whole_every = match plan {
            Plan::Stratified => 0,
            Plan::Thinned { .. } => WHOLE_EVERY,
        };
        Draws {
            bounds,
            whole_every,
            limit: match sampling.size {
                Size::Samples(k) => Some(k),
                Size::Seconds(_) => None,
            },
            state: Mutex::new(DrawState {
                rng: Rng::new(sampling.seed),
                order,
                cursor: 0,
                taken: vec![0; strata as usize],
                drawn: HashSet::new(),
                issued: 0,
            }),
        }
    }

    /// The next draw (`None` when the size is reached or every rank
    /// drawn).
    fn next(&self) -> Option<Pick> {
        let mut s = self.state.lock().ok()?;
        if self.limit.is_some_and(|k| s.issued >= k) {
            return None;
        }
        for _ in 0..s.order.len() {
            let h = s.order[s.cursor];
            s.cursor = (s.cursor + 1) % s.order.len();
            let (lo, hi) = (self.bounds[h as usize], self.bounds[h as usize + 1]);
            if s.taken[h as usize] >= hi - lo {
                continue;
            }
            let rank = loop {
                let r = lo + s.rng.below(hi - lo);
                if s.drawn.insert(r) {
                    break r;
                }
            };
            s.taken[h as usize] += 1;
            let order = s.issued;
            s.issued += 1;
            // The stratified design draws nothing more (the same seed
            // draws the same row sets as before the thinned one).
            let every = self.whole_every.min(1 + order / RAMP);
            let (salt, whole) = match every {
                0 => (0, true),
                w => (s.rng.next_u64(), s.rng.below(w) == 0),
            };
            return Some(Pick {
                order,
                stratum: h,
                rank,
                salt,
                whole,
                p: 1.0 / every.max(1) as f64,
            });
        }
        None
    }
}

/// The stratified estimate of the sum of `value` over the population and
/// its 95 % interval, with its degrees of freedom. Consecutive strata are
/// merged (left to right) until each group holds two samples; a group's
/// samples are then taken as a simple random sample of it (conservative
/// when its strata differ).
fn stratified(draws: &[Draw], bounds: &[u64], value: impl Fn(&Draw) -> f64) -> (Interval, u64) {
    let strata = bounds.len() - 1;
    let mut by: Vec<Vec<f64>> = vec![Vec::new(); strata];
    for d in draws {
        by[d.stratum as usize].push(value(d));
    }
    // Groups: (first stratum, end stratum).
    let mut groups: Vec<(usize, usize, usize)> = Vec::new();
    let (mut first, mut held) = (0, 0);
    for (h, v) in by.iter().enumerate() {
        held += v.len();
        if held >= 2 {
            groups.push((first, h + 1, held));
            first = h + 1;
            held = 0;
        }
    }
    if first < strata {
        match groups.last_mut() {
            Some(g) => {
                g.1 = strata;
                g.2 += held;
            }
            None => groups.push((0, strata, held)),
        }
    }
    let (mut sum, mut var) = (0.0, 0.0);
    for &(a, b, _) in &groups {
        let values: Vec<f64> = by[a..b].iter().flatten().copied().collect();
        let size = (bounds[b] - bounds[a]) as f64;
        let k = values.len() as f64;
        let mean = values.iter().sum::<f64>() / k;
        sum += size * mean;
        if k >= 2.0 {
            let s2 = values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0);
            var += size * size * (1.0 - k / size).max(0.0) * s2 / k;
        }
    }
    let df = (draws.len() - groups.len()).max(1) as u64;
    let half = student_t(df) * var.sqrt();
    (
        Interval {
            estimate: sum,
            low: sum - half,
            high: sum + half,
        },
        df,
    )
}

/// The 97.5 % quantile of Student's t with `df` degrees of freedom: a table
/// to 30, then the Cornish-Fisher expansion (error under 1e-4 there).
fn student_t(df: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    if (1..=30).contains(&df) {
        return TABLE[df as usize - 1];
    }
    let (z, v) = (1.959_964_f64, df as f64);
    z + (z.powi(3) + z) / (4.0 * v)
        + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * v * v)
        + (3.0 * z.powi(7) + 19.0 * z.powi(5) + 17.0 * z.powi(3) - 15.0 * z) / (384.0 * v.powi(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_threads_than_subproblems_start_no_more_workers_than_there_is_work() {
        // n = 6 has a handful of subproblems: the most threads asked for
        // must neither start as many workers nor change the count.
        let board = Board::new(6).unwrap();
        let sampling = Sampling {
            size: Size::Samples(1000),
            seed: 1,
            threads: Threads::new(Threads::MAX).unwrap(),
        };
        let clock = crate::WallClock(Instant::now());
        let started = Instant::now();
        let e = estimate(
            board,
            &sampling,
            &clock,
            &crate::NoProgress,
            &crate::NoProgress,
        )
        .unwrap();
        assert_eq!(e.exact, Some((4, 1)));
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }

    #[test]
    fn t_quantiles_join_the_table() {
        assert!((student_t(31) - 2.0395).abs() < 1e-3);
        assert!((student_t(120) - 1.9799).abs() < 1e-3);
        assert!((student_t(1_000_000) - 1.96).abs() < 1e-3);
    }

    /// A measuring probe, not a test: for `MEASURE_N` (default 21),
    /// `MEASURE_K` uniformly drawn row sets (seed `MEASURE_SEED`), each row
    /// set's key counts, solutions, listing and join CPU seconds, and the
    /// thinned join's estimate and CPU seconds for the longer list thinned to
    /// about 2^12, 2^14 and 2^16 keys; one tab-separated line each on stdout.
    /// `cargo test --release -p nqueens-sched --lib measure_predictors -- --ignored --nocapture`
    #[test]
    #[ignore = "a probe, run by hand in release"]
    fn measure_predictors() {
        use crate::ThreadCpu;
        let var = |k: &str, d: u64| {
            std::env::var(k)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(d)
        };
        let n = var("MEASURE_N", 21) as usize;
        let k = var("MEASURE_K", 200);
        let mut state = var("MEASURE_SEED", 1) ^ 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let board = Board::new(n).unwrap();
        let left = n / 2;
        let population = RowSet::unreduced_len(board, left).unwrap();
        let mut scratch = HalfScratch::default();
        let clock = ThreadCpu;
        println!("n\trank\torbit\tleft\tright\ty\tt_list\tt_join\tevery12\tyhat12\tt12\tevery14\tyhat14\tt14\tevery16\tyhat16\tt16");
        for _ in 0..k {
            let rank = next() % population;
            let s = RowSet::unreduced(board, left, rank).unwrap();
            let t0 = clock.now();
            let listing = s.list_in(board, &mut scratch);
            let t1 = clock.now();
            let y = s.join_listed(board, &mut scratch, &listing, 1, 0);
            let t2 = clock.now();
            let mut line = format!(
                "{n}\t{rank}\t{}\t{}\t{}\t{y}\t{:.6}\t{:.6}",
                s.orbit_size(board),
                listing.left,
                listing.right,
                t1 - t0,
                t2 - t1
            );
            for bits in [12, 14, 16] {
                let longer = listing.left.max(listing.right);
                let every = (longer >> bits).max(1);
                let offset = next() % every;
                let t0 = clock.now();
                let l = s.list_in(board, &mut scratch);
                let pairs = s.join_listed(board, &mut scratch, &l, every, offset);
                let t1 = clock.now();
                line += &format!("\t{every}\t{}\t{:.6}", pairs * every, t1 - t0);
            }
            println!("{line}");
        }
    }
}
