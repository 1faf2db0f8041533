//! The source documents' reference computations, as requests: document
//! 004's level lists ([`LevelsRequest`]) and the sizes of the search
//! spaces they compare ([`SpaceRequest`]), each checked against the limit
//! the kernel's reference code declares.

use nqueens_kernel::reference::level_lists;
use nqueens_kernel::reference::search_space::{self, Kind};
use nqueens_sched::{Fields, Value};

use crate::listing::ListingCount;
use crate::{number, Error};

/// Document 004's notation of a placement (`13`, or `[1, 10]` past 9
/// lines) and its Python's item (`'13'`), as the kernel writes them.
pub use nqueens_kernel::reference::level_lists::{notation, python_item};

/// A level of document 004 as asked for: the placements of the queens of
/// the first `queens` columns of an `n x n` board, in its order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelsRequest {
    /// The board side, as typed.
    pub n: String,
    /// The queens placed (the level), as typed.
    pub queens: String,
}

impl LevelsRequest {
    /// The board and the level, checked against the reference code's
    /// limits; a prefix is checked on the result ([`Levels::prefix`]).
    ///
    /// ```
    /// let e = nqueens::LevelsRequest { n: "8".into(), queens: "9".into() };
    /// assert_eq!(e.check().unwrap_err().to_string(), "--queens must be a whole number from 1 to 8 on n = 8, not 9");
    /// ```
    pub fn check(&self) -> Result<Levels, Error> {
        let n = number::size(&self.n, "n", 1..=level_lists::MAX_N, " for level lists")?;
        let k = number::size(&self.queens, "--queens", 1..=n, &format!(" on n = {n}"))?;
        Ok(Levels {
            n,
            k,
            prefix: Vec::new(),
        })
    }
}

/// A level checked once, ready to list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels {
    n: usize,
    k: usize,
    prefix: Vec<u8>,
}

impl Levels {
    /// The board side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The same level, keeping the placements that begin with the lines
    /// `text` names (numbers separated by spaces, the first line numbered
    /// `base`): at most as many as the level's queens.
    ///
    /// ```
    /// let level = nqueens::LevelsRequest { n: "8".into(), queens: "2".into() }.check()?;
    /// assert_eq!(level.prefix("1", 1)?.run()?.len(), 6);
    /// let e = level.prefix("1 2 3", 1).unwrap_err().to_string();
    /// assert_eq!(e, "--prefix gives 3 lines but --queens is 2: a prefix holds at most K lines");
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn prefix(&self, text: &str, base: u8) -> Result<Levels, Error> {
        let (n, k) = (self.n, self.k);
        let (first, last) = (usize::from(base), n - 1 + usize::from(base));
        let lines: Vec<u8> = text
            .split_whitespace()
            .map(|w| match w.parse::<usize>() {
                Ok(r) if (first..=last).contains(&r) => Ok((r + 1 - first) as u8),
                _ => Err(Error::input(format!(
                    "--prefix: lines run from {first} to {last}, not '{w}'"
                ))),
            })
            .collect::<Result<_, Error>>()?;
        if lines.len() > k {
            return Err(Error::input(format!(
                "--prefix gives {} lines but --queens is {k}: a prefix holds at most K lines",
                lines.len()
            )));
        }
        Ok(Levels {
            prefix: lines,
            ..self.clone()
        })
    }

    /// The `listing-count` record of a level of `listed` placements.
    pub fn counted(&self, listed: usize) -> ListingCount {
        ListingCount {
            n: self.n,
            count: listed as u64,
            of: "placements",
        }
    }

