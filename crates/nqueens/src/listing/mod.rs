//! A listing of solutions as asked for ([`SolutionsRequest`]: `nqueens
//! solutions`, Python's `solutions()` and `iter_solutions()`), checked
//! once into [`Listing`]: the board (a variant's limit or the kernel's),
//! the prefix of first rows, the limit on how many are listed. A listing
//! is handed over one solution at a time ([`Listing::run`], in
//! lexicographic order, each with its orbit under `unique`), with the
//! independent checks of `verify` done on the way ([`Listed::verdict`]);
//! or as an iterator ([`Listing::iter`]); or gathered into memory under
//! the budget ([`Listing::collect`]).

mod prefix;
mod record;
mod verifier;

use std::ops::ControlFlow;

use nqueens_kernel::Board;
use nqueens_puzzles::variant::Variant;

use crate::solutions::{
    blocked::Partial, classify, Fundamentals, PrefixError, Solution, Solutions,
};
use crate::{number, Collected, Control, CountRequest, Error, ErrorKind, Run, Spelling};
use prefix::{typed, zero_based};
use verifier::Verifier;

pub use prefix::Prefix;
pub use record::{ListingCount, NoSolutionRecord, SolutionRecord};

/// A listing as asked for: every value as the user gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionsRequest {
    /// The board side, as typed.
    pub n: String,
    /// A variant's solutions instead (`--torus`, `--no-three-in-line`).
    pub variant: Option<Variant>,
    /// Only the solutions that start with these columns.
    pub prefix: Option<Prefix>,
    /// Only the fundamental solutions, one per orbit.
    pub unique: bool,
    /// At most this many, as typed.
    pub limit: Option<String>,
    /// Check what is listed with code that shares nothing with the search.
    pub verify: bool,
    /// How messages name the values.
    pub spelling: Spelling,
}

impl SolutionsRequest {
    /// Every solution of the board of side `n`.
    pub fn new(n: impl ToString) -> SolutionsRequest {
        SolutionsRequest {
            n: n.to_string(),
            variant: None,
            prefix: None,
            unique: false,
            limit: None,
            verify: false,
            spelling: Spelling::default(),
        }
    }

    /// Checks every value once: the board against its limit, the prefix
    /// (on the board, no two queens attacking), the limit.
    ///
    /// ```
    /// use nqueens::listing::{Prefix, SolutionsRequest};
    /// let prefix = Some(Prefix::Text { text: "1 2".into(), base: 1 });
    /// let e = SolutionsRequest { prefix, ..SolutionsRequest::new(8) }.check().unwrap_err();
    /// assert!(e.to_string().starts_with("--prefix \"1 2\": queens on rows 1 and 2"), "{e}");
    /// ```
    pub fn check(&self) -> Result<Listing, Error> {
        let board = number::board_for(&self.n, self.variant)?;
        let n = board.n();
        let prefix = match &self.prefix {
            None => Vec::new(),
            Some(Prefix::Text { text, base }) => typed(text, n, *base)?,
            Some(Prefix::Columns(columns)) => zero_based(columns, n)?,
        };
        let limit = self
            .limit
            .as_deref()
            .map(|k| number::whole(k, &self.spelling.of("limit"), 1..=u64::MAX, ""))
            .transpose()?;
        let listing = Listing {
            board,
            variant: self.variant,
            prefix,
            by_text: !matches!(self.prefix, Some(Prefix::Columns(_))),
            unique: self.unique,
            limit,
            verify: self.verify,
            spelling: self.spelling,
        };
        // The rules, before any solution is listed.
        Solutions::with_prefix(board, &listing.prefix).map_err(|e| listing.refused(e))?;
        Ok(listing)
    }
}

