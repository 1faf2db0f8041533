//! A side's keys counted from a sample of its upper placements: what the
//! capped count sizes its lists by, and the estimate's two phases predict
//! a row set by.

use super::{Part, QuarterScratch, Side};
use crate::ledger::{Ledger, OverCap};

/// What a sample of a side's upper placements listed: `listed` keys from
/// `over` of its `uppers` upper placements (for a side listed whole in
/// one go: all its keys, from 1 of 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::halves) struct Sampled {
    listed: u128,
    over: u128,
    uppers: u128,
}

impl Sampled {
    /// The side's keys as the sample estimates them, rounded down
    /// (exactly, for a side listed whole).
    pub(in crate::halves) fn keys(&self) -> usize {
        (self.listed * self.uppers / self.over.max(1)) as usize
    }

    /// The same estimate, not rounded.
    pub(in crate::halves) fn keys_f64(&self) -> f64 {
        self.listed as f64 * self.uppers as f64 / self.over.max(1) as f64
    }
}

impl Side {
    /// Lists the keys of about `sampled` upper placements of the side
    /// `(rows, lo, hi, slot)` (see [`Side::list_joined`]), spread evenly
    /// over all of them, or the whole side if it is listed in one go,
    /// into `out`; hands each listing to `seen` (its keys, and whether
    /// they are the whole side). Deterministic: a side gives the same
    /// sample wherever it is drawn.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::halves) fn sample(
        &self,
        (rows, lo, hi, slot): (u32, usize, usize, usize),
        sampled: usize,
        out: &mut Vec<u64>,
        quarters: &mut QuarterScratch,
        ledger: &mut Ledger,
        mut seen: impl FnMut(&[u64], bool, &mut Ledger) -> Result<(), OverCap>,
    ) -> Result<Sampled, OverCap> {
        let mut ignored = 0;
        let mut list = |from: usize, out: &mut Vec<u64>, l: &mut Ledger| {
            // At most one key: the listing stops after one upper placement
            // with keys (or the placements before it without any).
            let part = Part {
                from,
                most: 1,
                keep: None,
            };
            self.list_joined(rows, lo, hi, part, out, quarters, l, slot, &mut ignored)
        };
        let first = list(0, out, ledger)?;
        if first.next.is_none() {
            seen(&out[..first.len], true, ledger)?;
            return Ok(Sampled {
                listed: first.len as u128,
                over: 1,
                uppers: 1,
            });
        }
        let uppers = first.uppers;
        let (mut listed, mut over) = (0u128, 0u128);
        for from in (0..uppers).step_by(uppers.div_ceil(sampled.max(1)).max(1)) {
            let l = list(from, out, ledger)?;
            let to = l.next.unwrap_or(uppers).max(from + 1);
            listed += l.len as u128;
            over += (to - from) as u128;
            seen(&out[..l.len], false, ledger)?;
        }
        Ok(Sampled {
            listed,
            over,
            uppers: uppers as u128,
        })
    }
}
