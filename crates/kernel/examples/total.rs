//! Times one-thread total counts of one board, the half-mirrored prefix
//! kernel and the pair kernel side by side in one run:
//! `cargo run --release -p nqueens-kernel --example total -- 16`.
use std::time::Instant;

use nqueens_kernel::pairs::count_total_pairs;
use nqueens_kernel::{count_total, Board, Tally};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(14);
    let which = std::env::args().nth(2).unwrap_or_else(|| "both".into());
    let board = Board::new(n).expect("a valid board size");
    let time = |name: &str, f: fn(Board) -> Tally| {
        let start = Instant::now();
        let t = f(board);
        let s = start.elapsed().as_secs_f64();
        println!(
            "{name:6} n={n} total={} nodes={} seconds={s:.3}",
            t.solutions, t.nodes
        );
        s
    };
    let mirror = (which != "pairs").then(|| time("mirror", count_total));
    let pairs = (which != "mirror").then(|| time("pairs", count_total_pairs));
    if let (Some(m), Some(p)) = (mirror, pairs) {
        println!("speed-up of pairs over mirror: {:.2}x", m / p);
    }
}
