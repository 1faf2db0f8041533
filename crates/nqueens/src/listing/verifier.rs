//! The independent checks of `verify`, one solution at a time, with code
//! that shares nothing with the search (`naive::is_solution`, the eight
//! symmetries applied one by one, strictly increasing order), and of a
//! whole listing against the count.

use nqueens_kernel::{Board, MAX_N};
use nqueens_puzzles::variant::Variant;

use super::Listing;
use crate::solutions::{naive, Symmetry};
use crate::Error;

/// The `verify` checks, one solution at a time.
#[derive(Debug)]
pub(super) struct Verifier {
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
    pub(super) fn new(listing: &Listing) -> Verifier {
        Verifier {
            unique: listing.unique,
            prefix: listing.prefix.clone(),
            variant: listing.variant,
            previous: Vec::with_capacity(MAX_N),
            count: 0,
            orbits: 0,
        }
    }

    pub(super) fn add(&mut self, s: &[u8], orbit: usize) -> Result<(), Error> {
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
    pub(super) fn finish(self, complete: Option<Board>) -> Result<String, Error> {
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
