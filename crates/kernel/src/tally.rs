//! What a count yields: solutions and the nodes it took, added up across
//! subproblems, threads and shards.

/// What one search found: solutions, and the nodes (queens placed) it took.
///
/// Nodes count every queen the search put on the board, including the ones
/// that later led nowhere; the root (empty board) is not a node. For the full
/// 8-queens tree that is 2056, the figure of the classic textbook search.
///
/// ```
/// use nqueens_kernel::Tally;
/// let t = Tally { solutions: 2, nodes: 10 } + Tally { solutions: 1, nodes: 5 };
/// assert_eq!(t, Tally { solutions: 3, nodes: 15 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Complete placements found.
    pub solutions: u64,
    /// Queens placed on the way, the root excluded.
    pub nodes: u64,
}

impl std::ops::Add for Tally {
    type Output = Tally;
    fn add(self, other: Tally) -> Tally {
        Tally {
            solutions: self.solutions + other.solutions,
            nodes: self.nodes + other.nodes,
        }
    }
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Tally {
    fn sum<I: Iterator<Item = Tally>>(iter: I) -> Tally {
        iter.fold(Tally::default(), |a, b| a + b)
    }
}
