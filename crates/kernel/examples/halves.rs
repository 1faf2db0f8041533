//! Times the half-board join against the pair kernel on one thread:
//! `cargo run --release -p nqueens-kernel --example halves -- 16 [left]`.
use std::time::Instant;

use nqueens_kernel::halves::HalfSplit;
use nqueens_kernel::pairs::count_total_pairs;
use nqueens_kernel::Board;

fn main() {
    let arg = |i: usize| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse::<usize>().ok())
    };
    let n = arg(1).unwrap_or(14);
    let board = Board::new(n).expect("a valid board size");
    let left = arg(2).unwrap_or(n / 2);
    let start = Instant::now();
    let split = HalfSplit::new(board, left).expect("a valid width");
    let t = split.count(board);
    let halves = start.elapsed().as_secs_f64();
    println!(
        "halves n={n} left={left} sets={} total={} nodes={} seconds={halves:.3}",
        split.len(),
        t.solutions,
        t.nodes
    );
    if std::env::args().nth(3).as_deref() == Some("pairs") {
        let start = Instant::now();
        let p = count_total_pairs(board);
        let s = start.elapsed().as_secs_f64();
        println!(
            "pairs  n={n} total={} seconds={s:.3} ratio={:.2}x",
            p.solutions,
            s / halves
        );
    }
}
