//! The free-columns design of the Turbo Pascal program in the source
//! documents: an array of the columns still free is passed down the
//! recursion, the chosen column removed from the copy, so only the two
//! diagonals are ever tested, against every queen already placed.

use crate::{Board, Tally};

/// Counts solutions by passing down the list of free columns; `nodes` is the
/// number of queens placed (2056 for n = 8, as for every full search).
///
/// ```
/// use nqueens_kernel::{reference::free_columns, Board};
/// let t = free_columns(Board::new(8).unwrap());
/// assert_eq!((t.solutions, t.nodes), (92, 2056));
/// ```
pub fn free_columns(board: Board) -> Tally {
    let n = board.n();
    let free: Vec<u8> = (0..n as u8).collect();
    let mut placed = Vec::with_capacity(n);
    let mut tally = Tally::default();
    search(&free, &mut placed, &mut tally);
    tally
}

/// `free` holds the columns no queen uses yet; `placed[r]` is row `r`'s column.
fn search(free: &[u8], placed: &mut Vec<u8>, tally: &mut Tally) {
    if free.is_empty() {
        tally.solutions += 1;
        return;
    }
    let row = placed.len();
    for (i, &col) in free.iter().enumerate() {
        let safe = placed
            .iter()
            .enumerate()
            .all(|(r, &c)| usize::from(c.abs_diff(col)) != row - r);
        if safe {
            tally.nodes += 1;
            // The copy without the chosen column, as the Pascal `Trav` array.
            let mut rest = Vec::with_capacity(free.len() - 1);
            rest.extend_from_slice(&free[..i]);
            rest.extend_from_slice(&free[i + 1..]);
            placed.push(col);
            search(&rest, placed, tally);
            placed.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_classic_search_in_solutions_and_nodes() {
        crate::reference::assert_agrees_with_classic(free_columns);
    }
}
