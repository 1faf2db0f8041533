//! Every kind of work through the one engine: parallel equals sequential
//! at several thread counts, shards add up to the whole, and recorded
//! results stand in for counting (what a resumed checkpoint does).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use nqueens_kernel::Board;
use nqueens_puzzles::{dominate::Domination, pawns::Problem, variant::Variant};
use nqueens_sched::{
    count_parts, count_task, solvers, Checked, Hooks, Kind, Known, NoProgress, Options, Stop,
    Threads, Total, UniqueBy, Watch,
};

fn opts(threads: usize) -> Options {
    Options {
        threads: Threads::new(threads).unwrap(),
        ..Options::sequential()
    }
}

/// Every kind, with a board small enough for a debug test, and its count
/// by the kernel alone on one thread (a solver's by the naive list).
fn kinds() -> Vec<(Arc<dyn Kind>, usize, u128)> {
    let d = Domination::new(Board::new(7).unwrap()).unwrap();
    let p = Problem::new(Board::new(8).unwrap(), 9).unwrap();
    vec![
        (solvers::default().clone(), 10, 724),
        (nqueens_tasks::solver("pairs").unwrap(), 9, 352),
        (
            nqueens_tasks::variant(Variant::Torus),
            11,
            Variant::Torus
                .count(Board::new(11).unwrap())
                .solutions
                .into(),
        ),
        (
            nqueens_tasks::variant(Variant::NoThreeInLine),
            10,
            Variant::NoThreeInLine
                .count(Board::new(10).unwrap())
                .solutions
                .into(),
        ),
        (
            nqueens_tasks::dominate(),
            7,
            d.count(&d.minimum()).solutions.into(),
        ),
        (
            nqueens_tasks::pawns(9),
            8,
            p.count(&p.minimum()).solutions.into(),
        ),
    ]
}

#[test]
fn parallel_equals_sequential_for_every_kind() {
    for (task, n, want) in kinds() {
        let board = Board::new(n).unwrap();
        let one = count_task(
            &Checked::of(task.clone(), board, opts(1)).unwrap(),
            &Hooks::watching(&NoProgress),
        )
        .unwrap();
        assert_eq!(one.0.solutions, want, "{}/{}", task.work(), task.solver());
        for threads in [2, 3, 5] {
            let r = count_task(
                &Checked::of(task.clone(), board, opts(threads)).unwrap(),
                &Hooks::watching(&NoProgress),
            )
            .unwrap();
            let key = |r: &(Total, nqueens_sched::Search)| {
                (r.0.solutions, r.0.unique, r.0.fixed_180, r.0.fixed_90)
            };
            assert_eq!(
                key(&r),
                key(&one),
                "{}/{}, {threads} threads",
                task.work(),
                task.solver()
            );
        }
    }
}

/// Remembers what each piece found.
#[derive(Default)]
struct Book(Mutex<HashMap<u64, Total>>);

impl Watch for Book {
    fn done(&self, i: u64, f: Total) {
        self.0.lock().unwrap().insert(i, f);
    }
}

#[test]
fn shards_add_up_to_the_whole_by_one_summary() {
    for (task, n, want) in kinds() {
        let board = Board::new(n).unwrap();
        let layout = task.layout(board, &opts(1)).unwrap().unwrap();
        let len = layout.subproblems as u64;
        let book = Book::default();
        let mut sums = Total::default();
        for k in 0..3 {
            let select = Some(len * k / 3..len * (k + 1) / 3);
            let hooks = Hooks {
                select,
                ..Hooks::watching(&book)
            };
            let run = Options {
                depth: Some(layout.depth),
                ..opts(2)
            };
            let o = count_parts(&Checked::of(task.clone(), board, run).unwrap(), &hooks).unwrap();
            sums = sums + o.0;
        }
        let pieces = book.0.into_inner().unwrap();
        assert_eq!(
            pieces.len() as u64,
            len,
            "{}/{}: each piece once",
            task.work(),
            task.solver()
        );
        let sums = sums + Total::plain(0, layout.prefix_nodes.into());
        let searched = match task.unique_by() {
            UniqueBy::Searched => {
                let (h, q) = nqueens_sched::symmetric(board);
                Total::fixed(h, q)
            }
            UniqueBy::Classified | UniqueBy::Uncounted => Total::default(),
        };
        let merged = sums.summarize(board, task.unique_by(), searched).unwrap();
        let whole = count_task(
            &Checked::of(task.clone(), board, opts(1)).unwrap(),
            &Hooks::watching(&NoProgress),
        )
        .unwrap();
        assert_eq!(merged.solutions, want, "{}/{}", task.work(), task.solver());
        assert_eq!(
            (merged.nodes, merged.fixed_90),
            (whole.0.nodes, whole.0.fixed_90)
        );
        assert_eq!(merged, whole.0, "{}/{}", task.work(), task.solver());
    }
}

