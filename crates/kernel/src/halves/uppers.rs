//! The placements of a side's upper rows, kept from one row set to the
//! next. Row sets taken in index order change their lowest rows fastest:
//! a side's upper rows (its first few) come back again and again, while
//! its lower rows (kept apart, see `LowerRows`) stay. On boards whose
//! sides put three rows on top (n = 16, 17: 560 sets of three rows of
//! 16) every upper list fits; listing them anew was a tenth of count 17.
//! They are kept packed as the merge takes them ([`Upper`]).

use super::merge::Upper;
use crate::ledger::{Ledger, OverCap};

/// Slots of the cache, each naming one list (direct-mapped on the rows).
const SLOTS: usize = 1024;

/// Most bytes of placements kept (3 MiB, 131,072 placements of one word
/// of diagonals): all the upper lists of a side at n = 16 or 17; at most
/// a few at n >= 18, whose four upper rows make lists of thousands.
const KEPT: usize = 3 << 20;

/// Lists are kept only under a cap at least this many times what the
/// slots take, and while they hold less than this part of the cap.
const ROOMY: usize = 64;

/// The upper lists of one side for one board, set of columns and closed
/// diagonals, with the diagonals of a placement in one `H`: each slot
/// names the rows of a list, where it lies in `kept` and the queens
/// placed to list it.
#[derive(Clone, Debug)]
pub(super) struct Uppers<H> {
    /// The board's size, the first and last column and the closed
    /// diagonals the lists were made (and packed) for.
    context: Option<Context>,
    slots: Vec<Slot>,
    kept: Vec<Upper<H>>,
}

/// What the upper lists of a side depend on: the board's size, the side's
/// first and last column and its closed diagonals.
pub(super) type Context = (usize, usize, usize, (u64, u64));

impl<H> Default for Uppers<H> {
    fn default() -> Self {
        Uppers {
            context: None,
            slots: Vec::new(),
            kept: Vec::new(),
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    rows: u32,
    from: u32,
    to: u32,
    nodes: u64,
}

/// A slot naming no list (no side has all 32 rows on top).
const EMPTY: Slot = Slot {
    rows: u32::MAX,
    from: 0,
    to: 0,
    nodes: 0,
};

/// Whether upper lists are kept under `cap` (see [`Uppers::get`]): below
/// it every listing of a side lists its upper rows anew.
pub(super) fn kept_under(cap: usize) -> bool {
    cap / ROOMY >= SLOTS * std::mem::size_of::<Slot>()
}

impl<H> Uppers<H> {
    /// Gives back all its buffers hold, and forgets what they held.
    pub(super) fn release(&mut self, ledger: &mut Ledger) {
        self.context = None;
        ledger.release(&mut self.slots);
        ledger.release(&mut self.kept);
    }

    /// Bytes its buffers hold (their capacities), for the probe.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Slot>()
            + self.kept.capacity() * std::mem::size_of::<Upper<H>>()
    }

    /// The placements of `rows` in `context`, as `list` makes them (it
    /// pushes them and adds the queens it places): kept from before, or
    /// listed now and kept. The queens placed to list them are added to
    /// `nodes` either way. The kept lists are forgotten when the context
    /// changes, or when they pass [`KEPT`] placements or a [`ROOMY`]th
    /// of the ledger's cap; under a tight cap none is kept.
    pub(super) fn get(
        &mut self,
        rows: u32,
        context: Context,
        ledger: &mut Ledger,
        nodes: &mut u64,
        list: impl FnOnce(&mut Vec<Upper<H>>, &mut Ledger, &mut u64) -> Result<(), OverCap>,
    ) -> Result<&[Upper<H>], OverCap> {
        if self.context != Some(context) {
            self.context = Some(context);
            self.slots.clear();
            self.kept.clear();
        }
        if !kept_under(ledger.cap) {
            // A tight cap: one list at a time, as before the cache (its
            // slots alone would be a large part of a small board's room).
            ledger.release(&mut self.slots);
            self.kept.clear();
            list(&mut self.kept, ledger, nodes)?;
            return Ok(&self.kept);
        }
        let missing = SLOTS - self.slots.len();
        if missing > 0 {
            ledger.room(&mut self.slots, missing)?;
            self.slots.resize(SLOTS, EMPTY);
        }
        let s = (rows.wrapping_mul(0x9e37_79b1) >> (32 - SLOTS.trailing_zeros())) as usize;
        let slot = self.slots[s];
        if slot.rows == rows {
            *nodes += slot.nodes;
            return Ok(&self.kept[slot.from as usize..slot.to as usize]);
        }
        let most = KEPT.min(ledger.cap / ROOMY) / std::mem::size_of::<Upper<H>>();
        if self.kept.len() > most {
            self.kept.clear();
            self.slots.fill(EMPTY);
        }
        let from = self.kept.len();
        let mut placed = 0;
        let listed = list(&mut self.kept, ledger, &mut placed);
        *nodes += placed;
        if let Err(e) = listed {
            self.kept.truncate(from);
            return Err(e);
        }
        let to = self.kept.len();
        if to <= u32::MAX as usize {
            self.slots[s] = Slot {
                rows,
                from: from as u32,
                to: to as u32,
                nodes: placed,
            };
        }
        Ok(&self.kept[from..])
    }
}
