//! The variants' work (torus, no three in line): one piece per first-row
//! column, each the puzzle's [`Variant::count_column`], which also
//! classifies every solution's symmetries, so the unique count needs no
//! search of its own. The columns' work is very uneven for
//! no-three-in-line (and equal on the torus); the engine spreads them.

use nqueens_kernel::Board;
use nqueens_puzzles::variant::{Variant, VariantTally};
use nqueens_sched::{Found, Work};

/// What a column found, as the engine records it: the five numbers of a
/// classified piece ([`nqueens_sched::UniqueBy::Classified`]).
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_puzzles::variant::Variant;
/// let t = Variant::Torus.count_column(Board::new(5).unwrap(), 0);
/// let f = nqueens_tasks::classified(t);
/// assert_eq!((f.solutions, f.fundamental), (t.solutions, t.fundamental));
/// ```
pub fn classified(t: VariantTally) -> Found {
    Found {
        solutions: t.solutions,
        nodes: t.nodes,
        fixed_180: t.fixed_180,
        fixed_90: t.fixed_90,
        fundamental: t.fundamental,
    }
}

/// The first-row columns of a variant's board.
pub(crate) struct Columns {
    pub(crate) variant: Variant,
    pub(crate) board: Board,
}

impl Work for Columns {
    type Scratch = ();
    fn len(&self) -> usize {
        self.board.n()
    }
    fn piece_bytes(&self) -> u64 {
        0
    }
    fn count(&self, index: usize, _: &mut (), _: usize) -> Option<Found> {
        Some(classified(self.variant.count_column(self.board, index)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_sched::{count_task, Checked, Hooks, NoProgress, Options, Threads};

    use crate::Task;

    #[test]
    fn every_thread_count_gives_the_sequential_tally() {
        for variant in Variant::ALL {
            for n in [1, 5, 8, 11] {
                let board = Board::new(n).unwrap();
                let alone = classified(variant.count(board));
                for threads in [1, 2, 3, 16] {
                    let opts = Options {
                        threads: Threads::new(threads).unwrap(),
                        ..Options::sequential()
                    };
                    let r = count_task(
                        &Checked::new(Task::Variant(variant), board, opts).unwrap(),
                        &Hooks::watching(&NoProgress),
                    )
                    .unwrap();
                    let got = (
                        r.counts.total,
                        r.counts.nodes,
                        r.counts.fixed_180,
                        r.counts.fixed_90,
                    );
                    let want = (
                        u128::from(alone.solutions),
                        u128::from(alone.nodes),
                        u128::from(alone.fixed_180),
                        u128::from(alone.fixed_90),
                    );
                    assert_eq!(got, want, "{variant:?}, n = {n}, {threads} threads");
                    assert_eq!(r.counts.unique, u128::from(alone.fundamental));
                }
            }
        }
    }
}