/// A checkpoint in memory: pieces known beforehand, and a stop after a
/// number of new ones.
struct Resume {
    known: HashMap<u64, Total>,
    fresh: Mutex<HashMap<u64, Total>>,
    stop_after: usize,
}

impl Watch for Resume {
    fn done(&self, i: u64, f: Total) {
        self.fresh.lock().unwrap().insert(i, f);
    }
}
impl Known for Resume {
    fn recorded(&self, i: u64) -> Option<Total> {
        self.known.get(&i).copied()
    }
}
impl Stop for Resume {
    fn stop(&self) -> bool {
        self.fresh.lock().unwrap().len() >= self.stop_after
    }
}

#[test]
fn an_interrupted_run_resumes_to_the_exact_count() {
    for (task, n, want) in kinds() {
        let board = Board::new(n).unwrap();
        // A resumed run keeps the depth it was split at.
        let depth = task.layout(board, &opts(1)).unwrap().unwrap().depth;
        let at = |threads| Options {
            depth: Some(depth),
            ..opts(threads)
        };
        let first = Resume {
            known: HashMap::new(),
            fresh: Mutex::new(HashMap::new()),
            stop_after: 2,
        };
        let e = count_task(
            &Checked::of(task.clone(), board, at(1)).unwrap(),
            &Hooks::all(&first, None),
        )
        .unwrap_err();
        assert!(
            matches!(e, nqueens_sched::Error::Interrupted { done: 2, .. }),
            "{}/{}: {e}",
            task.work(),
            task.solver()
        );
        let second = Resume {
            known: first.fresh.into_inner().unwrap(),
            fresh: Mutex::new(HashMap::new()),
            stop_after: usize::MAX,
        };
        let r = count_task(
            &Checked::of(task.clone(), board, at(2)).unwrap(),
            &Hooks::all(&second, None),
        )
        .unwrap();
        assert_eq!(r.0.solutions, want, "{}/{}", task.work(), task.solver());
        let fresh = second.fresh.into_inner().unwrap();
        assert!(fresh.keys().all(|i| !second.known.contains_key(i)));
        assert_eq!(fresh.len() + 2, r.1.subproblems.unwrap());
    }
}

#[test]
fn a_variant_splits_by_column_only() {
    let board = Board::new(7).unwrap();
    let deep = Options {
        depth: Some(2),
        ..opts(1)
    };
    // Refused once, where the count is asked for (a count and a shard
    // alike: neither can be run unchecked), in the command line's words.
    let torus = nqueens_tasks::variant(Variant::Torus);
    let want = "--depth must be 1 for --torus: its search splits only by first-row column, not 2";
    let e = Checked::of(torus.clone(), board, deep).unwrap_err();
    assert_eq!(e.to_string(), want);
    let column = Options {
        depth: Some(1),
        ..deep
    };
    let count = Checked::of(torus, board, column).unwrap();
    assert_eq!(count.opts().depth, Some(1));
}

#[test]
fn more_threads_than_pieces_start_one_a_piece_and_count_the_same() {
    // A board of few pieces asked for many threads runs one thread a piece
    // (and one for the symmetric searches), at the depth those threads
    // would have split at; a shard's window counts its own pieces.
    for (task, n, want) in kinds() {
        let board = Board::new(n).unwrap();
        let many = opts(600);
        let layout = task.layout(board, &many).unwrap().unwrap();
        let r = count_task(
            &Checked::of(task.clone(), board, many).unwrap(),
            &Hooks::watching(&NoProgress),
        )
        .unwrap();
        assert_eq!(r.0.solutions, want, "{}/{}", task.work(), task.solver());
        assert_eq!(
            r.1.threads,
            600.min(layout.subproblems + 1).max(2),
            "{}/{}: {} subproblems",
            task.work(),
            task.solver(),
            layout.subproblems
        );
        let window = Hooks {
            select: Some(0..3),
            ..Hooks::watching(&NoProgress)
        };
        let part = count_parts(&Checked::of(task.clone(), board, many).unwrap(), &window).unwrap();
        assert!(
            part.1.threads <= 4,
            "{}/{}: {}",
            task.work(),
            task.solver(),
            part.1.threads
        );
    }
}

#[test]
fn a_split_over_the_memory_budget_is_refused_before_the_symmetric_searches_end() {
    // n = 31's split does not fit 1 GiB: the count stops at once, and the
    // symmetric searches beside it (hours at n = 31) stop with it.
    let board = Board::new(31).unwrap();
    let o = Options {
        threads: Threads::new(2).unwrap(),
        depth: None,
        memory: Some(1 << 30),
    };
    let err = count_task(
        &Checked::of(solvers::default().clone(), board, o).unwrap(),
        &Hooks::watching(&NoProgress),
    )
    .unwrap_err();
    assert!(
        matches!(err, nqueens_sched::Error::OverBudget { share: 0, .. }),
        "{err}"
    );
}
