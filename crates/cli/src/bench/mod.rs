//! Benchmarking: `nqueens bench` times solvers side by side (`timing`) and
//! with outside programs beside them (`command`, `process`, `external`,
//! `os`), and records the run on disk (`record`, with facts from `machine`);
//! `nqueens plot` draws a recorded run (`plot`).

pub mod command;
mod external;
pub mod machine;
pub mod os;
mod plot;
mod process;
pub mod record;
mod stats;
mod timing;

pub use plot::run as plot;
pub use timing::run;
