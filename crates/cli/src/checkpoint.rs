//! Checkpoints: finished subproblems recorded durably, so a long count can
//! be interrupted (Ctrl-C, SIGTERM, `kill -9`, a crash) and resumed without
//! redoing finished work or mixing in anything foreign.
//!
//! The file is text, append-only. The first line names everything the
//! split depends on; each later line records one finished subproblem and
//! carries a CRC-32 that also covers the header, so a line can neither be
//! damaged nor moved into another checkpoint unnoticed:
//!
//! ```text
//! nqueens-checkpoint 1 n=16 solver=pairs depth=3 subproblems=462 kernel=0.1.0 crc=1c291ca3
//! 17 31520 1130322 9f1e0a44
//! ```
//!
//! Each record is written with one `write` call and flushed to the OS as
//! soon as its subproblem finishes, so `kill -9` loses at most the
//! subproblems in flight; the file is also synced to disk every few seconds
//! and at the end, for power loss. A crash can leave a torn last line: it is
//! dropped on resume. A damaged line anywhere else, a duplicate with another
//! count, or a header that differs from the run's is refused, naming what
//! differs.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use nqueens_kernel::Tally;

/// Format version of the file; a change of layout bumps it.
const VERSION: u32 = 1;
/// How often appended records are synced to disk.
const SYNC_EVERY: Duration = Duration::from_secs(2);

/// What a checkpoint belongs to: the count must match it exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub n: usize,
    pub solver: String,
    pub depth: usize,
    pub subproblems: usize,
    pub kernel: String,
}

impl Header {
    fn line_body(&self) -> String {
        format!(
            "nqueens-checkpoint {VERSION} n={} solver={} depth={} subproblems={} kernel={}",
            self.n, self.solver, self.depth, self.subproblems, self.kernel
        )
    }

    fn line(&self) -> String {
        let body = self.line_body();
        format!("{body} crc={:08x}", crc32(body.as_bytes()))
    }

    fn parse(line: &str) -> Option<Header> {
        let (body, crc) = line.rsplit_once(" crc=")?;
        if u32::from_str_radix(crc, 16).ok()? != crc32(body.as_bytes()) {
            return None;
        }
        let mut words = body.split(' ');
        if words.next()? != "nqueens-checkpoint" || words.next()?.parse::<u32>().ok()? != VERSION {
            return None;
        }
        let fields: HashMap<&str, &str> = words.filter_map(|w| w.split_once('=')).collect();
        Some(Header {
            n: fields.get("n")?.parse().ok()?,
            solver: fields.get("solver")?.to_string(),
            depth: fields.get("depth")?.parse().ok()?,
            subproblems: fields.get("subproblems")?.parse().ok()?,
            kernel: fields.get("kernel")?.to_string(),
        })
    }

    /// The first difference from `other`, in words, if any.
    fn difference(&self, other: &Header) -> Option<String> {
        let pairs = [
            ("n", self.n.to_string(), other.n.to_string()),
            ("solver", self.solver.clone(), other.solver.clone()),
            (
                "split depth",
                self.depth.to_string(),
                other.depth.to_string(),
            ),
            (
                "subproblem count",
                self.subproblems.to_string(),
                other.subproblems.to_string(),
            ),
            ("kernel version", self.kernel.clone(), other.kernel.clone()),
        ];
        pairs
            .into_iter()
            .find(|(_, a, b)| a != b)
            .map(|(what, a, b)| format!("{what} {a} (this run: {b})"))
    }
}

/// An open checkpoint: what it already holds, and the file to append to.
pub struct Checkpoint {
    path: PathBuf,
    header_crc: u32,
    subproblems: usize,
    recorded: HashMap<u64, Tally>,
    appended: AtomicUsize,
    file: Mutex<(File, Instant)>,
}

impl Checkpoint {
    /// Reads the depth recorded in an existing checkpoint, if `path` is one.
    pub fn recorded_depth(path: &Path) -> Result<Option<usize>> {
        if !path.exists() {
            return Ok(None);
        }
        let text = read(path)?;
        let first = text.lines().next().unwrap_or("");
        let header = Header::parse(first).with_context(|| {
            format!(
                "{} is not an nqueens checkpoint (or its first line is damaged)",
                path.display()
            )
        })?;
        Ok(Some(header.depth))
    }

