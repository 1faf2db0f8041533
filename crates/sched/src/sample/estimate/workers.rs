//! The sampling workers: threads that draw subproblems, count each (a
//! descent, a thinned join or a whole count, as the design says), time it
//! and hand it to the thread that waits for them ([`super::estimate_with`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Instant;

use nqueens_kernel::halves::{HalfScratch, HalfSplit, RowSet};
use nqueens_kernel::{Board, Tally};

use super::super::draw::Draws;
use super::super::{
    Draw, Pick, Plan, DESCENT_CHECKED, DESCENT_LOOK, DESCENT_MIX, DESCENT_SHARE, PHASE_ONE,
    PHASE_ONE_PLACEMENTS,
};
use crate::{symmetric_until, Clock, Error};

/// Where the workers take their subproblems from.
pub(super) enum Source {
    /// The exact design: the split's subproblems in order, the next's
    /// index.
    Split(HalfSplit, AtomicU64),
    /// A sampled design: the draw.
    Draws(Draws),
}

/// What the workers share with the thread that waits for them.
pub(super) struct Shared {
    pub(super) board: Board,
    pub(super) left: usize,
    pub(super) plan: Plan,
    pub(super) exact: bool,
    /// Each worker's share of the memory budget, in bytes.
    pub(super) share: u64,
    /// Threads asked for (the budget's share is of them).
    pub(super) threads: usize,
    pub(super) subproblems: u64,
    pub(super) source: Source,
    /// No subproblem is started past it.
    pub(super) deadline: Option<Instant>,
    /// One thread on a time bound: it samples until then, then runs the
    /// searches, then samples again.
    pub(super) switch: Option<Instant>,
    /// Set when the estimate is made (or failed): the workers draw no more
    /// and the searches give up.
    pub(super) quit: AtomicBool,
    /// The most scratch one subproblem held.
    pub(super) peak: AtomicU64,
    pub(super) state: Mutex<State>,
    /// Signalled when `state` changes.
    pub(super) changed: Condvar,
}

/// What the workers have found so far.
#[derive(Default)]
pub(super) struct State {
    /// Each counted subproblem, in the order finished.
    pub(super) results: Vec<(Draw, Tally)>,
    /// Workers still running (all of them from before they start).
    pub(super) running: usize,
    /// The symmetric searches: `None` while running, `Some(None)` if they
    /// gave up, else the solutions fixed by a half and a quarter turn and
    /// their CPU seconds.
    pub(super) searches: Option<Option<(u64, u64, f64)>>,
    /// The first error a worker met.
    pub(super) failure: Option<Error>,
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Changes the state and wakes the waiting thread.
    fn update(&self, f: impl FnOnce(&mut State)) {
        f(&mut self.lock());
        self.changed.notify_all();
    }

