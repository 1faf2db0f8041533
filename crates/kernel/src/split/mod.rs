//! What every split of a board has in common: a list of independently
//! countable subproblems with stable indices, and the nodes it took to make
//! them. Each kind of split supplies its own constructor and subproblem type
//! (`prefix.rs`, `pairs/`, `halves/`); the scheduler fans out any of them alike.

mod prefix;

pub use prefix::{Split, Subproblem};

use std::ops::Range;

use crate::{Board, Error, Tally};

/// One independently countable subproblem.
pub trait Part: Sync {
    /// Working memory a thread keeps from one part to the next (`()` for
    /// parts that need none).
    type Scratch: Default;
    /// Its stable index in its split.
    fn index(&self) -> u64;
    /// Its weighted solutions and the nodes below it.
    fn count(&self, board: Board) -> Tally;
    /// [`Part::count`] in working memory kept between calls on one thread;
    /// the same as `count` unless the part has a use for it.
    fn count_in(&self, board: Board, _scratch: &mut Self::Scratch) -> Tally {
        self.count(board)
    }
    /// [`Part::count_in`] with `scratch` holding at most `cap` bytes:
    /// [`Error::OverBudget`] as soon as it would need more. Parts that
    /// keep no working memory (a search's stack aside) never fail.
    fn count_capped(
        &self,
        board: Board,
        scratch: &mut Self::Scratch,
        _cap: usize,
    ) -> Result<Tally, Error> {
        Ok(self.count_in(board, scratch))
    }
    /// A cheap estimate of its work relative to the others of its split
    /// (nodes within the next three rows, at least 1), for progress bars.
    fn estimate(&self, board: Board) -> u64;
}

/// A board cut into subproblems of type `P` at a given depth.
///
/// The total of the board is the sum of every part's weighted count, plus
/// the prefix nodes for the node count; the same at every depth.
///
/// A split made `within` a window of indices enumerates every subproblem
/// (so [`Partition::len`] is the whole split's) but holds only those of
/// the window: one shard of a cluster plan needs no more memory than its
/// own subproblems take.
///
/// ```
/// use nqueens_kernel::{split::Split, Board};
/// let board = Board::new(8).unwrap();
/// let split = Split::new(board, 3).unwrap();
/// let tally: u64 = split.subproblems().iter().map(|s| s.count(board).solutions).sum();
/// assert_eq!(tally, 92);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition<P> {
    pub(crate) board: Board,
    pub(crate) depth: usize,
    pub(crate) parts: Vec<P>,
    pub(crate) prefix_nodes: u64,
    /// The indices whose parts are held; `None` for all.
    window: Option<Range<u64>>,
    /// Subproblems enumerated so far, held or not: the next one's index.
    enumerated: u64,
}

impl<P> Partition<P> {
    /// An empty partition of `board` at `depth`, checked to be in `1..=n`,
    /// that will hold the parts whose index is in `window` (all for `None`).
    pub(crate) fn empty(
        board: Board,
        depth: usize,
        window: Option<Range<u64>>,
    ) -> Result<Partition<P>, Error> {
        let n = board.n();
        if depth == 0 || depth > n {
            return Err(Error::DepthOutOfRange { depth, n });
        }
        Ok(Partition {
            board,
            depth,
            parts: Vec::new(),
            prefix_nodes: 0,
            window,
            enumerated: 0,
        })
    }

    /// Enumerates the next part (made with its index by `make`), holding
    /// it if its index is in the window.
    pub(crate) fn keep(&mut self, make: impl FnOnce(u64) -> P) {
        let index = self.enumerated;
        if self.window.as_ref().is_none_or(|w| w.contains(&index)) {
            self.parts.push(make(index));
        }
        self.enumerated += 1;
    }

    /// Whether any of the next `count` parts would be held (always, with
    /// no window).
    pub(crate) fn wants(&self, count: u64) -> bool {
        let (from, to) = (self.enumerated, self.enumerated + count);
        self.window
            .as_ref()
            .is_none_or(|w| w.start < to && from < w.end)
    }

    /// Enumerates the next `count` parts without making them: none of
    /// them may be held (see [`Partition::wants`]).
    pub(crate) fn skip(&mut self, count: u64) {
        debug_assert!(count == 0 || !self.wants(count));
        self.enumerated += count;
    }

