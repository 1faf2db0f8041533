//! Every file the CLI writes or reads back goes through one writer and
//! one bounded reader, which live in `nqueens-files` with the checkpoints
//! they serve (the Python module writes checkpoints too).

pub use nqueens::io::*;
