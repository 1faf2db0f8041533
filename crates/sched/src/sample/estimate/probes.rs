//! Measuring probes, not tests: each is an ignored test run by hand in
//! release (`cargo test --release -p nqueens-sched --lib NAME -- --ignored
//! --nocapture`), set by `MEASURE_*` variables, printing tab-separated
//! lines; results/2026-11-28-p18-estimate and -estimate2 hold what they
//! measured.

use std::cell::Cell;

use super::*;
use nqueens_kernel::halves::HalfScratch;

/// The variable `k` read as a number, `d` where it is unset or not one.
fn var(k: &str, d: u64) -> u64 {
    std::env::var(k)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(d)
}

/// What the row-set probes share: the board (`MEASURE_N`, or the probe's
/// default), its halves split at `n / 2` and the row sets it has, and a
/// xorshift seeded by `MEASURE_SEED` (default 1) to draw them.
struct Probe {
    n: usize,
    board: Board,
    left: usize,
    population: u64,
    state: Cell<u64>,
}

impl Probe {
    fn new(n: u64) -> Probe {
        let n = var("MEASURE_N", n) as usize;
        let board = Board::new(n).unwrap();
        let left = n / 2;
        Probe {
            n,
            board,
            left,
            population: RowSet::unreduced_len(board, left).unwrap(),
            state: Cell::new(var("MEASURE_SEED", 1) ^ 0x9e37_79b9_7f4a_7c15),
        }
    }

    /// The next draw of the xorshift.
    fn next(&self) -> u64 {
        let mut x = self.state.get();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.state.set(x);
        x
    }
}

/// A measuring probe, not a test: the coverage of the descended
/// design's intervals at `MEASURE_N` (default 20): the exact count
/// (every subproblem counted and timed, thread CPU) before and after
/// `MEASURE_RUNS` seeded estimates of `MEASURE_K` samples, through
/// `MEASURE_DEPTH` cuts, one thread each; a line per estimate (the
/// total's and the CPU's interval) and the coverage of Q(n) and of the
/// exact counts' mean CPU.
/// `MEASURE_N=20 MEASURE_K=200 MEASURE_RUNS=100 cargo test --release -p nqueens-sched --lib measure_coverage -- --ignored --nocapture`
#[test]
#[ignore = "a probe, run by hand in release"]
fn measure_coverage() {
    use crate::{NoProgress, Options, ThreadCpu};
    let n = var("MEASURE_N", 20) as usize;
    let k = var("MEASURE_K", 200);
    let runs = var("MEASURE_RUNS", 100);
    let depth = var("MEASURE_DEPTH", super::super::DESCENT_DEPTH);
    let count = Checked::new(Sampled, Board::new(n).unwrap(), Options::sequential()).unwrap();
    let truth = nqueens_kernel::oeis::known(n).unwrap().0 as f64;
    let exact = || {
        let all = Sampling {
            size: Size::Samples(u64::MAX),
            seed: 1,
        };
        let e = estimate(&count, &all, &ThreadCpu, &NoProgress, &NoProgress).unwrap();
        assert_eq!(e.exact.unwrap().0 as f64, truth);
        e.cpu_seconds.estimate
    };
    let before = exact();
    let mut lines = Vec::new();
    for seed in 0..runs {
        let sampling = Sampling {
            size: Size::Samples(k),
            seed,
        };
        let least = var("MEASURE_LEAST", super::super::DESCENT_LEAST);
        // `MEASURE_PLAN=stratified` or `thinned` for the other designs.
        let plan = match std::env::var("MEASURE_PLAN").as_deref() {
            Ok("stratified") => Plan::Stratified,
            Ok("thinned") => Plan::default(),
            _ => Plan::Descended { depth, least },
        };
        let e = estimate_with(
            &count,
            &sampling,
            plan,
            &ThreadCpu,
            &NoProgress,
            &NoProgress,
        )
        .unwrap();
        lines.push((seed, e.total, e.cpu_seconds));
    }
    let after = exact();
    let cpu = (before + after) / 2.0;
    println!(
        "# n = {n}, {k} samples, depth {depth}: exact CPU {before:.3} s before, {after:.3} s after"
    );
    println!("seed\ttotal\ttotal_low\ttotal_high\tcpu\tcpu_low\tcpu_high");
    let (mut total_in, mut cpu_in, mut cpu_in_both) = (0, 0, 0);
    for (seed, t, c) in lines {
        println!(
            "{seed}\t{}\t{}\t{}\t{:.4}\t{:.4}\t{:.4}",
            t.estimate, t.low, t.high, c.estimate, c.low, c.high
        );
        total_in += u32::from(t.low <= truth && truth <= t.high);
        cpu_in += u32::from(c.low <= cpu && cpu <= c.high);
        let (lo, hi) = (before.min(after), before.max(after));
        cpu_in_both += u32::from(c.low <= hi && lo <= c.high);
    }
    println!("# total covered {total_in} of {runs}; CPU covers the exact runs' mean {cpu_in} of {runs}, meets [before, after] {cpu_in_both} of {runs}");
}

