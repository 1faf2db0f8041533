//! A benchmark run recorded on disk: `DIR/<date>-<host>/` with README.md,
//! raw.csv (one row per timed run, flushed as it finishes) and summary.md
//! (rewritten whole, by rename, after each board size). raw.csv is new to
//! each run, its header line whole, and each row goes in with one write,
//! its newline with it; a failed write is cut back off, so no row is ever
//! written onto part of another.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use nqueens_files::io;

/// The header of raw.csv. A program (`--command`) leaves `unique` and
/// `nodes` empty; a built-in solver timed in-process leaves `max_rss_kib`
/// empty (its peak is the whole bench process's). The cores are the
/// machine's, on every row; `timing` is `process` or `in-process`.
pub const RAW_HEADER: &str =
    "n,solver,threads,run,seconds,total,unique,nodes,cpu_seconds,max_rss_kib,logical_cpus,physical_cores,timing";
/// The header of raw.csv before `timing` was recorded (every built-in
/// solver timed in-process, every program as a process).
pub const RAW_HEADER_V2: &str =
    "n,solver,threads,run,seconds,total,unique,nodes,cpu_seconds,max_rss_kib,logical_cpus,physical_cores";
/// The header of raw.csv before cpu_seconds and the rest were recorded:
/// such runs still plot.
pub const RAW_HEADER_V1: &str = "n,solver,threads,run,seconds,total,unique,nodes";
/// What raw.csv holds, for messages.
const RAW_WHAT: &str = "the bench record";
/// The largest raw.csv read back: at about 60 bytes a row, a million timed
/// runs, far past any real run; a bigger file is not one this tool wrote.
const RAW_MAX_BYTES: u64 = 64 << 20;

/// Checks that `base` can hold a recorded run (`--out`), before
/// anything is counted.
pub fn check_out(base: &Path) -> Result<()> {
    if base.exists() && !base.is_dir() {
        anyhow::bail!("--out {} exists and is not a directory", base.display());
    }
    Ok(())
}

/// A run's directory, its raw.csv open for appending.
pub(crate) struct RunDir {
    dir: PathBuf,
    raw: File,
    /// raw.csv's length after its last whole row.
    raw_len: u64,
}

impl RunDir {
    /// Creates `base/<date>-<host>/` (with `-2`, `-3`... if taken) and its
    /// raw.csv. On failure nothing is left behind but `base` itself.
    pub fn create(base: &Path, name: &str) -> Result<RunDir> {
        fs::create_dir_all(base)
            .with_context(|| format!("cannot create --out directory {}", base.display()))?;
        let dir = (1..1000)
            .map(|i| {
                if i == 1 {
                    base.join(name)
                } else {
                    base.join(format!("{name}-{i}"))
                }
            })
            .find(|d| !d.exists())
            .with_context(|| format!("too many runs named {name} in {}", base.display()))?;
        fs::create_dir(&dir)
            .with_context(|| format!("cannot write in --out directory {}", base.display()))?;
        let raw_path = dir.join("raw.csv");
        let header = format!("{RAW_HEADER}\n");
        let raw = io::write_whole(&raw_path, RAW_WHAT, header.as_bytes())
            .and_then(|()| io::open_append(&raw_path, RAW_WHAT));
        match raw {
            Ok(raw) => Ok(RunDir {
                dir,
                raw,
                raw_len: header.len() as u64,
            }),
            Err(e) => {
                let _ = fs::remove_dir_all(&dir);
                Err(e)
            }
        }
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Appends one raw row, with one write (an unbuffered file: it is
    /// with the OS once written); a failed one is cut back off.
    pub fn raw(&mut self, row: &str) -> Result<()> {
        let line = format!("{row}\n");
        if let Err(e) = self.raw.write_all(line.as_bytes()) {
            let _ = self.raw.set_len(self.raw_len);
            return Err(e).with_context(|| {
                format!(
                    "cannot write {RAW_WHAT} to {}",
                    self.dir.join("raw.csv").display()
                )
            });
        }
        self.raw_len += line.len() as u64;
        Ok(())
    }

    /// Writes `name` (`what` it holds, for messages) whole, replacing the
    /// old one.
    pub fn write(&self, name: &str, what: &str, text: &str) -> Result<()> {
        io::write_whole(&self.dir.join(name), what, text.as_bytes())
    }

    /// Reads a recorded run's raw.csv.
    pub fn read_raw(dir: &Path) -> Result<String> {
        io::read_to_string_bounded(&dir.join("raw.csv"), RAW_WHAT, RAW_MAX_BYTES)
    }
}
