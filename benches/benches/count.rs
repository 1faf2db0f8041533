//! Criterion benchmarks of the kernel and the scheduler. Each bench asserts
//! the count it times, so a fast wrong answer cannot pass as a speed-up.
//! Run: `cargo bench -p nqueens-benches`; CI runs them once in test mode
//! (`cargo test -p nqueens-benches --benches`).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use nqueens_kernel::{
    count_total,
    halves::HalfSplit,
    oeis,
    pairs::count_total_pairs,
    search::{count_from, State},
    Board, Tally,
};
use nqueens_sched::{count, solvers, NoProgress, Options, Threads};

fn expected(n: usize) -> u128 {
    oeis::TOTAL[n]
}

fn kernel(c: &mut Criterion) {
    let mut g = c.benchmark_group("kernel");
    g.sample_size(10);
    for n in [10, 12] {
        let board = Board::new(n).unwrap();
        g.bench_with_input(BenchmarkId::new("mirror", n), &board, |b, &board| {
            b.iter(|| {
                let t = count_total(black_box(board));
                assert_eq!(u128::from(t.solutions), expected(n));
            })
        });
        g.bench_with_input(BenchmarkId::new("unmirrored", n), &board, |b, &board| {
            b.iter(|| {
                let t = count_from(black_box(board), State::empty());
                assert_eq!(u128::from(t.solutions), expected(n));
            })
        });
    }
    g.finish();
}

/// The three one-thread total counters side by side: half-mirrored prefix
/// search (the reference), first/last-row pairs, and the half-board join.
fn methods(c: &mut Criterion) {
    let mut g = c.benchmark_group("methods");
    g.sample_size(10);
    let halves = |board: Board| {
        let split = HalfSplit::new(board, board.n() / 2).unwrap();
        split.count(board)
    };
    let methods: [(&str, &dyn Fn(Board) -> Tally); 3] = [
        ("mirror", &count_total),
        ("pairs", &count_total_pairs),
        ("halves", &halves),
    ];
    for n in [12, 14] {
        let board = Board::new(n).unwrap();
        for (name, method) in methods {
            g.bench_with_input(BenchmarkId::new(name, n), &board, |b, &board| {
                b.iter(|| {
                    let t = method(black_box(board));
                    assert_eq!(u128::from(t.solutions), expected(n));
                })
            });
        }
    }
    g.finish();
}

fn scheduler(c: &mut Criterion) {
    let mut g = c.benchmark_group("scheduler");
    g.sample_size(10);
    let n = 13;
    let board = Board::new(n).unwrap();
    let solver = solvers::by_name("parallel").unwrap();
    for threads in [1, 2] {
        g.bench_with_input(
            BenchmarkId::new("parallel", format!("n{n}-t{threads}")),
            &threads,
            |b, &threads| {
                b.iter(|| {
                    let (r, _) = count(
                        solver,
                        board,
                        &Options {
                            threads: Threads::new(threads).unwrap(),
                            depth: None,
                            memory: None,
                        },
                        &NoProgress,
                    )
                    .unwrap();
                    assert_eq!((r.solutions, r.unique), oeis::known(n).unwrap());
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, kernel, methods, scheduler);
criterion_main!(benches);
