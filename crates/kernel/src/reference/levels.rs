//! The level-by-level design of the Python exercise in the source documents:
//! build the list of every valid placement of the first queen, then extend
//! each to the valid placements of two queens, then three, and so on, keeping
//! one whole level in memory at a time. Breadth-first instead of depth-first:
//! simple to reason about, and its memory is the size of the largest level.

use crate::ledger::{Ledger, OverCap};
use crate::{Board, Error, Tally};

/// The largest board the level search accepts: at n = 14 its widest level
/// holds about 2.5 million partial placements (35 MB); larger boards would
/// need gigabytes.
pub const LEVELS_MAX_N: usize = 14;

/// What the level search found and how large its lists grew.
///
/// ```
/// use nqueens_kernel::{reference::levels, Board};
/// let l = levels(Board::new(8).unwrap());
/// assert_eq!(&l.sizes[..3], &[8, 42, 140]);
/// assert_eq!(l.tally.solutions, 92);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelTally {
    /// Solutions, and nodes: every placement ever listed (the sum of `sizes`).
    pub tally: Tally,
    /// `sizes[k]` is the number of valid placements of `k + 1` queens.
    pub sizes: Vec<u64>,
    /// The largest list held at once.
    pub peak: u64,
}

/// Counts solutions level by level, keeping each level's placements as a
/// flat list of columns (`k` bytes per placement at level `k`).
///
/// ```
/// use nqueens_kernel::{reference::levels, Board};
/// assert_eq!(levels(Board::new(6).unwrap()).tally.solutions, 4);
/// ```
pub fn levels(board: Board) -> LevelTally {
    levels_capped(board, usize::MAX).expect("without a cap, memory runs out before the cap does")
}

/// [`levels`] with its two lists (a level and the next) holding at most
/// `cap` bytes between them: [`Error::OverBudget`] as soon as the next
/// level would need more.
///
/// ```
/// use nqueens_kernel::{reference::levels_capped, Board, Error};
/// let board = Board::new(8).unwrap();
/// assert_eq!(levels_capped(board, 1 << 14).unwrap().tally.solutions, 92);
/// assert_eq!(levels_capped(board, 1000), Err(Error::OverBudget { cap: 1000 }));
/// ```
pub fn levels_capped(board: Board, cap: usize) -> Result<LevelTally, Error> {
    let n = board.n();
    let mut ledger = Ledger { held: 0, cap };
    let over = |_: OverCap| Error::OverBudget { cap: cap as u64 };
    let mut level: Vec<u8> = Vec::new();
    ledger.room(&mut level, n).map_err(over)?;
    level.extend(0..n as u8);
    let mut out = LevelTally {
        sizes: vec![n as u64],
        ..LevelTally::default()
    };
    for k in 1..n {
        let mut next = Vec::new();
        for placement in level.chunks_exact(k) {
            for col in 0..n as u8 {
                let safe = placement.iter().enumerate().all(|(r, &c)| {
                    let d = usize::from(c.abs_diff(col));
                    d != 0 && d != k - r
                });
                if safe {
                    ledger.room(&mut next, k + 1).map_err(over)?;
                    next.extend_from_slice(placement);
                    next.push(col);
                }
            }
        }
        out.sizes.push((next.len() / (k + 1)) as u64);
        ledger.held -= level.capacity();
        level = next;
    }
    out.tally.solutions = *out.sizes.last().expect("n >= 1 levels");
    out.tally.nodes = out.sizes.iter().sum();
    out.peak = out.sizes.iter().copied().max().unwrap_or(0);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_classic_search_in_solutions_and_nodes() {
        crate::reference::assert_agrees_with_classic(|board| levels(board).tally);
    }
}
