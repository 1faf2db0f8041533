//! Every solution of a board, one at a time, in lexicographic order: the
//! listing behind `nqueens solutions`.
//!
//! - [`Solutions`]: all solutions, from the empty board or from a validated
//!   prefix (the placements of the first rows, "search from a given
//!   position"). It is the bitmask search of the counting kernel with an
//!   explicit stack that is suspended at each solution and resumed by the
//!   next call, so memory is a few hundred bytes whatever the number of
//!   solutions (n = 14 has 365596 of them, none is ever held).
//! - [`Fundamentals`]: only the fundamental solutions, each the
//!   lexicographically smallest member of its orbit under the 8 symmetries
//!   of the square ([`Symmetry::ALL`](nqueens_kernel::symmetry::Symmetry::ALL)), with the size of that orbit.
//! - [`canonical_orbit`], [`orbit_size`]: the test behind [`Fundamentals`].
//! - [`first_attack`]: the first pair of queens of a placement that attack
//!   each other, and along which line, to explain why a position is refused.
//!
//! Solutions are written as in the rest of the kernel: `columns[r]` is the
//! 0-based column of the queen on row `r`. Lexicographic order on these
//! sequences comes free from the search: each row tries its lowest free
//! column first, and a row is only revisited once every completion of the
//! rows above has been listed.
//!
//! Lines through a queen, as [`first_attack`] names them: its column, its
//! *diagonal* (the squares where `column - row` is the same, parallel to the
//! main diagonal from row 0, column 0) and its *anti-diagonal* (`column +
//! row` the same).

mod attack;
pub mod blocked;
mod listing;
mod orbits;

pub use attack::{first_attack, Attack, Line};
pub use listing::{PrefixError, Solution, Solutions};
pub use orbits::{canonical_orbit, orbit_size, Fundamentals};
