//! The accessibility heuristic's sheet (exercise sheet 002 §2.5): its
//! table of accessibilities and its runs, from one start or from every
//! one ([`Solve::sheet`]), and their records.

use nqueens_puzzles::solve::accessibility;
use nqueens_sched::{Fields, Value};

use super::Solve;
use crate::Error;

/// The accessibility heuristic's own listing (its source sheet's): the
/// table of accessibilities and the runs, from one start or from every
/// one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// Row by row, how many squares a queen on each square attacks.
    pub table: Vec<Vec<u32>>,
    /// The runs: from the start asked (the corner by default), or from
    /// every square.
    pub runs: Vec<accessibility::Run>,
    /// How the free squares were found: `free list` or `whole-board scan`.
    pub method: &'static str,
}

impl Solve {
    /// The accessibility heuristic's sheet, its runs from every start or
    /// from the one asked for (the corner by default).
    ///
    /// ```
    /// let r = nqueens::SolveRequest { method: "accessibility".into(), ..nqueens::SolveRequest::new(5) };
    /// let sheet = r.check()?.sheet(true)?;
    /// assert_eq!((sheet.table.len(), sheet.runs.len(), sheet.method), (5, 25, "whole-board scan"));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn sheet(&self, every_start: bool) -> Result<Sheet, Error> {
        let n = self.n;
        let err = |e: accessibility::AccessibilityError| Error::input(e.to_string());
        let table = accessibility::table(n).map_err(err)?;
        let free_list = self.options.free_list;
        let (method, name) = if free_list {
            (accessibility::Method::Optm, "free list")
        } else {
            (accessibility::Method::Naive, "whole-board scan")
        };
        let runs = if every_start {
            accessibility::test_heuristiq(n, method).map_err(err)?
        } else {
            let start = self.options.start.unwrap_or((0, 0));
            let place = if free_list {
                accessibility::placer_optm
            } else {
                accessibility::placer_naif
            };
            vec![place(n, start).map_err(err)?]
        };
        Ok(Sheet {
            table,
            runs,
            method: name,
        })
    }
}

impl Sheet {
    /// The table of accessibilities as `accessibility-row` records, row 1
    /// first.
    pub fn rows(&self) -> impl Iterator<Item = AccessibilityRow<'_>> {
        let n = self.table.len();
        self.table
            .iter()
            .enumerate()
            .map(move |(row, accessibility)| AccessibilityRow {
                n,
                row,
                accessibility,
            })
    }

    /// The runs as `accessibility-run` records.
    ///
    /// ```
    /// let r = nqueens::SolveRequest { method: "accessibility".into(), ..nqueens::SolveRequest::new(5) };
    /// let sheet = r.check()?.sheet(false)?;
    /// let run = sheet.runs().next().unwrap();
    /// assert_eq!((run.n, run.method, run.run.placed[0]), (5, "whole-board scan", (0, 0)));
    /// assert_eq!(sheet.rows().count(), 5);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn runs(&self) -> impl Iterator<Item = AccessibilityRun<'_>> {
        let n = self.table.len();
        self.runs.iter().map(move |run| AccessibilityRun {
            n,
            method: self.method,
            run,
        })
    }
}

/// One row of the table of accessibilities: an `accessibility-row`
/// record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccessibilityRow<'a> {
    /// The board side.
    pub n: usize,
    /// The row, 0-based (written 1-based).
    pub row: usize,
    /// How many squares a queen on each square of the row attacks.
    pub accessibility: &'a [u32],
}

impl AccessibilityRow<'_> {
    /// The record's named values, in the order every format shows them
    /// (the `accessibility-row` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        let accessibility = self.accessibility.iter().map(|&a| a.into()).collect();
        vec![
            ("n", self.n.into()),
            ("row", (self.row + 1).into()),
            ("accessibility", Value::Ints(accessibility)),
        ]
    }
}

/// One run of the accessibility heuristic from its start: an
/// `accessibility-run` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccessibilityRun<'a> {
    /// The board side.
    pub n: usize,
    /// How the free squares were found ([`Sheet::method`]).
    pub method: &'static str,
    /// The run.
    pub run: &'a accessibility::Run,
}

impl AccessibilityRun<'_> {
    /// The record's named values, in the order every format shows them
    /// (the `accessibility-run` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        let run = self.run;
        vec![
            ("n", self.n.into()),
            ("method", self.method.into()),
            ("start", Value::Squares(run.placed[..1].to_vec())),
            ("success", run.success.into()),
            ("placed", Value::Squares(run.placed.clone())),
            ("examined", run.examined.into()),
        ]
    }
}
