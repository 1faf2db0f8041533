//! `--threads` and `--max-memory`: checked once here for every verb that
//! runs a count, and refused where the work would not use them.

use anyhow::{bail, Result};
use nqueens_sched::Options;

use super::number;
use crate::cli::RunArgs;
use crate::run::memory::Budget;

/// The most threads this tool starts: far above any machine it counts on,
/// low enough that a typo cannot exhaust the process table.
pub const MAX_THREADS: usize = 1024;

/// Why the work does not use `--threads` or `--max-memory`, for those it
/// does not (`None`: it uses them).
#[derive(Clone, Default)]
pub struct Unused {
    pub threads: Option<String>,
    pub memory: Option<String>,
}

/// The scheduler's options for `--threads`, `--max-memory` and a depth,
/// with the memory budget they come from.
pub fn run(
    args: &RunArgs,
    depth: Option<usize>,
    unused: Unused,
) -> Result<(Options, Option<Budget>)> {
    let threads = match args.threads.as_deref() {
        None if unused.threads.is_some() => 1,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(t) => number::size(t, "--threads", 1..=MAX_THREADS, "")?,
    };
    if let (Some(why), true) = (&unused.threads, threads > 1) {
        bail!("--threads {threads} does not apply: {why}");
    }
    if let (Some(why), Some(_)) = (&unused.memory, &args.max_memory) {
        bail!("--max-memory does not apply: {why}");
    }
    let budget = Budget::of(args, threads)?;
    let options = Options {
        threads,
        depth,
        memory: budget.map(|b| b.working()),
    };
    Ok((options, budget))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(threads: &str) -> RunArgs {
        RunArgs {
            threads: Some(threads.into()),
            max_memory: None,
        }
    }

    #[test]
    fn thread_counts_are_checked() {
        let t = |s: &str| run(&args(s), None, Unused::default()).map(|r| r.0.threads);
        assert_eq!(t("3").unwrap(), 3);
        assert!(t("0")
            .unwrap_err()
            .to_string()
            .contains("from 1 to 1024, not 0"));
        assert!(t("-1").is_err());
        let one = Unused {
            threads: Some("it runs on one thread".into()),
            memory: None,
        };
        assert_eq!(run(&args("1"), None, one.clone()).unwrap().0.threads, 1);
        let e = run(&args("7"), None, one).unwrap_err().to_string();
        assert_eq!(e, "--threads 7 does not apply: it runs on one thread");
    }
}
