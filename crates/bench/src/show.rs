//! What a bench run shows as it goes, left to its caller: the harness
//! times and records, the door prints the rows, draws the progress and
//! renders the tables (the command line with its exporter and its
//! progress bar).

use std::io;

use crate::row::Row;

/// The caller's side of a run ([`run`](crate::timing::run)): called from the
/// calling thread, in this order: [`start`](Show::start) once, then
/// for each solver at each size [`running`](Show::running), a
/// [`ran`](Show::ran) per timed run or [`skipped`](Show::skipped), its
/// [`row`](Show::row); a [`summary`](Show::summary) after each size when
/// the run is recorded; [`end`](Show::end) once, unless the run failed
/// on the way.
pub trait Show {
    /// The run starts: `runs` timed runs are planned (skipped ones
    /// included). Called after the run's directory is made, before any
    /// run.
    fn start(&mut self, runs: u64) -> io::Result<()>;
    /// What runs now: `n = 9 pairs`.
    fn running(&mut self, label: String);
    /// One timed run is done.
    fn ran(&mut self);
    /// A row's first run asks for `runs` more timed runs than planned
    /// (to fill `--target-seconds`).
    fn more(&mut self, runs: u64) {
        let _ = runs;
    }
    /// `runs` planned runs will not run (a skipped solver, a failed
    /// program).
    fn skipped(&mut self, runs: u64);
    /// One solver's (or program's) row at one size is complete: its
    /// values are [`Row::fields`].
    fn row(&mut self, row: &Row) -> io::Result<()>;
    /// summary.md's text: `rows` as a Markdown table (the same columns
    /// as the rows shown), then the `notes`.
    fn summary(&mut self, rows: &[Row], notes: &[String]) -> String;
    /// The run is over: its notes (how the speed-up is taken, where the
    /// run is recorded). Counts that disagree, and programs that failed,
    /// come after it as [`run`](crate::timing::run)'s error.
    fn end(&mut self, notes: &[String]) -> io::Result<()>;
}
