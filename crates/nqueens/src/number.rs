//! Whole numbers as the user typed them, checked against the range their
//! owner declares: the one parser of every door (the command line passes
//! its arguments' text, Python the `str()` of an int it was given).
//!
//! Numbers arrive as text so that every bad value (`abc`, `-3`, `0`, `99`,
//! `18446744073709551616`) gets one message naming the range applied and
//! quoting what was typed, never a value it was clamped or wrapped to.

use std::ops::RangeInclusive;
use std::sync::Arc;

use nqueens_kernel::Board;
use nqueens_puzzles::variant::Variant;
use nqueens_sched::{Checked, Kind, Limit, Options};

use crate::Error;

type Result<T> = std::result::Result<T, Error>;

/// Parses `text` as a whole number in `range`. `what` names the value
/// (`n`, `--depth`); `owner` says whose limit it is (` for rooks`), or is
/// empty.
pub fn whole(text: &str, what: &str, range: RangeInclusive<u64>, owner: &str) -> Result<u64> {
    let limit = Limit {
        range,
        owner: owner.into(),
    };
    Ok(limit.parse(what, text)?)
}

/// [`whole`] for values that count things in memory.
pub fn size(text: &str, what: &str, range: RangeInclusive<usize>, owner: &str) -> Result<usize> {
    let range = *range.start() as u64..=*range.end() as u64;
    Ok(whole(text, what, range, owner)? as usize)
}

/// A board size (`what`: `n`, `--from`) from 1 to `max`, the limit of
/// `owner`.
pub fn board(text: &str, what: &str, max: usize, owner: &str) -> Result<Board> {
    sized(text, what, &Limit::new(1..=max, owner))
}

/// A board for `variant` (its own limit), or for the ordinary problem
/// (the kernel's).
///
/// ```
/// use nqueens::{number, Variant};
/// assert_eq!(number::board_for("8", None).unwrap().n(), 8);
/// assert!(number::board_for("33", None).is_err());
/// assert!(number::board_for("20", Some(Variant::Torus)).is_err());
/// ```
pub fn board_for(text: &str, variant: Option<Variant>) -> Result<Board> {
    match variant {
        Some(v) => sized(text, "n", &nqueens_tasks::VariantCount(v).sizes()),
        None => board(text, "n", nqueens_kernel::MAX_N, ""),
    }
}

/// A board of a size `limit` allows (a kind's [`Kind::sizes`]).
///
/// [`Kind::sizes`]: nqueens_sched::Kind::sizes
pub fn sized(text: &str, what: &str, limit: &Limit) -> Result<Board> {
    Ok(Board::new(limit.parse(what, text)? as usize)?)
}

/// `text` as a number of seconds above 0 and at most `most`, fractions
/// allowed (`what`: `--seconds`).
///
/// ```
/// assert_eq!(nqueens::number::seconds("1.5", "--seconds", 60.0).unwrap(), 1.5);
/// for bad in ["0", "-1", "abc", "NaN", "inf", "61"] {
///     assert!(nqueens::number::seconds(bad, "--seconds", 60.0).is_err(), "{bad}");
/// }
/// ```
pub fn seconds(text: &str, what: &str, most: f64) -> Result<f64> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= most => Ok(s),
        _ => Err(Error::input(format!(
            "{what} must be a number of seconds above 0 and at most {most}, not '{text}'"
        ))),
    }
}

/// The count of `task` on the board `text` names (`what`: `n`,
/// `--from`), on one thread until the run options are read: checked once,
/// by [`Checked::new`], with the refusal of the kind's sizes.
pub fn counted<K: Kind + ?Sized>(
    text: &str,
    what: &str,
    task: impl Into<Arc<K>>,
) -> Result<Checked<K>> {
    let task = task.into();
    let make = |v: u64| {
        let board = Board::new(usize::try_from(v).ok()?).ok()?;
        Checked::of(Arc::clone(&task), board, Options::sequential()).ok()
    };
    Ok(task.sizes().parse_into(what, text, make)?)
}

/// `count` split at the depth `text` names (`what`: `--depth`): checked
/// once, by [`Checked::with_depth`], with the refusal of the kind's depths.
pub fn split_at(count: Checked, what: &str, text: &str) -> Result<Checked> {
    let depths = count.task().depths(count.board())?;
    let make = |d: u64| count.with_depth(usize::try_from(d).ok()?).ok();
    Ok(depths.parse_into(what, text, make)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_quote_what_was_typed_and_name_the_range() {
        let e = |t: &str| whole(t, "n", 1..=32, "").unwrap_err().to_string();
        assert_eq!(whole(" 8 ", "n", 1..=32, "").unwrap(), 8);
        assert_eq!(e("0"), "n must be a whole number from 1 to 32, not 0");
        assert_eq!(e("-3"), "n must be a whole number from 1 to 32, not -3");
        assert_eq!(e("abc"), "n must be a whole number from 1 to 32, not 'abc'");
        assert_eq!(e("8.5"), "n must be a whole number from 1 to 32, not '8.5'");
        assert_eq!(
            e("18446744073709551616"),
            "n must be a whole number from 1 to 32, not 18446744073709551616"
        );
        assert_eq!(
            whole("2", "--depth", 1..=1, " for --torus")
                .unwrap_err()
                .to_string(),
            "--depth must be 1 for --torus, not 2"
        );
        assert_eq!(
            whole("18446744073709551615", "--seed", 0..=u64::MAX, "").unwrap(),
            u64::MAX
        );
    }
}
