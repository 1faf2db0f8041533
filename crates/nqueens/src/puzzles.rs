//! What `dominate` and `pawns` share: a minimum found on one thread, and
//! with `count` its placements counted over the threads, under a memory
//! budget, through an optional checkpoint ([`Counting`]).

use std::path::PathBuf;

use nqueens_sched::Checked;

use crate::{verify, Control, Count, Error, Run, Spelling, Unused};

/// The count a puzzle may add to its minimum, as asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counting {
    /// Whether to count the placements too (`--count`).
    pub count: bool,
    /// A file recording each finished part of the count: created, or
    /// resumed (only with `count`).
    pub checkpoint: Option<PathBuf>,
    /// Threads and memory, which only the count uses.
    pub run: Run,
}

impl Counting {
    /// `checked` with the run options when it is to be counted (`None`
    /// without `count`: the minimum is found on one thread, with no lists
    /// to budget, and the run options are refused).
    pub(crate) fn check(&self, sp: Spelling, checked: Checked) -> Result<Option<Count>, Error> {
        let (count, run) = (sp.of("count"), &self.run);
        if self.count {
            let (checked, budget) = run.counted(sp, checked, &Unused::default())?;
            return Ok(Some(Count::of(checked, budget, self.checkpoint.clone())));
        }
        if self.checkpoint.is_some() {
            return Err(Error::input(format!(
                "{} records the parts of a count: it needs {count}",
                sp.of("checkpoint")
            )));
        }
        let why = format!(
            "without {count} the minimum is searched on one thread with no lists to budget; add {count}"
        );
        let unused = Unused {
            threads: Some(why.clone()),
            memory: Some(why),
        };
        run.options(sp, None, &unused)?;
        Ok(None)
    }
}

/// Counts `count`, if there is one, under `control`: its solutions, and
/// the error its total is where it disagrees with what is published.
pub(crate) fn counted(
    count: Option<&Count>,
    control: &Control,
) -> Result<(Option<u128>, Option<Error>), Error> {
    let Some(count) = count else {
        return Ok((None, None));
    };
    let record = count.run(control)?;
    Ok((Some(record.total.solutions), record.check().err()))
}

/// Whether a count's total has a published value to agree with.
pub(crate) fn published(count: Option<&Count>) -> bool {
    count.is_some_and(|c| verify::published(c.checked().task(), c.checked().board()).is_some())
}

/// A record's `verified`: false after a `mismatch`, true when something
/// published was `checked` and agreed, `None` when nothing was.
pub(crate) fn verified(mismatch: &Option<Error>, checked: bool) -> Option<bool> {
    match (mismatch, checked) {
        (Some(_), _) => Some(false),
        (None, true) => Some(true),
        (None, false) => None,
    }
}
