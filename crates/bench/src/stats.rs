//! The statistics of timed runs.

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
