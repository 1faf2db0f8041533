//! The bitmask depth-first search at the heart of every count.
//!
//! Rows are filled top to bottom. After some rows are placed, three words say
//! which columns of the next row are attacked: by a queen in the same column
//! (`cols`), or along a diagonal (`ld`, shifted one column left per row, and
//! `rd`, shifted one column right). The free squares of the next row are
//! `full & !(cols | ld | rd)`, and the lowest one is `avail & -avail`: the
//! method of Wirth's "Algorithms + Data Structures" made bit-parallel (see
//! also M. Richards, "Backtracking algorithms in MCPL using bit patterns and
//! recursion", 1997).

use crate::{Board, Tally, MAX_N};

/// The attack state of a board after its first `row` rows hold a queen each.
///
/// ```
/// use nqueens_kernel::{search::State, Board};
/// let board = Board::new(4).unwrap();
/// let s = State::empty().place(1 << 1); // a queen on row 0, column 1
/// assert_eq!(s.row, 1);
/// // Row 1 is attacked in columns 0, 1 and 2; only column 3 is free.
/// assert_eq!(s.free(board), 1 << 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct State {
    /// How many rows are filled.
    pub row: usize,
    /// Columns holding a queen.
    pub cols: u32,
    /// Columns of the next row attacked along diagonals running towards higher columns.
    pub ld: u32,
    /// Columns of the next row attacked along diagonals running towards lower columns.
    pub rd: u32,
}

impl State {
    /// The empty board.
    ///
    /// ```
    /// assert_eq!(nqueens_kernel::search::State::empty().row, 0);
    /// ```
    pub fn empty() -> State {
        State::default()
    }

    /// The free squares of the next row, as a column mask.
    ///
    /// ```
    /// use nqueens_kernel::{search::State, Board};
    /// let board = Board::new(8).unwrap();
    /// assert_eq!(State::empty().free(board), 0xff);
    /// ```
    pub fn free(self, board: Board) -> u32 {
        board.full() & !(self.cols | self.ld | self.rd)
    }

    /// The state after a queen goes on the next row in the column of `bit`
    /// (a mask with exactly one bit set, which the caller takes from [`State::free`]).
    ///
    /// ```
    /// use nqueens_kernel::search::State;
    /// let s = State::empty().place(0b100);
    /// assert_eq!((s.row, s.cols, s.ld, s.rd), (1, 0b100, 0b1000, 0b10));
    /// ```
    pub fn place(self, bit: u32) -> State {
        debug_assert_eq!(bit.count_ones(), 1);
        State {
            row: self.row + 1,
            cols: self.cols | bit,
            ld: (self.ld | bit) << 1,
            rd: (self.rd | bit) >> 1,
        }
    }
}

/// Nodes within the next `rows` rows below `state`: a cheap measure of how
/// large its subtree is, for weighting progress (the subtrees of a split
/// differ by orders of magnitude, and their sizes track their first few
/// levels).
///
/// ```
/// use nqueens_kernel::{search::{State, lookahead}, Board};
/// let board = Board::new(8).unwrap();
/// assert_eq!(lookahead(board, State::empty(), 1), 8);
/// assert_eq!(lookahead(board, State::empty(), 2), 8 + 42);
/// ```
pub fn lookahead(board: Board, state: State, rows: usize) -> u64 {
    lookahead_masked(board, state, &[], rows)
}

/// [`lookahead`] with row `state.row + i` also avoiding the columns
/// `masks[i]` (missing entries mask nothing).
pub(crate) fn lookahead_masked(board: Board, state: State, masks: &[u32], rows: usize) -> u64 {
    if rows == 0 || state.row == board.n() {
        return 0;
    }
    let mut avail = state.free(board) & !masks.first().copied().unwrap_or(0);
    let rest = masks.get(1..).unwrap_or(&[]);
    let mut nodes = 0;
    while avail != 0 {
        let bit = avail & avail.wrapping_neg();
        avail ^= bit;
        nodes += 1 + lookahead_masked(board, state.place(bit), rest, rows - 1);
    }
    nodes
}

/// Counts the completions of `state` and the nodes below it.
///
/// The state itself is not counted as a node: the caller placed its queens.
/// A full board (`state.row == n`) is one solution with no nodes below.
/// The counters are `u64`: at 10^9 nodes a second they would take 580 years
/// to wrap.
///
/// ```
/// use nqueens_kernel::{search::{State, count_from}, Board};
/// let board = Board::new(8).unwrap();
/// let all = count_from(board, State::empty());
/// assert_eq!((all.solutions, all.nodes), (92, 2056));
/// ```
pub fn count_from(board: Board, state: State) -> Tally {
    let n = board.n();
    debug_assert!(state.row <= n);
    if state.row == n {
        return Tally {
            solutions: 1,
            nodes: 0,
        };
    }
    let (hits, nodes) = fill::<false>(board, state, &[0; MAX_N], n - 1, [board.full(), 0]);
    Tally {
        solutions: hits[0],
        nodes,
    }
}

