//! Times the one-thread total and unique counts of one board:
//! `cargo run --release -p nqueens-kernel --example total -- 16`.
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(14);
    let start = Instant::now();
    let board = nqueens_kernel::Board::new(n).expect("a valid board size");
    let total = nqueens_kernel::count_total(board);
    let t_total = start.elapsed().as_secs_f64();
    let c = nqueens_kernel::count(n).expect("a valid board size");
    let t_all = start.elapsed().as_secs_f64() - t_total;
    println!(
        "n={n} total={} unique={} nodes={} total_only={t_total:.3}s with_unique={t_all:.3}s",
        total.solutions, c.unique, total.nodes
    );
}