    /// The placements of the level that begin with the prefix, in the
    /// document's order, each the 1-based lines of the first columns'
    /// queens: one `level` record each.
    ///
    /// ```
    /// let level = nqueens::LevelsRequest { n: "8".into(), queens: "2".into() }.check()?;
    /// let records = level.prefix("1", 1)?.run()?;
    /// assert_eq!((records[0].queens, records[0].lines.as_slice()), (2, &[1u8, 3][..]));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn run(&self) -> Result<Vec<LevelRecord>, Error> {
        let mut all =
            level_lists::level(self.n, self.k).map_err(|e| Error::input(e.to_string()))?;
        all.retain(|p| p.starts_with(&self.prefix));
        Ok(all
            .into_iter()
            .map(|lines| LevelRecord {
                n: self.n,
                queens: self.k,
                lines,
            })
            .collect())
    }
}

/// One placement of a level: the answer of [`Levels::run`], one per
/// placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelRecord {
    /// The board side.
    pub n: usize,
    /// The queens placed (the level).
    pub queens: usize,
    /// The 1-based line of the queen of column 1, 2, ...
    pub lines: Vec<u8>,
}

impl LevelRecord {
    /// The record's named values, in the order every format shows them
    /// (the `level` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        vec![
            ("n", Value::from(self.n)),
            ("queens", Value::from(self.queens)),
            (
                "lines",
                Value::Ints(self.lines.iter().map(|&r| r.into()).collect()),
            ),
        ]
    }
}

/// The search spaces' sizes as asked for: the board side, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpaceRequest {
    /// The board side, as typed.
    pub n: String,
}

impl SpaceRequest {
    /// The board, checked against the exact sizes' limit.
    ///
    /// ```
    /// let e = nqueens::SpaceRequest { n: "0".into() }.check().unwrap_err().to_string();
    /// assert!(e.starts_with("n must be a whole number from 1 to 10000 for exact search-space sizes"), "{e}");
    /// ```
    pub fn check(&self) -> Result<Space, Error> {
        let n = number::size(
            &self.n,
            "n",
            1..=search_space::MAX_N,
            " for exact search-space sizes",
        )?;
        Ok(Space { n })
    }
}

/// The search spaces of one board, checked once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Space {
    n: usize,
}

impl Space {
    /// One `space` record per search space (docs/formats.md): its name,
    /// its exact size and its formula.
    ///
    /// ```
    /// let records = nqueens::SpaceRequest { n: "8".into() }.check()?.run()?;
    /// assert_eq!((records[4].space, records[4].size.as_str()), ("permutations", "40320"));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn run(&self) -> Result<Vec<SpaceRecord>, Error> {
        let n = self.n;
        Kind::ALL
            .into_iter()
            .map(|kind| {
                let (space, formula) = describe(kind);
                let size = search_space::size(kind, n).map_err(|e| Error::input(e.to_string()))?;
                Ok(SpaceRecord {
                    n,
                    space,
                    size: size.to_string(),
                    formula,
                })
            })
            .collect()
    }
}

/// The size of one search space: the answer of [`Space::run`], one per
/// space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceRecord {
    /// The board side.
    pub n: usize,
    /// The space's name (`placements`, `arrangements`, `combinations`,
    /// `per_row`, `permutations`).
    pub space: &'static str,
    /// Its exact size, in decimal digits (tens of thousands of them at
    /// large n).
    pub size: String,
    /// The formula and what it counts.
    pub formula: &'static str,
}

impl SpaceRecord {
    /// The record's named values, in the order every format shows them
    /// (the `space` record of docs/formats.md).
    pub fn fields(&self) -> Fields {
        vec![
            ("n", Value::from(self.n)),
            ("space", Value::from(self.space)),
            ("size", Value::Digits(self.size.clone())),
            ("formula", Value::from(self.formula)),
        ]
    }
}

/// The name and formula of each search space.
fn describe(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::Placements => (
            "placements",
            "(n^2)^n: n numbered queens, each on any square",
        ),
        Kind::Arrangements => (
            "arrangements",
            "A(n^2, n): n numbered queens on distinct squares",
        ),
        Kind::Combinations => ("combinations", "C(n^2, n): sets of n squares"),
        Kind::PerRow => ("per_row", "n^n: one queen per row"),
        Kind::Permutations => ("permutations", "n!: one queen per row and per column"),
    }
}
