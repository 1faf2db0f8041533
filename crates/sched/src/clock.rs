//! The clocks a sample's costs are read from: a subproblem's cost is the
//! CPU its thread spent ([`ThreadCpu`], what `nqueens estimate` and the
//! Python module use), or wall time in tests ([`WallClock`]). Beside them,
//! the CPU time of the whole process ([`process_cpu`]), what a benchmark's
//! and a shard's records report.
//!
//! The one module of the scheduler with `unsafe` code: the foreign calls
//! that read the thread's and the process's CPU clocks, which std does not
//! offer.
#![allow(unsafe_code)]

use std::time::{Duration, Instant};

/// A clock of CPU time spent by the calling thread, in seconds.
pub trait Clock: Sync {
    /// Seconds so far; only differences are used.
    fn now(&self) -> f64;
}

/// Wall time as a [`Clock`], for tests and examples.
#[derive(Clone, Copy, Debug)]
pub struct WallClock(pub Instant);

impl Clock for WallClock {
    fn now(&self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

/// The calling thread's CPU clock (`CLOCK_THREAD_CPUTIME_ID`): what one
/// subproblem cost, whatever else the machine runs. Reads 0 if the OS
/// will not say.
///
/// ```
/// use nqueens_sched::{Clock, ThreadCpu};
/// let t = ThreadCpu.now();
/// let mut x = 0u64;
/// for i in 0..1_000_000u64 { x = x.wrapping_add(std::hint::black_box(i)); }
/// assert!(ThreadCpu.now() >= t);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ThreadCpu;

impl Clock for ThreadCpu {
    fn now(&self) -> f64 {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: the pointer is to a live local `timespec`, written by the call.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        if ok {
            t.tv_sec.max(0) as f64 + t.tv_nsec.clamp(0, 999_999_999) as f64 * 1e-9
        } else {
            0.0
        }
    }
}

/// CPU time (user + system) this process has spent so far, all its
/// threads (`getrusage(RUSAGE_SELF)`); zero if the OS will not say. Only
/// differences are meaningful.
///
/// ```
/// let before = nqueens_sched::process_cpu();
/// let mut x = 0u64;
/// for i in 0..1_000_000u64 { x = x.wrapping_add(std::hint::black_box(i)); }
/// assert!(nqueens_sched::process_cpu() >= before);
/// ```
pub fn process_cpu() -> Duration {
    // SAFETY: all-zero bytes are a valid `rusage` (plain integers).
    let mut r: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pointer is to a live local `rusage`, written by the call.
    let ok = unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut r) } == 0;
    if !ok {
        return Duration::ZERO;
    }
    let tv = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
    };
    tv(r.ru_utime) + tv(r.ru_stime)
}
