//! Other pieces: the largest number of mutually non-attacking kings,
//! knights, bishops or rooks on an `n x n` board, and the number of ways to
//! place that many.
//!
//! Every count is a dynamic program over the board, one line of squares at
//! a time, in the *(max, ways)* semiring: each state keeps the most pieces
//! any partial placement reaching it holds, and how many partial placements
//! hold that many. Two values combine (`⊕`) by keeping the larger maximum,
//! adding the ways when the maxima are equal; a step that places `k`
//! pieces adds `k` to the maximum; two independent parts multiply (`⊗`):
//! maxima add, ways multiply. Ways are `u128`, every addition and product
//! is checked, and an overflow is an error, never a wrong count.
//!
//! - Kings ([`Piece::Kings`]): a transfer matrix over rows. A row is a
//!   column mask with no two adjacent bits; two consecutive rows are
//!   compatible when no king of one touches a king of the other, straight
//!   or diagonally. A row's masks are numbered by their Zeckendorf rank,
//!   so the table has Fibonacci(n + 2) entries and no hashing.
//! - Knights ([`Piece::Knights`]): a knight attacks two columns over on
//!   the next row and one column over two rows away, and never along its
//!   own row, so the state is the last two rows' masks. The states are
//!   kept as a list grouped by their last row; each group's successors are
//!   gathered in a dense scratch table indexed by the new row.
//! - Bishops ([`Piece::Bishops`]): bishops on light squares never meet
//!   bishops on dark ones, so each colour is counted alone and the two are
//!   multiplied. On one colour, a placement takes at most one square per
//!   anti-diagonal and at most one per diagonal: a DP over the
//!   anti-diagonals with the mask of diagonals used so far.
//! - Rooks ([`Piece::Rooks`]): the same DP, over rows with the mask of
//!   columns used so far.
//!
//! For the sliding pieces, "no two attack each other" is "no two share a
//! line": if two did, the two nearest on that line would attack.
//!
//! [`count`] gives the numbers; [`count_and_place`] also rebuilds one
//! maximal placement from the per-line tables, walking them backwards.
//! Every piece has a board limit ([`Piece::max_n`]), chosen so that the
//! largest board takes a few seconds at most.
//!
//! ```
//! use nqueens_kernel::Board;
//! use nqueens_puzzles::pieces::{count, Piece};
//! let board = Board::new(8).unwrap();
//! let kings = count(Piece::Kings, board).unwrap();
//! assert_eq!((kings.max, kings.ways), (16, 281571));
//! assert_eq!(count(Piece::Knights, board).unwrap().ways, 2);
//! ```

mod kings;
mod knights;
mod lines;
#[cfg(test)]
mod tests;

use std::fmt;

use nqueens_kernel::Board;

/// A square: 0-based `(row, column)`.
pub type Square = (usize, usize);

/// The pieces counted here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// One step in any of the eight directions.
    Kings,
    /// Two squares one way and one square the other.
    Knights,
    /// Any distance along a diagonal.
    Bishops,
    /// Any distance along a row or a column.
    Rooks,
}

impl Piece {
    /// Every piece, in the order of the command line.
    pub const ALL: [Piece; 4] = [Piece::Kings, Piece::Knights, Piece::Bishops, Piece::Rooks];

    /// The plural name: `kings`, `knights`, `bishops`, `rooks`.
    ///
    /// ```
    /// assert_eq!(nqueens_puzzles::pieces::Piece::Knights.name(), "knights");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Piece::Kings => "kings",
            Piece::Knights => "knights",
            Piece::Bishops => "bishops",
            Piece::Rooks => "rooks",
        }
    }

    /// The largest board this piece is counted on: where its DP still runs
    /// in a few seconds in an optimised build (see the module docs).
    ///
    /// ```
    /// use nqueens_puzzles::pieces::Piece;
    /// assert!(Piece::ALL.iter().all(|p| p.max_n() >= 8));
    /// ```
    pub fn max_n(self) -> usize {
        match self {
            Piece::Kings => kings::MAX_N,
            Piece::Knights => knights::MAX_N,
            Piece::Bishops | Piece::Rooks => lines::MAX_N,
        }
    }

    /// What it attacks, in a few words, for the command line's help.
    ///
    /// ```
    /// assert!(nqueens_puzzles::pieces::Piece::Rooks.description().contains("row"));
    /// ```
    pub fn description(self) -> &'static str {
        match self {
            Piece::Kings => "one step in any direction",
            Piece::Knights => "two squares one way, one the other",
            Piece::Bishops => "any distance along a diagonal",
            Piece::Rooks => "any distance along a row or column",
        }
    }

    /// The piece called `name` ([`Piece::name`]), if there is one.
    ///
    /// ```
    /// use nqueens_puzzles::pieces::Piece;
    /// assert_eq!(Piece::by_name("rooks"), Some(Piece::Rooks));
    /// assert_eq!(Piece::by_name("queens"), None);
    /// ```
    pub fn by_name(name: &str) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The method, in a few words, for messages.
    fn method(self) -> &'static str {
        match self {
            Piece::Kings => "the row transfer matrix",
            Piece::Knights => "the two-row transfer",
            Piece::Bishops => "the DP over anti-diagonals with a mask of used diagonals",
            Piece::Rooks => "the DP over rows with a mask of used columns",
        }
    }

    /// Whether a piece on `a` attacks a piece on `b` (two different
    /// squares), on an otherwise empty board.
    ///
    /// ```
    /// use nqueens_puzzles::pieces::Piece;
    /// assert!(Piece::Knights.attacks((0, 0), (1, 2)));
    /// assert!(!Piece::Kings.attacks((0, 0), (0, 2)));
    /// ```
    pub fn attacks(self, a: Square, b: Square) -> bool {
        let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        match self {
            Piece::Kings => dr.max(dc) == 1,
            Piece::Knights => (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
            Piece::Bishops => dr == dc && dr > 0,
            Piece::Rooks => (dr == 0) != (dc == 0),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The answer for one piece and one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceCount {
    /// The piece.
    pub piece: Piece,
    /// The board side.
    pub n: usize,
    /// The largest number of mutually non-attacking pieces.
    pub max: usize,
    /// The number of ways to place that many (squares are distinct:
    /// rotations and reflections count separately).
    pub ways: u128,
}

/// Why a count was refused (the kernel's [`Board`] is never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceError {
    /// `n` is past the piece's limit ([`Piece::max_n`]).
    TooLarge {
        /// The piece.
        piece: Piece,
        /// The requested board side.
        n: usize,
    },
    /// A number of ways passed `u128::MAX` (not reached below the limits).
    Overflow {
        /// The piece.
        piece: Piece,
        /// The board side.
        n: usize,
    },
}

impl fmt::Display for PieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PieceError::TooLarge { piece, n } => write!(
                f,
                "n = {n} is too large for {piece}: {} handles n up to {} in seconds",
                piece.method(),
                piece.max_n()
            ),
            PieceError::Overflow { piece, n } => write!(
                f,
                "the number of ways for {piece} on {n} x {n} overflows 128 bits"
            ),
        }
    }
}

