//! What `std::process` cannot tell or do, from libc: the CPU time and peak
//! memory of one finished child (`wait4`) and of this process
//! (`getrusage`, user and system apart, which the scheduler's
//! `process_cpu` adds up), and a signal to a whole process group
//! (`kill(-pgid)`).
//!
//! The one module of the harness with `unsafe` code: foreign calls
//! (`wait4`, `waitid`, `getrusage`, `kill`), each on plain integers and on
//! memory owned by the calling Rust frame.
//! Alternatives weighed: `getrusage(RUSAGE_CHILDREN)` deltas give the CPU
//! time safely (through a wrapper crate) but its `ru_maxrss` is the largest
//! child's so far, not this run's; `/proc/PID/stat` read before reaping
//! needs `waitid(WNOWAIT)` (libc again), ticks of 10 ms, and no peak memory
//! once the process is a zombie.
#![allow(unsafe_code)]

use std::io;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::time::Duration;

/// What the kernel accounted to one process.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// User CPU time.
    pub user: Duration,
    /// System CPU time.
    pub system: Duration,
    /// Peak resident set size, KiB (Linux's unit of `ru_maxrss`).
    pub max_rss_kib: u64,
}

fn usage(r: &libc::rusage) -> Usage {
    let tv = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
    };
    Usage {
        user: tv(r.ru_utime),
        system: tv(r.ru_stime),
        max_rss_kib: r.ru_maxrss.max(0) as u64,
    }
}

/// What the kernel has accounted to this process so far, all threads
/// (`getrusage(RUSAGE_SELF)`): only differences of the CPU times mean
/// anything for one count.
pub fn own() -> io::Result<Usage> {
    // SAFETY: all-zero bytes are a valid `rusage` (plain integers).
    let mut r: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pointer is to a live local of the right type, which
    // getrusage only writes during the call.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut r) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(usage(&r))
}

/// Waits for child `pid` to end without reaping it (`waitid` with
/// `WNOWAIT`): its pid, and so its process group id, stays its own until
/// [`wait`] reaps it.
pub fn wait_ended(pid: u32) -> io::Result<()> {
    let id = libc::id_t::try_from(pid).map_err(|_| io::Error::other("pid out of range"))?;
    loop {
        // SAFETY: all-zero bytes are a valid `siginfo_t` (plain integers
        // and a union of them).
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: the pointer is to a live local of the right type, which
        // waitid only writes during the call.
        let got =
            unsafe { libc::waitid(libc::P_PID, id, &mut info, libc::WEXITED | libc::WNOWAIT) };
        if got == 0 {
            return Ok(());
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// Waits for child `pid` to end and reaps it: its exit status and its own
/// resource usage (of it and the children it reaped).
///
/// The caller owns the child and must not wait for it another way (std's
/// `Child::wait` would then find no such child).
pub fn wait(pid: u32) -> io::Result<(ExitStatus, Usage)> {
    let pid = libc::pid_t::try_from(pid).map_err(|_| io::Error::other("pid out of range"))?;
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: all-zero bytes are a valid `rusage` (plain integers).
        let mut r: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: both pointers are to live locals of the right types, which
        // wait4 only writes during the call.
        let got = unsafe { libc::wait4(pid, &mut status, 0, &mut r) };
        if got == pid {
            return Ok((ExitStatus::from_raw(status), usage(&r)));
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// Sends SIGKILL to every process of group `pgid`. A group already gone is
/// no error.
pub fn kill_group(pgid: u32) -> io::Result<()> {
    signal_group(pgid, libc::SIGKILL)
}

/// Sends `sig` to every process of group `pgid`. A group already gone is
/// no error.
pub fn signal_group(pgid: u32, sig: libc::c_int) -> io::Result<()> {
    let pgid = libc::pid_t::try_from(pgid).map_err(|_| io::Error::other("pid out of range"))?;
    if pgid <= 1 {
        return Err(io::Error::other("refusing to signal group 0 or 1"));
    }
    // SAFETY: kill takes two integers and touches no memory of ours.
    if unsafe { libc::kill(-pgid, sig) } == 0 {
        return Ok(());
    }
    match io::Error::last_os_error() {
        e if e.raw_os_error() == Some(libc::ESRCH) => Ok(()),
        e => Err(e),
    }
}
