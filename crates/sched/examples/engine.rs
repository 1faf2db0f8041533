//! Another Rust program using the engine as a library: a count with a
//! progress callback and a thread count, and one subproblem of a split
//! counted alone (what one shard of a cluster run does). (The solutions of
//! a board one by one come from `nqueens_puzzles::solutions`, built on the
//! kernel beside the scheduler.) Every figure is asserted against OEIS A000170 /
//! A002562 or against another way of getting it.
//!
//! Run: `cargo run --release -p nqueens-sched --example engine [N]`
//! (N from 4 to 16, default 12). `cargo test -p nqueens-sched` runs it too,
//! as a test without a harness: it is then handed the harness's arguments
//! (`--test-threads=1`, a name filter), which [`size`] tells from an N.

use std::sync::atomic::{AtomicU64, Ordering};

use nqueens_kernel::{oeis, split::Split, Board};
use nqueens_sched::{
    count, count_parts, solvers, Checked, Hooks, NoProgress, Options, Threads, Total, Watch,
};

/// A progress callback: the engine calls it from its worker threads as
/// pieces of work finish.
#[derive(Default)]
struct Progress {
    pieces: AtomicU64,
    finished: AtomicU64,
    solutions: AtomicU64,
}

impl Watch for Progress {
    fn start(&self, pieces: usize) {
        self.pieces.store(pieces as u64, Ordering::Relaxed);
    }
    fn done(&self, _index: u64, found: Total) {
        let finished = self.finished.fetch_add(1, Ordering::Relaxed) + 1;
        // A piece's solutions fit u64: they are one search's tally.
        self.solutions
            .fetch_add(found.solutions as u64, Ordering::Relaxed);
        let pieces = self.pieces.load(Ordering::Relaxed);
        // A real program would move a progress bar; this one says when it
        // is halfway.
        if finished == pieces / 2 {
            eprintln!("halfway: {finished} of {pieces} pieces");
        }
    }
}

/// The sizes the example takes: short runs.
const SIZES: std::ops::RangeInclusive<usize> = 4..=16;

/// Options of the test harness that take a value as the next argument
/// (`cargo test -- --test-threads 1`).
const HARNESS_VALUES: [&str; 7] = [
    "--test-threads",
    "--skip",
    "--color",
    "--format",
    "--logfile",
    "--shuffle-seed",
    "-Z",
];

/// The board side `args` ask for (12 if none), `None` if a test-name
/// filter among them leaves this example out, or the refusal of an N
/// outside [`SIZES`]. Under `cargo test` the arguments are the harness's:
/// options (and their values) are passed over, a word that is no number
/// is a name filter (run if it is part of `engine`, as the harness would).
fn size(args: impl IntoIterator<Item = String>) -> Result<Option<usize>, String> {
    let (mut n, mut filtered_out, mut value_next) = (None, false, false);
    for arg in args {
        if std::mem::take(&mut value_next) {
            continue;
        }
        if arg.starts_with('-') {
            value_next = HARNESS_VALUES.contains(&arg.as_str());
            continue;
        }
        match arg.parse::<usize>() {
            Ok(v) if SIZES.contains(&v) => n = Some(v),
            Ok(_) => {
                return Err(format!(
                    "N must be a whole number from {} to {}, not {arg}",
                    SIZES.start(),
                    SIZES.end()
                ))
            }
            Err(_) => filtered_out |= !"engine".contains(arg.as_str()),
        }
    }
    Ok((!filtered_out).then_some(n.unwrap_or(12)))
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        println!("engine: test");
        return std::process::ExitCode::SUCCESS;
    }
    match size(args) {
        Ok(Some(n)) => three_uses(n),
        Ok(None) => {}
        Err(refusal) => {
            eprintln!("engine: {refusal}");
            return std::process::ExitCode::from(2);
        }
    }
    std::process::ExitCode::SUCCESS
}

/// The three uses on an `n` x `n` board, each figure asserted.
fn three_uses(n: usize) {
    let board = Board::new(n).expect("a board side the kernel handles");
    let (known_total, known_unique) = oeis::known(n).expect("OEIS lists n <= 27");

    // 1. A count on 2 threads, watched.
    let opts = Options {
        threads: Threads::new(2).expect("2 threads are within the limit"),
        depth: None,
        memory: None,
    };
    let progress = Progress::default();
    let solver = solvers::default();
    let (total, search) = count(solver, board, &opts, &progress).expect("the count runs");
    assert_eq!((total.solutions, total.unique), (known_total, known_unique));
    let pieces = progress.pieces.load(Ordering::Relaxed);
    assert!(pieces > 1, "two threads split the board");
    assert_eq!(progress.finished.load(Ordering::Relaxed), pieces);
    // The pieces' solutions add up to the total (weighted by mirror image).
    assert_eq!(
        u128::from(progress.solutions.load(Ordering::Relaxed)),
        total.solutions
    );
    println!(
        "n = {n}: {} solutions, {} unique, {pieces} pieces on {} threads, solver {}",
        total.solutions,
        total.unique,
        search.threads,
        solver.solver()
    );

    // 2. One subproblem of a depth-3 split, counted by the engine alone
    //    (as one shard of a cluster plan would) and by the kernel directly.
    let split = Split::new(board, 3).expect("depth 3 fits the board");
    let k = split.len() / 2;
    let one = Options {
        depth: Some(3),
        ..opts
    };
    let hooks = Hooks {
        select: Some(k as u64..k as u64 + 1),
        ..Hooks::watching(&NoProgress)
    };
    let parallel = solvers::by_name("parallel").expect("a built-in solver");
    let piece = Checked::of(parallel.clone(), board, one).expect("depth 3 fits the board");
    let (total, _) = count_parts(&piece, &hooks).expect("the piece runs");
    let direct = split.subproblems()[k].count(board);
    assert_eq!(total.solutions, u128::from(direct.solutions));
    let all: u64 = split
        .subproblems()
        .iter()
        .map(|s| s.count(board).solutions)
        .sum();
    assert_eq!(u128::from(all), known_total);
    println!(
        "subproblem {k} of {} at depth 3: {} solutions",
        split.len(),
        direct.solutions
    );
}
