//! [`Run`]: the threads and the memory budget a request asks for, checked
//! once for every kind of work, and refused where the work would not use
//! them ([`Unused`]).

use nqueens_sched::{threads_started, Checked, Kind, Options, Threads};

use crate::{Budget, Error, Spelling};

/// Threads and memory as the user gave them (`None`: the default, every
/// core and three quarters of the memory available).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// Worker threads, as typed.
    pub threads: Option<String>,
    /// The memory budget, as typed (`8G`, `512M`, a number of bytes).
    pub max_memory: Option<String>,
}

/// Why the work does not use threads or a memory budget, for those it
/// does not (`None`: it uses them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unused {
    /// Why the work runs on one thread.
    pub threads: Option<String>,
    /// Why the work keeps nothing a budget could cap.
    pub memory: Option<String>,
}

impl Run {
    /// The scheduler's options for these threads and `depth`, with the
    /// memory budget they come from, for work that is not one count of
    /// one board ([`Run::counted`] is).
    pub fn options(
        &self,
        spelling: Spelling,
        depth: Option<usize>,
        unused: &Unused,
    ) -> Result<(Options, Option<Budget>), Error> {
        let threads = self.threads(spelling, unused)?;
        let budget = Budget::of(self.max_memory.as_deref(), spelling, threads, || {
            Ok(threads)
        })?;
        let options = Options {
            threads,
            depth,
            memory: budget.map(|b| b.working()),
        };
        Ok((options, budget))
    }

    /// `count` (checked where its board and depth were read) on the
    /// threads asked for, with its memory budget: its threads' stacks are
    /// reserved for the threads it starts, which may be fewer than asked
    /// for.
    pub fn counted<K: Kind + ?Sized>(
        &self,
        spelling: Spelling,
        count: Checked<K>,
        unused: &Unused,
    ) -> Result<(Checked<K>, Option<Budget>), Error> {
        let count = count.with_threads(self.threads(spelling, unused)?);
        let started = || Ok(threads_started(&count, None)?);
        let budget = Budget::of(
            self.max_memory.as_deref(),
            spelling,
            count.opts().threads,
            started,
        )?;
        Ok((count.with_memory(budget.map(|b| b.working())), budget))
    }

    /// The threads (every core by default, one where the work uses one);
    /// threads and a budget refused where the work does not use them.
    pub fn threads(&self, spelling: Spelling, unused: &Unused) -> Result<Threads, Error> {
        let threads = match self.threads.as_deref() {
            None if unused.threads.is_some() => Threads::ONE,
            None => Threads::available(),
            Some(t) => Threads::parse(&spelling.of("threads"), t)?,
        };
        if let (Some(why), true) = (&unused.threads, threads > Threads::ONE) {
            return Err(Error::input(format!(
                "{} {threads} does not apply: {why}",
                spelling.of("threads")
            )));
        }
        if let (Some(why), Some(_)) = (&unused.memory, &self.max_memory) {
            return Err(Error::input(format!(
                "{} does not apply: {why}",
                spelling.of("max_memory")
            )));
        }
        Ok(threads)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(threads: &str) -> Run {
        Run {
            threads: Some(threads.into()),
            max_memory: None,
        }
    }

    #[test]
    fn thread_counts_are_checked() {
        let flags = Spelling::Flags;
        let t = |s: &str| {
            run(s)
                .options(flags, None, &Unused::default())
                .map(|r| r.0.threads.get())
        };
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
        let threads = run("1").options(flags, None, &one).unwrap().0.threads;
        assert_eq!(threads, Threads::ONE);
        let e = run("7").options(flags, None, &one).unwrap_err().to_string();
        assert_eq!(e, "--threads 7 does not apply: it runs on one thread");
        let e = run("7")
            .options(Spelling::Keywords, None, &one)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "threads 7 does not apply: it runs on one thread"
        );
    }
}
