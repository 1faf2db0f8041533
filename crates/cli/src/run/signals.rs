//! Stopping cleanly on SIGINT (Ctrl-C), SIGTERM and SIGUSR1 (what
//! `sbatch --signal=B:USR1@60` sends before a time limit).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use signal_hook::consts::{SIGINT, SIGTERM, SIGUSR1};

/// Installs the handlers and starts a watcher thread that calls `on_stop`
/// once, soon after the first signal. `on_stop` ends the process: it runs
/// while workers may still be counting, which is the point (a long
/// subproblem in flight is abandoned, not waited for).
pub fn on_stop(on_stop: impl FnOnce() + Send + 'static) -> Result<()> {
    let flag = Arc::new(AtomicBool::new(false));
    for sig in [SIGINT, SIGTERM, SIGUSR1] {
        signal_hook::flag::register(sig, Arc::clone(&flag))
            .context("cannot install signal handlers")?;
    }
    std::thread::Builder::new()
        .name("nqueens-signals".into())
        .spawn(move || {
            while !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
            }
            on_stop();
        })
        .context("cannot start the signal watcher")?;
    Ok(())
}