/// A checked listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The board.
    pub board: Board,
    /// The variant whose solutions are listed.
    pub variant: Option<Variant>,
    /// 0-based columns of the first rows (empty: none).
    pub prefix: Vec<u8>,
    /// Whether the prefix was typed (messages count rows from 1).
    by_text: bool,
    /// Only the fundamental solutions.
    pub unique: bool,
    /// At most this many.
    pub limit: Option<u64>,
    /// The independent checks on the way.
    pub verify: bool,
    /// How messages name the values.
    pub spelling: Spelling,
}

/// Rows gathered between two looks at the cancellation token.
const CHECK_EVERY: u64 = 1 << 13;

/// Boards from this side on are counted before a whole listing is
/// collected (n = 16: 14.8 million solutions, 237 MB).
const COUNTED_FIRST: usize = 16;

impl Listing {
    /// The prefix refused by the rules, in the words of the door.
    fn refused(&self, e: PrefixError) -> Error {
        if self.by_text {
            let given: Vec<String> = self.prefix.iter().map(|c| (c + 1).to_string()).collect();
            return Error::input(format!("--prefix \"{}\": {e}", given.join(" ")));
        }
        match e {
            // The kernel's message counts rows and columns from 1; here
            // they are 0-based, as the prefix was given.
            PrefixError::Attack(a) => Error::input(format!(
                "prefix: queens on rows {} and {} (columns {} and {}) attack along {}",
                a.rows[0], a.rows[1], a.columns[0], a.columns[1], a.line
            )),
            e => Error::input(format!("prefix: {e}")),
        }
    }

    /// How many solutions the listing holds, whatever its limit (`nqueens
    /// solutions --count`).
    pub fn count(&self, control: &Control) -> Result<u64, Error> {
        let mut count = 0;
        self.each(u64::MAX, control, &mut |_, _| {
            count += 1;
            Ok::<(), Error>(())
        })?;
        Ok(count)
    }

