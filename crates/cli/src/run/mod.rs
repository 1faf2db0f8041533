//! A run's machinery, the same for every kind of work: progress bars,
//! checkpoints and their journal, signals, the memory budget, and the
//! counting session that puts them together.

pub mod checkpoint;
pub mod journal;
pub mod memory;
pub mod progress;
pub mod session;
pub mod signals;
