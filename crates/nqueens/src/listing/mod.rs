//! A listing of solutions as asked for ([`SolutionsRequest`]: `nqueens
//! solutions`, Python's `solutions()` and `iter_solutions()`), checked
//! once into [`Listing`]: the board (a variant's limit or the kernel's),
//! the prefix of first rows, the limit on how many are listed. A listing
//! is handed over one solution at a time ([`Listing::run`], in
//! lexicographic order, each with its orbit under `unique`), with the
//! independent checks of `verify` done on the way ([`Listed::verdict`]);
//! or as an iterator ([`Listing::iter`]); or gathered into memory under
//! the budget ([`Listing::collect`]).

mod record;

use std::ops::ControlFlow;

use nqueens_kernel::{Board, MAX_N};
use nqueens_puzzles::variant::Variant;

use crate::solutions::{
    blocked::Partial, classify, naive, Fundamentals, PrefixError, Solution, Solutions, Symmetry,
};
use crate::{number, Collected, Control, CountRequest, Error, ErrorKind, Run, Spelling};

pub use record::{ListingCount, NoSolutionRecord, SolutionRecord};

/// The first rows' columns, as a door takes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prefix {
    /// Typed, as the command line takes it: columns numbered from `base`
    /// (0 or 1), separated by spaces or commas; messages quote the text
    /// and count rows from 1.
    Text {
        /// The columns as typed.
        text: String,
        /// The number of the first column.
        base: u8,
    },
    /// 0-based columns, as Python takes them; messages count rows and
    /// columns from 0.
    Columns(Vec<i64>),
}

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

/// The `verify` checks, one solution at a time.
#[derive(Debug)]
struct Verifier {
    unique: bool,
    prefix: Vec<u8>,
    /// The variant whose rule every solution must also keep.
    variant: Option<Variant>,
    /// The solution before, empty before the first.
    previous: Vec<u8>,
    count: u64,
    orbits: u64,
}

impl Verifier {
    fn new(listing: &Listing) -> Verifier {
        Verifier {
            unique: listing.unique,
            prefix: listing.prefix.clone(),
            variant: listing.variant,
            previous: Vec::with_capacity(MAX_N),
            count: 0,
            orbits: 0,
        }
    }

    fn add(&mut self, s: &[u8], orbit: usize) -> Result<(), Error> {
        self.count += 1;
        let fail = |why: &str| -> Result<(), Error> {
            let shown: Vec<String> = s.iter().map(|c| (c + 1).to_string()).collect();
            Err(Error::mismatch(format!(
                "verification failed: solution {} ({}) {why}",
                self.count,
                shown.join(" ")
            )))
        };
        if !naive::is_solution(s) {
            return fail("is not a solution");
        }
        if let Some(v) = self.variant {
            if !v.allows(s) {
                return fail(&format!("breaks the --{} rule", v.name()));
            }
        }
        if !s.starts_with(&self.prefix) {
            return fail("does not start with the prefix");
        }
        // Strictly increasing: no repeats, and the promised order.
        if !self.previous.is_empty() && s <= self.previous.as_slice() {
            return fail("is not after the one before it in lexicographic order");
        }
        if self.unique {
            let images: Vec<Vec<u8>> = Symmetry::ALL.iter().map(|g| g.apply(s)).collect();
            if images.iter().any(|image| image.as_slice() < s) {
                return fail("is not the smallest of its orbit");
            }
            let fixed = images.iter().filter(|image| image.as_slice() == s).count();
            if orbit * fixed != 8 {
                return fail(&format!("has orbit {}, not {orbit}", 8 / fixed.max(1)));
            }
            self.orbits += orbit as u64;
        }
        self.previous.clear();
        self.previous.extend_from_slice(s);
        Ok(())
    }

