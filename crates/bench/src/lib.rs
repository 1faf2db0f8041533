//! The benchmark harness of nqueens: built-in solvers and outside
//! programs timed side by side, one board size at a time, every count
//! checked against OEIS and the others, the run recorded on disk and
//! drawn. `nqueens bench` and `nqueens plot` are its door.
//!
//! A [`Request`] holds checked values (the door checks its flags, with
//! [`Command::parse`], [`pattern`] and [`check_out`] for the harness's
//! own); [`run`] times it (`timing`, with the programs in `external`,
//! `process` and `os`), hands each [`Row`] to the caller's [`Show`] as
//! soon as it is complete, and records the run in a directory of its own
//! (`record`, with facts from `machine`). The harness never prints: the
//! door turns a row's [`Row::fields`] into its own records and draws the
//! progress. [`Recorded`] reads a recorded run back and draws it as SVG
//! (`plot`).
//!
//! ```
//! use nqueens_bench::{run, Build, Exports, Request, Row, Runs, Show, Stop, Timing};
//! use nqueens_sched::{solvers, Options, Value};
//!
//! /// Keeps the rows; shows nothing.
//! #[derive(Default)]
//! struct Rows(Vec<Row>);
//! impl Show for Rows {
//!     fn start(&mut self, _runs: u64) -> std::io::Result<()> { Ok(()) }
//!     fn running(&mut self, _label: String) {}
//!     fn ran(&mut self) {}
//!     fn skipped(&mut self, _runs: u64) {}
//!     fn row(&mut self, row: &Row) -> std::io::Result<()> {
//!         self.0.push(row.clone());
//!         Ok(())
//!     }
//!     fn summary(&mut self, _rows: &[Row], _notes: &[String]) -> String { String::new() }
//!     fn end(&mut self, _notes: &[String]) -> std::io::Result<()> { Ok(()) }
//! }
//!
//! let request = Request {
//!     solvers: vec![solvers::by_name("mirror").unwrap().clone(), solvers::by_name("classic").unwrap().clone()],
//!     boards: (6..=7).map(|n| nqueens_kernel::Board::new(n).unwrap()).collect(),
//!     runs: Runs::exactly(1),
//!     run: Options::sequential(),
//!     budget: None,
//!     max_seconds: 60.0,
//!     out: None,
//!     exports: Exports::default(),
//!     stop: Stop::new(),
//!     commands: Vec::new(),
//!     timing: Timing::InProcess,
//!     counter: None,
//!     counter_args: Vec::new(),
//!     count_pattern: None,
//!     build: Build {
//!         program: "example".into(),
//!         version: "0".into(),
//!         commit: "unknown".into(),
//!         rustc: "unknown".into(),
//!         profile: "unknown".into(),
//!     },
//!     args: Vec::new(),
//! };
//! let mut rows = Rows::default();
//! run(&request, &mut rows)?;
//! let last = rows.0[3].fields();
//! assert_eq!(last[1], ("solver", Value::Text("classic".into())));
//! assert_eq!(last[2], ("timing", Value::Text("in-process".into())));
//! assert_eq!(last[4], ("runs", Value::Int(1)));
//! assert_eq!(last[17], ("total", Value::Int(40)));
//! assert_eq!(last[19], ("oeis", Value::Text("ok".into())));
//! # Ok::<(), anyhow::Error>(())
//! ```
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod command;
mod export;
mod external;
mod machine;
mod os;
mod plot;
mod process;
mod record;
mod request;
mod row;
mod runs;
mod show;
mod spec;
mod stats;
mod stop;
mod timing;

pub use command::{pattern, Command};
pub use export::{summary_markdown, Exports};
pub use plot::Recorded;
pub use record::check_out;
pub use request::{
    Build, Request, Runs, RunsText, MAX_RUNS, MAX_WARMUP, MIN_RUNS, TARGET_SECONDS,
    WARM_UP_BELOW_SECONDS,
};
pub use row::{Row, Timing, KEYS};
pub use show::Show;
pub use spec::Spec;
pub use stop::Stop;
pub use timing::run;
