//! The sample drawn and counted on the pool, and the estimate made of it:
//! [`estimate`] and [`estimate_with`].

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use nqueens_kernel::halves::{HalfScratch, HalfSplit, RowSet};
use nqueens_kernel::symmetry::burnside;
use nqueens_kernel::{Board, Tally};

use super::draw::Draws;
use super::estimators::{fit, stratified, student_t};
use super::{Design, Draw, Estimate, Interval, Pick, Plan, Sampled, Sampling, Size};
use crate::{pool, symmetric_until, Checked, Clock, Error, Stop, Threads, Total, Watch};

/// Estimates the count `count` stands for (its board's halves split,
/// left width `n / 2`, sampled on its threads) from a sample; `watch`
/// sees each sampled subproblem finish, `stop` ends the sampling early
/// (what was counted is used). The count was checked where it was made
/// ([`Checked::new`]): nothing is checked here.
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
pub fn estimate(
    count: &Checked<Sampled>,
    sampling: &Sampling,
    clock: &dyn Clock,
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
pub fn estimate_with(
    count: &Checked<Sampled>,
    sampling: &Sampling,
    plan: Plan,
    clock: &dyn Clock,
    watch: &dyn Watch,
    stop: &dyn Stop,
) -> Result<Estimate, Error> {
    let board = count.board();
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
    // Each sampler's share of the memory budget: its lists stay within it,
    // and a row set that would need more stops the estimate with
    // `Error::OverBudget` (never an allocation the process cannot survive).
    let threads_asked = count.opts().threads.get();
    let share = count
        .opts()
        .memory
        .map_or(u64::MAX, |m| m / threads_asked as u64);
    let cap = usize::try_from(share).unwrap_or(usize::MAX);
    let over = |index: u64| Error::OverBudget {
        index,
        share,
        threads: threads_asked,
        done: 0,
        total: subproblems as usize,
    };
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
                    let listing = set
                        .list_capped(board, scratch, cap)
                        .map_err(|_| over(pick.rank))?;
                    let longer = listing.left.max(listing.right);
                    let every = (longer / keys.max(1)).max(1);
                    let whole = every == 1 || pick.whole;
                    let (solutions, z) = if whole {
                        let y = set
                            .join_listed_capped(board, scratch, &listing, 1, 0, cap)
                            .map_err(|_| over(pick.rank))?;
                        let seconds = clock.now() - t;
                        peak.fetch_max(scratch.held() as u64, Ordering::Relaxed);
                        (y, seconds / orbit)
                    } else {
                        let offset = pick.salt % every;
                        let pairs = set
                            .join_listed_capped(board, scratch, &listing, every, offset, cap)
                            .map_err(|_| over(pick.rank))?;
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
                    let tally = set
                        .count_capped(board, scratch, cap)
                        .map_err(|_| over(pick.rank))?;
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
            watch.done(order, Total::from(tally));
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
        // A sampler that failed (a row set over the memory budget) ends
        // the estimate: the searches stop too.
        ended.load(Ordering::Relaxed)
            || (stop.stop()
                && counting.load(Ordering::SeqCst) == 0
                && results
                    .lock()
                    .map_or(true, |r: std::sync::MutexGuard<'_, Vec<_>>| r.len() < 2))
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
    let threads = count
        .opts()
        .threads
        .at_most(usize::try_from(items).unwrap_or(usize::MAX));
    let (sampled, searches) = pool::run_on(threads, || {
        if threads == Threads::ONE {
            let sampled = work();
            if sampled.is_err() {
                return (sampled, None);
            }
            return (sampled, searched());
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
            varying_strata: 0,
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
    let sampled = stratified(&draws_only, &draws.bounds, |d| d.y);
    let df = sampled.df;
    // What is known exactly bounds the total below: the solutions a half
    // turn fixes are solutions, and so are those of the row sets counted
    // whole (drawn without replacement: each a different row set). An
    // estimate or an interval below that is raised to it; a sample with
    // no spread has no other bound (its interval is unbounded above).
    let counted: u128 = results
        .iter()
        .filter(|(d, _)| d.known)
        .map(|(_, s)| u128::from(*s))
        .sum();
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
    let cpu = stratified(&draws_only, &draws.bounds, |d| {
        let line = a + b * d.x;
        line + if d.known { (d.z - line) / d.p } else { 0.0 }
    });
    // The prediction's errors are seen on the measured row sets only: the
    // interval takes no more degrees of freedom than they give.
    let cpu_df = if draws_only.iter().all(|d| d.p >= 1.0) {
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
        total,
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
        varying_strata: sampled.varying,
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

#[cfg(test)]
mod tests {
    use super::*;

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
