//! The variants' counts (torus, no three in line) as kinds of count
//! ([`VariantCount`]): one piece per first-row column, each the puzzle's
//! [`Variant::count_column`], which also classifies every solution's
//! symmetries, so the unique count needs no search of its own. The
//! columns' work is very uneven for no-three-in-line (and equal on the
//! torus); the engine spreads them.

use nqueens_kernel::Board;
use nqueens_puzzles::variant::{Variant, VariantTally};
use nqueens_sched::{
    run_pieces, Error, Hooks, Kind, Layout, Limit, Options, Search, Total, UniqueBy, Work,
};

/// A variant's count, by the variant's own search: recorded as the work
/// named for the variant (`torus`, `no-three-in-line`).
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_puzzles::variant::Variant;
/// use nqueens_sched::{Kind, Options};
/// use nqueens_tasks::VariantCount;
/// let torus = VariantCount(Variant::Torus);
/// assert_eq!((torus.work().as_str(), torus.solver()), ("torus", "torus-bitmask"));
/// let l = torus.layout(Board::new(7).unwrap(), &Options::sequential());
/// assert_eq!(l.unwrap().unwrap().subproblems, 7);
/// let e = torus.depths(Board::new(8).unwrap()).unwrap().check("--depth", 2).unwrap_err();
/// assert_eq!(e.to_string(),
///     "--depth must be 1 for --torus: its search splits only by first-row column, not 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantCount(pub Variant);

impl Kind for VariantCount {
    fn work(&self) -> String {
        self.0.name().into()
    }

    fn solver(&self) -> &'static str {
        match self.0 {
            Variant::Torus => "torus-bitmask",
            Variant::NoThreeInLine => "collinear-pruning",
        }
    }

    fn description(&self) -> &'static str {
        match self.0 {
            Variant::Torus => "queens on a torus: the diagonals wrap around the edges",
            Variant::NoThreeInLine => "ordinary solutions with no three queens on one line",
        }
    }

    fn unique_by(&self) -> UniqueBy {
        UniqueBy::Classified
    }

    /// The boards its search counts in about a minute.
    fn sizes(&self) -> Limit {
        let v = self.0;
        Limit::new(
            1..=v.max_n(),
            format!(
                " for --{} (n = {} takes about a minute)",
                v.name(),
                v.max_n()
            ),
        )
    }

    /// By first-row column only.
    fn depths(&self, _board: Board) -> Result<Limit, Error> {
        Ok(Limit::new(
            Variant::DEPTH..=Variant::DEPTH,
            format!(
                " for --{}: its search splits only by first-row column",
                self.0.name()
            ),
        ))
    }

    fn layout(&self, board: Board, _opts: &Options) -> Result<Option<Layout>, Error> {
        Ok(Some(Layout {
            depth: Variant::DEPTH,
            subproblems: Columns {
                variant: self.0,
                board,
            }
            .len(),
            prefix_nodes: 0,
        }))
    }

    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<(Total, Search), Error> {
        let columns = Columns {
            variant: self.0,
            board,
        };
        run_pieces(&columns, Variant::DEPTH, opts, hooks)
    }
}

/// What a column found, as the engine records it: the five numbers of a
/// classified piece ([`nqueens_sched::UniqueBy::Classified`]).
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_puzzles::variant::Variant;
/// let t = Variant::Torus.count_column(Board::new(5).unwrap(), 0);
/// let f = nqueens_tasks::classified(t);
/// assert_eq!((f.solutions, f.unique), (t.solutions.into(), t.fundamental.into()));
/// ```
pub fn classified(t: VariantTally) -> Total {
    Total {
        fixed_180: t.fixed_180.into(),
        fixed_90: t.fixed_90.into(),
        unique: t.fundamental.into(),
        ..Total::plain(t.solutions.into(), t.nodes.into())
    }
}

/// The first-row columns of a variant's board.
struct Columns {
    variant: Variant,
    board: Board,
}

impl Work for Columns {
    type Scratch = ();
    fn len(&self) -> usize {
        self.board.n()
    }
    fn piece_bytes(&self) -> u64 {
        0
    }
    fn count(&self, index: usize, _: &mut (), _: usize) -> Option<Total> {
        Some(classified(self.variant.count_column(self.board, index)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens_sched::{count_task, Checked, Hooks, NoProgress, Options, Threads};

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
                    let (r, _) = count_task(
                        &Checked::new(VariantCount(variant), board, opts).unwrap(),
                        &Hooks::watching(&NoProgress),
                    )
                    .unwrap();
                    let got = (r.solutions, r.nodes, r.fixed_180, r.fixed_90);
                    let want = (
                        alone.solutions,
                        alone.nodes,
                        alone.fixed_180,
                        alone.fixed_90,
                    );
                    assert_eq!(got, want, "{variant:?}, n = {n}, {threads} threads");
                    assert_eq!(r.unique, alone.unique);
                }
            }
        }
    }
}
