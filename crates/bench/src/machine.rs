//! Facts about this machine for benchmark records: its name, its CPU and
//! cores, today's date. (What built the program is its door's to say:
//! [`Build`](crate::request::Build).)

use std::time::{SystemTime, UNIX_EPOCH};

/// The host's short name: the library's, as a shard's result names it too.
pub use nqueens::machine::host;

/// The CPU model, as the kernel names it.
pub fn cpu() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

/// The machine's cores as num_cpus counts them.
#[derive(Clone, Copy, Debug)]
pub struct Cores {
    /// Logical CPUs this process may use (affinity and cgroup quota
    /// applied): what `--threads` defaults to.
    pub logical: usize,
    /// Physical cores: fewer than `logical` when SMT siblings share one.
    pub physical: usize,
}

impl Cores {
    /// `logical,physical`, the last two columns of raw.csv.
    pub fn columns(self) -> String {
        format!("{},{}", self.logical, self.physical)
    }
}

/// The cores of this machine, read once.
pub fn cores() -> Cores {
    static CORES: std::sync::OnceLock<Cores> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| Cores {
        logical: num_cpus::get(),
        physical: num_cpus::get_physical(),
    })
}

/// Today's date in UTC, `YYYY-MM-DD`.
pub fn utc_date() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (the
/// era-based method of H. Hinnant's "chrono-Compatible Low-Level Date
/// Algorithms").
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_414), (2025, 11, 22));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }
}
