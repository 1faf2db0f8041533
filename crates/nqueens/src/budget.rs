//! [`Budget`]: the memory a run may hold (`--max-memory`, `max_memory=`,
//! three quarters of the memory available by default, never more than
//! `ulimit -v` leaves), what the process already holds, and the one-line
//! message when work needs more. Every verb that allocates in proportion
//! to its work runs under one, from every door.
//!
//! The budget covers the whole process. What it holds before counting (the
//! binary, the split, the thread pool) is read from `/proc/self/status` and
//! taken off; the rest is the working memory the scheduler shares among
//! the threads, and the kernel's buffers never grow past a thread's share.

use nqueens_kernel::Board;
use nqueens_sched::Threads;

use crate::{Error, Spelling};

type Result<T> = std::result::Result<T, Error>;

macro_rules! bail {
    ($($t:tt)*) => {
        return Err(Error::input(format!($($t)*)))
    };
}

/// Of the memory the kernel calls available at start, the share a run may
/// take by default: the rest stays for the page cache and other programs,
/// so a default run never pushes the machine into swap.
const DEFAULT_SHARE: (u64, u64) = (3, 4);

/// Address space each thread maps for its stack, besides the heap: std's
/// default stack (2 MiB, or `RUST_MIN_STACK`) and a guard page.
fn thread_stack() -> u64 {
    let stack = std::env::var("RUST_MIN_STACK")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or(2 << 20);
    stack + 4096
}

/// Address space a malloc arena reserves (glibc's `HEAP_MAX_SIZE` on 64-bit
/// systems: 64 MiB); glibc makes at most 8 arenas a CPU.
const ARENA: u64 = 64 << 20;

/// What set a budget's limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `--max-memory` (`max_memory=`).
    Asked,
    /// The default: three quarters of the memory available.
    Default,
    /// The address space the process may still map (`ulimit -v`), less
    /// what its threads reserve: lower than the other two.
    AddressSpace,
}

/// A run's memory budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Bytes the whole process may hold.
    pub limit: u64,
    /// Bytes it held when the budget was set.
    pub held: u64,
    /// What set the limit.
    pub set_by: Limit,
    /// How the door that asked names its values, for messages.
    pub spelling: Spelling,
}

impl Budget {
    /// The budget `--max-memory` asks for, or the default: three quarters
    /// of the memory available now; in either case no more than the
    /// address space the process may still map (`ulimit -v`) once the
    /// threads the count starts have their stacks and heaps: `threads`,
    /// or where those do not fit, `started()`, the fewer a count of few
    /// pieces trims them to (asked only then: it may enumerate the split).
    /// `None` where nothing says how much memory there is (no cap then).
    pub fn of(
        max_memory: Option<&str>,
        spelling: Spelling,
        threads: Threads,
        started: impl FnOnce() -> Result<Threads>,
    ) -> Result<Option<Budget>> {
        let held = resident().unwrap_or(0);
        let asked = match max_memory {
            Some(text) => Some((parse_size(text, &spelling.of("max_memory"))?, Limit::Asked)),
            None => available().map(|a| (a / DEFAULT_SHARE.1 * DEFAULT_SHARE.0, Limit::Default)),
        };
        let mappable = match address_space_left() {
            Some(room) => {
                let threads = if thread_reserve(threads) < room {
                    threads
                } else {
                    started()?
                };
                let reserved = thread_reserve(threads);
                if reserved >= room {
                    bail!(
                        "{threads} threads need {} of address space for their stacks and heaps, more than the {} this process may still map (ulimit -v); use fewer {}",
                        human(reserved),
                        human(room),
                        spelling.of("threads")
                    );
                }
                Some((held + (room - reserved), Limit::AddressSpace))
            }
            None => None,
        };
        let (limit, set_by) = match (asked, mappable) {
            (Some(a), Some(m)) if m.0 < a.0 => m,
            (Some(a), _) => a,
            (None, Some(m)) => m,
            (None, None) => return Ok(None),
        };
        let budget = Budget {
            limit,
            held,
            set_by,
            spelling,
        };
        if limit <= held {
            return Err(Error::memory(format!(
                "{} is less than the {} this process already holds before counting",
                budget.describe(),
                human(held)
            )));
        }
        Ok(Some(budget))
    }

