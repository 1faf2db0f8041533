//! The search over the squares in reading order: each square empty, a
//! queen or a pawn, queens seeing no queen along an open line.

/// The search state before square `square` (in reading order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub(super) square: usize,
    /// A queen earlier in this row looks at this square.
    pub(super) row_open: bool,
    /// Bit `c`: a queen above looks down column `c` to this row.
    pub(super) cols: u32,
    /// Bit `r - c + n - 1`: a queen looks down-right along that diagonal.
    pub(super) diag: u64,
    /// Bit `r + c`: a queen looks down-left along that anti-diagonal.
    pub(super) anti: u64,
    /// Queens still to place.
    pub(super) queens: u32,
    /// Pawns still to place.
    pub(super) pawns: u32,
}

/// What goes on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    Empty,
    Queen,
    Pawn,
}

/// The square-by-square search on one board size.
pub(super) struct Search {
    n: usize,
    full: u32,
    /// Pawns only where they block (the minimum searches).
    needed: bool,
}

impl Search {
    pub(super) fn new(n: usize, needed: bool) -> Search {
        Search {
            n,
            full: u32::MAX >> (32 - n),
            needed,
        }
    }

    /// Whether the rest of the board can still take the pieces left
    /// (false also at the end with pieces left).
    fn viable(&self, s: &State) -> bool {
        let n = self.n;
        let cells = n * n - s.square;
        let (q, p) = (s.queens as usize, s.pawns as usize);
        if q + p > cells {
            return false;
        }
        if q == 0 {
            return true;
        }
        let (r, c) = (s.square / n, s.square % n);
        let rows = usize::from(!s.row_open) + (n - 1 - r);
        if q > rows + p {
            return false;
        }
        let mut room = !s.cols & self.full;
        if r == n - 1 {
            room &= self.full << c;
        }
        q <= room.count_ones() as usize + p
    }

    /// The children of `s` (a square before the end), in the order queen,
    /// pawn, empty (queens first finds a placement sooner), each with the
    /// piece placed.
    fn children(&self, s: &State, mut each: impl FnMut(State, Piece) -> bool) -> bool {
        let n = self.n;
        let (r, c) = (s.square / n, s.square % n);
        let (col, diag, anti) = (1u32 << c, 1u64 << (r + n - 1 - c), 1u64 << (r + c));
        let looked_at = s.row_open || s.cols & col != 0 || s.diag & diag != 0 || s.anti & anti != 0;
        // Leaving the row: no queen looks along the next one yet.
        let row_ends = c == n - 1;
        let next = State {
            square: s.square + 1,
            row_open: s.row_open && !row_ends,
            ..*s
        };
        if s.queens > 0 && !looked_at {
            let queen = State {
                row_open: !row_ends,
                cols: s.cols | col,
                diag: s.diag | diag,
                anti: s.anti | anti,
                queens: s.queens - 1,
                ..next
            };
            if each(queen, Piece::Queen) {
                return true;
            }
        }
        if s.pawns > 0 && (!self.needed || (looked_at && s.queens > 0)) {
            let pawn = State {
                row_open: false,
                cols: s.cols & !col,
                diag: s.diag & !diag,
                anti: s.anti & !anti,
                pawns: s.pawns - 1,
                ..next
            };
            if each(pawn, Piece::Pawn) {
                return true;
            }
        }
        each(next, Piece::Empty)
    }

    /// Counts the completions of `s`, adding the nodes visited to `nodes`.
    pub(super) fn count(&self, s: State, nodes: &mut u64) -> u64 {
        if !self.viable(&s) {
            return 0;
        }
        if s.queens == 0 {
            // The rest is empty but for the pawns left, which block nothing.
            return if self.needed {
                u64::from(s.pawns == 0)
            } else {
                binomial(self.n * self.n - s.square, s.pawns as usize)
            };
        }
        let mut total = 0;
        self.children(&s, |child, _| {
            *nodes += 1;
            total += self.count(child, nodes);
            false
        });
        total
    }

    /// Finds one completion of `s` (a minimum search: no pawn after the
    /// last queen), pushing its pieces (square, piece) on `path`.
    pub(super) fn find(&self, s: State, path: &mut Vec<(usize, Piece)>) -> bool {
        if !self.viable(&s) {
            return false;
        }
        if s.queens == 0 {
            return s.pawns == 0;
        }
        self.children(&s, |child, piece| {
            path.push((s.square, piece));
            let found = self.find(child, path);
            if !found {
                path.pop();
            }
            found
        })
    }

    /// Collects the states after the first `squares` squares.
    pub(super) fn expand(&self, s: State, squares: usize, out: &mut Vec<Part>) {
        if !self.viable(&s) {
            return;
        }
        if squares == 0 || s.queens == 0 || s.square == self.n * self.n {
            out.push(Part { state: s });
            return;
        }
        self.children(&s, |child, _| {
            self.expand(child, squares - 1, out);
            false
        });
    }
}

/// `m` choose `k`, saturating at `u64::MAX`.
pub(super) fn binomial(m: usize, k: usize) -> u64 {
    if k > m {
        return 0;
    }
    let k = k.min(m - k) as u128;
    let mut b: u128 = 1;
    for i in 0..k {
        b = b * (m as u128 - i) / (i + 1);
        if b > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    b as u64
}

/// One independent piece of a counting search: a search state after the
/// first squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub(super) state: State,
}
