//! `estimate`: the board, the sample's size (a number or a time), its
//! seed, the threads and the cores the prediction is for.

use anyhow::{bail, Result};
use nqueens_sched::{fresh_seed, solvers, Checked, Plan, Sampled, Sampling, Size, Threads};

use super::number;
use crate::cli::{CountFormat, EstimateArgs};

/// Subproblems sampled when neither `--samples` nor `--seconds` is given.
pub const DEFAULT_SAMPLES: u64 = 1000;
/// The longest `--seconds` taken: a year.
const MOST_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A validated `estimate` request.
pub struct Estimate {
    /// The count predicted: its board and threads, checked once.
    pub count: Checked<Sampled>,
    pub sampling: Sampling,
    /// The design.
    pub plan: Plan,
    /// Cores of the predicted run.
    pub cores: usize,
    pub format: CountFormat,
}

impl TryFrom<EstimateArgs> for Estimate {
    type Error = anyhow::Error;
    fn try_from(a: EstimateArgs) -> Result<Estimate> {
        let default = solvers::default();
        if let Some(name) = a.solver.as_deref().filter(|&s| s != default.name()) {
            bail!(
                "--solver {name} does not apply: estimate samples the subproblems of the default solver, {}, only",
                default.name()
            );
        }
        let count = number::counted(&a.n, "n", Sampled)?;
        let size = match (&a.samples, &a.seconds) {
            (_, Some(s)) => Size::Seconds(seconds(s)?),
            (Some(k), None) => Size::Samples(number::whole(
                k,
                "--samples",
                2..=u64::MAX,
                " (an interval needs two)",
            )?),
            (None, None) => Size::Samples(DEFAULT_SAMPLES),
        };
        let seed = match a.seed.as_deref() {
            Some(s) => number::whole(s, "--seed", 0..=u64::MAX, "")?,
            None => fresh_seed(),
        };
        let threads = match a.threads.as_deref() {
            None => Threads::available(),
            Some(t) => Threads::parse("--threads", t)?,
        };
        let cores = match a.cores.as_deref() {
            None => threads.get(),
            Some(c) => number::size(c, "--cores", 1..=1 << 24, "")?,
        };
        let plan = match a.design.as_deref() {
            Some("stratified") => Plan::Stratified,
            _ => Plan::default(),
        };
        Ok(Estimate {
            count: count.with_threads(threads),
            plan,
            sampling: Sampling { size, seed },
            cores,
            format: a.format,
        })
    }
}

/// `--seconds`: a positive number of seconds, fractions allowed.
fn seconds(text: &str) -> Result<f64> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= MOST_SECONDS => Ok(s),
        _ => bail!("--seconds must be a number of seconds above 0 and at most {MOST_SECONDS}, not '{text}'"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_positive_numbers() {
        assert_eq!(seconds("1.5").unwrap(), 1.5);
        for bad in ["0", "-1", "abc", "NaN", "inf"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }
}