/// A measuring probe, not a test: for `MEASURE_N` (default 24),
/// `MEASURE_K` uniformly drawn row sets (seed `MEASURE_SEED`), each
/// listed, joined thinned to about 2^12 keys, joined by random descents
/// ([`RowSet::join_descended`]) at several depths and mixes, three
/// times each (`MEASURE_REPS`), with each of `MEASURE_SHARES` (the
/// runs a node on whole keys cuts one of; `MEASURE_CHECKED`: a node so
/// cut is cut whole too with chance 1 in this many), and joined whole,
/// every step timed (thread CPU); the row set's sampled key counts
/// (`MEASURE_SAMPLED` upper placements a side) are timed first. One
/// tab-separated line per descent on stdout: the row set's rank, orbit,
/// keys, solutions, listing, thinned and whole join seconds, then the
/// descent's depth, mix, repetition, levels, pairs and seconds
/// estimated, and the seconds it took.
/// `MEASURE_N=24 MEASURE_K=300 cargo test --release -p nqueens-sched --lib measure_descent -- --ignored --nocapture`
#[test]
#[ignore = "a probe, run by hand in release"]
fn measure_descent() {
    use crate::ThreadCpu;
    let p = Probe::new(24);
    let (n, board, left, population) = (p.n, p.board, p.left, p.population);
    let next = || p.next();
    let k = var("MEASURE_K", 100);
    let mut scratch = HalfScratch::default();
    let clock = ThreadCpu;
    // `MEASURE_LEAST` keys (default 0: every node drawn through),
    // `MEASURE_DESCENTS=6:0.2,8:0.2` (depth:mix), and `MEASURE_WHOLE=0`
    // to leave the whole join out (its columns then 0: n = 28).
    // (`depth:mix:look` draws the cuts on whole keys by the pairs on the
    // next `look` bits; the default, `MEASURE_LOOK`, 0 if unset.)
    let look = var("MEASURE_LOOK", 0) as u32;
    let configs: Vec<(usize, f64, u32)> = std::env::var("MEASURE_DESCENTS")
        .unwrap_or("2:0.2,4:0.2,6:0.2,8:0.2,10:0.2,6:1,6:0".into())
        .split(',')
        .map(|c| {
            let mut f = c.split(':');
            let d = f.next().unwrap().parse().unwrap();
            let m = f.next().unwrap().parse().unwrap();
            (d, m, f.next().map_or(look, |l| l.parse().unwrap()))
        })
        .collect();
    let whole = var("MEASURE_WHOLE", 1) == 1;
    let least = var("MEASURE_LEAST", 0) as usize;
    // `MEASURE_SHARES=1,16`: each descent made with each share (1:
    // both lists cut at every node).
    let shares: Vec<usize> = std::env::var("MEASURE_SHARES")
        .unwrap_or("1".into())
        .split(',')
        .map(|c| c.parse().unwrap())
        .collect();
    // `MEASURE_CHECKED`: a node cut whole, besides its runs, with
    // chance 1 in this many (0: never).
    let checked = var("MEASURE_CHECKED", 0) as u32;
    // `MEASURE_REPS`: descents a row set and configuration (3).
    let reps = var("MEASURE_REPS", 3);
    // `MEASURE_THIN=0` leaves the thinned join out.
    let thin = var("MEASURE_THIN", 1) == 1;
    println!("n\trank\torbit\tleft\tright\ty\tt_list\tt_thin\tyhat\tt_join\tdepth\tmix\trep\tlevels\tpairs\tseconds\ttook\tshare\tfloored\tl_sampled\tr_sampled\tt_sampled");
    // `MEASURE_SAMPLED`: upper placements a side's sample lists.
    let sampled = var("MEASURE_SAMPLED", 256) as usize;
    for _ in 0..k {
        let rank = next() % population;
        let s = RowSet::unreduced(board, left, rank).unwrap();
        let t0 = clock.now();
        let (l_sampled, r_sampled) = s.sampled_keys(board, &mut scratch, sampled);
        let t_sampled = clock.now() - t0;
        let t0 = clock.now();
        let listing = s.list_in(board, &mut scratch);
        let t_list = clock.now() - t0;
        let longer = listing.left.max(listing.right);
        let every = (longer >> 12).max(1);
        let t0 = clock.now();
        let yhat = if thin {
            s.join_listed(board, &mut scratch, &listing, every, next() % every) * every
        } else {
            0
        };
        let t_thin = clock.now() - t0;
        let mut lines = Vec::new();
        for &(depth, mix, look) in &configs {
            for (rep, &share) in (0..reps).flat_map(|r| shares.iter().map(move |s| (r, s))) {
                let mut draw = |chances: &[f64]| {
                    nqueens_kernel::halves::pick(
                        chances,
                        (next() >> 11) as f64 / (1u64 << 53) as f64,
                    )
                };
                let mut now = || clock.now();
                let d = s
                    .join_descended(
                        board,
                        &mut scratch,
                        &listing,
                        (
                            depth,
                            mix,
                            least,
                            share,
                            if share > 1 { checked } else { 0 },
                            look,
                        ),
                        &mut draw,
                        &mut now,
                        usize::MAX,
                    )
                    .unwrap();
                lines.push(format!(
                    "{depth}\t{mix}:{look}\t{rep}\t{}\t{}\t{:.6}\t{:.6}\t{share}\t{:.6}",
                    d.levels, d.pairs, d.seconds, d.took, d.floored
                ));
            }
        }
        let t0 = clock.now();
        let y = if whole {
            s.join_listed(board, &mut scratch, &listing, 1, 0)
        } else {
            0
        };
        let t_join = clock.now() - t0;
        for l in lines {
            println!(
                "{n}\t{rank}\t{}\t{}\t{}\t{y}\t{t_list:.6}\t{t_thin:.6}\t{yhat}\t{t_join:.6}\t{l}\t{l_sampled}\t{r_sampled}\t{t_sampled:.6}",
                s.orbit_size(board),
                listing.left,
                listing.right,
            );
        }
    }
}

