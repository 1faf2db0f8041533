//! A checkpointed run's hooks: in `nqueens-files`
//! (`nqueens_files::journal`), shared with the Python module.

pub use nqueens_files::journal::*;
