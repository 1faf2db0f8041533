//! Queens and pawns: `Q` queens with no two attacking, where pawns block
//! lines, using the fewest pawns; and how many placements do it.
//!
//! A queen attacks along its row, column and diagonals up to the first
//! piece (queen or pawn) on the way. With `Q = n + 1` queens and one pawn
//! the count is OEIS A103330 ("place n+1 queens and a pawn on an n X n
//! board so that no two queens attack each other"): 128 on 8 x 8.
//!
//! # Method
//!
//! The squares are visited in reading order (row by row, left to right),
//! each left empty or given a queen or a pawn. The state is, for every
//! line through the next square, whether a queen earlier in the order
//! looks along it with nothing in between: one flag for the current row,
//! one bit per column, one per diagonal and one per anti-diagonal. A queen
//! may go only where no flag is set, and sets its four lines; a pawn
//! clears the four lines through its square.
//!
//! Pruning, both exact:
//!
//! - **Rows.** Pawns cut a row into segments and each segment holds one
//!   queen at most, so the rest of the board holds at most one queen per
//!   row left (none more in the current row if a queen already looks
//!   along it), plus one per pawn still to place.
//! - **Columns.** The same count by columns: a column holds at most one
//!   more queen unless a queen already looks down it, plus one per pawn.
//!
//! # The fewest pawns
//!
//! Two queens on adjacent squares always attack (nothing fits between
//! them), so at most `ceil(n/2)^2` queens fit, one per 2 x 2 block
//! ([`most_queens`]); that many do fit, on the squares with even row and
//! column, with a pawn on every other square. So for `Q <= ceil(n/2)^2`
//! the fewest pawns exist, and at least `Q - n` are needed (rows bound).
//! [`Problem::minimum`] tries `p = max(0, Q - n), p + 1, ...` until a
//! placement exists.
//!
//! At that minimum every pawn *blocks*: removing one that separates no two
//! queens would leave a placement with fewer pawns. A pawn separates two
//! queens only if one of them comes earlier in reading order and looks
//! along a line to the pawn's square, and one comes later. So the minimum
//! searches ([`Problem::minimum`], [`Problem::count`]) place a pawn only on
//! a square some earlier queen looks at, with a queen still to come. This
//! prunes nothing at the minimum (the tests compare with [`count_with`],
//! which places pawns anywhere, and with a brute force).
//!
//! [`Problem::parts`] cuts the counting search into independent parts (the
//! ways to fill the first two rows) for progress and threads.
//!
//! ```
//! use nqueens_puzzles::pawns::Problem;
//! let p = Problem::new(nqueens_kernel::Board::new(8).unwrap(), 9).unwrap();
//! let min = p.minimum();
//! assert_eq!(min.pawns(), 1);
//! assert_eq!(p.count(&min).solutions, 128);
//! ```

use std::fmt;

mod search;

use nqueens_kernel::{Board, Tally};
pub use search::Part;
use search::{Piece, Search, State};

/// The largest board counted in practice, measured on the reference
/// machine (one thread, release build): every `Q <= N + 4` on boards up to
/// 11 x 11 counts in under 6 seconds (the slowest, 11 x 11 with 8 queens:
/// 14.8 million placements, 5 s); larger boards take minutes.
pub const MEASURED_MAX_N: usize = 11;

/// The most queens beyond one per row counted in practice, measured: one
/// queen more grows steeply (8 x 8: 12 queens 0.3 s, 13 queens 5 s, 14
/// queens over a minute).
pub const MEASURED_MAX_EXTRA: usize = 4;

/// The most queens counted in practice on an `n x n` board: what pawns can
/// allow at all ([`most_queens`]), and at most [`MEASURED_MAX_EXTRA`]
/// beyond one per row.
///
/// ```
/// assert_eq!(nqueens_puzzles::pawns::max_queens(8), 12);
/// assert_eq!(nqueens_puzzles::pawns::max_queens(3), 4);
/// ```
pub fn max_queens(n: usize) -> usize {
    most_queens(n).min(n + MEASURED_MAX_EXTRA)
}

