//! `estimate`'s intervals held to the published counts: over 20 seeds at
//! n = 16, 17 and 18 the 95 % interval of the total (and so of the unique
//! count, the same interval shifted) covers OEIS A000170 / A002562 in at
//! least 18, for each design (the stratified one, the thinned one with its
//! lists thinned to 64 keys, as short as n = 16's lists make it thin, and
//! the default). The tables check the estimates; they never make them.

use std::time::Instant;

use nqueens_kernel::{oeis, Board};
use nqueens_sched::{
    estimate, estimate_with, Checked, Design, Estimator, NoProgress, Options, Plan, Sampled,
    Sampling, Size, Threads, WallClock,
};

const SEEDS: u64 = 20;

/// `estimate` of `board`, timed by the wall clock, watched by no one.
fn sample(
    board: Board,
    size: Size,
    seed: u64,
    threads: usize,
    stop: &dyn nqueens_sched::Stop,
) -> Result<nqueens_sched::Estimate, nqueens_sched::Error> {
    let opts = Options {
        threads: Threads::new(threads).unwrap(),
        ..Options::sequential()
    };
    let count = Checked::new(Sampled, board, opts).unwrap();
    let sampling = Sampling { size, seed };
    estimate(
        &count,
        &sampling,
        &WallClock(Instant::now()),
        &NoProgress,
        stop,
    )
}
const SAMPLES: u64 = 400;

/// Over [`SEEDS`] seeds at n = 16, 17 and 18, `plan`'s intervals of
/// [`SAMPLES`] row sets cover the published counts in at least 18.
fn covers(plan: Plan) {
    for n in [16, 17, 18] {
        let opts = Options {
            threads: Threads::new(2).unwrap(),
            ..Options::sequential()
        };
        let count = Checked::new(Sampled, Board::new(n).unwrap(), opts).unwrap();
        let (total, unique) = oeis::known(n).unwrap();
        let (mut covered, mut width, mut whole) = (0, 0.0, 0);
        for seed in 0..SEEDS {
            let sampling = Sampling {
                size: Size::Samples(SAMPLES),
                seed,
            };
            let clock = WallClock(Instant::now());
            let e =
                estimate_with(&count, &sampling, plan, &clock, &NoProgress, &NoProgress).unwrap();
            match (plan, e.design) {
                (Plan::Stratified, Design::Stratified { .. }) => whole += e.samples,
                (
                    Plan::Thinned { keys },
                    Design::Thinned {
                        keys: k, whole: w, ..
                    },
                ) => {
                    assert_eq!(keys, k);
                    whole += w;
                }
                (
                    Plan::Descended { depth, .. },
                    Design::Descended {
                        depth: d, whole: w, ..
                    },
                ) => {
                    assert_eq!(depth, d);
                    whole += w;
                }
                _ => panic!("{plan:?} made {:?}", e.design),
            }
            assert_eq!(e.samples, SAMPLES);
            let t = total as f64;
            let u = unique as f64;
            let total_in = e.total.low <= t && t <= e.total.high;
            let unique_in = e.unique.low <= u && u <= e.unique.high;
            assert_eq!(total_in, unique_in, "n = {n}, seed {seed}: {e:?}");
            covered += u64::from(total_in);
            width += e.total.relative_half_width() / SEEDS as f64;
        }
        assert!(
            covered >= 18,
            "n = {n}: {covered} of {SEEDS} intervals cover {total} (mean relative half-width {:.1} %)",
            100.0 * width
        );
        eprintln!(
            "{plan:?}, n = {n}: {covered} of {SEEDS} intervals cover {total}, mean relative half-width {:.1} % at {SAMPLES} samples ({whole} joined whole)",
            100.0 * width
        );
    }
}

#[test]
fn the_stratified_intervals_cover_the_published_counts() {
    covers(Plan::Stratified);
}

/// Thinned to 64 keys, most row sets at n = 16 to 18 are joined on an
/// eighth to a thirtieth of their longer list.
#[test]
fn the_thinned_intervals_cover_the_published_counts() {
    covers(Plan::Thinned { keys: 64 });
}

/// The default (thinned to 4096 keys: at n = 16 to 18 every list is
/// shorter, so each row set is joined whole).
#[test]
fn the_default_intervals_cover_the_published_counts() {
    covers(Plan::default());
}

