//! The sample drawn and counted on worker threads, and the estimate made
//! of it: [`estimate`] and [`estimate_with`].
//!
//! The workers are threads of their own, not a scoped pool: a time bound
//! (`Size::Seconds`) or a stop ends the estimate at once, from what was
//! counted, and a subproblem still being counted then is left to its
//! thread, which finishes it in the background (one subproblem at most),
//! drops it and ends. Waiting for it instead would overrun the bound by a
//! whole subproblem: seconds at n = 26, minutes at n = 28.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use nqueens_kernel::halves::{HalfScratch, HalfSplit, RowSet};
use nqueens_kernel::symmetry::burnside;
use nqueens_kernel::{Board, Tally};

use super::draw::Draws;
use super::estimators::{fit, stratified, student_t, two_phase, MIN_VARYING};
use super::{Design, Draw, Estimate, Estimator, Interval, Pick, Plan, Sampled, Sampling, Size};
use crate::{symmetric_until, Checked, Clock, Error, Stop, Total, Watch};

/// Estimates the count `count` stands for (its board's halves split,
/// left width `n / 2`, sampled on its threads) from a sample; `watch`
/// sees each sampled subproblem finish, `stop` ends the sampling at once
/// (what was counted is used; it is asked every 50 ms). The count was
/// checked where it was made ([`Checked::new`]): nothing is checked here.
///
/// A time bound ([`Size::Seconds`]) bounds the whole estimate: the
/// sampling, and the exact symmetric searches, which run on the first
/// thread before it samples (with one thread, after it has sampled for
/// half the time).
/// Searches cut short leave `fixed_180` and `fixed_90` unknown and the
/// unique count bounded by the total only (`unique` in `[total / 8,
/// total / 2]`). Past the bound only the split's timing (measured on a
/// board of at most 2^24 row sets) and the record remain.
///
/// ```
/// use std::time::Instant;
/// use nqueens_kernel::Board;
/// use nqueens_sched::{estimate, Checked, NoProgress, Options, Sampled, Sampling, Size, Threads, WallClock};
/// let opts = Options { threads: Threads::new(2).unwrap(), ..Options::sequential() };
/// let count = Checked::new(Sampled, Board::new(10).unwrap(), opts).unwrap();
/// let all = Sampling { size: Size::Samples(1000), seed: 1 };
/// let e = estimate(&count, &all, &WallClock(Instant::now()), &NoProgress, &NoProgress).unwrap();
/// assert_eq!(e.exact, Some((724, 92)));
/// let some = Sampling { size: Size::Samples(20), ..all };
/// let e = estimate(&count, &some, &WallClock(Instant::now()), &NoProgress, &NoProgress).unwrap();
/// assert!(e.total.low <= e.total.estimate && e.total.estimate <= e.total.high);
/// ```
pub fn estimate<C: Clock + Clone + Send + 'static>(
    count: &Checked<Sampled>,
    sampling: &Sampling,
    clock: &C,
    watch: &dyn Watch,
    stop: &dyn Stop,
) -> Result<Estimate, Error> {
    estimate_with(count, sampling, Plan::default(), clock, watch, stop)
}