/// A square: 0-based `(row, column)`.
pub type Square = (usize, usize);

/// Why a queens-and-pawns problem was refused. Any board the kernel
/// takes ([`Board`]: one bit per column in a `u32`, one per diagonal in a
/// `u64`) is searched; the command line sets a lower, measured limit
/// ([`MEASURED_MAX_N`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PawnsError {
    /// No queens were asked for.
    NoQueens,
    /// More queens than any number of pawns allows ([`most_queens`]).
    TooManyQueens {
        /// The board size.
        n: usize,
        /// The queens asked for.
        queens: usize,
    },
}

impl fmt::Display for PawnsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PawnsError::NoQueens => write!(f, "the number of queens must be at least 1"),
            PawnsError::TooManyQueens { n, queens } => write!(
                f,
                "{queens} queens cannot stand on a {n} x {n} board however many pawns block: \
                 two queens on touching squares always attack, so at most {} fit (one per 2 x 2 block)",
                most_queens(n)
            ),
        }
    }
}

impl std::error::Error for PawnsError {}

/// The most queens that fit on an `n x n` board with pawns: `ceil(n/2)^2`.
///
/// ```
/// assert_eq!(nqueens_puzzles::pawns::most_queens(8), 16);
/// assert_eq!(nqueens_puzzles::pawns::most_queens(5), 9);
/// ```
pub fn most_queens(n: usize) -> usize {
    n.div_ceil(2).pow(2)
}

/// Queens and pawns on a board, squares in increasing order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The queens.
    pub queens: Vec<Square>,
    /// The pawns.
    pub pawns: Vec<Square>,
}

/// The fewest pawns for a [`Problem`], with one placement that uses them:
/// the proof that fewer do not do, which the minimum count relies on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minimum {
    pawns: usize,
    placement: Placement,
}

impl Minimum {
    /// The fewest pawns.
    ///
    /// ```
    /// let p = nqueens_puzzles::pawns::Problem::new(nqueens_kernel::Board::new(6).unwrap(), 7).unwrap();
    /// assert_eq!(p.minimum().pawns(), 1);
    /// ```
    pub fn pawns(&self) -> usize {
        self.pawns
    }

    /// One placement with that many pawns.
    ///
    /// ```
    /// let p = nqueens_puzzles::pawns::Problem::new(nqueens_kernel::Board::new(4).unwrap(), 4).unwrap();
    /// let min = p.minimum();
    /// assert_eq!((min.placement().queens.len(), min.placement().pawns.len()), (4, 0));
    /// ```
    pub fn placement(&self) -> &Placement {
        &self.placement
    }
}

/// `queens` queens on an `n x n` board, checked to be possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    n: usize,
    queens: usize,
}

impl Problem {
    /// Checks the board and the number of queens.
    ///
    /// ```
    /// use nqueens_puzzles::pawns::{PawnsError, Problem};
    /// assert!(Problem::new(nqueens_kernel::Board::new(8).unwrap(), 9).is_ok());
    /// assert_eq!(Problem::new(nqueens_kernel::Board::new(8).unwrap(), 17), Err(PawnsError::TooManyQueens { n: 8, queens: 17 }));
    /// assert_eq!(Problem::new(nqueens_kernel::Board::new(8).unwrap(), 0), Err(PawnsError::NoQueens));
    /// ```
    pub fn new(board: Board, queens: usize) -> Result<Problem, PawnsError> {
        let n = board.n();
        match (n, queens) {
            (_, 0) => Err(PawnsError::NoQueens),
            (n, q) if q > most_queens(n) => Err(PawnsError::TooManyQueens { n, queens }),
            _ => Ok(Problem { n, queens }),
        }
    }

