//! The files a counting run keeps, shared by the `nqueens` command and the
//! Python module: [`checkpoint`] (finished subproblems recorded durably, so
//! a count resumes), [`journal`] (the engine's hooks that write them), and
//! [`io`], the one writer and bounded reader every file of the command goes
//! through.
//!
//! ```
//! use nqueens_files::checkpoint::{Checkpoint, Header};
//! use nqueens_sched::{solvers, Options};
//! let board = nqueens_kernel::Board::new(8).unwrap();
//! let task = solvers::default();
//! let layout = task.layout(board, &Options::sequential()).unwrap().unwrap();
//! let path = std::env::temp_dir().join(format!("nqueens-files-doc-{}", std::process::id()));
//! let ck = Checkpoint::open(&path, &Header::new(&**task, nqueens_kernel::Board::new(8).unwrap(), layout)).unwrap();
//! assert_eq!(ck.saved(), 0);
//! # drop(ck);
//! # std::fs::remove_file(&path).unwrap();
//! ```

pub mod checkpoint;
pub mod io;
pub mod journal;
mod recorded;
pub mod visible;