    /// The closing message, after comparing with the count when `complete`
    /// holds the board that was listed whole.
    fn finish(self, complete: Option<Board>) -> Result<String, Error> {
        let plural = |k: u64| if k == 1 { "" } else { "s" };
        let mut message = if self.unique {
            format!(
                "verified: {} fundamental solution{}, all valid and canonical, none repeated, orbits sum to {}",
                self.count,
                plural(self.count),
                self.orbits
            )
        } else {
            format!(
                "verified: {} solution{}, all valid, none repeated",
                self.count,
                plural(self.count)
            )
        };
        if let Some(board) = complete {
            let (total, unique) = match self.variant {
                None => {
                    let c = crate::solutions::count(board.n())?;
                    (c.total, c.unique)
                }
                Some(v) => {
                    let t = v.count(board);
                    (u128::from(t.solutions), t.unique(board))
                }
            };
            let listed = u128::from(self.count);
            let counted = if self.unique { unique } else { total };
            if listed != counted || (self.unique && u128::from(self.orbits) != total) {
                return Err(Error::mismatch(format!(
                    "verification failed: listed {listed}{}, but the count says {counted} ({total} in all)",
                    if self.unique { " fundamental" } else { "" },
                )));
            }
            message.push_str(", none missing (the count agrees)");
        }
        Ok(message)
    }
}

/// `"c1 c2 ..."` (columns numbered from `base`, separated by spaces or
/// commas) as 0-based columns; whether the queens attack each other is
/// left to the rules, which name the pair.
fn typed(text: &str, n: usize, base: u8) -> Result<Vec<u8>, Error> {
    let (first, last) = (i128::from(base), n as i128 - 1 + i128::from(base));
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() {
        return Err(Error::input(
            "--prefix is empty: give the 1-based columns of the first rows, e.g. \"1 5\"",
        ));
    }
    if tokens.len() > n {
        return Err(Error::input(format!(
            "--prefix \"{text}\": {}",
            PrefixError::TooLong {
                len: tokens.len(),
                n
            }
        )));
    }
    tokens
        .iter()
        .enumerate()
        .map(|(row, t)| {
            let column: i128 = t.parse().map_err(|_| {
                Error::input(format!(
                    "--prefix \"{text}\": '{t}' (row {}) is not a column number; give 1-based columns separated by spaces, e.g. \"1 5\"",
                    row + 1
                ))
            })?;
            if !(first..=last).contains(&column) {
                return Err(Error::input(format!(
                    "--prefix \"{text}\": row {}: column {column} is off the board (columns run from {first} to {last})",
                    row + 1
                )));
            }
            Ok((column - first) as u8)
        })
        .collect()
}

/// 0-based columns, with messages that count rows from 0 too.
fn zero_based(prefix: &[i64], n: usize) -> Result<Vec<u8>, Error> {
    if prefix.len() > n {
        return Err(Error::input(format!(
            "prefix: the prefix has {} columns, more than the {n} rows of the board",
            prefix.len()
        )));
    }
    prefix
        .iter()
        .enumerate()
        .map(|(row, &c)| match u8::try_from(c) {
            Ok(c) if usize::from(c) < n => Ok(c),
            _ => Err(Error::input(format!(
                "prefix: row {row}: column {c} is off the board (columns run from 0 to {})",
                n - 1
            ))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_are_parsed_with_clear_messages() {
        assert_eq!(typed("1 5", 8, 1).unwrap(), [0, 4]);
        assert_eq!(typed(" 1,5 ,8 ", 8, 1).unwrap(), [0, 4, 7]);
        let e = |p: &str| typed(p, 8, 1).unwrap_err().to_string();
        assert!(e("").contains("empty"));
        assert!(e("1 x").contains("'x' (row 2) is not a column number"));
        assert!(e("1 9").contains("row 2: column 9 is off the board"));
        assert!(e("0").contains("column 0 is off the board"));
        assert!(e("1 2 3 4 5 6 7 8 1").contains("9 columns, more than the 8 rows"));
        assert_eq!(typed("0 4", 8, 0).unwrap(), [0, 4]);
        assert!(typed("8", 8, 0)
            .unwrap_err()
            .to_string()
            .contains("columns run from 0 to 7"));
        let e = zero_based(&[8], 8).unwrap_err().to_string();
        assert_eq!(
            e,
            "prefix: row 0: column 8 is off the board (columns run from 0 to 7)"
        );
    }
}