    /// The board side.
    ///
    /// ```
    /// assert_eq!(nqueens_puzzles::pawns::Problem::new(nqueens_kernel::Board::new(5).unwrap(), 3).unwrap().n(), 5);
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of queens.
    ///
    /// ```
    /// assert_eq!(nqueens_puzzles::pawns::Problem::new(nqueens_kernel::Board::new(5).unwrap(), 3).unwrap().queens(), 3);
    /// ```
    pub fn queens(&self) -> usize {
        self.queens
    }

    /// The rows bound: at least `Q - n` pawns.
    ///
    /// ```
    /// assert_eq!(nqueens_puzzles::pawns::Problem::new(nqueens_kernel::Board::new(8).unwrap(), 11).unwrap().lower_bound(), 3);
    /// ```
    pub fn lower_bound(&self) -> usize {
        self.queens.saturating_sub(self.n)
    }

    /// The fewest pawns and one placement with them.
    ///
    /// ```
    /// let p = nqueens_puzzles::pawns::Problem::new(nqueens_kernel::Board::new(5).unwrap(), 6).unwrap();
    /// let min = p.minimum();
    /// assert_eq!(min.placement().pawns.len(), min.pawns());
    /// assert!(min.pawns() >= 2); // OEIS A103330: no 6 queens with one pawn on 5 x 5
    /// ```
    pub fn minimum(&self) -> Minimum {
        let search = Search::new(self.n, true);
        // Every square that is not a queen's a pawn: always enough.
        (self.lower_bound()..=self.n * self.n - self.queens)
            .find_map(|pawns| {
                let mut path = Vec::new();
                search.find(self.root(pawns), &mut path).then(|| Minimum {
                    pawns,
                    placement: placement(self.n, &path),
                })
            })
            .expect("the queens on even squares with pawns between always fit")
    }

    /// The counting search at the minimum cut into independent parts: the
    /// ways to fill the first two rows.
    ///
    /// ```
    /// let p = nqueens_puzzles::pawns::Problem::new(nqueens_kernel::Board::new(6).unwrap(), 7).unwrap();
    /// let min = p.minimum();
    /// let sum: u64 = p.parts(&min).iter().map(|part| p.count_part(part).solutions).sum();
    /// assert_eq!(sum, 16);
    /// ```
    pub fn parts(&self, minimum: &Minimum) -> Vec<Part> {
        let search = Search::new(self.n, true);
        let mut out = Vec::new();
        search.expand(self.root(minimum.pawns), 2 * self.n, &mut out);
        out
    }

    /// Placements within one part, and the nodes visited.
    ///
    /// ```
    /// let p = nqueens_puzzles::pawns::Problem::new(nqueens_kernel::Board::new(4).unwrap(), 4).unwrap();
    /// let min = p.minimum();
    /// assert_eq!(p.parts(&min).iter().map(|x| p.count_part(x).solutions).sum::<u64>(), 2);
    /// ```
    pub fn count_part(&self, part: &Part) -> Tally {
        let mut nodes = 0;
        let solutions = Search::new(self.n, true).count(part.state, &mut nodes);
        Tally { solutions, nodes }
    }

    /// Every placement of the queens with the fewest pawns, on the calling
    /// thread.
    ///
    /// ```
    /// let p = nqueens_puzzles::pawns::Problem::new(nqueens_kernel::Board::new(7).unwrap(), 8).unwrap();
    /// assert_eq!(p.count(&p.minimum()).solutions, 20);
    /// ```
    pub fn count(&self, minimum: &Minimum) -> Tally {
        let mut nodes = 0;
        let solutions = Search::new(self.n, true).count(self.root(minimum.pawns), &mut nodes);
        Tally { solutions, nodes }
    }

    fn root(&self, pawns: usize) -> State {
        State {
            square: 0,
            row_open: false,
            cols: 0,
            diag: 0,
            anti: 0,
            queens: self.queens as u32,
            pawns: pawns as u32,
        }
    }
}

