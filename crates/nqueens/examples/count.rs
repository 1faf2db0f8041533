//! Counts a board through the library, as a Rust program would:
//! `cargo run -q --release -p nqueens --example count -- 12` prints the
//! total and unique solutions (14200 and 1787), with a progress count on
//! stderr. `cargo test` runs it at n = 10 and checks what it prints.

use std::sync::atomic::{AtomicU64, Ordering};

use nqueens::{Control, CountRequest, Watch};

/// Counts the subproblems as they finish.
#[derive(Debug, Default)]
struct Finished(AtomicU64);

impl Watch for Finished {
    fn done(&self, _index: u64, _found: nqueens::Total) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
}

fn main() {
    let n = std::env::args().nth(1).unwrap_or_else(|| "10".into());
    let finished = Finished::default();
    let control = Control::new().progress(&finished);
    let record = match CountRequest::new(n).check().and_then(|c| c.run(&control)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("count: {e}");
            std::process::exit(2);
        }
    };
    let c = record.total;
    println!("{} {}", c.solutions, c.unique);
    eprintln!(
        "n = {}: {} subproblems, verified {:?}",
        record.board.n(),
        finished.0.load(Ordering::Relaxed),
        record.verified
    );
    if record.board.n() == 10 {
        assert_eq!((c.solutions, c.unique), (724, 92));
    }
    assert_ne!(record.verified, Some(false));
}
