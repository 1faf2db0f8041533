//! What a run counts ([`Total`]): the one type from a piece of work to a
//! whole board. A piece holds solutions and nodes (and, for a kind that
//! classifies, the symmetries of each solution it found); pieces add up
//! in `u128`; [`Total::summarize`] adds the symmetric counts and the
//! unique count by Burnside's lemma, for a whole count and a merge of
//! shards alike; [`Total::record`] names its values, the counts of every
//! record.

use nqueens_kernel::symmetry::{burnside, burnside_divides};
use nqueens_kernel::{Board, Tally};

use crate::{Error, UniqueBy, Value};

/// Solutions, nodes and the symmetric counts, of one piece of work or of
/// a whole board, summed in `u128` (totals pass `u64` from n = 29 on).
///
/// A piece fills `solutions` and `nodes`; a piece of a kind that
/// classifies its solutions ([`UniqueBy::Classified`]: the variants)
/// also `fixed_180`, `fixed_90` and `unique` (its solutions that are the
/// smallest of their orbit). A summarized total holds a board's counts.
///
/// ```
/// use nqueens_sched::Total;
/// let t = Total::from(nqueens_kernel::Tally { solutions: 4, nodes: 30 });
/// assert_eq!((t.solutions, t.nodes, t.unique), (4, 30, 0));
/// assert_eq!(t + Total::plain(1, 2), Total::plain(5, 32));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Total {
    /// Solutions (weighted, for the splits that count one of a mirror
    /// pair): OEIS A000170 for a board.
    pub solutions: u128,
    /// Nodes of the search (queens placed).
    pub nodes: u128,
    /// Solutions a half turn leaves unchanged: classified by a piece, or
    /// searched beside the total (OEIS A032522).
    pub fixed_180: u128,
    /// Solutions a quarter turn leaves unchanged (OEIS A033148).
    pub fixed_90: u128,
    /// Solutions up to the board's symmetries: a classifying piece's
    /// solutions that are the smallest of their orbit; a board's by
    /// Burnside's lemma (OEIS A002562).
    pub unique: u128,
    /// Nodes of the two symmetric searches together.
    pub symmetry_nodes: u128,
    /// The part of `nodes` taken from recorded results (a checkpoint being
    /// resumed), not searched by this run.
    pub resumed_nodes: u128,
}

impl Total {
    /// Solutions and nodes alone.
    ///
    /// ```
    /// let t = nqueens_sched::Total::plain(92, 2056);
    /// assert_eq!((t.solutions, t.nodes, t.fixed_90), (92, 2056, 0));
    /// ```
    pub fn plain(solutions: u128, nodes: u128) -> Total {
        Total {
            solutions,
            nodes,
            ..Total::default()
        }
    }

    /// What the symmetric searches found: the solutions fixed by the half
    /// turn and by the quarter turn, and the nodes of both searches.
    ///
    /// ```
    /// let board = nqueens_kernel::Board::new(8).unwrap();
    /// let (half, quarter) = nqueens_sched::symmetric(board);
    /// let f = nqueens_sched::Total::fixed(half, quarter);
    /// assert_eq!((f.fixed_180, f.fixed_90, f.solutions), (4, 0, 0));
    /// ```
    pub fn fixed(half: Tally, quarter: Tally) -> Total {
        Total {
            fixed_180: half.solutions.into(),
            fixed_90: quarter.solutions.into(),
            symmetry_nodes: u128::from(half.nodes) + u128::from(quarter.nodes),
            ..Total::default()
        }
    }

    /// A piece's numbers in a fixed order, the first `width` of them: what
    /// a checkpoint or a shard result records (2 for a plain piece, 5 for
    /// a classified one, [`crate::Kind::width`]).
    ///
    /// ```
    /// use nqueens_sched::Total;
    /// let f = Total { solutions: 1, nodes: 2, fixed_180: 3, fixed_90: 4, unique: 5, ..Total::default() };
    /// assert_eq!(f.numbers(2), vec![1, 2]);
    /// assert_eq!(Total::from_numbers(&f.numbers(5)), Some(f));
    /// ```
    pub fn numbers(&self, width: usize) -> Vec<u64> {
        // A piece's numbers are a kernel's or a variant's tally, in u64.
        let piece = |v: u128| u64::try_from(v).expect("a piece's counts fit u64");
        let all = [
            self.solutions,
            self.nodes,
            self.fixed_180,
            self.fixed_90,
            self.unique,
        ];
        all[..width.min(all.len())]
            .iter()
            .map(|&v| piece(v))
            .collect()
    }

