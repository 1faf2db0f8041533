//! Estimating a count and its cost from a random sample of its
//! subproblems, each counted exactly by the kernel (`nqueens estimate`).
//!
//! The population is the halves split's row sets before symmetry reduces
//! them ([`RowSet::unreduced`]): drawing those uniformly draws the split's
//! subproblems with probability proportional to their orbit's size, and
//! needs no split in memory. The ranks are cut into equal contiguous
//! strata, drawn without replacement within each, the strata visited in
//! rounds (in bit-reversed order, so a run stopped early has its samples
//! spread over all ranks). With `y` a row set's solutions and `z` its CPU
//! seconds divided by its orbit's size (the orbit is counted once, by its
//! least member), the total is `sum N_g mean_g(y)` over groups of strata,
//! the cost likewise from `z` plus the split and the symmetric searches;
//! the variance is the stratified one with finite-population correction,
//! and the interval Student's t with Satterthwaite's degrees of freedom.
//! An interval never claims more than its sample shows: too few strata
//! that vary, and it is widened to the collapsed strata's; no spread at
//! all, and the total is bounded below only (by what was counted exactly).
//!
//! The default design ([`Plan::Thinned`]) lists each sampled row set's two
//! sides and joins a random `1 / m` share of its longer list's keys with
//! the shorter list, `m` times the pairs found an unbiased estimate of its
//! solutions, at about the listing's cost (a tenth of the count's at
//! n = 27); a random 1 in 16 is joined whole and timed, and the CPU time
//! is a difference estimator on the key counts' product. The same
//! stratified estimator then takes the per-row-set estimates: its variance
//! holds both stages. docs/estimate.md has the formulas and the
//! measurements that chose this.
//!
//! A sample as large as the split is the exact count: every subproblem,
//! counted and timed.
//!
//! The files: this one holds what a caller gives and gets (the size, the
//! seed, the design, the estimate) and the two records the files pass
//! each other (a drawn row set, a counted one); `estimate.rs` draws and counts the
//! sample on worker threads (left behind at a time bound) and makes the estimate of it; `draw.rs` draws the
//! row sets (strata in rounds, without replacement); `estimators.rs` holds
//! the stratified estimator, the CPU line and Student's t.

mod draw;
mod estimate;
mod estimators;

use nqueens_kernel::Board;
use nqueens_rng::Rng;

use crate::{
    solvers, Checked, Error, Hooks, Kind, Layout, Limit, Options, Search, Total, UniqueBy,
};

pub use estimate::{estimate, estimate_with};

/// How many subproblems to sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Size {
    /// Exactly this many (the exact count when at least the split's size).
    Samples(u64),
    /// As many as fit in this many seconds of wall time.
    Seconds(f64),
}

/// What to sample (the threads it runs on are the checked count's,
/// [`Options::threads`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampling {
    /// How many.
    pub size: Size,
    /// Seed of the draw: the same seed and size draw the same subproblems.
    pub seed: u64,
}

impl Sampling {
    /// Whether it counts every subproblem of `count`'s split (a size of at
    /// least the split's): the exact design, which estimates nothing
    /// until every subproblem is counted.
    ///
    /// ```
    /// use nqueens_kernel::Board;
    /// use nqueens_sched::{Checked, Options, Sampled, Sampling, Size};
    /// let count = Checked::new(Sampled, Board::new(10).unwrap(), Options::sequential()).unwrap();
    /// assert!(Sampling { size: Size::Samples(1000), seed: 1 }.is_exact(&count).unwrap());
    /// assert!(!Sampling { size: Size::Samples(10), seed: 1 }.is_exact(&count).unwrap());
    /// assert!(!Sampling { size: Size::Seconds(1.0), seed: 1 }.is_exact(&count).unwrap());
    /// ```
    pub fn is_exact(&self, count: &Checked<Sampled>) -> Result<bool, Error> {
        let board = count.board();
        let subproblems = nqueens_kernel::halves::RowSet::orbits(board, (board.n() / 2).max(1))?;
        Ok(matches!(self.size, Size::Samples(k) if k >= subproblems))
    }
}