/// Placements of `queens` queens and exactly `pawns` pawns anywhere on an
/// `n x n` board with no two queens attacking, pawns placed freely (also
/// where they block nothing). With `n + 1` queens and one pawn this is OEIS
/// A103330.
///
/// ```
/// assert_eq!(nqueens_puzzles::pawns::count_with(nqueens_kernel::Board::new(8).unwrap(), 9, 1).unwrap(), 128);
/// assert_eq!(nqueens_puzzles::pawns::count_with(nqueens_kernel::Board::new(4).unwrap(), 4, 0).unwrap(), 2);
/// ```
pub fn count_with(board: Board, queens: usize, pawns: usize) -> Result<u64, PawnsError> {
    let n = board.n();
    let problem = match Problem::new(board, queens) {
        Err(PawnsError::TooManyQueens { .. }) => return Ok(0),
        other => other?,
    };
    if queens + pawns > n * n {
        return Ok(0);
    }
    let mut nodes = 0;
    Ok(Search::new(n, false).count(problem.root(pawns), &mut nodes))
}

/// The placement a search path describes.
fn placement(n: usize, path: &[(usize, Piece)]) -> Placement {
    let of = |want: Piece| -> Vec<Square> {
        path.iter()
            .filter(|&&(_, p)| p == want)
            .map(|&(s, _)| (s / n, s % n))
            .collect()
    };
    Placement {
        queens: of(Piece::Queen),
        pawns: of(Piece::Pawn),
    }
}

#[cfg(test)]
mod tests {
    use super::search::binomial;
    use super::*;
    use nqueens_kernel::oeis;

    fn board(n: usize) -> Board {
        Board::new(n).unwrap()
    }

    /// Whether two queens see each other: a common line with no pawn
    /// strictly between them (a queen between would itself be seen).
    fn attack(a: Square, b: Square, pawns: &[Square]) -> bool {
        let (dr, dc) = (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize);
        if !(dr == 0 || dc == 0 || dr.abs() == dc.abs()) {
            return false;
        }
        let steps = dr.abs().max(dc.abs());
        let (sr, sc) = (dr.signum(), dc.signum());
        !(1..steps).any(|k| {
            let sq = (
                (a.0 as isize + k * sr) as usize,
                (a.1 as isize + k * sc) as usize,
            );
            pawns.contains(&sq)
        })
    }

    fn valid(p: &Placement) -> bool {
        valid_pieces(&p.queens, &p.pawns)
    }

    fn valid_pieces(q: &[Square], pawns: &[Square]) -> bool {
        (0..q.len()).all(|i| (i + 1..q.len()).all(|j| !attack(q[i], q[j], pawns)))
            && q.iter().all(|s| !pawns.contains(s))
    }

    /// Every way to choose `k` of `items`.
    fn choose<T: Copy>(items: &[T], k: usize, f: &mut impl FnMut(&[T])) {
        fn go<T: Copy>(items: &[T], k: usize, cur: &mut Vec<T>, f: &mut impl FnMut(&[T])) {
            if cur.len() == k {
                f(cur);
                return;
            }
            for i in 0..items.len() {
                if items.len() - i < k - cur.len() {
                    break;
                }
                cur.push(items[i]);
                go(&items[i + 1..], k, cur, f);
                cur.pop();
            }
        }
        go(items, k, &mut Vec::new(), f);
    }

    /// Placements of `q` queens and `p` pawns, by trying every choice.
    fn brute(n: usize, q: usize, p: usize) -> u64 {
        let all: Vec<Square> = (0..n * n).map(|s| (s / n, s % n)).collect();
        let mut count = 0;
        choose(&all, q, &mut |queens| {
            // Every choice of pawns among the other squares.
            let rest: Vec<Square> = all
                .iter()
                .copied()
                .filter(|s| !queens.contains(s))
                .collect();
            choose(&rest, p, &mut |pawns| {
                if valid_pieces(queens, pawns) {
                    count += 1;
                }
            });
        });
        count
    }

