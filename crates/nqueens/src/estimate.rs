//! A count and its cost predicted from a random sample of its
//! subproblems ([`nqueens_sched::estimate_with`]): [`EstimateRequest`]
//! checked once into [`Estimate`], run into an [`EstimateRecord`], under
//! a memory budget like every count.

use std::time::Instant;

use nqueens_sched::{
    estimate_with, fresh_seed, solvers, Checked, Fields, Plan, Sampled, Sampling, Size, ThreadCpu,
};

use crate::{budget, number, Budget, Control, Error, Run, Spelling, Unused};

/// Subproblems sampled when neither a number of samples nor a time is
/// given.
pub const DEFAULT_SAMPLES: u64 = 1000;
/// The longest time a sample may be given: a year.
const MOST_SECONDS: f64 = 365.0 * 24.0 * 3600.0;
/// The most cores a prediction is made for.
const MOST_CORES: usize = 1 << 24;

/// An estimate as asked for: every value as the user gave it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EstimateRequest {
    /// The board side, as typed.
    pub n: String,
    /// Subproblems to sample (at least 2), as typed.
    pub samples: Option<String>,
    /// Or seconds to sample for, as typed.
    pub seconds: Option<String>,
    /// The seed that draws the sample; `None`, a fresh one.
    pub seed: Option<String>,
    /// Cores the prediction is for; `None`, the threads.
    pub cores: Option<String>,
    /// `thinned` (the default) or `stratified`.
    pub design: Option<String>,
    /// A solver's name: only the default is sampled.
    pub solver: Option<String>,
    /// Threads and memory.
    pub run: Run,
    /// How messages name the values.
    pub spelling: Spelling,
}

impl EstimateRequest {
    /// An estimate of the board of side `n`, everything else by default.
    pub fn new(n: impl ToString) -> EstimateRequest {
        EstimateRequest {
            n: n.to_string(),
            ..EstimateRequest::default()
        }
    }

    /// Checks every value once.
    ///
    /// ```
    /// use nqueens::{EstimateRequest, Spelling};
    /// let e = EstimateRequest { samples: Some("1".into()), spelling: Spelling::Keywords, ..EstimateRequest::new(20) };
    /// assert_eq!(e.check().unwrap_err().to_string(), "samples must be a whole number of at least 2 (an interval needs two), not 1");
    /// ```
    pub fn check(&self) -> Result<Estimate, Error> {
        let sp = self.spelling;
        let default = solvers::default();
        if let Some(name) = self.solver.as_deref().filter(|&s| s != default.solver()) {
            return Err(Error::input(format!(
                "{} {name} does not apply: estimate samples the subproblems of the default solver, {}, only",
                sp.of("solver"),
                default.solver()
            )));
        }
        let count = number::counted(&self.n, "n", Sampled)?;
        let size = match (&self.samples, &self.seconds) {
            (Some(_), Some(_)) => {
                return Err(Error::input(format!(
                    "{} and {} exclude each other: give one",
                    sp.of("samples"),
                    sp.of("seconds")
                )))
            }
            (_, Some(s)) => Size::Seconds(number::seconds(s, &sp.of("seconds"), MOST_SECONDS)?),
            (Some(k), None) => Size::Samples(number::whole(
                k,
                &sp.of("samples"),
                2..=u64::MAX,
                " (an interval needs two)",
            )?),
            (None, None) => Size::Samples(DEFAULT_SAMPLES),
        };
        let seed = match self.seed.as_deref() {
            Some(s) => number::whole(s, &sp.of("seed"), 0..=u64::MAX, "")?,
            None => fresh_seed(),
        };
        let plan = match self.design.as_deref() {
            None | Some("thinned") => Plan::default(),
            Some("stratified") => Plan::Stratified,
            Some("descended") => Plan::Descended {
                depth: nqueens_sched::DESCENT_DEPTH,
                least: nqueens_sched::DESCENT_LEAST,
            },
            Some(other) => {
                return Err(Error::input(format!(
                    "{} must be thinned, stratified or descended, not '{other}'",
                    sp.of("design")
                )))
            }
        };
        let (count, budget) = self.run.counted(sp, count, &Unused::default())?;
        let cores = match self.cores.as_deref() {
            None => count.opts().threads.get(),
            Some(c) => number::size(c, &sp.of("cores"), 1..=MOST_CORES, "")?,
        };
        Ok(Estimate {
            count,
            sampling: Sampling { size, seed },
            plan,
            cores,
            budget,
            spelling: sp,
        })
    }
}