/// The count an estimate predicts, as a [`Kind`]: the default solver's
/// count of a board, whose halves split the sampler draws from. A front
/// end makes it a [`crate::Checked`] where it reads the board, as it does
/// a count; [`estimate`] takes that and checks nothing again. Counted
/// whole ([`crate::count_task`]), it is the default solver's count.
///
/// Its sizes are the default solver's, refused without naming it:
/// `estimate` takes no `--solver`.
///
/// ```
/// use nqueens_kernel::Board;
/// use nqueens_sched::{Checked, Kind, Options, Sampled};
/// assert_eq!(Sampled.sizes().check("n", 33).unwrap_err().to_string(),
///     "n must be a whole number from 1 to 32, not 33");
/// let count = Checked::new(Sampled, Board::new(8).unwrap(), Options::sequential()).unwrap();
/// assert_eq!(count.task().solver(), "halves");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sampled;

impl Sampled {
    /// The count it stands for.
    fn counting() -> &'static dyn Kind {
        &**solvers::default()
    }
}

impl Kind for Sampled {
    fn work(&self) -> String {
        Sampled::counting().work()
    }

    fn solver(&self) -> &'static str {
        Sampled::counting().solver()
    }

    fn description(&self) -> &'static str {
        Sampled::counting().description()
    }

    fn unique_by(&self) -> UniqueBy {
        Sampled::counting().unique_by()
    }

    fn sizes(&self) -> Limit {
        Limit {
            owner: String::new(),
            ..Sampled::counting().sizes()
        }
    }

    fn layout(&self, board: Board, opts: &Options) -> Result<Option<Layout>, Error> {
        Sampled::counting().layout(board, opts)
    }

    fn total(&self, board: Board, opts: &Options, hooks: &Hooks) -> Result<(Total, Search), Error> {
        Sampled::counting().total(board, opts, hooks)
    }
}

/// A seed no two draws are likely to share: the clock's nanoseconds and
/// the process id, mixed. What a front end draws with when it is given
/// no seed (it reports the seed, so the draw can be repeated).
///
/// ```
/// assert_ne!(nqueens_sched::fresh_seed(), nqueens_sched::fresh_seed());
/// ```
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    Rng::new(nanos ^ u64::from(std::process::id()).rotate_left(32)).next_u64()
}

/// The design to sample with (docs/estimate.md compares them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Each sampled row set counted whole.
    Stratified,
    /// Each sampled row set's sides listed, the longer list thinned to
    /// `keys` keys or a little more (one of `k` classes of its keys, by a
    /// mix of their bits, drawn at random) and
    /// joined with the whole shorter one: an unbiased estimate of its
    /// solutions at a fraction of the join's cost. A random sixteenth (more
    /// among the first 120 drawn) is joined whole instead, which measures the
    /// CPU time the count would take; the others' CPU time is predicted
    /// from their key counts (a regression estimator on the two phases).
    Thinned {
        /// Keys the longer list keeps (at least; lists this short are
        /// joined whole).
        keys: u64,
    },
    /// Each sampled row set's sides listed, then joined by a random
    /// descent through the join's first `depth` nodes
    /// ([`nqueens_kernel::halves::RowSet::join_descended`]): at each node
    /// the join goes on in one of the joins below it, drawn with a chance
    /// near its share of their predicted pairs (through the cuts on whole
    /// keys, their pairs on the next 16 bits cut; below, their key
    /// products), weighted by one over the chance, and every step is
    /// timed. Unbiased estimates of the row
    /// set's solutions and of its CPU time (listing and whole join) at a
    /// few per cent of its cost (n = 26: the listing and the descent
    /// through 8 nodes, a tenth of the count's CPU). A row set with no
    /// node of `least` keys or more (every row set up to n = 22 or so,
    /// by default) is joined whole.
    Descended {
        /// Cuts drawn through (at most).
        depth: u64,
        /// Nodes whose two lists hold fewer keys are joined whole
        /// ([`DESCENT_LEAST`]; 0 draws through every node, which the
        /// tests of small boards use: their estimates of the total stay
        /// unbiased, those of the CPU time run high).
        least: u64,
    },
}

/// Cuts drawn through in the descended design (docs/estimate.md): past
/// 8 the descent costs no less (n = 26: 6.5 % of the join's CPU at 8, 6 %
/// at 12; n = 28 alike), its variance grows, and the nodes get small.
pub const DESCENT_DEPTH: u64 = 8;

/// Nodes of fewer keys (both lists) are joined whole in the descended
/// design: timing a small node costs more than the node, and the
/// weighted clock reads make the CPU run high (measured at n = 24 through
/// 8 cuts: 1.042 times the whole joins' with a floor of 2^16 keys, 1.007
/// with 2^20; through nodes of any size and 12 to 20 cuts, 1.3 to 2
/// times). At n = 28 the first 8 nodes hold a million keys or more.
pub const DESCENT_LEAST: u64 = 1 << 20;