/// [`estimate`] with the design `plan`.
///
/// ```
/// use std::time::Instant;
/// use nqueens_kernel::Board;
/// use nqueens_sched::{
///     estimate_with, Checked, Design, NoProgress, Options, Plan, Sampled, Sampling, Size, Threads,
///     WallClock,
/// };
/// let opts = Options { threads: Threads::new(2).unwrap(), ..Options::sequential() };
/// let count = Checked::new(Sampled, Board::new(12).unwrap(), opts).unwrap();
/// let some = Sampling { size: Size::Samples(40), seed: 1 };
/// let clock = WallClock(Instant::now());
/// let e = estimate_with(&count, &some, Plan::Stratified, &clock, &NoProgress, &NoProgress).unwrap();
/// assert_eq!(e.design, Design::Stratified { strata: 20 });
/// let thin = Plan::Thinned { keys: 8 };
/// let e = estimate_with(&count, &some, thin, &clock, &NoProgress, &NoProgress).unwrap();
/// assert!(matches!(e.design, Design::Thinned { keys: 8, .. }));
/// assert!(e.total.low <= e.total.estimate && e.total.estimate <= e.total.high);
/// ```
pub fn estimate_with<C: Clock + Clone + Send + 'static>(
    count: &Checked<Sampled>,
    sampling: &Sampling,
    plan: Plan,
    clock: &C,
    watch: &dyn Watch,
    stop: &dyn Stop,
) -> Result<Estimate, Error> {
    let start = Instant::now();
    let board = count.board();
    let left = (board.n() / 2).max(1);
    let population = RowSet::unreduced_len(board, left)?;
    let subproblems = RowSet::orbits(board, left)?;
    let exact = sampling.is_exact(count)?;
    let budget = match sampling.size {
        Size::Seconds(s) => Some(Duration::from_secs_f64(s)),
        Size::Samples(_) => None,
    };
    let deadline = budget.map(|b| start + b);
    let (source, split_cpu_seconds) = if exact {
        let t = clock.now();
        let split = HalfSplit::new(board, left)?;
        let seconds = clock.now() - t;
        (Source::Split(split, AtomicU64::new(0)), seconds)
    } else {
        (
            Source::Draws(Draws::new(sampling, population, plan)),
            split_seconds(board, left, clock)?,
        )
    };
    let len = match (&source, sampling.size) {
        (Source::Split(s, _), _) => s.len() as u64,
        (_, Size::Samples(k)) => k,
        (_, Size::Seconds(_)) => 0,
    };
    watch.start(len as usize);
    // Each sampler's share of the memory budget: its lists stay within it,
    // and a row set that would need more stops the estimate with
    // `Error::OverBudget` (never an allocation the process cannot survive).
    let threads_asked = count.opts().threads.get();
    let share = count
        .opts()
        .memory
        .map_or(u64::MAX, |m| m / threads_asked as u64);
    // No more workers than subproblems to count: `--threads 1024` on a
    // small board starts a few, not 1024 idle ones.
    let items = if len > 0 { len } else { population };
    let threads = count
        .opts()
        .threads
        .at_most(usize::try_from(items).unwrap_or(usize::MAX))
        .get();
    let shared = Arc::new(Shared {
        board,
        left,
        plan,
        exact,
        share,
        threads: threads_asked,
        subproblems,
        source,
        deadline,
        // One thread on a time bound samples for half of it first, so that
        // searches longer than the bound (minutes past n = 25) leave the
        // sample half of it, and the searches the other half.
        switch: budget.filter(|_| threads == 1).map(|b| start + b / 2),
        quit: AtomicBool::new(false),
        peak: AtomicU64::new(0),
        // Counted as running from the start: the waiting thread never sees
        // none running before the last has begun.
        state: Mutex::new(State {
            running: threads,
            ..State::default()
        }),
        changed: Condvar::new(),
    });
    let mut handles = Vec::new();
    for i in 0..threads {
        let (mine, clock) = (Arc::clone(&shared), clock.clone());
        let spawned = std::thread::Builder::new()
            .name(format!("nqueens-estimate-{i}"))
            .spawn(move || work(&mine, &clock, i == 0));
        match spawned {
            Ok(h) => handles.push(h),
            Err(e) => {
                shared.quit.store(true, Ordering::Relaxed);
                return Err(Error::Kind(Box::new(std::io::Error::new(
                    e.kind(),
                    format!("could not start {threads} sampling threads: {e}"),
                ))));
            }
        }
    }
    // Waits for the workers, the bound or a stop, reporting each counted
    // subproblem as it comes.
    let (results, searches, ended, stopped) = {
        let mut state = shared.lock();
        let mut reported = 0;
        let mut asked = false;
        loop {
            for (draw, tally) in &state.results[reported..] {
                watch.done(draw.order, Total::from(*tally));
            }
            reported = state.results.len();
            let finished = state.running == 0 && state.searches.is_some();
            let late = deadline.is_some_and(|d| Instant::now() >= d);
            if finished || late || state.failure.is_some() {
                break;
            }
            if stop.stop() {
                asked = true;
                break;
            }
            let mut wait = Duration::from_millis(50);
            if let Some(d) = deadline {
                wait = wait.min(d.saturating_duration_since(Instant::now()));
            }
            state = match shared.changed.wait_timeout(state, wait) {
                Ok((s, _)) => s,
                Err(p) => p.into_inner().0,
            };
        }
        shared.quit.store(true, Ordering::Relaxed);
        if let Some(e) = state.failure.take() {
            return Err(e);
        }
        let ended = state.running == 0;
        (
            std::mem::take(&mut state.results),
            state.searches.flatten(),
            ended,
            asked,
        )
    };
    if ended {
        // Every worker is done: nothing is left behind.
        for h in handles {
            let _ = h.join();
        }
    }
    let mut results = results;
    results.sort_by_key(|(d, _)| d.order);
    let samples = results.len() as u64;
    let n = board.n();
    let symmetry = searches.map(|(_, _, seconds)| seconds);
    let fixed = searches.map(|(h, q, _)| (h, q));
    let fixed_cpu = split_cpu_seconds + symmetry.unwrap_or(0.0);
    let peak_memory_bytes = shared.peak.load(Ordering::Relaxed);
    let cut = stopped || fixed.is_none();
    // Every row set of the population drawn and counted whole (a small
    // board on a time bound): the sample is the exact count.
    let everything =
        !exact && samples == population && results.iter().all(|(d, _)| d.known) && fixed.is_some();
    if exact || everything {
        let (Some((fixed_180, fixed_90)), Some(symmetry_cpu_seconds)) = (fixed, symmetry) else {
            return Err(Error::Interrupted {
                done: samples as usize,
                total: subproblems as usize,
            });
        };
        if exact && samples != subproblems {
            return Err(Error::Interrupted {
                done: samples as usize,
                total: subproblems as usize,
            });
        }
        let total: u128 = results.iter().map(|(_, t)| u128::from(t.solutions)).sum();
        let unique = burnside(board, total, u128::from(fixed_180), u128::from(fixed_90));
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
            symmetry_cpu_seconds: Some(symmetry_cpu_seconds),
            fixed_180: Some(fixed_180),
            fixed_90: Some(fixed_90),
            peak_memory_bytes,
            degrees_of_freedom: 0,
            cpu_degrees_of_freedom: 0,
            varying_strata: 0,
            total_estimator: Estimator::Exact,
            cpu_estimator: Estimator::Exact,
            stopped: false,
        });
    }
    let Source::Draws(draws) = &shared.source else {
        unreachable!("a sampled design draws")
    };
    if samples < 2 {
        return Err(Error::Interrupted {
            done: samples as usize,
            total: len.max(2) as usize,
        });
    }
    let draws_only: Vec<Draw> = results.iter().map(|(d, _)| *d).collect();
    let descended = matches!(plan, Plan::Descended { .. });
    // The descended design's two phases: the regression on the sampled
    // key counts where the sample can carry it, else the plain estimate.
    let two = |value: fn(&Draw) -> f64, predictor: fn(&Draw) -> (f64, f64, f64)| {
        let plain = stratified(&draws_only, &draws.bounds, value);
        if !descended || plain.varying < MIN_VARYING {
            return (plain, Estimator::Stratified);
        }
        match two_phase(&draws_only, &draws.bounds, value, predictor) {
            Some(regression) => (regression, Estimator::Regression),
            None => (plain, Estimator::Stratified),
        }
    };
    let (sampled, total_estimator) = two(|d| d.y, |d| (d.u, d.u1, d.m1));
    let df = sampled.df;
    // What is known exactly bounds the total below: the solutions a half
    // turn fixes are solutions, and so are those of the row sets counted
    // whole (drawn without replacement: each a different row set). An
    // estimate or an interval below that is raised to it; a sample with
    // no spread has no other bound (its interval is unbounded above).
    let counted: u128 = results
        .iter()
        .filter(|(d, _)| d.known)
        .map(|(_, t)| u128::from(t.solutions))
        .sum();
    let f180 = fixed.map_or(0, |(h, _)| u128::from(h));
    let floor = f180.max(counted) as f64;
    let total = Interval {
        estimate: sampled.interval.estimate.max(floor),
        low: sampled.interval.low.max(floor),
        high: sampled.interval.high.max(floor),
    };
    // The CPU time: each row set's own if measured, else predicted from its
    // key counts, with the measured ones' prediction errors weighted by
    // the inverse of their chance of being measured (unbiased for any
    // line; the line fitted to the measured ones makes it precise).
    let (a, b) = fit(&draws_only);
    let measured = draws_only.iter().filter(|d| d.known && d.p < 1.0).count() as u64;
    let (cpu, cpu_estimator) = if descended {
        // Every row set's CPU estimated (unbiased) by its descent.
        two(|d| d.z, |d| (d.uw, d.uw1, d.m1))
    } else {
        let cpu = stratified(&draws_only, &draws.bounds, |d| {
            let line = a + b * d.x;
            line + if d.known { (d.z - line) / d.p } else { 0.0 }
        });
        // The stratified design times every row set: its line is exact.
        let every = draws_only.iter().all(|d| d.known && d.p >= 1.0);
        (
            cpu,
            if every {
                Estimator::Stratified
            } else {
                Estimator::Difference
            },
        )
    };
    // The prediction's errors are seen on the measured row sets only: the
    // interval takes no more degrees of freedom than they give.
    let cpu_df = if descended || draws_only.iter().all(|d| d.p >= 1.0) {
        cpu.df
    } else {
        cpu.df.min(measured.saturating_sub(2).max(1))
    };
    let cpu = {
        let i = cpu.interval;
        let half = (i.high - i.estimate) * student_t(cpu_df) / student_t(cpu.df);
        Interval {
            estimate: i.estimate,
            low: i.estimate - half,
            high: i.estimate + half,
        }
    };
    let shift = |i: Interval, by: f64, over: f64| Interval {
        estimate: (i.estimate + by) / over,
        low: (i.low.max(0.0) + by) / over,
        high: (i.high + by) / over,
    };
    // Burnside: 8 unique = total + fixed_180 + 2 fixed_90. Without the
    // symmetric counts (searches cut short), 0 <= fixed_90 <= fixed_180
    // <= total bounds it by total / 8 and total / 2.
    let unique = match fixed {
        _ if n == 1 => total,
        Some((h, q)) => shift(total, (u128::from(h) + 2 * u128::from(q)) as f64, 8.0),
        None => Interval {
            estimate: total.estimate / 8.0,
            low: total.low.max(0.0) / 8.0,
            high: total.high / 2.0,
        },
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
        Plan::Descended { depth, .. } => Design::Descended {
            strata,
            depth,
            whole: draws_only.iter().filter(|d| d.known).count() as u64,
        },
    };
    Ok(Estimate {
        n,
        design,
        samples,
        subproblems,
        population,
        total,
        unique,
        exact: None,
        cpu_seconds: shift(cpu, fixed_cpu, 1.0),
        split_cpu_seconds,
        symmetry_cpu_seconds: symmetry,
        fixed_180: fixed.map(|(h, _)| h),
        fixed_90: fixed.map(|(_, q)| q),
        peak_memory_bytes,
        degrees_of_freedom: df,
        cpu_degrees_of_freedom: cpu_df,
        varying_strata: sampled.varying,
        total_estimator,
        cpu_estimator,
        stopped: cut || matches!(sampling.size, Size::Samples(k) if samples < k),
    })
}