    /// The bytes left for the count's working memory.
    pub fn working(&self) -> u64 {
        self.limit - self.held
    }

    fn describe(&self) -> String {
        let limit = self.limit;
        match self.set_by {
            Limit::Asked => format!("{} {}", self.spelling.of("max_memory"), human(limit)),
            Limit::Default => format!(
                "the default memory budget ({} of the {} available)",
                human(limit),
                human(limit / DEFAULT_SHARE.0 * DEFAULT_SHARE.1)
            ),
            Limit::AddressSpace => format!(
                "the address space this process may map ({}, ulimit -v, less its threads' stacks and heaps)",
                human(limit)
            ),
        }
    }

    /// The one-line reason a count stopped for want of memory, with what
    /// to do about it (`sampled`: a sample of the halves split, for which
    /// no other solver is suggested).
    pub fn refusal(
        &self,
        board: Board,
        index: u64,
        share: u64,
        threads: usize,
        parts: usize,
        sampled: bool,
    ) -> String {
        let n = board.n();
        if share == 0 {
            return format!(
                "n = {n} needs more memory than {} allows: the split into {parts} subproblems and their records alone take more than the {} left after the {} the process held before counting; {}",
                self.describe(),
                human(self.working()),
                human(self.held),
                self.raise(),
            );
        }
        let each = if threads == 1 {
            "the one thread".to_string()
        } else {
            format!("each of {threads} threads")
        };
        let fewer = if threads > 1 {
            format!(
                ", count on fewer {} (each gets a larger share)",
                self.spelling.of("threads")
            )
        } else {
            String::new()
        };
        let mirror = match sampled {
            true => String::new(),
            false => format!(
                ", or use {} mirror, which keeps no lists",
                self.spelling.of("solver")
            ),
        };
        format!(
            "n = {n} needs more memory than {} allows: subproblem {index} needs more than the {} of working memory {each} may hold (the process held {} before counting); {}{fewer}{mirror}",
            self.describe(),
            human(share),
            human(self.held),
            self.raise(),
        )
    }

    /// What raises the limit that was hit.
    fn raise(&self) -> String {
        match self.set_by {
            Limit::AddressSpace => "raise the address-space limit (ulimit -v)".into(),
            Limit::Asked | Limit::Default => format!("raise {}", self.spelling.of("max_memory")),
        }
    }

    /// Work of `what` (`n = 18 has more solutions`) refused for want of
    /// memory: it needs more than `needed` bytes of this budget.
    pub fn refuse(&self, what: &str, needed: u64) -> Error {
        Error::memory(format!(
            "{what} than {} allows: they need more than the {} of working memory left after the {} the process held before; {}",
            self.describe(),
            human(needed.min(self.working())),
            human(self.held),
            self.raise()
        ))
    }
}

/// A scheduler error as the user reads it: a count refused for want of
/// memory is explained against the budget, with what to do about it.
pub fn explain(err: nqueens_sched::Error, budget: Option<Budget>, board: Board) -> Error {
    explain_work(err, budget, board, false)
}

/// [`explain`] for a sample of the halves split (an estimate), which no
/// other solver can take.
pub fn explain_sample(err: nqueens_sched::Error, budget: Option<Budget>, board: Board) -> Error {
    explain_work(err, budget, board, true)
}

fn explain_work(
    err: nqueens_sched::Error,
    budget: Option<Budget>,
    board: Board,
    sampled: bool,
) -> Error {
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
        ) => Error::memory(b.refusal(board, index, share, threads, total, sampled)),
        (err, _) => err.into(),
    }
}