/// At a node on whole keys, the descended design cuts the list the
/// path passes on whole for its time only, and then only one of this
/// many runs of it, the time scaled ([`nqueens_kernel::halves::RowSet::join_descended`]).
const DESCENT_SHARE: usize = 16;

/// Through the cuts on whole keys, the descended design draws each of a
/// cut's two joins by its pairs of keys that share none of the next this
/// many bits cut, counted on samples of the runs
/// ([`nqueens_kernel::halves::RowSet::join_descended`]; 0: by the joins'
/// key products). At n = 28 (docs/estimate.md, "Lookahead") 12 bits cut
/// a descent's own variance 4 times (CPU) and 2.7 times (pairs) against
/// the key products, at no measured cost; 16 bits cut it further.
const DESCENT_LOOK: u32 = 16;

/// A node the descended design cuts on runs is also cut whole with chance
/// one in this many, which corrects the runs' estimate of its time
/// ([`nqueens_kernel::halves::RowSet::join_descended`]).
const DESCENT_CHECKED: u32 = 16;

/// Row sets of phase one (their sampled key counts only) drawn for each
/// descended one in its stratum, besides itself (docs/estimate.md,
/// "Two phases").
const PHASE_ONE: u64 = 3;

/// Upper placements a side's key count is sampled on, in phase one.
const PHASE_ONE_PLACEMENTS: usize = 256;

/// The chance of each half of a cut, in the descended design, is at least
/// half of this: a half whose key product says it is cheap is still drawn
/// with chance at least 0.1, so a poor prediction costs variance, never
/// an unbounded weight.
const DESCENT_MIX: f64 = 0.2;

/// Keys the longer list keeps in the default design: the thinned join then
/// costs a tenth to a third of the listing, and adds under 0.1 % to the variance
/// (measured at n = 21 to 27: docs/estimate.md).
const THIN_KEYS: u64 = 4096;

impl Default for Plan {
    /// Thinned to 4096 keys: the design with the least variance per
    /// CPU-second (docs/estimate.md).
    fn default() -> Plan {
        Plan::Thinned { keys: THIN_KEYS }
    }
}

/// How the estimate was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Design {
    /// Stratified by rank, this many strata (before any were merged to
    /// hold two samples each).
    Stratified {
        /// Strata of the design.
        strata: u64,
    },
    /// Stratified by rank as [`Design::Stratified`], each row set's longer
    /// list thinned ([`Plan::Thinned`]).
    Thinned {
        /// Strata of the design.
        strata: u64,
        /// Keys the longer list keeps.
        keys: u64,
        /// A row set whose longer list has more keys is joined whole with
        /// probability `1 / whole_every` (more among the first 120 drawn).
        whole_every: u64,
        /// Sampled row sets joined whole (their CPU time measured): those
        /// drawn for it, and those too short to thin.
        whole: u64,
    },
    /// Stratified by rank as [`Design::Stratified`], each row set joined
    /// by a random descent ([`Plan::Descended`]).
    Descended {
        /// Strata of the design.
        strata: u64,
        /// Cuts on whole keys drawn through.
        depth: u64,
        /// Sampled row sets joined whole (no cut on whole keys to draw
        /// through): their solutions are exact.
        whole: u64,
    },
    /// Every subproblem counted: the exact count.
    Exact,
}

/// Which estimator an [`Estimate`]'s figure comes from (docs/estimate.md
/// gives each one's formulas).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estimator {
    /// Every subproblem counted: no estimator.
    Exact,
    /// The stratified mean of the sampled values, expanded.
    Stratified,
    /// The thinned design's CPU: a line on the key counts, corrected by
    /// the row sets timed whole (a difference estimator).
    Difference,
    /// The descended design's two phases: a regression on the sampled key
    /// counts (from 500 samples on, where the sample carries it).
    Regression,
}

impl Estimator {
    /// Its name in records.
    pub fn name(self) -> &'static str {
        match self {
            Estimator::Exact => "exact",
            Estimator::Stratified => "stratified",
            Estimator::Difference => "difference",
            Estimator::Regression => "regression",
        }
    }
}