    /// Whether no more subproblems are to be started.
    fn done(&self) -> bool {
        self.quit.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The next subproblem to count, if any.
    fn next(&self) -> Result<Option<(Pick, RowSet)>, Error> {
        Ok(match &self.source {
            Source::Split(split, next) => {
                let i = next.fetch_add(1, Ordering::Relaxed);
                split
                    .subproblems()
                    .get(i as usize)
                    .map(|set| (Pick::whole(i), *set))
            }
            Source::Draws(d) => match d.next() {
                Some(pick) => Some((pick, RowSet::unreduced(self.board, self.left, pick.rank)?)),
                None => None,
            },
        })
    }

    /// The error of a subproblem that needs more than a worker's share.
    fn over(&self, index: u64) -> Error {
        Error::OverBudget {
            index,
            share: self.share,
            threads: self.threads,
            done: 0,
            total: self.subproblems as usize,
        }
    }
}

/// One worker: the first (`searches`) runs the symmetric searches before
/// it samples (with one thread on a time bound, after sampling for half
/// of it); then subproblems until none is left, the bound has passed or
/// the estimate is made, each result handed to the waiting thread.
pub(super) fn work(shared: &Shared, clock: &impl Clock, searches: bool) {
    let mut scratch = HalfScratch::default();
    if searches {
        if let Some(switch) = shared.switch {
            sample(shared, clock, &mut scratch, Some(switch));
        }
        let t = clock.now();
        let give_up = || shared.done();
        let found = symmetric_until(shared.board, &give_up)
            .map(|(half, quarter)| (half.solutions, quarter.solutions, clock.now() - t));
        shared.update(|s| s.searches = Some(found));
    }
    sample(shared, clock, &mut scratch, None);
    shared.update(|s| s.running -= 1);
}

/// Counts subproblems until none is left, the bound (or `until`) has
/// passed or the estimate is made.
fn sample(shared: &Shared, clock: &impl Clock, scratch: &mut HalfScratch, until: Option<Instant>) {
    while !shared.done() && until.is_none_or(|u| Instant::now() < u) {
        let counted = shared.next().and_then(|next| match next {
            Some((pick, set)) => count_one(shared, clock, scratch, pick, set).map(Some),
            None => Ok(None),
        });
        match counted {
            Ok(Some(result)) => shared.update(|s| s.results.push(result)),
            Ok(None) => break,
            Err(e) => {
                shared.quit.store(true, Ordering::Relaxed);
                shared.update(|s| {
                    s.failure.get_or_insert(e);
                });
                break;
            }
        }
    }
}

/// Counts one subproblem (joined on a share of its keys, for the thinned
/// design) and times it.
fn count_one(
    shared: &Shared,
    clock: &impl Clock,
    scratch: &mut HalfScratch,
    pick: Pick,
    set: RowSet,
) -> Result<(Draw, Tally), Error> {
    let board = shared.board;
    let cap = usize::try_from(shared.share).unwrap_or(usize::MAX);
    // A sampled row set stands for its orbit, counted once by the split:
    // its time is shared among the orbit's members.
    let orbit = if shared.exact {
        1.0
    } else {
        f64::from(set.orbit_size(board))
    };
    let peak = |scratch: &HalfScratch| {
        shared
            .peak
            .fetch_max(scratch.held() as u64, Ordering::Relaxed)
    };
    Ok(match shared.plan {
        Plan::Thinned { keys } if !shared.exact => {
            let t = clock.now();
            let listing = set
                .list_capped(board, scratch, cap)
                .map_err(|_| shared.over(pick.rank))?;
            let longer = listing.left.max(listing.right);
            let every = (longer / keys.max(1)).max(1);
            let whole = every == 1 || pick.whole;
            let (solutions, z) = if whole {
                let y = set
                    .join_listed_capped(board, scratch, &listing, 1, 0, cap)
                    .map_err(|_| shared.over(pick.rank))?;
                let seconds = clock.now() - t;
                peak(scratch);
                (y, seconds / orbit)
            } else {
                let offset = pick.salt % every;
                let pairs = set
                    .join_listed_capped(board, scratch, &listing, every, offset, cap)
                    .map_err(|_| shared.over(pick.rank))?;
                // The lists, and any buffers kept from a whole
                // join: a lower bound of what joining it whole holds.
                peak(scratch);
                (pairs * every, 0.0)
            };
            let draw = Draw {
                order: pick.order,
                stratum: pick.stratum,
                y: solutions as f64,
                z,
                x: listing.left as f64 * listing.right as f64 / orbit,
                known: whole,
                p: if every == 1 { 1.0 } else { pick.p },
                ..Draw::default()
            };
            let tally = Tally {
                solutions,
                nodes: listing.nodes,
            };
            (draw, tally)
        }
        Plan::Descended { depth, least } if !shared.exact => {
            let t = clock.now();
            let listing = set
                .list_capped(board, scratch, cap)
                .map_err(|_| shared.over(pick.rank))?;
            let listed = clock.now() - t;
            let mut rng = nqueens_rng::Rng::new(pick.salt);
            let mut draw = |chances: &[f64]| {
                nqueens_kernel::halves::pick(
                    chances,
                    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64,
                )
            };
            let mut now = || clock.now();
            let joined = set
                .join_descended(
                    board,
                    scratch,
                    &listing,
                    (
                        depth as usize,
                        DESCENT_MIX,
                        usize::try_from(least).unwrap_or(usize::MAX),
                        DESCENT_SHARE,
                        DESCENT_CHECKED,
                        DESCENT_LOOK,
                    ),
                    &mut draw,
                    &mut now,
                    cap,
                )
                .map_err(|_| shared.over(pick.rank))?;
            peak(scratch);
            // No cut drawn through: the join was made whole, its pairs
            // exact.
            let exact = joined.levels == 0;
            // Phase one: the sampled key counts of this row set and of
            // others drawn from its stratum (with replacement).
            let keys = |s: &RowSet, scratch: &mut HalfScratch| {
                let (l, r) = s.sampled_keys(board, scratch, PHASE_ONE_PLACEMENTS);
                l * r
            };
            let u = keys(&set, scratch);
            let (mut u1, mut uw1) = (u, u / orbit);
            if let Source::Draws(draws) = &shared.source {
                let h = pick.stratum as usize;
                let (lo, hi) = (draws.bounds[h], draws.bounds[h + 1]);
                let mut rng = nqueens_rng::Rng::new(pick.salt ^ 0x5851_f42d_4c95_7f2d);
                for _ in 0..PHASE_ONE {
                    let other = RowSet::unreduced(board, shared.left, lo + rng.below(hi - lo))?;
                    let v = keys(&other, scratch);
                    u1 += v;
                    uw1 += v / f64::from(other.orbit_size(board));
                }
            }
            let draw = Draw {
                order: pick.order,
                stratum: pick.stratum,
                y: joined.pairs,
                z: (listed + joined.seconds) / orbit,
                x: listing.left as f64 * listing.right as f64 / orbit,
                known: exact,
                p: 1.0,
                u,
                uw: u / orbit,
                u1,
                uw1,
                m1: 1.0 + PHASE_ONE as f64,
            };
            let tally = Tally {
                solutions: joined.pairs.max(0.0).round() as u64,
                nodes: listing.nodes,
            };
            (draw, tally)
        }
        _ => {
            let t = clock.now();
            let tally = set
                .count_capped(board, scratch, cap)
                .map_err(|_| shared.over(pick.rank))?;
            let seconds = clock.now() - t;
            peak(scratch);
            let draw = Draw {
                order: pick.order,
                stratum: pick.stratum,
                y: tally.solutions as f64,
                z: seconds / orbit,
                x: 0.0,
                known: true,
                p: 1.0,
                ..Draw::default()
            };
            (draw, tally)
        }
    })
}
