//! One timed run of an outside program: spawned directly (no shell), in a
//! process group of its own, its output read by two threads, reaped by
//! `wait4` for its CPU time and peak memory, killed with its whole group
//! when it passes the time limit.

use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use crate::os::{self, Usage};
use crate::stop::Stop;

/// The most output kept of a run: the count is read from the end.
const TAIL_BYTES: usize = 1 << 20;
/// How long the output may stay open after the program ended (something it
/// started in the background still holding it) before its group is killed.
const GRACE: Duration = Duration::from_secs(1);

/// A run that ended with exit status 0.
#[derive(Debug)]
pub struct Finished {
    pub wall: Duration,
    pub usage: Usage,
    /// The last `TAIL_BYTES` of standard output, lossily decoded.
    pub stdout: String,
}

/// Why a run gave no count.
#[derive(Debug)]
pub enum Failure {
    Spawn(std::io::Error),
    /// Stopped (its group killed) at the limit.
    TimedOut(Duration),
    /// Exited with a non-zero code; the last line of its stderr.
    Exit(i32, String),
    /// Killed by a signal; the last line of its stderr.
    Signal(i32, String),
    Wait(std::io::Error),
    /// The bench was stopped ([`Stop::now`]): not the program's doing.
    Interrupted,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let said = |f: &mut std::fmt::Formatter<'_>, line: &str| {
            if line.is_empty() {
                Ok(())
            } else {
                write!(f, " (stderr: {line})")
            }
        };
        match self {
            Failure::Spawn(e) => write!(f, "could not be started: {e}"),
            Failure::TimedOut(d) => write!(
                f,
                "was stopped after --max-seconds {} (killed with its process group)",
                d.as_secs_f64()
            ),
            Failure::Exit(code, line) => {
                write!(f, "exited with code {code}")?;
                said(f, line)
            }
            Failure::Signal(sig, line) => {
                write!(f, "crashed: killed by signal {sig}")?;
                if let Some(name) = signal_name(*sig) {
                    write!(f, " ({name})")?;
                }
                said(f, line)
            }
            Failure::Wait(e) => write!(f, "could not be waited for: {e}"),
            Failure::Interrupted => write!(f, "was stopped: the bench was interrupted"),
        }
    }
}

fn signal_name(sig: i32) -> Option<&'static str> {
    Some(match sig {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGINT => "SIGINT",
        libc::SIGPIPE => "SIGPIPE",
        _ => return None,
    })
}

/// Runs `argv` once, for at most `limit`, unless `stop` is raised.
pub fn run_bounded(argv: &[String], limit: Duration, stop: &Stop) -> Result<Finished, Failure> {
    if stop.raised() {
        return Err(Failure::Interrupted);
    }
    let mut command = Command::new(&argv[0]);
    command
        .args(&argv[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let start = Instant::now();
    let mut child = command.spawn().map_err(Failure::Spawn)?;
    // The child leads its own group: its pid is the group's id.
    let pid = child.id();
    let out = tail(child.stdout.take().expect("piped"));
    let err = tail(child.stderr.take().expect("piped"));
    // `child` is never waited for through std: `os::wait` reaps it.
    drop(child);
    // Registered before it can be reaped; if the bench was stopped
    // meanwhile, its group is killed at once.
    stop.enter(pid);
    let (tx, rx) = mpsc::channel();
    let leaving = stop.clone();
    thread::spawn(move || {
        // Ended but not reaped: out of the register while its group id is
        // still its own, then reaped.
        let waited = os::wait_ended(pid).and_then(|()| {
            leaving.leave(pid);
            os::wait(pid)
        });
        let _ = tx.send((waited, start.elapsed()));
    });
    let (waited, wall, timed_out) = match rx.recv_timeout(limit) {
        Ok((w, wall)) => (w, wall, false),
        Err(_) => {
            // Not reaped yet, so the group id cannot have been reused.
            let _ = os::kill_group(pid);
            match rx.recv_timeout(GRACE * 5) {
                Ok((w, wall)) => (w, wall, true),
                Err(_) => return Err(Failure::TimedOut(limit)),
            }
        }
    };
    let (stdout, stderr) = (finish(out, pid), finish(err, pid));
    if stop.raised() {
        return Err(Failure::Interrupted);
    }
    if timed_out {
        return Err(Failure::TimedOut(limit));
    }
    let (status, usage) = waited.map_err(Failure::Wait)?;
    let last = last_line(&stderr);
    if let Some(sig) = status.signal() {
        return Err(Failure::Signal(sig, last));
    }
    match status.code() {
        Some(0) => Ok(Finished {
            wall,
            usage,
            stdout,
        }),
        Some(code) => Err(Failure::Exit(code, last)),
        None => Err(Failure::Exit(-1, last)),
    }
}

/// Reads a pipe to its end on a thread, keeping the last `TAIL_BYTES`.
fn tail(mut pipe: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut kept: Vec<u8> = Vec::new();
        let mut buf = [0u8; 64 * 1024];
        while let Ok(k) = pipe.read(&mut buf) {
            if k == 0 {
                break;
            }
            kept.extend_from_slice(&buf[..k]);
            if kept.len() > 2 * TAIL_BYTES {
                kept.drain(..kept.len() - TAIL_BYTES);
            }
        }
        let from = kept.len().saturating_sub(TAIL_BYTES);
        let _ = tx.send(String::from_utf8_lossy(&kept[from..]).into_owned());
    });
    rx
}

/// The output of a reader, once the program is reaped. Output still open
/// after `GRACE` is held by something the program left running in its
/// group: the group is killed (it is alive, so its id is still its own).
fn finish(reader: mpsc::Receiver<String>, pgid: u32) -> String {
    reader.recv_timeout(GRACE).unwrap_or_else(|_| {
        let _ = os::kill_group(pgid);
        reader.recv_timeout(GRACE).unwrap_or_default()
    })
}

/// The last non-blank line, at most 200 characters.
fn last_line(s: &str) -> String {
    let line = s.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
    line.trim().chars().take(200).collect()
}

/// Runs a `--prepare` or `--cleanup` command (`what`) through `sh -c`,
/// `{n}` (or `{N}`) replaced by the board size; a failure ends the bench,
/// as hyperfine's does.
pub fn shell(
    command: &str,
    n: usize,
    what: &str,
    limit: Duration,
    stop: &Stop,
) -> anyhow::Result<()> {
    let text = ["{n}", "{N}"]
        .iter()
        .fold(command.to_string(), |c, p| c.replace(p, &n.to_string()));
    let argv = vec!["sh".to_string(), "-c".to_string(), text];
    match run_bounded(&argv, limit, stop) {
        Ok(_) => Ok(()),
        Err(Failure::Interrupted) => Err(crate::stop::interrupted_error()),
        Err(f) => Err(anyhow::anyhow!("{what} '{command}' at n = {n} {f}")),
    }
}
