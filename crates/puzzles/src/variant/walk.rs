//! What the variants' searches share: the bitmask depth-first walk of the
//! ordinary count, one queen per row, started from a given first-row
//! column, counting a node per queen placed and handing every full board to
//! a visitor that may stop the walk. Each variant adds its own attacks in
//! its own file (`torus.rs`: wrapped diagonals; `collinear.rs`: lines
//! through two queens) as methods on [`Walk`].

use std::ops::ControlFlow;

use nqueens_kernel::{Board, MAX_N};

use super::tally::Searched;

pub(super) struct Walk<F> {
    pub n: usize,
    /// The board's row mask: the low `n` bits.
    pub full: u32,
    /// The column of each placed row's queen.
    pub columns: [u8; MAX_N],
    /// Queens placed, the first row's included.
    pub nodes: u64,
    visit: F,
}

impl<F: FnMut(&[u8]) -> ControlFlow<()>> Walk<F> {
    /// A walk with the first row's queen in column `first` (one node).
    pub fn new(board: Board, first: usize, visit: F) -> Walk<F> {
        let mut columns = [0; MAX_N];
        columns[0] = first as u8;
        Walk {
            n: board.n(),
            full: board.full(),
            columns,
            nodes: 1,
            visit,
        }
    }

    /// Walks the boards with the first row's queen in column `first`:
    /// `descend` fills the rows below from that queen's bit, with the
    /// variant's attacks. Returns the nodes and whether `visit` stopped it.
    pub fn search(
        board: Board,
        first: usize,
        visit: F,
        descend: impl FnOnce(&mut Walk<F>, u32) -> ControlFlow<()>,
    ) -> Searched {
        let mut walk = Walk::new(board, first, visit);
        let flow = descend(&mut walk, 1 << first);
        Searched {
            nodes: walk.nodes,
            stopped: flow.is_break(),
        }
    }

    /// Puts `row`'s queen on the square of `bit`; returns its column.
    pub fn place(&mut self, row: usize, bit: u32) -> usize {
        self.nodes += 1;
        let c = bit.trailing_zeros() as usize;
        self.columns[row] = c as u8;
        c
    }

    /// Every row holds a queen: the visitor sees the board.
    pub fn complete(&mut self) -> ControlFlow<()> {
        (self.visit)(&self.columns[..self.n])
    }
}
