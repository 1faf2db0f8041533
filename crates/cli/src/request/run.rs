//! `--threads` and `--max-memory`: checked once here for every verb that
//! runs a count, and refused where the work would not use them.

use anyhow::{bail, Result};
use nqueens_sched::{threads_started, Checked, Options, Threads};
use nqueens_tasks::Task;

use crate::cli::RunArgs;
use crate::run::memory::Budget;

/// Why the work does not use `--threads` or `--max-memory`, for those it
/// does not (`None`: it uses them).
#[derive(Clone, Default)]
pub struct Unused {
    pub threads: Option<String>,
    pub memory: Option<String>,
}

/// The scheduler's options for `--threads`, `--max-memory` and a depth,
/// with the memory budget they come from, for work that is not one
/// count of one board ([`counted`] is).
pub fn options(
    args: &RunArgs,
    depth: Option<usize>,
    unused: Unused,
) -> Result<(Options, Option<Budget>)> {
    let threads = threads(args, unused)?;
    let budget = Budget::of(args, threads, || Ok(threads))?;
    let options = Options {
        threads,
        depth,
        memory: budget.map(|b| b.working()),
    };
    Ok((options, budget))
}

/// `count` (checked where its board and depth were read) on the threads
/// `--threads` asks for, with its memory budget: its threads' stacks are
/// reserved for the threads it starts, which may be fewer than asked for.
pub fn counted(
    args: &RunArgs,
    count: Checked<Task<'static>>,
    unused: Unused,
) -> Result<(Checked<Task<'static>>, Option<Budget>)> {
    let count = count.with_threads(threads(args, unused)?);
    let started = || Ok(threads_started(&count, None)?);
    let budget = Budget::of(args, count.opts().threads, started)?;
    Ok((count.with_memory(budget.map(|b| b.working())), budget))
}

/// `--threads` (every core by default, one where the work uses one);
/// `--threads` and `--max-memory` refused where the work does not use
/// them.
fn threads(args: &RunArgs, unused: Unused) -> Result<Threads> {
    let threads = match args.threads.as_deref() {
        None if unused.threads.is_some() => Threads::ONE,
        None => Threads::available(),
        Some(t) => Threads::parse("--threads", t)?,
    };
    if let (Some(why), true) = (&unused.threads, threads > Threads::ONE) {
        bail!("--threads {threads} does not apply: {why}");
    }
    if let (Some(why), Some(_)) = (&unused.memory, &args.max_memory) {
        bail!("--max-memory does not apply: {why}");
    }
    Ok(threads)
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
        let t = |s: &str| options(&args(s), None, Unused::default()).map(|r| r.0.threads.get());
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
        let threads = options(&args("1"), None, one.clone()).unwrap().0.threads;
        assert_eq!(threads, Threads::ONE);
        let e = options(&args("7"), None, one).unwrap_err().to_string();
        assert_eq!(e, "--threads 7 does not apply: it runs on one thread");
    }
}
