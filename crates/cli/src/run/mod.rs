//! A run's machinery on the command line: progress bars, signals, and the
//! session that puts them around the library's count (the memory budget,
//! the checkpoints and the count itself are the library's: `nqueens`).

pub mod progress;
pub mod session;
pub mod signals;