    /// The inverse of [`Total::numbers`]: 2 or 5 numbers, `None` otherwise.
    ///
    /// ```
    /// use nqueens_sched::Total;
    /// assert_eq!(Total::from_numbers(&[7, 9]), Some(Total::plain(7, 9)));
    /// assert_eq!(Total::from_numbers(&[7]), None);
    /// ```
    pub fn from_numbers(f: &[u64]) -> Option<Total> {
        let piece = |solutions: u64, nodes: u64| Total::plain(solutions.into(), nodes.into());
        match *f {
            [solutions, nodes] => Some(piece(solutions, nodes)),
            [solutions, nodes, fixed_180, fixed_90, unique] => Some(Total {
                fixed_180: fixed_180.into(),
                fixed_90: fixed_90.into(),
                unique: unique.into(),
                ..piece(solutions, nodes)
            }),
            _ => None,
        }
    }

    /// The counts of `board` from the summed pieces, for `count` and
    /// `merge` alike: the symmetric counts as the kind finds them
    /// (`searched` beside the total, the n-queens count; classified in the
    /// pieces, the variants), unique by Burnside's lemma; for a kind that
    /// counts no symmetries, the total and nodes alone (unique and the
    /// fixed counts 0). Refuses counts Burnside's lemma says cannot all be
    /// right, before it divides them by the group's order (a record
    /// resumed from a checkpoint or a shard result, forged or damaged and
    /// sealed again).
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_sched::{Total, UniqueBy};
    /// let b = Board::new(8).unwrap();
    /// let s = Total { fixed_180: 4, symmetry_nodes: 30, ..Total::default() };
    /// let c = Total::plain(92, 1965).summarize(b, UniqueBy::Searched, s).unwrap();
    /// assert_eq!((c.solutions, c.unique, c.symmetry_nodes), (92, 12, 30));
    /// assert!(Total::plain(93, 1965).summarize(b, UniqueBy::Searched, s).is_err());
    /// ```
    pub fn summarize(self, board: Board, by: UniqueBy, searched: Total) -> Result<Total, Error> {
        let symmetric = match by {
            UniqueBy::Searched => searched,
            UniqueBy::Classified => Total {
                symmetry_nodes: 0,
                ..self
            },
            UniqueBy::Uncounted => {
                return Ok(Total {
                    fixed_180: 0,
                    fixed_90: 0,
                    unique: 0,
                    symmetry_nodes: 0,
                    ..self
                })
            }
        };
        let (fixed_180, fixed_90) = (symmetric.fixed_180, symmetric.fixed_90);
        if !burnside_divides(board, self.solutions, fixed_180, fixed_90) {
            return Err(Error::Inconsistent {
                total: self.solutions,
                fixed_180,
                fixed_90,
            });
        }
        Ok(Total {
            fixed_180,
            fixed_90,
            unique: burnside(board, self.solutions, fixed_180, fixed_90),
            symmetry_nodes: symmetric.symmetry_nodes,
            ..self
        })
    }

    /// A board's counts as named values, in the order every record shows
    /// them: `total`, `unique`, `fixed_180`, `fixed_90`, `nodes`,
    /// `symmetry_nodes`; `unique` and the fixed counts null where the
    /// symmetries were not counted (`symmetries` false: the puzzles).
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_sched::{Total, UniqueBy, Value};
    /// let b = Board::new(8).unwrap();
    /// let fixed = Total { fixed_180: 4, ..Total::default() };
    /// let c = Total::plain(92, 1965).summarize(b, UniqueBy::Searched, fixed).unwrap();
    /// assert_eq!(c.record(true)[1], ("unique", Value::Int(12)));
    /// assert_eq!(c.record(false)[1], ("unique", Value::Null));
    /// ```
    pub fn record(&self, symmetries: bool) -> [(&'static str, Value); 6] {
        let counted = |v: u128| -> Value { symmetries.then_some(v).into() };
        [
            ("total", self.solutions.into()),
            ("unique", counted(self.unique)),
            ("fixed_180", counted(self.fixed_180)),
            ("fixed_90", counted(self.fixed_90)),
            ("nodes", self.nodes.into()),
            ("symmetry_nodes", self.symmetry_nodes.into()),
        ]
    }
}

impl From<Tally> for Total {
    fn from(t: Tally) -> Total {
        Total::plain(t.solutions.into(), t.nodes.into())
    }
}

impl std::ops::Add for Total {
    type Output = Total;
    fn add(self, o: Total) -> Total {
        Total {
            solutions: self.solutions + o.solutions,
            nodes: self.nodes + o.nodes,
            fixed_180: self.fixed_180 + o.fixed_180,
            fixed_90: self.fixed_90 + o.fixed_90,
            unique: self.unique + o.unique,
            symmetry_nodes: self.symmetry_nodes + o.symmetry_nodes,
            resumed_nodes: self.resumed_nodes + o.resumed_nodes,
        }
    }
}

impl std::iter::Sum for Total {
    fn sum<I: Iterator<Item = Total>>(iter: I) -> Total {
        iter.fold(Total::default(), |a, b| a + b)
    }
}