/// An estimate and its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The estimate.
    pub estimate: f64,
    /// Lower end.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Interval {
    /// An exact value: its interval is the point.
    fn exact(x: f64) -> Interval {
        Interval {
            estimate: x,
            low: x,
            high: x,
        }
    }

    /// Its half width over its estimate (0 for an exact value).
    ///
    /// ```
    /// let i = nqueens_sched::Interval { estimate: 100.0, low: 90.0, high: 110.0 };
    /// assert_eq!(i.relative_half_width(), 0.1);
    /// ```
    pub fn relative_half_width(&self) -> f64 {
        if self.estimate == 0.0 {
            0.0
        } else {
            (self.high - self.low) / 2.0 / self.estimate
        }
    }
}

/// What a sample says of a count.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Board side.
    pub n: usize,
    /// The design.
    pub design: Design,
    /// Subproblems counted.
    pub samples: u64,
    /// Subproblems of the whole count (the halves split, one per orbit).
    pub subproblems: u64,
    /// Row sets before symmetry reduction: the population sampled.
    pub population: u64,
    /// The total.
    pub total: Interval,
    /// The unique count (Burnside, with the exact symmetric counts).
    pub unique: Interval,
    /// The exact total and unique count, for the exact design.
    pub exact: Option<(u128, u128)>,
    /// CPU seconds of the whole count: subproblems, split, symmetric searches.
    pub cpu_seconds: Interval,
    /// CPU seconds of making the split (measured, or scaled from a
    /// smaller board of the same parity when the split is large).
    pub split_cpu_seconds: f64,
    /// CPU seconds of the symmetric searches (measured; `None` if they were
    /// cut short by the time bound or a stop).
    pub symmetry_cpu_seconds: Option<f64>,
    /// Solutions fixed by a half turn (exact; `None` if the searches were
    /// cut short).
    pub fixed_180: Option<u64>,
    /// Solutions fixed by a quarter turn (exact; `None` likewise).
    pub fixed_90: Option<u64>,
    /// Most bytes the kernel's scratch held for one subproblem, over the
    /// sampled ones.
    pub peak_memory_bytes: u64,
    /// Degrees of freedom of the intervals (0 for the exact design).
    pub degrees_of_freedom: u64,
    /// Degrees of freedom of the CPU interval: the total's, or fewer when
    /// few row sets were joined whole (0 for the exact design).
    pub cpu_degrees_of_freedom: u64,
    /// Groups of strata (merged to hold two samples each) whose sampled
    /// solutions differ (0 for the exact design). Fewer than two, and the
    /// total's interval is also made as if from one simple random sample,
    /// the wider taken; none (no two samples differ), and the total is
    /// bounded below only: its `high` is infinite.
    pub varying_strata: u64,
    /// The estimator of the total.
    pub total_estimator: Estimator,
    /// The estimator of the CPU seconds.
    pub cpu_estimator: Estimator,
    /// Whether the estimate was cut short: stopped before its size, or
    /// its symmetric searches cut short by the time bound or a stop.
    pub stopped: bool,
}

/// One counted subproblem.
#[derive(Clone, Copy, Debug, Default)]
struct Draw {
    /// Its number in the draw.
    order: u64,
    stratum: u64,
    /// Solutions (estimated, if the join was thinned).
    y: f64,
    /// CPU seconds over orbit size, if it was counted whole (else 0).
    z: f64,
    /// The predictor of `z`: left keys times right keys over orbit size.
    x: f64,
    /// Whether `z` was measured.
    known: bool,
    /// The probability it would be (1 for the row sets too short to thin).
    p: f64,
    /// Descended design: the cheap predictor of `y`, its sampled key
    /// counts' product ([`nqueens_kernel::halves::RowSet::sampled_keys`]),
    /// and of `z` (the same over its orbit size).
    u: f64,
    uw: f64,
    /// Its phase one: the predictors summed over `m1` row sets (itself
    /// and others drawn at random from its stratum; see
    /// `estimators::two_phase`).
    u1: f64,
    uw1: f64,
    m1: f64,
}

/// One drawn row set: its number in the draw, its stratum and rank, a
/// random number for its thinning's offset, whether it is to be joined
/// whole and the chance it was.
#[derive(Clone, Copy, Debug)]
struct Pick {
    order: u64,
    stratum: u64,
    rank: u64,
    salt: u64,
    whole: bool,
    p: f64,
}

impl Pick {
    /// The `i`-th subproblem of the exact design.
    fn whole(i: u64) -> Pick {
        Pick {
            order: i,
            stratum: 0,
            rank: i,
            salt: 0,
            whole: true,
            p: 1.0,
        }
    }
}
