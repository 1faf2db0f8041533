//! Benchmarking: `nqueens bench` times solvers side by side (`timing`) and
//! records the run on disk (`record`, with facts from `machine`);
//! `nqueens plot` draws a recorded run (`plot`).

pub mod machine;
mod plot;
pub mod record;
mod timing;

pub use plot::run as plot;
pub use timing::run;