    /// Opens `path` for `header`: creates it, or loads and checks it.
    pub fn open(path: &Path, header: &Header) -> Result<Checkpoint> {
        let header_crc = crc32(header.line().as_bytes());
        let mut recorded = HashMap::new();
        if path.exists() {
            let text = read(path)?;
            let mut lines = text.split_inclusive('\n');
            let first = lines.next().unwrap_or("");
            let theirs = Header::parse(first.trim_end()).with_context(|| {
                format!(
                    "{} is not an nqueens checkpoint (or its first line is damaged)",
                    path.display()
                )
            })?;
            if let Some(diff) = theirs.difference(header) {
                bail!(
                    "checkpoint {} belongs to another count: {diff}",
                    path.display()
                );
            }
            let mut good_len = first.len();
            let rest: Vec<&str> = lines.collect();
            for (i, line) in rest.iter().enumerate() {
                let last = i + 1 == rest.len();
                match parse_record(line.trim_end(), header_crc, header.subproblems)
                    .filter(|_| line.ends_with('\n'))
                {
                    Some((index, tally)) => {
                        if let Some(old) = recorded.insert(index, tally) {
                            if old != tally {
                                bail!("checkpoint {} is damaged: subproblem {index} is recorded twice with different counts", path.display());
                            }
                        }
                        good_len += line.len();
                    }
                    // A crash mid-write leaves at most the last line torn: drop it.
                    None if last => break,
                    None => bail!(
                        "checkpoint {} is damaged at line {} (bad record or checksum)",
                        path.display(),
                        i + 2
                    ),
                }
            }
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(|| format!("cannot write to checkpoint {}", path.display()))?;
            file.set_len(good_len as u64)?;
        } else {
            // Written whole to a temporary file first, so a checkpoint never
            // exists without its header.
            let tmp = path.with_extension("tmp-header");
            let mut f = File::create(&tmp)
                .with_context(|| format!("cannot create checkpoint {}", path.display()))?;
            writeln!(f, "{}", header.line())?;
            f.sync_all()?;
            std::fs::rename(&tmp, path)
                .with_context(|| format!("cannot create checkpoint {}", path.display()))?;
        }
        // Appends go to the end whatever else writes there, and one process
        // at a time holds the file.
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(|| format!("cannot write to checkpoint {}", path.display()))?;
        if file.try_lock().is_err() {
            bail!(
                "checkpoint {} is in use by another nqueens process",
                path.display()
            );
        }
        Ok(Checkpoint {
            path: path.to_path_buf(),
            header_crc,
            subproblems: header.subproblems,
            recorded,
            appended: AtomicUsize::new(0),
            file: Mutex::new((file, Instant::now())),
        })
    }

    pub fn recorded(&self, index: u64) -> Option<Tally> {
        self.recorded.get(&index).copied()
    }

    /// Appends one finished subproblem: one write, flushed to the OS.
    pub fn append(&self, index: u64, tally: Tally) -> std::io::Result<()> {
        let body = format!("{index} {} {}", tally.solutions, tally.nodes);
        let line = format!("{body} {:08x}\n", record_crc(self.header_crc, &body));
        let mut guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let (file, synced) = &mut *guard;
        file.write_all(line.as_bytes())?;
        self.appended.fetch_add(1, Ordering::Relaxed);
        if synced.elapsed() >= SYNC_EVERY {
            file.sync_data()?;
            *synced = Instant::now();
        }
        Ok(())
    }

    /// Subproblems saved so far: loaded and appended.
    pub fn saved(&self) -> usize {
        self.recorded.len() + self.appended.load(Ordering::Relaxed)
    }

    /// Ends the process after an interruption: takes the file (so no record
    /// is half-written), syncs it, and says how to resume.
    pub fn exit_interrupted(&self, resume: &str) -> ! {
        let guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let _ = guard.0.sync_data();
        eprintln!(
            "nqueens: interrupted: {} of {} subproblems are saved in {}; run `{resume}` to resume",
            self.saved(),
            self.subproblems,
            self.path.display()
        );
        std::process::exit(130);
    }

