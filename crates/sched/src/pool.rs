//! Running work on a pool of exactly the requested size.

use crate::Error;

/// Runs `work` on a fresh rayon pool of `threads` threads, or on the calling
/// thread when `threads == 1` (the sequential path never touches rayon).
pub(crate) fn run_on<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> Result<T, Error> {
    match threads {
        0 => Err(Error::NoThreads),
        1 => Ok(work()),
        _ => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|i| format!("nqueens-{i}"))
                .build()
                .map_err(|source| Error::Pool { threads, source })?;
            Ok(pool.install(work))
        }
    }
}
