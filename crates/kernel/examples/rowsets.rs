//! Prints the row sets (subproblems) `FIRST..END` of the half split of an
//! `N` x `N` board, as a plan's shard names them by index: `cargo run
//! --release -p nqueens-kernel --example rowsets -- 28 1709921 1709931`.
//! Each line: index, rows (hex, as the kernel's probes take them), the
//! middle queen's row, the orbit's weight.
use nqueens_kernel::halves::HalfSplit;
use nqueens_kernel::Board;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map_while(|a| a.parse().ok())
        .collect();
    let &[n, first, end] = &args[..] else {
        eprintln!("usage: rowsets N FIRST END (three whole numbers)");
        std::process::exit(2);
    };
    let split = match Board::new(n).and_then(|board| HalfSplit::new(board, n / 2)) {
        Ok(split) => split,
        Err(e) => {
            eprintln!("rowsets: {e}");
            std::process::exit(2);
        }
    };
    let sets = split.subproblems();
    for s in &sets[first.min(sets.len())..end.min(sets.len())] {
        println!("{} {:#x} {:?} {}", s.index, s.rows, s.middle, s.weight);
    }
}