    #[test]
    fn counts_match_brute_force_on_small_boards() {
        for n in 1..=4 {
            for q in 1..=most_queens(n) {
                for p in 0..=2 {
                    assert_eq!(
                        count_with(board(n), q, p).unwrap(),
                        brute(n, q, p),
                        "n={n} q={q} p={p}"
                    );
                }
            }
        }
        for (q, p) in [(5, 0), (6, 1), (6, 2)] {
            assert_eq!(
                count_with(board(5), q, p).unwrap(),
                brute(5, q, p),
                "n=5 q={q} p={p}"
            );
        }
    }

    #[test]
    fn the_minimum_search_loses_nothing() {
        for n in 1..=6 {
            for q in 1..=most_queens(n).min(n + 2) {
                let problem = Problem::new(board(n), q).unwrap();
                let min = problem.minimum();
                let p = min.pawns();
                assert!(valid(min.placement()), "n={n} q={q}");
                assert_eq!(min.placement().queens.len(), q);
                assert_eq!(min.placement().pawns.len(), p);
                if p > 0 {
                    assert_eq!(count_with(board(n), q, p - 1).unwrap(), 0, "n={n} q={q}");
                }
                let all = count_with(board(n), q, p).unwrap();
                assert_eq!(problem.count(&min).solutions, all, "n={n} q={q}");
                let parts: u64 = problem
                    .parts(&min)
                    .iter()
                    .map(|x| problem.count_part(x).solutions)
                    .sum();
                assert_eq!(parts, all, "n={n} q={q}");
            }
        }
    }

    #[test]
    fn one_pawn_counts_match_oeis_a103330() {
        for n in 1..=10 {
            assert_eq!(
                u128::from(count_with(board(n), n + 1, 1).unwrap()),
                oeis::QUEENS_AND_ONE_PAWN[n],
                "n = {n}"
            );
            if n >= 6 {
                let problem = Problem::new(board(n), n + 1).unwrap();
                let min = problem.minimum();
                assert_eq!(min.pawns(), 1, "n = {n}");
                assert_eq!(
                    u128::from(problem.count(&min).solutions),
                    oeis::QUEENS_AND_ONE_PAWN[n],
                    "n = {n}"
                );
            }
        }
    }

    #[test]
    fn without_pawns_it_is_the_queens_problem() {
        for n in 4..=9 {
            let problem = Problem::new(board(n), n).unwrap();
            let min = problem.minimum();
            assert_eq!(min.pawns(), 0, "n = {n}");
            assert_eq!(u128::from(problem.count(&min).solutions), oeis::TOTAL[n]);
        }
        // Three queens on 3 x 3 need a pawn; one queen on 2 x 2 does not.
        assert!(Problem::new(board(3), 3).unwrap().minimum().pawns() > 0);
        let two = Problem::new(board(2), 1).unwrap();
        assert_eq!(two.count(&two.minimum()).solutions, 4);
    }

    #[test]
    fn the_densest_boards_fit_and_one_more_queen_is_refused() {
        for n in 1..=4 {
            let q = most_queens(n);
            let min = Problem::new(board(n), q).unwrap().minimum();
            assert!(valid(min.placement()), "n = {n}");
            assert_eq!(
                Problem::new(board(n), q + 1),
                Err(PawnsError::TooManyQueens { n, queens: q + 1 })
            );
        }
        // The board is the kernel's to refuse, before any puzzle.
        assert_eq!(Board::new(0), Err(nqueens_kernel::Error::EmptyBoard));
        assert_eq!(
            Board::new(33),
            Err(nqueens_kernel::Error::BoardTooLarge { n: 33 })
        );
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(2, 5), 0);
    }
}