impl std::error::Error for PieceError {}

/// Counts the largest number of non-attacking `piece`s on an `n x n` board
/// and the ways to place them.
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_puzzles::pieces::{count, Piece, PieceError};
/// let b = count(Piece::Bishops, Board::new(8).unwrap()).unwrap();
/// assert_eq!((b.max, b.ways), (14, 256));
/// let e = count(Piece::Rooks, Board::new(22).unwrap());
/// assert_eq!(e, Err(PieceError::TooLarge { piece: Piece::Rooks, n: 22 }));
/// assert!(Board::new(0).is_err()); // refused before any piece
/// ```
pub fn count(piece: Piece, board: Board) -> Result<PieceCount, PieceError> {
    solve(piece, board, false).map(|(c, _)| c)
}

/// Like [`count`], and one maximal placement too, its squares sorted by
/// row then column.
///
/// ```
/// use nqueens_puzzles::pieces::{count_and_place, Piece};
/// let (c, squares) = count_and_place(Piece::Knights, nqueens_kernel::Board::new(8).unwrap()).unwrap();
/// assert_eq!((c.max, squares.len()), (32, 32));
/// assert!(squares.iter().all(|a| squares.iter().all(|&b| !Piece::Knights.attacks(*a, b))));
/// ```
pub fn count_and_place(
    piece: Piece,
    board: Board,
) -> Result<(PieceCount, Vec<Square>), PieceError> {
    solve(piece, board, true).map(|(c, p)| (c, p.unwrap_or_default()))
}

fn solve(
    piece: Piece,
    board: Board,
    place: bool,
) -> Result<(PieceCount, Option<Vec<Square>>), PieceError> {
    let n = board.n();
    if n > piece.max_n() {
        return Err(PieceError::TooLarge { piece, n });
    }
    let found = match piece {
        Piece::Kings => kings::solve(n, place),
        Piece::Knights => knights::solve(n, place),
        Piece::Bishops => lines::bishops(n, place),
        Piece::Rooks => lines::rooks(n, place),
    };
    let (best, squares) = found.ok_or(PieceError::Overflow { piece, n })?;
    let squares = squares.map(|mut s| {
        s.sort_unstable();
        s
    });
    let count = PieceCount {
        piece,
        n,
        max: best.max as usize,
        ways: best.ways,
    };
    Ok((count, squares))
}

/// What a DP returns: the board's (max, ways) and, if asked for, one
/// maximal placement; `None` on overflow.
type Solved = Option<(Best, Option<Vec<Square>>)>;

/// A value of the (max, ways) semiring: the most pieces of the partial
/// placements reaching a state, and how many of them hold that many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Best {
    max: u32,
    ways: u128,
}

impl Best {
    /// No placement at all: the identity of `⊕`.
    const NONE: Best = Best { max: 0, ways: 0 };
    /// The empty placement: the identity of `⊗`.
    const ONE: Best = Best { max: 0, ways: 1 };

    /// `⊕`: the larger maximum wins, equal maxima add their ways; `None`
    /// on overflow.
    fn or(self, other: Best) -> Option<Best> {
        Some(match self.max.cmp(&other.max) {
            std::cmp::Ordering::Greater => self,
            std::cmp::Ordering::Less => other,
            std::cmp::Ordering::Equal => Best {
                max: self.max,
                ways: self.ways.checked_add(other.ways)?,
            },
        })
    }

    /// The same placements extended by a step that places `k` pieces.
    fn plus(self, k: u32) -> Best {
        Best {
            max: self.max + k,
            ways: self.ways,
        }
    }

    /// `⊗` of two independent parts; `None` on overflow.
    fn times(self, other: Best) -> Option<Best> {
        Some(Best {
            max: self.max + other.max,
            ways: self.ways.checked_mul(other.ways)?,
        })
    }

    /// Whether some placement reaches the state.
    fn reached(self) -> bool {
        self.ways > 0
    }
}

/// `*slot ⊕= value`, recording an overflow in `overflow`.
fn merge(slot: &mut Best, value: Best, overflow: &mut bool) {
    match slot.or(value) {
        Some(b) => *slot = b,
        None => *overflow = true,
    }
}

/// The squares of `mask` on `row`.
fn row_squares(row: usize, mask: u32) -> impl Iterator<Item = Square> {
    (0..32)
        .filter(move |c| mask >> c & 1 == 1)
        .map(move |c| (row, c))
}
