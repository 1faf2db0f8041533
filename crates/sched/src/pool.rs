//! Running work on a pool of exactly the requested size.

use crate::{Error, Threads};

/// Runs `work` on a fresh rayon pool of `threads` threads, or on the calling
/// thread for one (the sequential path never touches rayon).
pub(crate) fn run_on<T: Send>(
    threads: Threads,
    work: impl FnOnce() -> T + Send,
) -> Result<T, Error> {
    if threads == Threads::ONE {
        return Ok(work());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.get())
        .thread_name(|i| format!("nqueens-{i}"))
        .build()
        .map_err(|source| Error::Pool {
            threads: threads.get(),
            source,
        })?;
    Ok(pool.install(work))
}