/// Parses a size: bytes, or a number (fractions allowed) with a unit: `K`,
/// `M`, `G`, `T` or `KiB` ... `TiB` (powers of 1024), `KB` ... `TB`
/// (powers of 1000), `B`; case is ignored. `what` names the value in a
/// refusal (`--max-memory`).
///
/// ```
/// assert_eq!(nqueens::budget::parse_size("1.5G", "max_memory").unwrap(), 3 << 29);
/// ```
pub fn parse_size(text: &str, what: &str) -> Result<u64> {
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
        _ => bail!("{what} takes a size such as 8G, 512M or 1.5GiB, not '{text}'"),
    };
    let value: f64 = number
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| {
            Error::input(format!(
                "{what} takes a size such as 8G, 512M or 1.5GiB, not '{text}'"
            ))
        })?;
    let bytes = value * scale as f64;
    if bytes < 1.0 {
        bail!("{what} must be at least 1 byte, not '{text}'");
    }
    if bytes >= u64::MAX as f64 {
        bail!("{what} '{text}' is more than any machine holds");
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

/// Address space `threads` threads reserve besides the heap's data: a
/// stack each, and a malloc arena each up to glibc's 8 arenas a CPU.
fn thread_reserve(threads: Threads) -> u64 {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = threads.get();
    let arenas = threads.min(8 * cpus) as u64;
    threads as u64 * thread_stack() + arenas * ARENA
}

/// The address space this process may still map: its soft limit
/// (`ulimit -v`, "Max address space" in `/proc/self/limits`) less what it
/// maps now; `None` when there is no limit.
fn address_space_left() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let soft = address_space_limit(&limits)?;
    let mapped = kib_field("/proc/self/status", "VmSize:").unwrap_or(0);
    Some(soft.saturating_sub(mapped))
}

/// The soft "Max address space" limit in a `/proc/self/limits` text, in
/// bytes; `None` when unlimited or absent.
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Memory the kernel reckons can be taken without swapping.
fn available() -> Option<u64> {
    kib_field("/proc/meminfo", "MemAvailable:")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_size_flag(text: &str) -> Result<u64> {
        parse_size(text, "--max-memory")
    }

    #[test]
    fn sizes_in_every_unit_and_bad_ones_refused() {
        assert_eq!(parse_size_flag("4096").unwrap(), 4096);
        assert_eq!(parse_size_flag("8G").unwrap(), 8 << 30);
        assert_eq!(parse_size_flag("8 GiB").unwrap(), 8 << 30);
        assert_eq!(parse_size_flag("512m").unwrap(), 512 << 20);
        assert_eq!(parse_size_flag("1.5G").unwrap(), 3 << 29);
        assert_eq!(parse_size_flag("2GB").unwrap(), 2_000_000_000);
        assert_eq!(parse_size_flag("64k").unwrap(), 65536);
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
            let e = parse_size_flag(bad).unwrap_err().to_string();
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
        let one = || Ok(Threads::ONE);
        let of = |m: Option<&str>| Budget::of(m, Spelling::Flags, Threads::ONE, one);
        let b = of(Some("1T")).unwrap().unwrap();
        if address_space_left().is_none() {
            assert_eq!((b.limit, b.set_by), (1 << 40, Limit::Asked));
        }
        assert!(b.held > 0 && b.working() == b.limit - b.held);
        let e = of(Some("1K")).unwrap_err();
        assert!(e.to_string().contains("already holds"), "{e}");
        assert_eq!(e.kind(), crate::ErrorKind::Memory);
        assert_ne!(of(None).unwrap().unwrap().set_by, Limit::Asked);
    }

    #[test]
    fn the_address_space_limit_is_read_from_proc_limits() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max stack size            8388608              unlimited            bytes     \n\
                      Max address space         4294967296           unlimited            bytes     \n";
        assert_eq!(address_space_limit(limits), Some(4 << 30));
        let unlimited = limits.replace("4294967296", "unlimited");
        assert_eq!(address_space_limit(&unlimited), None);
        assert_eq!(address_space_limit("Max open files 1024 1024 files"), None);
    }

    #[test]
    fn threads_reserve_a_stack_each_and_an_arena_each_up_to_eight_a_cpu() {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
        assert_eq!(thread_reserve(Threads::ONE), thread_stack() + ARENA);
        let many = Threads::new(Threads::MAX).unwrap();
        assert_eq!(
            thread_reserve(many),
            Threads::MAX as u64 * thread_stack() + (8 * cpus).min(Threads::MAX as u64) * ARENA
        );
    }
}