/// Each row set joined by a random descent through 6 cuts (at n = 16 to
/// 18, the 32-bit join's: most row sets have two to six), every node
/// drawn through however few its keys (the default joins nodes of fewer
/// than 2^20 keys whole: every row set up to n = 22 or so).
#[test]
fn the_descended_intervals_cover_the_published_counts() {
    covers(Plan::Descended { depth: 6, least: 0 });
}

/// The descended design at the sizes a user may ask for, small ones
/// included: 100 seeds at each of 4, 16 and 64 samples (n = 16, 17 and
/// 18 in turn, one thread: the same seed, the same estimate), through 6
/// and through [`nqueens_sched::DESCENT_DEPTH`] cuts, every node drawn through (as
/// above). The total's interval covers the
/// published count in at least 93 of each 100, and the interval is never
/// below what the sample counted exactly.
#[test]
fn the_descended_intervals_cover_at_small_sizes() {
    for depth in [6, nqueens_sched::DESCENT_DEPTH] {
        let plan = Plan::Descended { depth, least: 0 };
        for k in [4, 16, 64] {
            let (mut covered, mut width, mut descended) = (0, 0.0, 0);
            for seed in 0..100 {
                let n = 16 + (seed % 3) as usize;
                let count =
                    Checked::new(Sampled, Board::new(n).unwrap(), Options::sequential()).unwrap();
                let (truth, _) = oeis::known(n).unwrap();
                let truth = truth as f64;
                let sampling = Sampling {
                    size: Size::Samples(k),
                    seed,
                };
                let clock = WallClock(Instant::now());
                let e = estimate_with(&count, &sampling, plan, &clock, &NoProgress, &NoProgress)
                    .unwrap();
                let Design::Descended { whole, .. } = e.design else {
                    panic!("{:?}", e.design)
                };
                descended += e.samples - whole;
                let t = e.total;
                assert!(t.low <= t.estimate && t.estimate <= t.high, "{e:?}");
                covered += u32::from(t.low <= truth && truth <= t.high);
                width += t.relative_half_width().min(10.0) / 100.0;
            }
            eprintln!(
                "depth {depth}, {k} samples: {covered} of 100 cover, mean relative half-width {:.1} % (at most 1000 %), {descended} of {} row sets descended",
                100.0 * width,
                100 * k
            );
            assert!(
                covered >= 93,
                "depth {depth}, {k} samples: {covered} of 100"
            );
            assert!(descended * 2 > 100 * k, "{descended} of {}", 100 * k);
        }
    }
}

#[test]
fn the_record_names_the_estimator_that_made_it() {
    // n = 16: the descended design's regression from 500 samples on, the
    // plain stratified mean below; the thinned design's CPU a difference
    // estimator once row sets are thinned; a sample of every subproblem
    // exact.
    let opts = Options {
        threads: Threads::new(2).unwrap(),
        ..Options::sequential()
    };
    let count = Checked::new(Sampled, Board::new(16).unwrap(), opts).unwrap();
    let run = |plan, k| {
        let sampling = Sampling {
            size: Size::Samples(k),
            seed: 3,
        };
        let clock = WallClock(Instant::now());
        let e = estimate_with(&count, &sampling, plan, &clock, &NoProgress, &NoProgress).unwrap();
        (e.total_estimator, e.cpu_estimator)
    };
    let descended = Plan::Descended { depth: 6, least: 0 };
    let (regression, plain) = (Estimator::Regression, Estimator::Stratified);
    assert_eq!(run(descended, 600), (regression, regression));
    assert_eq!(run(descended, 100), (plain, plain));
    assert_eq!(run(Plan::Stratified, 100), (plain, plain));
    let thinned = run(Plan::Thinned { keys: 64 }, 400);
    assert_eq!(thinned, (plain, Estimator::Difference));
    let exact = run(Plan::Stratified, 1_000_000);
    assert_eq!(exact, (Estimator::Exact, Estimator::Exact));
}

#[test]
fn the_same_seed_draws_the_same_sample() {
    let board = Board::new(14).unwrap();
    let run = |seed| sample(board, Size::Samples(60), seed, 2, &NoProgress).unwrap();
    let (a, b, c) = (run(5), run(5), run(6));
    assert_eq!(a.total, b.total);
    assert_eq!(a.unique, b.unique);
    assert_ne!(a.total, c.total);
}

