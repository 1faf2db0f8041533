//! A benchmark run recorded on disk: `DIR/<date>-<host>/` with README.md,
//! raw.csv (one row per timed run, flushed as it finishes) and summary.md
//! (rewritten whole, by rename, after each board size).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// The header of raw.csv.
pub const RAW_HEADER: &str = "n,solver,threads,run,seconds,total,unique,nodes";

pub struct RunDir {
    dir: PathBuf,
    raw: File,
}

impl RunDir {
    /// Checks that `base` can hold a run, before anything is counted.
    pub fn check(base: &Path) -> Result<()> {
        if base.exists() && !base.is_dir() {
            anyhow::bail!("--out {} exists and is not a directory", base.display());
        }
        Ok(())
    }

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
        let raw = OpenOptions::new()
            .create_new(true)
            .write(true)
            .open(dir.join("raw.csv"));
        let mut raw = match raw {
            Ok(f) => f,
            Err(e) => {
                let _ = fs::remove_dir(&dir);
                return Err(e).with_context(|| format!("cannot write in {}", dir.display()));
            }
        };
        writeln!(raw, "{RAW_HEADER}")?;
        Ok(RunDir { dir, raw })
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Appends one raw row and flushes it to the OS.
    pub fn raw(&mut self, row: &str) -> io::Result<()> {
        writeln!(self.raw, "{row}")?;
        self.raw.flush()
    }

    /// Writes `name` whole: to a temporary file, then renamed over the old one.
    pub fn write(&self, name: &str, text: &str) -> io::Result<()> {
        let tmp = self.dir.join(format!(".{name}.tmp"));
        fs::write(&tmp, text)?;
        fs::rename(&tmp, self.dir.join(name))
    }
}