/// A measuring probe, not a test: how well a row set's sampled key
/// counts ([`RowSet::sampled_keys`]) predict its solutions and CPU
/// *within a stratum* (what a regression on them can take from a
/// stratified sample's variance). For `MEASURE_N` (default 22), the
/// ranks cut into `MEASURE_H` equal strata (default 2000), `MEASURE_K`
/// pairs (default 100; seed `MEASURE_SEED`): a stratum drawn
/// uniformly, two different ranks in it, each row set's sampled keys
/// (`MEASURE_SAMPLED` upper placements, default 256; timed), listed
/// (timed) and joined whole (timed; thread CPU). One tab-separated
/// line a row set.
/// `MEASURE_N=24 MEASURE_H=1500 MEASURE_K=200 cargo test --release -p nqueens-sched --lib measure_pairs -- --ignored --nocapture`
#[test]
#[ignore = "a probe, run by hand in release"]
fn measure_pairs() {
    use crate::ThreadCpu;
    let p = Probe::new(22);
    let (n, board, left, population) = (p.n, p.board, p.left, p.population);
    let next = || p.next();
    let h = var("MEASURE_H", 2000);
    let k = var("MEASURE_K", 100);
    let sampled = var("MEASURE_SAMPLED", 256) as usize;
    let mut scratch = HalfScratch::default();
    let clock = ThreadCpu;
    println!("n\tpair\tstratum\trank\torbit\tleft\tright\tl_sampled\tr_sampled\ty\tt_sampled\tt_list\tt_join");
    for pair in 0..k {
        let stratum = next() % h;
        let (lo, hi) = (
            (u128::from(stratum) * u128::from(population) / u128::from(h)) as u64,
            (u128::from(stratum + 1) * u128::from(population) / u128::from(h)) as u64,
        );
        let first = lo + next() % (hi - lo);
        let second = loop {
            let r = lo + next() % (hi - lo);
            if r != first || hi - lo < 2 {
                break r;
            }
        };
        for rank in [first, second] {
            let s = RowSet::unreduced(board, left, rank).unwrap();
            let t0 = clock.now();
            let (ls, rs) = s.sampled_keys(board, &mut scratch, sampled);
            let t1 = clock.now();
            let listing = s.list_in(board, &mut scratch);
            let t2 = clock.now();
            let y = s.join_listed(board, &mut scratch, &listing, 1, 0);
            let t3 = clock.now();
            println!(
                "{n}\t{pair}\t{stratum}\t{rank}\t{}\t{}\t{}\t{ls}\t{rs}\t{y}\t{:.6}\t{:.6}\t{:.6}",
                s.orbit_size(board),
                listing.left,
                listing.right,
                t1 - t0,
                t2 - t1,
                t3 - t2
            );
        }
    }
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
    let p = Probe::new(21);
    let (n, board, left, population) = (p.n, p.board, p.left, p.population);
    let next = || p.next();
    let k = var("MEASURE_K", 200);
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