/// Where the workers take their subproblems from.
enum Source {
    /// The exact design: the split's subproblems in order, the next's
    /// index.
    Split(HalfSplit, AtomicU64),
    /// A sampled design: the draw.
    Draws(Draws),
}

/// What the workers share with the thread that waits for them.
struct Shared {
    board: Board,
    left: usize,
    plan: Plan,
    exact: bool,
    /// Each worker's share of the memory budget, in bytes.
    share: u64,
    /// Threads asked for (the budget's share is of them).
    threads: usize,
    subproblems: u64,
    source: Source,
    /// No subproblem is started past it.
    deadline: Option<Instant>,
    /// One thread on a time bound: it samples until then, then runs the
    /// searches, then samples again.
    switch: Option<Instant>,
    /// Set when the estimate is made (or failed): the workers draw no more
    /// and the searches give up.
    quit: AtomicBool,
    /// The most scratch one subproblem held.
    peak: AtomicU64,
    state: Mutex<State>,
    /// Signalled when `state` changes.
    changed: Condvar,
}

/// What the workers have found so far.
#[derive(Default)]
struct State {
    /// Each counted subproblem, in the order finished.
    results: Vec<(Draw, Tally)>,
    /// Workers still running (all of them from before they start).
    running: usize,
    /// The symmetric searches: `None` while running, `Some(None)` if they
    /// gave up, else the solutions fixed by a half and a quarter turn and
    /// their CPU seconds.
    searches: Option<Option<(u64, u64, f64)>>,
    /// The first error a worker met.
    failure: Option<Error>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Changes the state and wakes the waiting thread.
    fn update(&self, f: impl FnOnce(&mut State)) {
        f(&mut self.lock());
        self.changed.notify_all();
    }