/// Fills the rows `top.row..=end` (at least one) below the top state, and
/// returns the completions whose queen on row `end` stands on a column of
/// `targets[0]`, those on `targets[1]`, and the nodes: every queen placed,
/// the one on row `end` only on a target column.
///
/// With `MASKED`, row `top.row + i` also avoids the columns `masks[i]`: the
/// diagonals of a reserved last-row queen, whose column the caller puts in
/// `top.cols`. (Row `end` has at most one free square: every other column
/// holds a queen.)
///
/// An explicit stack replaces recursion. A row three rows above the end
/// settles its children and grandchildren in two nested loops and checks the
/// last row directly, so most nodes (those near the leaves) are never pushed:
/// measured against pushing every row down to the second-to-last, 18 % fewer
/// instructions (callgrind, n = 12) and 10 % less time at n = 16.
#[inline(always)]
pub(crate) fn fill<const MASKED: bool>(
    board: Board,
    top: State,
    masks: &[u32; MAX_N],
    end: usize,
    targets: [u32; 2],
) -> ([u64; 2], u64) {
    let rows = end + 1 - top.row;
    if rows < 4 {
        let mut out = ([0u64; 2], 0u64);
        fill_few::<MASKED>(
            board.full(),
            top.cols,
            top.ld,
            top.rd,
            masks,
            rows,
            targets,
            0,
            &mut out,
        );
        return out;
    }
    let full = board.full();
    let mask = |i: usize| if MASKED { masks[i] } else { 0 };
    // The stack depth whose row is three rows above the end.
    let last_parent = rows - 4;
    let mut stack = [(0u32, 0u32, 0u32, 0u32); MAX_N];
    let mut sp = 0usize;
    let (mut cols, mut ld, mut rd) = (top.cols, top.ld, top.rd);
    let mut avail = full & !(cols | ld | rd | mask(0));
    let mut hits = [0u64; 2];
    let mut nodes = 0u64;
    loop {
        if avail == 0 {
            if sp == 0 {
                break;
            }
            sp -= 1;
            (cols, ld, rd, avail) = stack[sp];
            continue;
        }
        let bit = avail & avail.wrapping_neg();
        avail ^= bit;
        nodes += 1;
        let (c1, l1, r1) = (cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
        let mut next = full & !(c1 | l1 | r1 | mask(sp + 1));
        if sp != last_parent {
            stack[sp] = (cols, ld, rd, avail);
            sp += 1;
            (cols, ld, rd, avail) = (c1, l1, r1, next);
            continue;
        }
        // Two rows to go before the end: settle them here.
        let (m2, m3) = (mask(sp + 2), mask(sp + 3));
        while next != 0 {
            let b1 = next & next.wrapping_neg();
            next ^= b1;
            nodes += 1;
            let (c2, l2, r2) = (c1 | b1, (l1 | b1) << 1, (r1 | b1) >> 1);
            let mut next2 = full & !(c2 | l2 | r2 | m2);
            while next2 != 0 {
                let b2 = next2 & next2.wrapping_neg();
                next2 ^= b2;
                let last = full & !((c2 | b2) | ((l2 | b2) << 1) | ((r2 | b2) >> 1) | m3);
                let h = [
                    u64::from(last & targets[0] != 0),
                    u64::from(last & targets[1] != 0),
                ];
                nodes += 1 + (h[0] | h[1]);
                hits[0] += h[0];
                hits[1] += h[1];
            }
        }
    }
    (hits, nodes)
}

/// [`fill`] for at most three rows, recursively: only tiny boards and deep
/// prefixes come here.
#[allow(clippy::too_many_arguments)]
fn fill_few<const MASKED: bool>(
    full: u32,
    cols: u32,
    ld: u32,
    rd: u32,
    masks: &[u32; MAX_N],
    rows: usize,
    targets: [u32; 2],
    i: usize,
    out: &mut ([u64; 2], u64),
) {
    let mut avail = full & !(cols | ld | rd | if MASKED { masks[i] } else { 0 });
    if rows == 1 {
        let h = [
            u64::from(avail & targets[0] != 0),
            u64::from(avail & targets[1] != 0),
        ];
        out.0[0] += h[0];
        out.0[1] += h[1];
        out.1 += h[0] | h[1];
        return;
    }
    while avail != 0 {
        let bit = avail & avail.wrapping_neg();
        avail ^= bit;
        out.1 += 1;
        fill_few::<MASKED>(
            full,
            cols | bit,
            (ld | bit) << 1,
            (rd | bit) >> 1,
            masks,
            rows - 1,
            targets,
            i + 1,
            out,
        );
    }
}