    /// Whether every part from here on is past the window.
    pub(crate) fn past(&self) -> bool {
        self.window
            .as_ref()
            .is_some_and(|w| self.enumerated >= w.end)
    }

    /// The board this split cuts.
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// let board = Board::new(6).unwrap();
    /// assert_eq!(Split::new(board, 2).unwrap().board(), board);
    /// ```
    pub fn board(&self) -> Board {
        self.board
    }

    /// The depth the split was made at.
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// assert_eq!(Split::new(Board::new(6).unwrap(), 2).unwrap().depth(), 2);
    /// ```
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// How many subproblems the split has (the whole split's, also when it
    /// holds only a window of them).
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// // n = 4: first queen in column 0 or 1; the second row then has 2 and 1 choices.
    /// assert_eq!(Split::new(Board::new(4).unwrap(), 2).unwrap().len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.enumerated as usize
    }

    /// Whether the split has no subproblem (n = 2 or 3 at depth 2 or more).
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// assert!(Split::new(Board::new(3).unwrap(), 3).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.enumerated == 0
    }

    /// The subproblems it holds, in index order: all of them, or those of
    /// its window.
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// let split = Split::new(Board::new(8).unwrap(), 2).unwrap();
    /// assert!(split.subproblems().iter().enumerate().all(|(i, s)| s.index == i as u64));
    /// let board = Board::new(8).unwrap();
    /// let window = Split::within(board, 2, Some(3..5)).unwrap();
    /// assert_eq!((window.len(), window.subproblems().len()), (split.len(), 2));
    /// assert_eq!(window.subproblems(), &split.subproblems()[3..5]);
    /// ```
    pub fn subproblems(&self) -> &[P] {
        &self.parts
    }

    /// The indices of the subproblems it holds.
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// let board = Board::new(8).unwrap();
    /// let len = Split::new(board, 2).unwrap().len() as u64;
    /// assert_eq!(Split::new(board, 2).unwrap().held(), 0..len);
    /// assert_eq!(Split::within(board, 2, Some(len - 2..len + 8)).unwrap().held(), len - 2..len);
    /// ```
    pub fn held(&self) -> Range<u64> {
        let first = self
            .window
            .as_ref()
            .map_or(0, |w| w.start.min(self.enumerated));
        first..first + self.parts.len() as u64
    }

    /// The subproblem with a given index, if the split holds it.
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// let split = Split::new(Board::new(8).unwrap(), 2).unwrap();
    /// assert_eq!(split.get(1).unwrap().columns(), &[0, 3]);
    /// assert!(split.get(1000).is_err());
    /// ```
    pub fn get(&self, index: u64) -> Result<&P, Error> {
        let held = self.held();
        held.contains(&index)
            .then(|| &self.parts[(index - held.start) as usize])
            .ok_or(Error::IndexOutOfRange {
                index,
                len: self.enumerated,
            })
    }

    /// Nodes (queens placed) of the search that made the subproblems, dead
    /// ends included. Added to the nodes of every subproblem, it gives the
    /// same figure whatever the depth.
    ///
    /// ```
    /// use nqueens_kernel::{split::Split, Board};
    /// // n = 4, depth 1: the two first-row queens of the left half.
    /// assert_eq!(Split::new(Board::new(4).unwrap(), 1).unwrap().prefix_nodes(), 2);
    /// ```
    pub fn prefix_nodes(&self) -> u64 {
        self.prefix_nodes
    }
}

impl<P: Part> Partition<P> {
    /// Counts every subproblem on the calling thread, in index order, and
    /// adds the prefix nodes.
    ///
    /// ```
    /// use nqueens_kernel::{pairs::PairSplit, split::Split, Board};
    /// let board = Board::new(9).unwrap();
    /// assert_eq!(Split::new(board, 2).unwrap().count(board).solutions, 352);
    /// assert_eq!(PairSplit::new(board, 2).unwrap().count(board).solutions, 352);
    /// ```
    pub fn count(&self, board: Board) -> Tally {
        let mut scratch = P::Scratch::default();
        let mut tally: Tally = self
            .parts
            .iter()
            .map(|p| p.count_in(board, &mut scratch))
            .sum();
        tally.nodes += self.prefix_nodes;
        tally
    }
}
