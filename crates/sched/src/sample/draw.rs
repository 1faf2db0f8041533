//! The draw: the population's ranks cut into equal strata, visited in
//! rounds in bit-reversed order, a rank drawn without replacement within
//! each, and for a thinned design whether each row set is joined whole.

use std::collections::HashSet;
use std::sync::Mutex;

use nqueens_rng::Rng;

use super::{Pick, Plan, Sampling, Size};

/// The draw: strata of ranks visited in rounds, a rank drawn without
/// replacement within each; shared by the worker threads.
pub(super) struct Draws {
    /// Stratum `h` holds ranks `bounds[h]..bounds[h + 1]`.
    pub(super) bounds: Vec<u64>,
    state: Mutex<DrawState>,
    limit: Option<u64>,
    /// Thinned design: a row set is joined whole with chance
    /// `1 / whole_every` once the ramp is past (0 for the stratified
    /// design: no such draw).
    pub(super) whole_every: u64,
    /// Descended design: each row set drawn with a seed for its descent.
    salted: bool,
}

/// A thinned design joins a row set whole with chance 1 in this many,
/// from the [`RAMP`] x 15th drawn on; before, more often: 1 in
/// `1 + order / RAMP` (the first [`RAMP`] always), so that a small or
/// stopped sample has row sets timed to predict the CPU from.
const WHOLE_EVERY: u64 = 16;

/// Draws a step of the ramp to [`WHOLE_EVERY`] lasts.
const RAMP: u64 = 8;

struct DrawState {
    rng: Rng,
    /// The order strata are visited in within a round.
    order: Vec<u64>,
    cursor: usize,
    taken: Vec<u64>,
    drawn: HashSet<u64>,
    issued: u64,
}

impl Draws {
    pub(super) fn new(sampling: &Sampling, population: u64, plan: Plan) -> Draws {
        // Two samples a stratum for a fixed size (measured best: docs/estimate.md);
        // for a time budget, fine strata that are merged in pairs as needed.
        let most = (population / 4).max(1);
        let strata = match sampling.size {
            Size::Samples(k) => (k / 2).clamp(1, most),
            Size::Seconds(_) => {
                let cap = most.min(1 << 16);
                1u64 << (63 - cap.leading_zeros())
            }
        };
        let bounds = (0..=strata)
            .map(|h| (u128::from(h) * u128::from(population) / u128::from(strata)) as u64)
            .collect();
        // Bit-reversed order: any prefix of a round is spread over the ranks.
        let bits = 64 - (strata - 1).max(1).leading_zeros();
        let order = (0..1u64 << bits)
            .map(|i| i.reverse_bits() >> (64 - bits))
            .filter(|&h| h < strata)
            .collect();
        let whole_every = match plan {
            Plan::Stratified | Plan::Descended { .. } => 0,
            Plan::Thinned { .. } => WHOLE_EVERY,
        };
        Draws {
            bounds,
            whole_every,
            salted: matches!(plan, Plan::Descended { .. }),
            limit: match sampling.size {
                Size::Samples(k) => Some(k),
                Size::Seconds(_) => None,
            },
            state: Mutex::new(DrawState {
                rng: Rng::new(sampling.seed),
                order,
                cursor: 0,
                taken: vec![0; strata as usize],
                drawn: HashSet::new(),
                issued: 0,
            }),
        }
    }

    /// The next draw (`None` when the size is reached or every rank
    /// drawn).
    pub(super) fn next(&self) -> Option<Pick> {
        let mut s = self.state.lock().ok()?;
        if self.limit.is_some_and(|k| s.issued >= k) {
            return None;
        }
        for _ in 0..s.order.len() {
            let h = s.order[s.cursor];
            s.cursor = (s.cursor + 1) % s.order.len();
            let (lo, hi) = (self.bounds[h as usize], self.bounds[h as usize + 1]);
            if s.taken[h as usize] >= hi - lo {
                continue;
            }
            let rank = loop {
                let r = lo + s.rng.below(hi - lo);
                if s.drawn.insert(r) {
                    break r;
                }
            };
            s.taken[h as usize] += 1;
            let order = s.issued;
            s.issued += 1;
            // The stratified design draws nothing more (the same seed
            // draws the same row sets as before the thinned one).
            let every = self.whole_every.min(1 + order / RAMP);
            let (salt, whole) = match every {
                // The descended design's draws through the join.
                0 if self.salted => (s.rng.next_u64(), false),
                0 => (0, true),
                w => (s.rng.next_u64(), s.rng.below(w) == 0),
            };
            return Some(Pick {
                order,
                stratum: h,
                rank,
                salt,
                whole,
                p: 1.0 / every.max(1) as f64,
            });
        }
        None
    }
}