    /// Whether no more subproblems are to be started.
    fn done(&self) -> bool {
        self.quit.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The next subproblem to count, if any.
    fn next(&self) -> Result<Option<(Pick, RowSet)>, Error> {
        Ok(match &self.source {
            Source::Split(split, next) => {
                let i = next.fetch_add(1, Ordering::Relaxed);
                split
                    .subproblems()
                    .get(i as usize)
                    .map(|set| (Pick::whole(i), *set))
            }
            Source::Draws(d) => match d.next() {
                Some(pick) => Some((pick, RowSet::unreduced(self.board, self.left, pick.rank)?)),
                None => None,
            },
        })
    }

    /// The error of a subproblem that needs more than a worker's share.
    fn over(&self, index: u64) -> Error {
        Error::OverBudget {
            index,
            share: self.share,
            threads: self.threads,
            done: 0,
            total: self.subproblems as usize,
        }
    }
}

/// One worker: the first (`searches`) runs the symmetric searches before
/// it samples (with one thread on a time bound, after sampling for half
/// of it); then subproblems until none is left, the bound has passed or
/// the estimate is made, each result handed to the waiting thread.
fn work(shared: &Shared, clock: &impl Clock, searches: bool) {
    let mut scratch = HalfScratch::default();
    if searches {
        if let Some(switch) = shared.switch {
            sample(shared, clock, &mut scratch, Some(switch));
        }
        let t = clock.now();
        let give_up = || shared.done();
        let found = symmetric_until(shared.board, &give_up)
            .map(|(half, quarter)| (half.solutions, quarter.solutions, clock.now() - t));
        shared.update(|s| s.searches = Some(found));
    }
    sample(shared, clock, &mut scratch, None);
    shared.update(|s| s.running -= 1);
}

/// Counts subproblems until none is left, the bound (or `until`) has
/// passed or the estimate is made.
fn sample(shared: &Shared, clock: &impl Clock, scratch: &mut HalfScratch, until: Option<Instant>) {
    while !shared.done() && until.is_none_or(|u| Instant::now() < u) {
        let counted = shared.next().and_then(|next| match next {
            Some((pick, set)) => count_one(shared, clock, scratch, pick, set).map(Some),
            None => Ok(None),
        });
        match counted {
            Ok(Some(result)) => shared.update(|s| s.results.push(result)),
            Ok(None) => break,
            Err(e) => {
                shared.quit.store(true, Ordering::Relaxed);
                shared.update(|s| {
                    s.failure.get_or_insert(e);
                });
                break;
            }
        }
    }
}

/// Counts one subproblem (joined on a share of its keys, for the thinned
/// design) and times it.
fn count_one(
    shared: &Shared,
    clock: &impl Clock,
    scratch: &mut HalfScratch,
    pick: Pick,
    set: RowSet,
) -> Result<(Draw, Tally), Error> {
    let board = shared.board;
    let cap = usize::try_from(shared.share).unwrap_or(usize::MAX);
    // A sampled row set stands for its orbit, counted once by the split:
    // its time is shared among the orbit's members.
    let orbit = if shared.exact {
        1.0
    } else {
        f64::from(set.orbit_size(board))
    };
    let peak = |scratch: &HalfScratch| {
        shared
            .peak
            .fetch_max(scratch.held() as u64, Ordering::Relaxed)
    };
    Ok(match shared.plan {
        Plan::Thinned { keys } if !shared.exact => {
            let t = clock.now();
            let listing = set
                .list_capped(board, scratch, cap)
                .map_err(|_| shared.over(pick.rank))?;
            let longer = listing.left.max(listing.right);
            let every = (longer / keys.max(1)).max(1);
            let whole = every == 1 || pick.whole;
            let (solutions, z) = if whole {
                let y = set
                    .join_listed_capped(board, scratch, &listing, 1, 0, cap)
                    .map_err(|_| shared.over(pick.rank))?;
                let seconds = clock.now() - t;
                peak(scratch);
                (y, seconds / orbit)
            } else {
                let offset = pick.salt % every;
                let pairs = set
                    .join_listed_capped(board, scratch, &listing, every, offset, cap)
                    .map_err(|_| shared.over(pick.rank))?;
                // The lists, and any buffers kept from a whole
                // join: a lower bound of what joining it whole holds.
                peak(scratch);
                (pairs * every, 0.0)
            };
            let draw = Draw {
                order: pick.order,
                stratum: pick.stratum,
                y: solutions as f64,
                z,
                x: listing.left as f64 * listing.right as f64 / orbit,
                known: whole,
                p: if every == 1 { 1.0 } else { pick.p },
                ..Draw::default()
            };
            let tally = Tally {
                solutions,
                nodes: listing.nodes,
            };
            (draw, tally)
        }
        Plan::Descended { depth, least } if !shared.exact => {
            let t = clock.now();
            let listing = set
                .list_capped(board, scratch, cap)
                .map_err(|_| shared.over(pick.rank))?;
            let listed = clock.now() - t;
            let mut rng = nqueens_rng::Rng::new(pick.salt);
            let mut draw = |chances: &[f64]| {
                nqueens_kernel::halves::pick(
                    chances,
                    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64,
                )
            };
            let mut now = || clock.now();
            let joined = set
                .join_descended(
                    board,
                    scratch,
                    &listing,
                    (
                        depth as usize,
                        super::DESCENT_MIX,
                        usize::try_from(least).unwrap_or(usize::MAX),
                        super::DESCENT_SHARE,
                        super::DESCENT_CHECKED,
                    ),
                    &mut draw,
                    &mut now,
                    cap,
                )
                .map_err(|_| shared.over(pick.rank))?;
            peak(scratch);
            // No cut drawn through: the join was made whole, its pairs
            // exact.
            let exact = joined.levels == 0;
            // Phase one: the sampled key counts of this row set and of
            // others drawn from its stratum (with replacement).
            let keys = |s: &RowSet, scratch: &mut HalfScratch| {
                let (l, r) = s.sampled_keys(board, scratch, super::PHASE_ONE_PLACEMENTS);
                l * r
            };
            let u = keys(&set, scratch);
            let (mut u1, mut uw1) = (u, u / orbit);
            if let Source::Draws(draws) = &shared.source {
                let h = pick.stratum as usize;
                let (lo, hi) = (draws.bounds[h], draws.bounds[h + 1]);
                let mut rng = nqueens_rng::Rng::new(pick.salt ^ 0x5851_f42d_4c95_7f2d);
                for _ in 0..super::PHASE_ONE {
                    let other = RowSet::unreduced(board, shared.left, lo + rng.below(hi - lo))?;
                    let v = keys(&other, scratch);
                    u1 += v;
                    uw1 += v / f64::from(other.orbit_size(board));
                }
            }
            let draw = Draw {
                order: pick.order,
                stratum: pick.stratum,
                y: joined.pairs,
                z: (listed + joined.seconds) / orbit,
                x: listing.left as f64 * listing.right as f64 / orbit,
                known: exact,
                p: 1.0,
                u,
                uw: u / orbit,
                u1,
                uw1,
                m1: 1.0 + super::PHASE_ONE as f64,
            };
            let tally = Tally {
                solutions: joined.pairs.max(0.0).round() as u64,
                nodes: listing.nodes,
            };
            (draw, tally)
        }
        _ => {
            let t = clock.now();
            let tally = set
                .count_capped(board, scratch, cap)
                .map_err(|_| shared.over(pick.rank))?;
            let seconds = clock.now() - t;
            peak(scratch);
            let draw = Draw {
                order: pick.order,
                stratum: pick.stratum,
                y: tally.solutions as f64,
                z: seconds / orbit,
                x: 0.0,
                known: true,
                p: 1.0,
                ..Draw::default()
            };
            (draw, tally)
        }
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

#[cfg(test)]
mod probes;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Threads;

    #[test]
    fn more_threads_than_subproblems_start_no_more_workers_than_there_is_work() {
        // n = 6 has a handful of subproblems: the most threads asked for
        // must neither start as many workers nor change the count.
        let opts = crate::Options {
            threads: Threads::new(Threads::MAX).unwrap(),
            ..crate::Options::sequential()
        };
        let count = Checked::new(Sampled, Board::new(6).unwrap(), opts).unwrap();
        let sampling = Sampling {
            size: Size::Samples(1000),
            seed: 1,
        };
        let clock = crate::WallClock(Instant::now());
        let started = Instant::now();
        let e = estimate(
            &count,
            &sampling,
            &clock,
            &crate::NoProgress,
            &crate::NoProgress,
        )
        .unwrap();
        assert_eq!(e.exact, Some((4, 1)));
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }
}