    /// Syncs everything appended to disk.
    pub fn sync(&self) -> std::io::Result<()> {
        let guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
        guard.0.sync_data()
    }
}

fn read(path: &Path) -> Result<String> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .with_context(|| format!("cannot read checkpoint {}", path.display()))?;
    String::from_utf8(bytes)
        .ok()
        .with_context(|| format!("{} is not an nqueens checkpoint (not text)", path.display()))
}

fn record_crc(header_crc: u32, body: &str) -> u32 {
    crc32(format!("{header_crc:08x} {body}").as_bytes())
}

fn parse_record(line: &str, header_crc: u32, subproblems: usize) -> Option<(u64, Tally)> {
    let (body, crc) = line.rsplit_once(' ')?;
    if u32::from_str_radix(crc, 16).ok()? != record_crc(header_crc, body) {
        return None;
    }
    let mut f = body.split(' ');
    let index: u64 = f.next()?.parse().ok()?;
    let solutions = f.next()?.parse().ok()?;
    let nodes = f.next()?.parse().ok()?;
    (f.next().is_none() && index < subproblems as u64)
        .then_some((index, Tally { solutions, nodes }))
}

/// CRC-32 (IEEE 802.3, reflected, as in zlib and PNG), bitwise: records are
/// short and written once per subproblem, so a table buys nothing.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & 0u32.wrapping_sub(crc & 1));
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            n: 10,
            solver: "pairs".into(),
            depth: 2,
            subproblems: 40,
            kernel: "0.1.0".into(),
        }
    }

    fn temp(name: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("nqueens-ckpt-{name}-{}", std::process::id()));
        let _ = std::fs::remove_file(&p);
        p
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn records_survive_a_reopen_and_a_torn_last_line_is_dropped() {
        let p = temp("torn");
        let c = Checkpoint::open(&p, &header()).unwrap();
        c.append(
            3,
            Tally {
                solutions: 8,
                nodes: 100,
            },
        )
        .unwrap();
        c.append(
            5,
            Tally {
                solutions: 2,
                nodes: 40,
            },
        )
        .unwrap();
        drop(c);
        // A crash in the middle of a write.
        let mut f = OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"7 4 3").unwrap();
        drop(f);
        let c = Checkpoint::open(&p, &header()).unwrap();
        assert_eq!(c.saved(), 2);
        assert_eq!(
            c.recorded(3),
            Some(Tally {
                solutions: 8,
                nodes: 100
            })
        );
        c.append(
            7,
            Tally {
                solutions: 4,
                nodes: 30,
            },
        )
        .unwrap();
        drop(c);
        assert_eq!(Checkpoint::open(&p, &header()).unwrap().saved(), 3);
        std::fs::remove_file(&p).unwrap();
    }

    #[test]
    fn another_count_damage_and_foreign_files_are_refused() {
        let p = temp("refuse");
        let c = Checkpoint::open(&p, &header()).unwrap();
        c.append(
            1,
            Tally {
                solutions: 8,
                nodes: 100,
            },
        )
        .unwrap();
        c.append(
            2,
            Tally {
                solutions: 8,
                nodes: 100,
            },
        )
        .unwrap();
        drop(c);
        let other = Header { n: 11, ..header() };
        let e = Checkpoint::open(&p, &other).err().unwrap().to_string();
        assert!(e.contains("n 10 (this run: 11)"), "{e}");
        let other = Header {
            depth: 3,
            ..header()
        };
        assert!(Checkpoint::open(&p, &other)
            .err()
            .unwrap()
            .to_string()
            .contains("split depth 2 (this run: 3)"));
        // Damage a record that is not the last.
        let text = std::fs::read_to_string(&p)
            .unwrap()
            .replacen("1 8 100", "1 9 100", 1);
        std::fs::write(&p, text).unwrap();
        assert!(Checkpoint::open(&p, &header())
            .err()
            .unwrap()
            .to_string()
            .contains("damaged at line 2"));
        std::fs::write(&p, "hello\n").unwrap();
        assert!(Checkpoint::open(&p, &header())
            .err()
            .unwrap()
            .to_string()
            .contains("not an nqueens checkpoint"));
        std::fs::remove_file(&p).unwrap();
    }
}