    /// [`Listing::count`] as the `listing-count` record: of symmetry
    /// classes under `unique`.
    ///
    /// ```
    /// use nqueens::listing::SolutionsRequest;
    /// let request = SolutionsRequest { unique: true, ..SolutionsRequest::new(8) };
    /// let counted = request.check()?.counted(&nqueens::Control::new())?;
    /// assert_eq!((counted.count, counted.of), (12, "unique solutions"));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn counted(&self, control: &Control) -> Result<ListingCount, Error> {
        Ok(ListingCount {
            n: self.board.n(),
            count: self.count(control)?,
            of: if self.unique {
                "unique solutions"
            } else {
                "solutions"
            },
        })
    }

    /// The `solution` record of one solution [`Listing::run`] handed
    /// over, with its orbit under `unique`.
    pub fn record<'s>(&self, solution: &'s [u8], orbit: usize) -> SolutionRecord<'s> {
        SolutionRecord {
            placement: solution,
            orbit: self.unique.then_some(orbit),
        }
    }

    /// The `no-solution` record of a run that listed nothing, with the
    /// first row a prefix leaves without a free square.
    pub fn no_solution(&self, listed: &Listed) -> NoSolutionRecord {
        NoSolutionRecord {
            n: self.board.n(),
            blocked_row: listed.dead_end.flatten(),
        }
    }

    /// Hands each solution to `f` in lexicographic order, with its orbit
    /// (0 without `unique`), at most `limit` of them; with `verify`, each
    /// is checked first. An error of `f` or of a check ends the listing;
    /// a raised cancellation token ends it with
    /// [`ErrorKind::Interrupted`].
    ///
    /// ```
    /// use nqueens::listing::SolutionsRequest;
    /// use nqueens::Control;
    /// let request = SolutionsRequest { unique: true, verify: true, ..SolutionsRequest::new(8) };
    /// let mut first = Vec::new();
    /// let listed = request.check()?.run(&Control::new(), |s, orbit| {
    ///     if first.is_empty() { first = s.to_vec() }
    ///     Ok::<(), nqueens::Error>(())
    /// })?;
    /// assert_eq!((listed.listed, first), (12, vec![0, 4, 7, 5, 2, 6, 1, 3]));
    /// assert!(listed.verdict().unwrap()?.ends_with("none missing (the count agrees)"));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn run<E: From<Error>>(
        &self,
        control: &Control,
        mut f: impl FnMut(&[u8], usize) -> Result<(), E>,
    ) -> Result<Listed, E> {
        let limit = self.limit.unwrap_or(u64::MAX);
        let mut check = self.verify.then(|| Verifier::new(self));
        let mut listed = 0u64;
        self.each(limit, control, &mut |s: &[u8],
                                        orbit: usize|
         -> Result<(), E> {
            if let Some(check) = &mut check {
                check.add(s, orbit)?;
            }
            f(s, orbit)?;
            listed += 1;
            Ok(())
        })?;
        // A prefix nothing completes: where the next queen is stuck. (With
        // unique an empty listing may still have completions: their orbits
        // are listed by smaller members.)
        let dead_end =
            (listed == 0 && !self.prefix.is_empty() && !self.unique && self.variant.is_none())
                .then(|| {
                    let cols: Vec<usize> =
                        self.prefix.iter().map(|&c| usize::from(c) + 1).collect();
                    Partial::new(self.board.n(), &cols)
                        .ok()
                        .and_then(|p| p.first_blocked_row())
                });
        // Complete when nothing narrowed the listing down: then the count
        // (Burnside, a different search) must agree with it.
        let complete = (self.prefix.is_empty() && listed < limit).then_some(self.board);
        Ok(Listed {
            listed,
            dead_end,
            check: check.map(|c| (c, complete)),
        })
    }

    /// The solutions of the ordinary board one at a time, each with its
    /// orbit (0 without `unique`), at most `limit` of them, holding only
    /// the search's state. A variant's search hands its solutions over
    /// through [`Listing::run`] only.
    pub fn iter(&self) -> Result<Iter, Error> {
        let take = usize::try_from(self.limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX);
        Ok(Iter(self.all()?.take(take)))
    }

    /// The ordinary board's whole listing.
    fn all(&self) -> Result<All, Error> {
        if let Some(v) = self.variant {
            return Err(Error::input(format!(
                "the --{} listing is handed over by a run, not as an iterator",
                v.name()
            )));
        }
        let refused = |e| self.refused(e);
        Ok(if self.unique {
            All::Unique(Fundamentals::with_prefix(self.board, &self.prefix).map_err(refused)?)
        } else {
            All::Every(Solutions::with_prefix(self.board, &self.prefix).map_err(refused)?)
        })
    }

    /// The listing gathered as flat rows of n columns under the budget
    /// `run` asks for: a whole listing of a large board is counted first
    /// (about a thousandth of the listing's time), so one too large is
    /// refused before it starts, not once it has filled memory.
    ///
    /// ```
    /// use nqueens::listing::SolutionsRequest;
    /// use nqueens::{Control, Run};
    /// let rows = SolutionsRequest::new(6).check()?.collect(&Run::default(), &Control::new())?;
    /// assert_eq!(rows.rows(), 4);
    /// assert_eq!(&rows.into_flat()[..6], &[1, 3, 5, 0, 2, 4]);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn collect(&self, run: &Run, control: &Control) -> Result<Collected, Error> {
        let n = self.board.n();
        let what = format!("n = {n} has more solutions");
        let mut flat = Collected::new(self.board, run, self.spelling, &what)?;
        if self.prefix.is_empty() && self.variant.is_none() && n >= COUNTED_FIRST {
            let count = CountRequest::new(n).check()?;
            let record = count.run(&Control::new().cancel(control.cancel.clone()))?;
            let c = record.total;
            let rows = if self.unique { c.unique } else { c.solutions };
            flat.expect(rows.min(u128::from(self.limit.unwrap_or(u64::MAX))))?;
        }
        let mut batch = Vec::new();
        self.run(control, |s, _| {
            batch.extend_from_slice(s);
            if batch.len() as u64 >= CHECK_EVERY * n as u64 {
                flat.extend(&batch)?;
                batch.clear();
            }
            Ok::<(), Error>(())
        })?;
        flat.extend(&batch)?;
        Ok(flat)
    }

    /// Hands the solutions to `f`, each with its orbit, at most `limit`.
    fn each<E: From<Error>>(
        &self,
        limit: u64,
        control: &Control,
        f: &mut Each<'_, E>,
    ) -> Result<(), E> {
        let interrupted = || Error::new(ErrorKind::Interrupted, "the listing was interrupted");
        let mut handed = 0u64;
        let mut hand = |s: &[u8], orbit: usize| -> Result<(), E> {
            if handed.is_multiple_of(CHECK_EVERY) && control.cancel.is_cancelled() {
                return Err(interrupted().into());
            }
            handed += 1;
            f(s, orbit)
        };
        let Some(variant) = self.variant else {
            if limit == 0 {
                return Ok(());
            }
            // `take`, not a test after the next item: finding one solution
            // too many can take seconds on a large board.
            let take = usize::try_from(limit).unwrap_or(usize::MAX);
            for (solution, orbit) in self.all()?.take(take) {
                hand(&solution, orbit)?;
            }
            return Ok(());
        };
        if limit == 0 {
            return Ok(());
        }
        // A variant's search runs one first-row column after the other and
        // hands over each solution as it is found, in the same order.
        let prefix = &self.prefix;
        let firsts = match prefix.first() {
            Some(&c) => usize::from(c)..usize::from(c) + 1,
            None => 0..self.board.n(),
        };
        let (mut given, mut failure) = (0u64, None);
        for first in firsts {
            let searched = variant.search(self.board, first, |s| {
                if !s.starts_with(prefix) {
                    return ControlFlow::Continue(());
                }
                let orbit = if self.unique {
                    match classify(s).orbit {
                        Some(orbit) => orbit,
                        None => return ControlFlow::Continue(()),
                    }
                } else {
                    0
                };
                if let Err(e) = hand(s, orbit) {
                    failure = Some(e);
                    return ControlFlow::Break(());
                }
                given += 1;
                if given == limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if searched.stopped {
                break;
            }
        }
        failure.map_or(Ok(()), Err)
    }
}

/// What a listing hands each solution and its orbit to.
type Each<'a, E> = dyn FnMut(&[u8], usize) -> Result<(), E> + 'a;

/// The ordinary board's listing, every solution or the fundamental ones.
#[derive(Debug)]
enum All {
    Every(Solutions),
    Unique(Fundamentals),
}

impl Iterator for All {
    type Item = (Solution, usize);
    fn next(&mut self) -> Option<(Solution, usize)> {
        match self {
            All::Every(it) => it.next().map(|s| (s, 0)),
            All::Unique(it) => it.next(),
        }
    }
}

/// A listing one solution at a time, with its orbit ([`Listing::iter`]).
#[derive(Debug)]
pub struct Iter(std::iter::Take<All>);

impl Iterator for Iter {
    type Item = (Solution, usize);
    fn next(&mut self) -> Option<(Solution, usize)> {
        self.0.next()
    }
}

/// What a run listed.
#[derive(Debug)]
pub struct Listed {
    /// Solutions handed over.
    pub listed: u64,
    /// A prefix no solution extends: `Some`, with the first row it leaves
    /// without a free square where there is one.
    pub dead_end: Option<Option<usize>>,
    check: Option<(Verifier, Option<Board>)>,
}

impl Listed {
    /// With `verify`, the closing line of the checks, after comparing the
    /// number listed with the count when the whole board was listed.
    pub fn verdict(self) -> Option<Result<String, Error>> {
        self.check.map(|(check, complete)| check.finish(complete))
    }
}