#[test]
fn a_sample_of_every_subproblem_is_the_exact_count() {
    for n in 1..=12 {
        let board = Board::new(n).unwrap();
        let e = sample(board, Size::Samples(1_000_000), 0, 2, &NoProgress).unwrap();
        assert_eq!(e.design, Design::Exact, "n = {n}");
        let (total, unique) = oeis::known(n).unwrap();
        assert_eq!(e.exact, Some((total, unique)), "n = {n}");
        assert_eq!((e.total.low, e.total.high), (total as f64, total as f64));
    }
}

/// Asks to stop once it has been asked `after` times.
struct StopAfter {
    after: usize,
    asked: std::sync::atomic::AtomicUsize,
}

impl nqueens_sched::Stop for StopAfter {
    fn stop(&self) -> bool {
        self.asked
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            >= self.after
    }
}

/// A stop is heard at once, in the sampling and in the symmetric searches
/// (they took minutes past n = 25 with nobody asking): stopped before two
/// subproblems were sampled, no record can be made; stopped after, the
/// record is made from the sample, and says whether the searches had
/// finished.
#[test]
fn a_stop_ends_the_estimate_at_once() {
    let board = Board::new(20).unwrap();
    for threads in [1, 2] {
        let stop = StopAfter {
            after: 0,
            asked: Default::default(),
        };
        let started = Instant::now();
        let e = sample(board, Size::Samples(4), 1, threads, &stop);
        assert!(
            matches!(e, Err(nqueens_sched::Error::Interrupted { done: 0, .. })),
            "{threads} threads: {e:?}"
        );
        assert!(
            started.elapsed().as_secs_f64() < 1.0,
            "{:?}",
            started.elapsed()
        );
    }
    // Asked every 50 ms: after about a second, hundreds of n = 20's
    // subproblems are counted, and the searches (0.1 s in a release
    // build; longer in a test build on a loaded machine) are usually
    // done. Done, their counts are the searches'; not done, they are
    // unknown (null), never a partial count.
    let stop = StopAfter {
        after: 20,
        asked: Default::default(),
    };
    let e = sample(board, Size::Samples(40_000), 1, 2, &stop).unwrap();
    let (half, quarter) = nqueens_sched::symmetric(board);
    assert!(e.samples >= 2 && e.stopped, "{e:?}");
    match (e.fixed_180, e.fixed_90) {
        (None, None) => {}
        fixed => assert_eq!(fixed, (Some(half.solutions), Some(quarter.solutions))),
    }
}

/// `Size::Seconds` bounds the whole estimate, the symmetric searches
/// included (P20: `estimate 26 --seconds 0.5 -j1` ran 70 s, 27 s of them
/// the searches, and said it had not stopped): at n = 25 a bound of 0.5 s
/// ends the estimate within a second, its searches cut short and said so
/// (or too few subproblems counted, for lack of CPU); at n = 1, whose one
/// row set is the whole population, it is the exact count.
#[test]
fn a_time_bound_bounds_the_whole_estimate() {
    for threads in [1, 2] {
        let started = Instant::now();
        let e = sample(
            Board::new(25).unwrap(),
            Size::Seconds(0.5),
            1,
            threads,
            &NoProgress,
        );
        // Within a second of the bound on a quiet machine (0.51 to 0.56 s
        // measured); the tests of this file run side by side on two
        // cores, so the bound here leaves them room.
        let took = started.elapsed().as_secs_f64();
        assert!(took < 2.5, "{threads} threads: {took} s");
        match e {
            Ok(e) => {
                assert!(e.stopped && e.fixed_180.is_none(), "{e:?}");
                assert!(e.unique.high >= e.total.high / 2.0, "{e:?}");
            }
            Err(e) => assert!(
                matches!(e, nqueens_sched::Error::Interrupted { done: 0 | 1, .. }),
                "{e:?}"
            ),
        }
    }
    let e = sample(
        Board::new(1).unwrap(),
        Size::Seconds(0.2),
        1,
        2,
        &NoProgress,
    )
    .unwrap();
    assert_eq!((e.design, e.exact), (Design::Exact, Some((1, 1))));
    // A bound long enough for n = 18's searches (a few hundredths of a
    // second; 2 s leaves room for a loaded machine): they finish, and the
    // sample fills the rest.
    let e = sample(
        Board::new(18).unwrap(),
        Size::Seconds(2.0),
        1,
        1,
        &NoProgress,
    )
    .unwrap();
    let (half, _) = nqueens_sched::symmetric(Board::new(18).unwrap());
    assert_eq!(e.fixed_180, Some(half.solutions));
    assert!(e.samples > 10, "{e:?}");
}

