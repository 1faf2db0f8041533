//! The memory budget of a run: `--max-memory`, what the process already
//! holds, and the one-line message when a count needs more.
//!
//! The budget covers the whole process. What it holds before counting (the
//! binary, the split, the thread pool) is read from `/proc/self/status` and
//! taken off; the rest is the working memory the scheduler shares among
//! the threads, and the kernel's buffers never grow past a thread's share.

use anyhow::{bail, Result};

use crate::cli::RunArgs;

/// Of the memory the kernel calls available at start, the share a run may
/// take by default: the rest stays for the page cache and other programs,
/// so a default run never pushes the machine into swap.
const DEFAULT_SHARE: (u64, u64) = (3, 4);

/// A run's memory budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Bytes the whole process may hold.
    pub limit: u64,
    /// Bytes it held when the budget was set.
    pub held: u64,
    /// Whether `--max-memory` set it (else it is the default).
    pub asked: bool,
}

impl Budget {
    /// The budget `--max-memory` asks for, or the default: three quarters
    /// of the memory available now. `None` where the kernel does not say
    /// how much that is (no cap then).
    pub fn of(run: &RunArgs) -> Result<Option<Budget>> {
        let held = resident().unwrap_or(0);
        let (limit, asked) = match run.max_memory.as_deref() {
            Some(text) => (parse_size(text)?, true),
            None => match available() {
                Some(a) => (a / DEFAULT_SHARE.1 * DEFAULT_SHARE.0, false),
                None => return Ok(None),
            },
        };
        if limit <= held {
            bail!(
                "{} is less than the {} this process already holds before counting",
                Budget::describe(limit, asked),
                human(held)
            );
        }
        Ok(Some(Budget { limit, held, asked }))
    }

    /// The bytes left for the count's working memory.
    pub fn working(&self) -> u64 {
        self.limit - self.held
    }

    fn describe(limit: u64, asked: bool) -> String {
        if asked {
            format!("--max-memory {}", human(limit))
        } else {
            format!(
                "the default memory budget ({} of the {} available)",
                human(limit),
                human(limit / DEFAULT_SHARE.0 * DEFAULT_SHARE.1)
            )
        }
    }

    /// The one-line reason a count stopped for want of memory, with what
    /// to do about it.
    pub fn refusal(
        &self,
        n: usize,
        index: u64,
        share: u64,
        threads: usize,
        parts: usize,
    ) -> String {
        if share == 0 {
            return format!(
                "n = {n} needs more memory than {} allows: the split into {parts} subproblems and their records alone take the {} left after the {} the process held before counting; raise --max-memory",
                Budget::describe(self.limit, self.asked),
                human(self.working()),
                human(self.held),
            );
        }
        let each = if threads == 1 {
            "the one thread".to_string()
        } else {
            format!("each of {threads} threads")
        };
        let fewer = if threads > 1 {
            ", count on fewer --threads (each gets a larger share)"
        } else {
            ""
        };
        format!(
            "n = {n} needs more memory than {} allows: subproblem {index} needs more than the {} of working memory {each} may hold (the process held {} before counting); raise --max-memory{fewer}, or use --solver mirror, which keeps no lists",
            Budget::describe(self.limit, self.asked),
            human(share),
            human(self.held),
        )
    }
}

/// A scheduler error as the user reads it: a count refused for want of
/// memory is explained against the budget, with what to do about it.
pub fn explain(err: nqueens_sched::Error, budget: Option<Budget>, n: usize) -> anyhow::Error {
    match (err, budget) {
        (
            nqueens_sched::Error::OverBudget {
                index,
                share,
                threads,
                total,
                ..
            },
            Some(b),
        ) => anyhow::anyhow!(b.refusal(n, index, share, threads, total)),
        (err, _) => err.into(),
    }
}

/// Parses a size: bytes, or a number (fractions allowed) with a unit: `K`,
/// `M`, `G`, `T` or `KiB` ... `TiB` (powers of 1024), `KB` ... `TB`
/// (powers of 1000), `B`; case is ignored.
pub fn parse_size(text: &str) -> Result<u64> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let scale: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kib" => 1 << 10,
        "m" | "mib" => 1 << 20,
        "g" | "gib" => 1 << 30,
        "t" | "tib" => 1 << 40,
        "kb" => 1_000,
        "mb" => 1_000_000,
        "gb" => 1_000_000_000,
        "tb" => 1_000_000_000_000,
        _ => bail!("--max-memory takes a size such as 8G, 512M or 1.5GiB, not '{text}'"),
    };
    let value: f64 = number
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| {
            anyhow::anyhow!("--max-memory takes a size such as 8G, 512M or 1.5GiB, not '{text}'")
        })?;
    let bytes = value * scale as f64;
    if bytes < 1.0 {
        bail!("--max-memory must be at least 1 byte, not '{text}'");
    }
    if bytes >= u64::MAX as f64 {
        bail!("--max-memory '{text}' is more than any machine holds");
    }
    Ok(bytes as u64)
}

/// Bytes in binary units, to one decimal: `3.5 MiB`.
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// A `/proc` figure given in kB (`VmRSS:  3456 kB`), in bytes.
fn kib_field(file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// What this process holds now (its resident set).
fn resident() -> Option<u64> {
    kib_field("/proc/self/status", "VmRSS:")
}

/// The most this process has held so far (its peak resident set).
pub fn peak() -> Option<u64> {
    kib_field("/proc/self/status", "VmHWM:")
}

/// Memory the kernel reckons can be taken without swapping.
fn available() -> Option<u64> {
    kib_field("/proc/meminfo", "MemAvailable:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_every_unit_and_bad_ones_refused() {
        assert_eq!(parse_size("4096").unwrap(), 4096);
        assert_eq!(parse_size("8G").unwrap(), 8 << 30);
        assert_eq!(parse_size("8 GiB").unwrap(), 8 << 30);
        assert_eq!(parse_size("512m").unwrap(), 512 << 20);
        assert_eq!(parse_size("1.5G").unwrap(), 3 << 29);
        assert_eq!(parse_size("2GB").unwrap(), 2_000_000_000);
        assert_eq!(parse_size("64k").unwrap(), 65536);
        for bad in [
            "",
            "G",
            "abc",
            "-1G",
            "0",
            "0.1",
            "8X",
            "1.2.3M",
            "99999999999T",
        ] {
            let e = parse_size(bad).unwrap_err().to_string();
            assert!(e.contains("--max-memory"), "{bad}: {e}");
        }
    }

    #[test]
    fn human_sizes() {
        assert_eq!(human(512), "512 B");
        assert_eq!(human(3 << 19), "1.5 MiB");
        assert_eq!(human(8 << 30), "8.0 GiB");
    }

    #[test]
    fn the_budget_is_what_was_asked_less_what_is_held() {
        let run = |m: &str| RunArgs {
            threads: None,
            max_memory: Some(m.into()),
        };
        let b = Budget::of(&run("1T")).unwrap().unwrap();
        assert_eq!(b.limit, 1 << 40);
        assert!(b.held > 0 && b.working() == b.limit - b.held);
        let e = Budget::of(&run("1K")).unwrap_err().to_string();
        assert!(e.contains("already holds"), "{e}");
        let by_default = Budget::of(&RunArgs {
            threads: None,
            max_memory: None,
        });
        assert!(!by_default.unwrap().unwrap().asked);
    }
}
