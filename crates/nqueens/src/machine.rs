//! The machine and the process a record was made on, as a benchmark's
//! and a shard's records name them: the host's short name and the CPU
//! time this process has spent.

use std::time::Duration;

/// The host's short name (up to its first dot), `unknown` if the system
/// will not say.
///
/// ```
/// let host = nqueens::machine::host();
/// assert!(!host.is_empty() && !host.contains('.'));
/// ```
pub fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().split('.').next().unwrap_or("").to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

/// CPU time (user + system) of this process so far, all threads: the
/// scheduler's [`process_cpu`](nqueens_sched::process_cpu). Only
/// differences are meaningful.
pub fn own_cpu() -> Duration {
    nqueens_sched::process_cpu()
}
