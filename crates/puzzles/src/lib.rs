//! The other queens puzzles, built on the counting kernel
//! ([`nqueens_kernel`]) and never imported by it:
//!
//! - [`variant`]: two variants with their own searches, queens on a
//!   [`torus`](variant::torus) (diagonals wrapping around) and queens with
//!   [no three in line](variant::collinear), counted per first-row column
//!   with the symmetries of each solution.
//! - [`dominate`]: the fewest queens that occupy or attack every square,
//!   and how many such sets there are.
//! - [`pawns`]: more queens than rows, kept apart by the fewest pawns.
//! - [`pieces`]: the most non-attacking kings, knights, bishops or rooks
//!   and the ways to place them, by (max, ways) dynamic programs over rows.
//! - [`solve`]: one solution for any n up to 10^7 (construction,
//!   min-conflicts, heuristics, backtracking, random restarts).
//! - [`solutions`]: every solution streamed in lexicographic order, the
//!   fundamental ones with their orbit sizes, and the attack check.
//!
//! Each puzzle checks its results against an independent source in its
//! tests (brute force, OEIS, the kernel's counts); like the kernel, this
//! crate does no I/O, threading or printing.
//!
//! ```
//! use nqueens_kernel::Board;
//! use nqueens_puzzles::{solutions::Solutions, variant::Variant};
//! let board = Board::new(8).unwrap();
//! // The listing agrees with the kernel's count.
//! assert_eq!(Solutions::new(board).count() as u128, nqueens_kernel::count(8).unwrap().total);
//! // Queens on a torus: solutions exist exactly when gcd(n, 6) = 1.
//! assert_eq!(Variant::Torus.count(Board::new(5).unwrap()).solutions, 10);
//! assert_eq!(Variant::Torus.count(board).solutions, 0);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod dominate;
pub mod pawns;
pub mod pieces;
pub mod solutions;
pub mod solve;
pub mod variant;
