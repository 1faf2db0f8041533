//! Checkpoints: in `nqueens-files` (`nqueens_files::checkpoint`), shared
//! with the Python module, so both write and resume the same files.

pub use nqueens_files::checkpoint::*;