/// An estimate checked once, ready to run.
#[derive(Clone, Debug)]
pub struct Estimate {
    count: Checked<Sampled>,
    sampling: Sampling,
    plan: Plan,
    cores: usize,
    budget: Option<Budget>,
    spelling: Spelling,
}

/// The answer of an estimate: its named values, in the order every
/// format shows them (the `estimate` record of docs/formats.md).
#[derive(Clone, Debug, PartialEq)]
pub struct EstimateRecord {
    /// What the sampler estimated.
    pub estimate: nqueens_sched::Estimate,
    /// The record's values.
    pub fields: Fields,
}

impl Estimate {
    /// The board and the threads it samples with.
    pub fn checked(&self) -> &Checked<Sampled> {
        &self.count
    }

    /// The seed that draws the sample.
    pub fn seed(&self) -> u64 {
        self.sampling.seed
    }

    /// Samples under the budget and `control` (cancelled, it stops and
    /// answers from what it sampled, if it sampled two subproblems).
    pub fn run(&self, control: &Control) -> Result<EstimateRecord, Error> {
        let start = Instant::now();
        let e = estimate_with(
            &self.count,
            &self.sampling,
            self.plan,
            &ThreadCpu,
            control.progress,
            &control.cancel,
        )
        .map_err(|e| match e {
            nqueens_sched::Error::Interrupted { done, total } if control.cancel.is_cancelled() => {
                Error::new(crate::ErrorKind::Interrupted, self.interrupted(done, total))
            }
            nqueens_sched::Error::Interrupted { done, .. } => match self.sampling.size {
                // The time bound passed with too few subproblems counted.
                Size::Seconds(s) => Error::input(format!(
                    "{} {s} is too short for n = {}: {} counted in it, and an estimate needs at least 2; give more",
                    self.spelling.of("seconds"),
                    self.count.board().n(),
                    counted(done)
                )),
                Size::Samples(_) => Error::new(crate::ErrorKind::Interrupted, self.interrupted(done, 2)),
            },
            e => budget::explain_sample(e, self.budget, self.count.board()),
        })?;
        let run = nqueens_sched::Run {
            cores: self.cores,
            threads: self.count.opts().threads.get(),
            seed: self.sampling.seed,
            seconds: start.elapsed().as_secs_f64(),
        };
        let mut fields = e.record(&run);
        fields.push(("memory_budget_bytes", self.budget.map(|b| b.limit).into()));
        Ok(EstimateRecord {
            fields,
            estimate: e,
        })
    }

    /// Why an interrupted estimate has no record: too few subproblems
    /// sampled, or a sample of every subproblem (the exact count) not
    /// finished, which estimates nothing.
    fn interrupted(&self, done: usize, total: usize) -> String {
        match self.sampling.size {
            Size::Samples(k) if self.sampling.is_exact(&self.count).unwrap_or(false) => format!(
                "interrupted after {done} of {total} subproblems: {k} samples are at least the split's {total} subproblems, so every one was being counted (the exact count), and a count cut short estimates nothing; ask for fewer samples to estimate"
            ),
            _ => format!(
                "interrupted when {} sampled: an estimate needs at least 2",
                counted(done)
            ),
        }
    }
}

/// `done` subproblems, in words: "no subproblem was", "1 subproblem was",
/// "3 subproblems were".
fn counted(done: usize) -> String {
    match done {
        0 => "no subproblem was".into(),
        1 => "1 subproblem was".into(),
        k => format!("{k} subproblems were"),
    }
}
