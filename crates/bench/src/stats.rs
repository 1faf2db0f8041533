//! The statistics of timed runs, as hyperfine gives them
//! (`src/benchmark/mod.rs`, `src/outlier_detection.rs`,
//! `src/benchmark/relative_speed.rs`): mean, sample standard deviation,
//! median, min, max; outliers by modified Z-score; a speed-up's
//! uncertainty by propagating the two standard deviations.

/// A modified Z-score past this marks an outlier (hyperfine's
/// `OUTLIER_THRESHOLD`; Iglewicz and Hoaglin suggest 3.5 for "possible").
pub const OUTLIER_THRESHOLD: f64 = 14.0;

/// A mean and its standard deviation (none below two values).
pub type Spread = (f64, Option<f64>);

/// The median of `v`, `None` when empty.
pub fn median(v: &[f64]) -> Option<f64> {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => None,
        k if k % 2 == 1 => Some(v[k / 2]),
        k => Some((v[k / 2 - 1] + v[k / 2]) / 2.0),
    }
}

/// The mean of `v`, `None` when empty.
pub fn mean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

/// The sample standard deviation of `v` (divided by `len - 1`), `None`
/// below two values.
pub fn stddev(v: &[f64]) -> Option<f64> {
    let m = mean(v)?;
    (v.len() >= 2).then(|| {
        let ss: f64 = v.iter().map(|x| (x - m) * (x - m)).sum();
        (ss / (v.len() - 1) as f64).sqrt()
    })
}

/// Modified Z-scores (Iglewicz and Hoaglin): each value's distance from
/// the median in units of 1.4826 median absolute deviations; `None`
/// when the deviation is zero (half the values or more are equal) or
/// there are fewer than three values.
pub fn modified_zscores(v: &[f64]) -> Option<Vec<f64>> {
    if v.len() < 3 {
        return None;
    }
    let m = median(v)?;
    let deviations: Vec<f64> = v.iter().map(|x| (x - m).abs()).collect();
    let mad = median(&deviations)?;
    (mad > 0.0).then(|| v.iter().map(|x| (x - m) / (1.4826 * mad)).collect())
}

/// What the runs of one row warn of, as hyperfine warns: the first run
/// much slower than the rest (an outlier at the front), else outliers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Warning {
    /// The first run's seconds, and the median of all.
    SlowFirst(f64, f64),
    /// How many runs are outliers.
    Outliers(usize),
}

/// The warning for `seconds`, the runs in the order they ran.
pub fn warning(seconds: &[f64]) -> Option<Warning> {
    let scores = modified_zscores(seconds)?;
    if scores[0] > OUTLIER_THRESHOLD {
        return Some(Warning::SlowFirst(seconds[0], median(seconds)?));
    }
    let outliers = scores
        .iter()
        .filter(|s| s.abs() > OUTLIER_THRESHOLD)
        .count();
    (outliers > 0).then_some(Warning::Outliers(outliers))
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Warning::SlowFirst(first, median) => write!(
                f,
                "the first run was much slower than the rest ({first:.6} s against a median of {median:.6} s): caches filling? try --warmup or --prepare"
            ),
            Warning::Outliers(k) => write!(
                f,
                "{k} statistical outlier{} (modified Z-score over {OUTLIER_THRESHOLD}): other programs running? try a quiet machine or more --warmup",
                if *k == 1 { "" } else { "s" }
            ),
        }
    }
}

/// The speed-up of `(mean, stddev)` against the baseline's: the ratio of
/// the means (baseline over this), and its standard deviation by
/// first-order propagation of the two relative deviations (hyperfine's
/// relative speed), `None` where either row has no deviation.
pub fn speedup(
    baseline: (f64, Option<f64>),
    this: (f64, Option<f64>),
) -> Option<(f64, Option<f64>)> {
    let ((mb, sb), (m, s)) = (baseline, this);
    if m <= 0.0 || mb <= 0.0 {
        return None;
    }
    let ratio = mb / m;
    let spread = sb
        .zip(s)
        .map(|(sb, s)| ratio * ((sb / mb).powi(2) + (s / m).powi(2)).sqrt());
    Some((ratio, spread))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_of_a_small_sample() {
        let v = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert_eq!(mean(&v), Some(5.0));
        // Sum of squares 32, over 7.
        assert!((stddev(&v).unwrap() - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert_eq!(median(&v), Some(4.5));
        assert_eq!((mean(&[]), stddev(&[1.0]), median(&[])), (None, None, None));
    }

    #[test]
    fn outliers_and_a_slow_first_run() {
        let steady = [1.00, 1.01, 0.99, 1.02, 0.98, 1.00];
        assert_eq!(warning(&steady), None);
        let first = [3.0, 1.00, 1.01, 0.99, 1.02, 0.98];
        assert_eq!(warning(&first), Some(Warning::SlowFirst(3.0, 1.005)));
        let late = [1.00, 1.01, 0.99, 3.0, 1.02, 0.98];
        assert_eq!(warning(&late), Some(Warning::Outliers(1)));
        // No spread to measure against: no warning.
        assert_eq!(warning(&[1.0, 1.0, 1.0, 5.0]), None);
        assert_eq!(warning(&[1.0, 9.0]), None);
    }

    #[test]
    fn a_speedup_and_its_uncertainty() {
        let (r, s) = speedup((2.0, Some(0.2)), (1.0, Some(0.05))).unwrap();
        assert_eq!(r, 2.0);
        // 2 * sqrt(0.1^2 + 0.05^2)
        assert!((s.unwrap() - 2.0 * (0.0125f64).sqrt()).abs() < 1e-12);
        assert_eq!(speedup((2.0, None), (1.0, Some(0.1))), Some((2.0, None)));
        assert_eq!(speedup((2.0, None), (0.0, None)), None);
    }
}
