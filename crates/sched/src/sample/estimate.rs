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
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use nqueens_kernel::halves::{HalfSplit, RowSet};
use nqueens_kernel::symmetry::burnside;
use nqueens_kernel::Board;

use super::draw::Draws;
use super::estimators::{fit, stratified, student_t, two_phase, MIN_VARYING};
use super::{Design, Draw, Estimate, Estimator, Interval, Plan, Sampled, Sampling, Size};
use crate::{Checked, Clock, Error, Stop, Total, Watch};

mod workers;
use workers::{work, Shared, Source, State};

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
    // Outside the descended design (whose CPU is its descents'), every
    // row set timed whole: the stratified design, or a thinned one whose
    // lists were all short (there a row set drawn with chance 1 of being
    // timed is always timed). The line is then exact, and its errors take
    // no degrees of freedom.
    let all_timed = draws_only.iter().all(|d| d.p >= 1.0);
    let (cpu, cpu_estimator) = if descended {
        // Every row set's CPU estimated (unbiased) by its descent.
        two(|d| d.z, |d| (d.uw, d.uw1, d.m1))
    } else {
        let cpu = stratified(&draws_only, &draws.bounds, |d| {
            let line = a + b * d.x;
            line + if d.known { (d.z - line) / d.p } else { 0.0 }
        });
        (
            cpu,
            if all_timed {
                Estimator::Stratified
            } else {
                Estimator::Difference
            },
        )
    };
    // The prediction's errors are seen on the measured row sets only: the
    // interval takes no more degrees of freedom than they give.
    let cpu_df = if descended || all_timed {
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