/// No interval claims a certainty its sample lacks (P20: `estimate 14
/// --samples 2 --seed 107 --design stratified` gave 0 in [0, 0] with a
/// unique count of 53 above it; n = 12, seed 28, 13,860 in [13,860,
/// 13,860]). Over 60 seeds of 2, 3 and 4 samples at n = 10, 12 and 14, for
/// each design: no interval has zero width; a sample with no spread is
/// bounded below only, by what it counted exactly, which the true count
/// never is under; the total is never below the solutions a half turn
/// fixes, nor the unique count above the total; and the intervals cover
/// the published counts at least as often as 85 % (their 95 % rests on
/// a t quantile with one to three degrees of freedom of a skewed count).
#[test]
fn no_interval_is_narrower_than_its_sample_supports() {
    for plan in [Plan::Stratified, Plan::Thinned { keys: 64 }] {
        let (mut runs, mut covered, mut unbounded) = (0, 0, 0);
        for n in [10, 12, 14] {
            let count =
                Checked::new(Sampled, Board::new(n).unwrap(), Options::sequential()).unwrap();
            let (truth, _) = oeis::known(n).unwrap();
            let truth = truth as f64;
            for k in [2, 3, 4] {
                for seed in 0..60 {
                    let sampling = Sampling {
                        size: Size::Samples(k),
                        seed,
                    };
                    let clock = WallClock(Instant::now());
                    let e =
                        estimate_with(&count, &sampling, plan, &clock, &NoProgress, &NoProgress)
                            .unwrap();
                    let (t, u) = (e.total, e.unique);
                    let case = format!("{plan:?}, n = {n}, {k} samples, seed {seed}: {e:?}");
                    assert!(t.low < t.high, "{case}");
                    assert!(t.low <= t.estimate && t.estimate <= t.high, "{case}");
                    assert!(t.low >= e.fixed_180.unwrap() as f64, "{case}");
                    assert!(u.estimate <= t.estimate && u.low <= t.low, "{case}");
                    assert!(u.high <= t.high, "{case}");
                    if t.high.is_infinite() {
                        assert_eq!(e.varying_strata, 0, "{case}");
                        assert!(t.low <= truth, "{case}");
                        unbounded += 1;
                    }
                    runs += 1;
                    covered += u32::from(t.low <= truth && truth <= t.high);
                }
            }
        }
        eprintln!("{plan:?}: {covered} of {runs} cover, {unbounded} unbounded above");
        assert!(covered * 100 >= runs * 85, "{plan:?}: {covered} of {runs}");
        assert!(
            unbounded > 0,
            "{plan:?}: no sample without spread was tried"
        );
    }
}

/// The two cases, as the issue gave them.
#[test]
fn a_sample_with_no_spread_is_bounded_below_only() {
    for (n, seed, truth) in [(14, 107, 365_596.0), (12, 28, 14_200.0)] {
        let count = Checked::new(Sampled, Board::new(n).unwrap(), Options::sequential()).unwrap();
        let sampling = Sampling {
            size: Size::Samples(2),
            seed,
        };
        let clock = WallClock(Instant::now());
        let e = estimate_with(
            &count,
            &sampling,
            Plan::Stratified,
            &clock,
            &NoProgress,
            &NoProgress,
        )
        .unwrap();
        assert_eq!(e.varying_strata, 0, "n = {n}: {e:?}");
        assert!(
            e.total.high.is_infinite() && e.unique.high.is_infinite(),
            "n = {n}: {e:?}"
        );
        assert!(e.total.low <= truth, "n = {n}: {e:?}");
        assert!(e.unique.estimate <= e.total.estimate, "n = {n}: {e:?}");
    }
}
