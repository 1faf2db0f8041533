//! The solvers that count the whole board on the calling thread, without
//! a split: one row of a table each ([`OneThread`]), not a file each. Most
//! are the source documents' designs, kept to compare with and to report
//! what those designs count (calls, loop passes, level sizes).

use nqueens_kernel::reference::{
    brute_force, classic,
    exhaustive::{every_set, one_per_row},
    free_columns, levels_capped, BRUTE_MAX_N, LEVELS_MAX_N,
};
use nqueens_kernel::search::{count_from, State};
use nqueens_kernel::{count_total, Board, MAX_N};

use crate::{Error, Hooks, Kind, Layout, Limit, Options, Search, Total, UniqueBy};

/// How a row counts a board: its total and how the search went.
type Count = fn(Board, &Options) -> Result<(Total, Search), Error>;

/// A one-thread solver: its name, what it is, the boards it counts, and
/// the count itself.
#[derive(Clone, Copy)]
pub struct OneThread {
    name: &'static str,
    description: &'static str,
    max_n: usize,
    /// Whether `nqueens bench` times it by default (the exhaustive
    /// searches of every placement take minutes past tiny boards).
    in_default_bench: bool,
    /// Whether a memory budget caps it.
    budgeted: bool,
    count: Count,
}

impl std::fmt::Debug for OneThread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OneThread")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Kind for OneThread {
    fn work(&self) -> String {
        super::WORK.into()
    }
    fn solver(&self) -> &'static str {
        self.name
    }
    fn description(&self) -> &'static str {
        self.description
    }
    fn unique_by(&self) -> UniqueBy {
        UniqueBy::Searched
    }
    fn sizes(&self) -> Limit {
        super::sizes(self.name, self.max_n)
    }
    /// None: the whole board is one search. The solvers that split are
    /// those that fan out over threads: the split is what they share out.
    fn depths(&self, _board: Board) -> Result<Limit, Error> {
        Err(Error::Refused(format!(
            "--depth does not apply: solver {} does not split its work (solvers that split: {})",
            self.name,
            super::names(|s| s.uses_threads())
        )))
    }
    fn uses_threads(&self) -> bool {
        false
    }
    fn budgeted(&self) -> bool {
        self.budgeted
    }
    fn in_default_bench(&self) -> bool {
        self.in_default_bench
    }
    fn layout(&self, _board: Board, _opts: &Options) -> Result<Option<Layout>, Error> {
        Ok(None)
    }
    fn total(&self, board: Board, opts: &Options, _: &Hooks) -> Result<(Total, Search), Error> {
        (self.count)(board, opts)
    }
}

/// What a one-thread search that does not split found.
fn sequential(total: Total) -> (Total, Search) {
    (total, Search::sequential())
}

/// A row: counted by a plain function, in the default bench, no budget.
const fn row(
    name: &'static str,
    description: &'static str,
    max_n: usize,
    count: Count,
) -> OneThread {
    OneThread {
        name,
        description,
        max_n,
        in_default_bench: true,
        budgeted: false,
        count,
    }
}

/// The kernel's one-thread count, unsplit.
pub(super) const MIRROR: OneThread = row(
    "mirror",
    "bitmask kernel with first-row half-mirroring, one thread, no split",
    MAX_N,
    |board, _| Ok(sequential(Total::from(count_total(board)))),
);

/// The bitmask kernel without any symmetry: the whole tree.
pub(super) const BITMASK: OneThread = row(
    "bitmask",
    "bitmask depth-first search of the whole tree, no mirroring, one thread",
    MAX_N,
    |board, _| Ok(sequential(Total::from(count_from(board, State::empty())))),
);

/// The Turbo Pascal design: the free columns passed down the recursion.
pub(super) const COLUMNS: OneThread = row(
    "columns",
    "free-column array passed down the recursion, only diagonals tested (Turbo Pascal design)",
    MAX_N,
    |board, _| Ok(sequential(Total::from(free_columns(board)))),
);

/// The textbook table search of the source documents, with its calls and
/// loop passes.
pub(super) const CLASSIC: OneThread = row(
    "classic",
    "textbook array search (tables of columns and diagonals), counts calls and loop iterations",
    MAX_N,
    |board, _| {
        let t = classic(board);
        Ok((
            Total::plain(u128::from(t.solutions), u128::from(t.calls)),
            Search {
                calls: Some(t.calls),
                iterations: Some(t.iterations),
                ..Search::sequential()
            },
        ))
    },
);

/// The level-by-level design: all placements of k queens, then k + 1,
/// every level held (under the budget).
pub(super) const LEVELS: OneThread = OneThread {
    budgeted: true,
    ..row(
        "levels",
        "level by level: every valid placement of k queens, then k + 1 (reports every level's size: 8, 42, 140, 344, 568, 550, 312, 92 at n = 8)",
        LEVELS_MAX_N,
        |board, opts| {
            let cap = opts
                .memory
                .map_or(usize::MAX, |m| usize::try_from(m).unwrap_or(usize::MAX));
            let l = levels_capped(board, cap).map_err(|_| Error::OverBudget {
                index: 0,
                share: opts.memory.unwrap_or(u64::MAX),
                threads: 1,
                done: 0,
                total: 1,
            })?;
            Ok((
                Total::from(l.tally),
                Search {
                    level_sizes: Some(l.sizes),
                    ..Search::sequential()
                },
            ))
        },
    )
};

/// Every permutation, checked at the end: the exhaustive brute force.
pub(super) const BRUTE: OneThread = row(
    "brute",
    "all n! permutations, diagonals checked at the end (nodes = permutations)",
    BRUTE_MAX_N,
    |board, _| Ok(sequential(Total::from(brute_force(board)))),
);

/// One queen per row, every choice of columns checked whole: the article
/// 003's "une seule dame par rangée", n^n placements. Up to n = 9,
/// measured in a release build: n = 9's 387,420,489 placements take 1.9 s
/// of CPU; n = 10's 10^10 take 50 s.
pub(super) const BRUTE_ROWS: OneThread = OneThread {
    in_default_bench: false,
    ..row(
        "brute-rows",
        "one queen per row, all n^n column choices, each checked whole (nodes = placements; 003)",
        9,
        |board, _| {
            let t = one_per_row(board.n()).expect("n <= max_n, within one_per_row's range");
            Ok(sequential(Total::plain(
                t.solutions.into(),
                t.candidates.into(),
            )))
        },
    )
};

/// Every set of n squares, checked whole: exercise sheet 002 §2.6's
/// "toutes les combinaisons possibles des n reines sur l'échiquier". Up
/// to n = 8, measured in a release build: n = 8's 4,426,165,368 sets take
/// 6.3 s of CPU; n = 9's 2.6·10^11 would take about 370 s.
pub(super) const BRUTE_SETS: OneThread = OneThread {
    in_default_bench: false,
    ..row(
        "brute-sets",
        "every set of n squares, C(n^2, n) of them, each checked whole (nodes = sets; 002 §2.6)",
        8,
        |board, _| {
            let t = every_set(board.n()).expect("n <= max_n, within every_set's range");
            Ok(sequential(Total::plain(
                t.solutions.into(),
                t.candidates.into(),
            )))
        },
    )
};
