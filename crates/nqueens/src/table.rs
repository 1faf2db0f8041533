//! The classical table: every board from `first` to `last` counted with
//! the default solver, one [`CountRecord`] a board, each handed on as soon
//! as it is counted.

use nqueens_kernel::Board;
use nqueens_sched::{solvers, Checked};

use crate::{number, session, Budget, Control, CountRecord, Error, Run, Spelling, Unused};

/// A table as asked for: every value as the user gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRequest {
    /// The first board side, as typed (default 1).
    pub first: String,
    /// The last board side, as typed (default 12).
    pub last: String,
    /// Threads and memory.
    pub run: Run,
    /// How messages name the values.
    pub spelling: Spelling,
}

impl Default for TableRequest {
    fn default() -> TableRequest {
        TableRequest {
            first: "1".into(),
            last: "12".into(),
            run: Run::default(),
            spelling: Spelling::default(),
        }
    }
}

impl TableRequest {
    /// Checks each board once, the range, the threads and the budget.
    ///
    /// ```
    /// use nqueens::{Spelling, TableRequest};
    /// let t = TableRequest { first: "9".into(), last: "3".into(), spelling: Spelling::Keywords, ..TableRequest::default() };
    /// assert_eq!(t.check().unwrap_err().to_string(), "empty range: first 9 is after last 3");
    /// ```
    pub fn check(&self) -> Result<Table, Error> {
        let sp = self.spelling;
        let task = solvers::default();
        let (from_name, to_name) = (sp.of("first"), sp.of("last"));
        let first = number::counted(&self.first, &from_name, task.clone())?;
        let last = number::counted(&self.last, &to_name, task.clone())?;
        let (from, to) = (first.board().n(), last.board().n());
        if from > to {
            return Err(Error::input(format!(
                "empty range: {from_name} {from} is after {to_name} {to}"
            )));
        }
        // The largest board starts the most threads: its budget is the
        // table's.
        let (last, budget) = self.run.counted(sp, last, &Unused::default())?;
        let opts = *last.opts();
        let mut counts = Vec::with_capacity(to - from + 1);
        if from < to {
            counts.push(first.with_threads(opts.threads).with_memory(opts.memory));
        }
        for n in from + 1..to {
            counts.push(Checked::of(task.clone(), Board::new(n)?, opts)?);
        }
        counts.push(last);
        Ok(Table { counts, budget })
    }
}

/// A table checked once, ready to run.
#[derive(Clone, Debug)]
pub struct Table {
    counts: Vec<Checked>,
    budget: Option<Budget>,
}

impl Table {
    /// The boards' counts, in order.
    pub fn counts(&self) -> &[Checked] {
        &self.counts
    }

    /// The memory budget every board runs under.
    pub fn budget(&self) -> Option<Budget> {
        self.budget
    }

    /// Counts each board in turn, handing each record to `each` as soon as
    /// it is made (`started` is told the board first); stops at the first
    /// error, `each`'s or the count's.
    pub fn run<E: From<Error>>(
        &self,
        control: &Control,
        mut started: impl FnMut(usize),
        mut each: impl FnMut(CountRecord) -> Result<(), E>,
    ) -> Result<(), E> {
        for count in &self.counts {
            started(count.board().n());
            let (total, search) = session::count(count, self.budget, None, control)?;
            each(CountRecord::new(count, total, search, self.budget))?;
        }
        Ok(())
    }
}
