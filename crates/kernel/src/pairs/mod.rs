//! Pair subproblems: solutions grouped by the columns of their first-row and
//! last-row queens, one pair per orbit of the board's mirror symmetries.
//!
//! # The symmetry
//!
//! Every solution has a queen in column `a` of the first row and one in
//! column `b` of the last row. The group of the identity, the left-right
//! mirror, the top-bottom mirror and the half turn maps solutions to
//! solutions, and acts on their pairs `(a, b)` alike:
//!
//! ```text
//! left-right mirror   (a, b) -> (n-1-a, n-1-b)
//! top-bottom mirror   (a, b) -> (b, a)
//! half turn           (a, b) -> (n-1-b, n-1-a)
//! ```
//!
//! Each element maps the solutions with pair `p` one to one onto those with
//! its image, so all pairs of one orbit have the same number of solutions,
//! and the total is the sum, over one pair per orbit, of that pair's
//! solutions times the orbit size. The count takes the lexicographically
//! smallest pair of each orbit, the *canonical* one.
//!
//! On a board with `n > 1`, the pair of a solution has `a != b` (one column)
//! and `|a - b| != n - 1` (the two queens are `n - 1` rows apart, so they
//! share a diagonal exactly then). For such a pair, `(a, b) <= (b, a)` means
//! `a < b`, and `(a, b) <= (n-1-b, n-1-a)` then means `a + b <= n - 1`; the
//! left-right image is then larger on its own, since `2a < a + b <= n - 1`.
//! So the canonical pairs are those with `a < b <= n - 1 - a`, the pair
//! `(0, n - 1)` left out; the `b` of a canonical pair are the *partners* of
//! `a`. No mirror fixes a pair (it would need `a = b`), and the half turn
//! fixes it exactly when `b = n - 1 - a`. So the weight of a pair, the size
//! of its orbit, is 2 when `b = n - 1 - a` and 4 otherwise. `n = 1` is the
//! one board whose first row is its last: its one pair `(0, 0)` is fixed by
//! the whole group, and has weight 1.
//!
//! # Two kinds of subproblem
//!
//! Fixing the last-row queen before the search prunes every row with its
//! column and diagonals, but the search then runs once per partner, and the
//! runs overlap: deep in the tree, where most nodes are, a partial placement
//! usually leaves two or three columns that could still take the last
//! queen, and is visited once for each. So the runs together can visit more
//! nodes than one unrestricted run that keeps, at the last row, the
//! completions whose last queen lands on a partner (n = 16, `a = 0`: 105
//! million nodes for its 14 partners one by one, 56 million in one run).
//! Measured, fixing `b` pays only when `a` has few partners (it has
//! `n - 1 - 2a`, or `n - 2` for `a = 0`). So:
//!
//! - when `a` has at most `(n + 1) / 3` partners (`3 * partners <= n + 1`),
//!   its last-row queen is *reserved*: one subproblem per partner `b`, with
//!   `b`'s column and diagonals kept free of other queens from the start;
//! - otherwise one subproblem counts all of `a`'s partners at once: the
//!   search runs as an unrestricted one, and a completion counts (with the
//!   weight of its pair) when its last-row queen lands on a partner.
//!
//! # The split
//!
//! A split at depth `d` places the top rows `0..d` (`0..n-1` at most), row 0
//! holding `a`, and lists every placement in which no two queens attack each
//! other (the reserved last-row queen included). The order is: by `a`, then
//! by the reserved `b` (for reserved subproblems), then by the columns of rows
//! `1..d` in lexicographic order. It depends only on `n` and `d`, so an index
//! names the same subproblem in every run. As with [`crate::split::Split`], the
//! prefix nodes plus the nodes of all subproblems are the same at every
//! depth.

mod orbit;
mod split;
mod subproblem;

pub use split::{count_total_pairs, PairSplit};
pub use subproblem::PairSubproblem;
