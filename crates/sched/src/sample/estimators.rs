//! The estimators: the stratified sum of a value over the population with
//! its 95 % interval, the line that predicts a row set's CPU time from its
//! key counts, and Student's t.

use super::{Draw, Interval};

/// The line `z = a + b x` fitted by least squares to the row sets whose
/// CPU time was measured by chance (`p < 1`; all measured ones if fewer
/// than three were), `(0, 0)` if fewer than two.
pub(super) fn fit(draws: &[Draw]) -> (f64, f64) {
    let chance: Vec<&Draw> = draws.iter().filter(|d| d.known && d.p < 1.0).collect();
    let used: Vec<&Draw> = if chance.len() >= 3 {
        chance
    } else {
        draws.iter().filter(|d| d.known).collect()
    };
    if used.len() < 2 {
        return (0.0, 0.0);
    }
    let k = used.len() as f64;
    let mx = used.iter().map(|d| d.x).sum::<f64>() / k;
    let mz = used.iter().map(|d| d.z).sum::<f64>() / k;
    let sxx: f64 = used.iter().map(|d| (d.x - mx).powi(2)).sum();
    let sxz: f64 = used.iter().map(|d| (d.x - mx) * (d.z - mz)).sum();
    let b = if sxx > 0.0 { sxz / sxx } else { 0.0 };
    (mz - b * mx, b)
}

/// The stratified estimate of the sum of `value` over the population and
/// its 95 % interval, with its degrees of freedom. Consecutive strata are
/// merged (left to right) until each group holds two samples; a group's
/// samples are then taken as a simple random sample of it (conservative
/// when its strata differ).
pub(super) fn stratified(
    draws: &[Draw],
    bounds: &[u64],
    value: impl Fn(&Draw) -> f64,
) -> (Interval, u64) {
    let strata = bounds.len() - 1;
    let mut by: Vec<Vec<f64>> = vec![Vec::new(); strata];
    for d in draws {
        by[d.stratum as usize].push(value(d));
    }
    // Groups: (first stratum, end stratum).
    let mut groups: Vec<(usize, usize, usize)> = Vec::new();
    let (mut first, mut held) = (0, 0);
    for (h, v) in by.iter().enumerate() {
        held += v.len();
        if held >= 2 {
            groups.push((first, h + 1, held));
            first = h + 1;
            held = 0;
        }
    }
    if first < strata {
        match groups.last_mut() {
            Some(g) => {
                g.1 = strata;
                g.2 += held;
            }
            None => groups.push((0, strata, held)),
        }
    }
    let (mut sum, mut var) = (0.0, 0.0);
    for &(a, b, _) in &groups {
        let values: Vec<f64> = by[a..b].iter().flatten().copied().collect();
        let size = (bounds[b] - bounds[a]) as f64;
        let k = values.len() as f64;
        let mean = values.iter().sum::<f64>() / k;
        sum += size * mean;
        if k >= 2.0 {
            let s2 = values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0);
            var += size * size * (1.0 - k / size).max(0.0) * s2 / k;
        }
    }
    let df = (draws.len() - groups.len()).max(1) as u64;
    let half = student_t(df) * var.sqrt();
    (
        Interval {
            estimate: sum,
            low: sum - half,
            high: sum + half,
        },
        df,
    )
}

/// The 97.5 % quantile of Student's t with `df` degrees of freedom: a table
/// to 30, then the Cornish-Fisher expansion (error under 1e-4 there).
pub(super) fn student_t(df: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    if (1..=30).contains(&df) {
        return TABLE[df as usize - 1];
    }
    let (z, v) = (1.959_964_f64, df as f64);
    z + (z.powi(3) + z) / (4.0 * v)
        + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * v * v)
        + (3.0 * z.powi(7) + 19.0 * z.powi(5) + 17.0 * z.powi(3) - 15.0 * z) / (384.0 * v.powi(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_quantiles_join_the_table() {
        assert!((student_t(31) - 2.0395).abs() < 1e-3);
        assert!((student_t(120) - 1.9799).abs() < 1e-3);
        assert!((student_t(1_000_000) - 1.96).abs() < 1e-3);
    }
}
