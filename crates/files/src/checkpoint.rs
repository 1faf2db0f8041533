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
//! nqueens-checkpoint 2 work=count n=16 solver=pairs depth=3 subproblems=462 kernel=0.1.0 crc=1c291ca3
//! 17 31520 1130322 9f1e0a44
//! ```
//!
//! `work` names the kind of work (`count`, `torus`, `no-three-in-line`,
//! `dominate`, `pawns-with-Q-queens`), so a checkpoint of one kind is never
//! resumed by another. A record holds the piece's index and what it found:
//! solutions and nodes, and for a kind that classifies its solutions (the
//! variants) the solutions fixed by a half turn, by a quarter turn, and the
//! fundamental ones: as many numbers as the kind's [`Kind::width`], which
//! the header takes from the kind itself, so a kind defined in any crate
//! checkpoints and resumes with no registration. Format 1 files (before
//! `work` was recorded, ordinary counts only) still resume: their header
//! reads as `work=count`, and new records are chained to it as before.
//!
//! Each record is written with one `write` call and flushed to the OS as
//! soon as its subproblem finishes, so `kill -9` loses at most the
//! subproblems in flight; the file is also synced to disk every few seconds
//! and at the end, for power loss. A crash can leave a torn last line: it is
//! dropped on resume, whatever its bytes (UTF-8 or not), and cut off the
//! file before anything is appended, so no record is ever written onto
//! part of another. A header line without its newline (the file cut after
//! it, as `head -1 | tr -d '\n'` does) is made whole, its newline added
//! under the lock before any record, if it is exactly a header as written,
//! so nothing of it can be missing; one that is not is refused. A record
//! run onto the header line (what a build before this rule appended to
//! such a header) is refused naming the fix: a newline after the header's
//! `crc=`. A damaged line anywhere else, a duplicate with another count,
//! or a header that differs from the run's is refused, naming what
//! differs.
//!
//! One process at a time holds a checkpoint: the file is opened (created
//! if absent, never truncated or renamed into place) and locked before
//! anything is read or written, and the header goes into a new (empty) file
//! only under the lock. Of many counts started at once on one new file, one
//! counts and each other is refused with one line (`checkpoint c.ckpt is in
//! use by another nqueens process`); one started after it finished resumes
//! the finished file and counts nothing.
//!
//! The file is read back only if it is a regular file, and with a bound:
//! its header first (at most 4096 bytes, `HEADER_MAX`), then the whole of it
//! a line at a time, at most what the header's subproblem count allows, so
//! a device, a FIFO or a huge foreign file is refused at once. What it
//! holds is kept in a table sorted by subproblem (24 bytes a record of a
//! plain count: 0.4 GB for the 16.9 million of n = 25, read back in a
//! process that peaks at 0.67 GB, where the whole text, its lines and a
//! hash map of the records took 3.2 GB). A failed append (a full disk) is
//! cut back off the file, so the records before it stay whole and the same
//! command resumes from them once there is space again; if it cannot be
//! cut back, nothing more is appended in that run.

use std::collections::HashMap;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use nqueens_kernel::Board;
use nqueens_sched::{Kind, Total};

use crate::io;
use crate::recorded::Recorded;

/// Format version of the files this build writes; it reads 1 and 2.
const VERSION: u32 = 2;
/// How often appended records are synced to disk.
const SYNC_EVERY: Duration = Duration::from_secs(2);
/// The longest header line a checkpoint can have, with room to spare.
const HEADER_MAX: u64 = 4096;
/// The longest record: an index and five numbers of 20 digits each, the
/// CRC, the spaces and the newline (135 bytes), with room to spare.
const RECORD_MAX: u64 = 160;
/// What a checkpoint file is called in messages.
const WHAT: &str = "checkpoint";

/// What a checkpoint belongs to: the count must match it exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Format version; 1 files resume ordinary counts.
    pub version: u32,
    /// The kind of work ([`Kind::work`]).
    pub work: String,
    pub n: usize,
    pub solver: String,
    pub depth: usize,
    pub subproblems: usize,
    pub kernel: String,
    /// Numbers recorded per piece ([`Kind::width`]): the count's, taken
    /// from its kind, so a kind of any crate resumes with no registration.
    /// The header line does not hold it: a header read back from a file
    /// has that of a plain tally, 2, and is only compared and chained to.
    width: usize,
}

impl Header {
    /// The header of this build's format for `task` on `board`, split as
    /// `layout` says.
    pub fn new(task: &dyn Kind, board: Board, layout: nqueens_sched::Layout) -> Header {
        Header {
            version: VERSION,
            work: task.work(),
            n: board.n(),
            solver: task.solver().to_string(),
            depth: layout.depth,
            subproblems: layout.subproblems,
            kernel: nqueens_kernel::VERSION.to_string(),
            width: task.width(),
        }
    }

    fn line_body(&self) -> String {
        let work = match self.version {
            1 => String::new(),
            _ => format!(" work={}", self.work),
        };
        format!(
            "nqueens-checkpoint {}{work} n={} solver={} depth={} subproblems={} kernel={}",
            self.version, self.n, self.solver, self.depth, self.subproblems, self.kernel
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
        if words.next()? != "nqueens-checkpoint" {
            return None;
        }
        let version = words
            .next()?
            .parse::<u32>()
            .ok()
            .filter(|v| (1..=VERSION).contains(v))?;
        let fields: HashMap<&str, &str> = words.filter_map(|w| w.split_once('=')).collect();
        let work = match version {
            1 => "count",
            _ => fields.get("work")?,
        };
        Some(Header {
            version,
            work: work.to_string(),
            n: fields.get("n")?.parse().ok()?,
            solver: fields.get("solver")?.to_string(),
            depth: fields.get("depth")?.parse().ok()?,
            subproblems: fields.get("subproblems")?.parse().ok()?,
            kernel: fields.get("kernel")?.to_string(),
            width: 2,
        })
    }

    /// The first difference from `other`, in words, if any.
    fn difference(&self, other: &Header) -> Option<String> {
        let pairs = [
            ("work", self.work.clone(), other.work.clone()),
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
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    header_crc: u32,
    subproblems: usize,
    width: usize,
    recorded: Recorded,
    appended: AtomicUsize,
    file: Mutex<Appender>,
}

/// The file appended to, when it was last synced, and its length after
/// the last whole record.
#[derive(Debug)]
struct Appender {
    file: File,
    synced: Instant,
    len: u64,
    /// A failed write could not be cut back off: the file may end in part
    /// of a record, and nothing more is appended to it in this run.
    torn: bool,
}

impl Checkpoint {
    /// Reads the header of an existing checkpoint, if `path` is one.
    pub fn recorded_header(path: &Path) -> Result<Option<Header>> {
        if !path.exists() {
            return Ok(None);
        }
        // Empty, or its header line not yet whole: another process is
        // creating it (it holds the lock, and `open` finds it in use). A
        // header exactly as written but for its newline is whole: `open`
        // adds the newline.
        let head = io::read_head(path, WHAT, HEADER_MAX)?;
        if !head.contains('\n') && (head.len() as u64) < HEADER_MAX {
            return Ok(whole_header(&head));
        }
        read_header(path).map(Some)
    }

    /// Opens `path` for `header`: creates it, or loads and checks it.
    pub fn open(path: &Path, header: &Header) -> Result<Checkpoint> {
        let mut header_crc = crc32(header.line().as_bytes());
        let width = header.width;
        let mut recorded = Recorded::new(width);
        let shown = path.display();
        let file = open_locked(path)?;
        let empty = file
            .metadata()
            .with_context(|| format!("cannot open checkpoint {shown}"))?
            .len()
            == 0;
        let (file, len) = if !empty {
            let theirs = read_header(path)?;
            if let Some(diff) = theirs.difference(header) {
                bail!("checkpoint {shown} belongs to another count: {diff}");
            }
            // Read once it is ours: nothing else appends while it is read,
            // a line at a time (a whole n = 25 checkpoint is half a
            // gigabyte of text).
            let bound =
                HEADER_MAX.saturating_add(RECORD_MAX.saturating_mul(header.subproblems as u64));
            // Records are chained to the file's own header line (format 1
            // or 2), and new ones follow them.
            header_crc = crc32(theirs.line().as_bytes());
            let mut good_len = 0;
            let mut lines = 0usize;
            // The header line as it is in the file, when it has no newline.
            let mut unended: Option<Vec<u8>> = None;
            // A bad line is torn if it is the last (a crash mid-write
            // leaves at most that one), whatever its bytes: dropped; else
            // the file is damaged.
            let mut bad: Option<usize> = None;
            io::read_byte_lines_bounded(path, WHAT, bound, |line| {
                lines += 1;
                if let Some(at) = bad {
                    bail!("checkpoint {shown} is damaged at line {at} (bad record or checksum)");
                }
                if lines == 1 {
                    good_len += line.len();
                    if !line.ends_with(b"\n") {
                        unended = Some(line.to_vec());
                    }
                    return Ok(());
                }
                match std::str::from_utf8(line)
                    .ok()
                    .filter(|l| l.ends_with('\n'))
                    .and_then(|l| parse_record(l.trim_end(), header_crc, header.subproblems, width))
                {
                    Some((index, tally)) => {
                        recorded.push(index, tally);
                        good_len += line.len();
                    }
                    None => bad = Some(lines),
                }
                Ok(())
            })?;
            if let Err(index) = recorded.sort() {
                bail!("checkpoint {shown} is damaged: subproblem {index} is recorded twice with different counts");
            }
            // Cut back to the last whole line, so that no record is ever
            // written onto part of another.
            file.set_len(good_len as u64)
                .with_context(|| format!("cannot cut the torn last line off checkpoint {shown}"))?;
            let mut len = good_len as u64;
            if let Some(first) = unended {
                // The header alone, without its newline (`head -1 | tr -d
                // '\n'`): made whole, under the lock, before any record,
                // if it is exactly a header as written, so nothing of it
                // can be missing but the newline.
                if first != theirs.line().as_bytes() {
                    bail!("checkpoint {shown} is its header line alone, without its newline, and the line is not exactly as nqueens writes one: remove the file to count afresh");
                }
                let mut f = &file;
                if let Err(e) = f.write_all(b"\n").and_then(|()| f.sync_data()) {
                    let _ = file.set_len(len);
                    return Err(e).with_context(|| {
                        format!(
                            "cannot add the missing newline to the header of checkpoint {shown}"
                        )
                    });
                }
                len += 1;
            }
            (file, len)
        } else {
            // New (or left empty by a crash before its header): the header
            // goes in with one write while the file is locked, so another
            // process finds the file in use, or finds it whole.
            let line = header.line() + "\n";
            let mut f = &file;
            if let Err(e) = f.write_all(line.as_bytes()).and_then(|()| f.sync_all()) {
                let _ = file.set_len(0);
                return Err(e).with_context(|| format!("cannot write checkpoint {shown}"));
            }
            (file, line.len() as u64)
        };
        Ok(Checkpoint {
            path: path.to_path_buf(),
            header_crc,
            subproblems: header.subproblems,
            width,
            recorded,
            appended: AtomicUsize::new(0),
            file: Mutex::new(Appender {
                file,
                synced: Instant::now(),
                len,
                torn: false,
            }),
        })
    }

    /// Numbers recorded per piece (2 or 5: [`Kind::width`]).
    pub fn width(&self) -> usize {
        self.width
    }

    pub fn recorded(&self, index: u64) -> Option<Total> {
        self.recorded.get(index)
    }

    /// Appends one finished subproblem: one write, flushed to the OS.
    pub fn append(&self, index: u64, found: Total) -> std::io::Result<()> {
        let fields: Vec<String> = found
            .numbers(self.width)
            .iter()
            .map(u64::to_string)
            .collect();
        let body = format!("{index} {}", fields.join(" "));
        let line = format!("{body} {:08x}\n", record_crc(self.header_crc, &body));
        let mut guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let a = &mut *guard;
        if a.torn {
            return Err(std::io::Error::other(
                "an earlier failed write could not be cut back off the file",
            ));
        }
        if let Err(e) = a.file.write_all(line.as_bytes()) {
            // A full disk may have taken part of the line: cut it off, so
            // no record ever follows a torn one; if it stays, nothing does.
            a.torn = a.file.set_len(a.len).is_err();
            return Err(e);
        }
        a.len += line.len() as u64;
        self.appended.fetch_add(1, Ordering::Relaxed);
        if a.synced.elapsed() >= SYNC_EVERY {
            a.file.sync_data()?;
            a.synced = Instant::now();
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
        self.exit_interrupted_of(&format!("{} subproblems", self.subproblems), resume)
    }

    /// As [`Checkpoint::exit_interrupted`], for a run of part of the
    /// subproblems (a shard), which `of` names with their number: "3 of
    /// {of} are saved", as in `the shard's 24 subproblems (shard 1)`. Only
    /// that part is ever recorded in such a checkpoint.
    pub fn exit_interrupted_of(&self, of: &str, resume: &str) -> ! {
        let guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let _ = guard.file.sync_data();
        let line = format!(
            "nqueens: interrupted: {} of {of} are saved in {}; run `{resume}` to resume",
            self.saved(),
            self.path.display()
        );
        eprintln!("{}", crate::visible::visible(&line));
        std::process::exit(130);
    }

    /// Syncs everything appended to disk.
    pub fn sync(&self) -> std::io::Result<()> {
        let guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
        guard.file.sync_data()
    }
}

/// The header of the checkpoint at `path`, read from its first line alone.
fn read_header(path: &Path) -> Result<Header> {
    let head = io::read_head(path, WHAT, HEADER_MAX)?;
    let first = head.split('\n').next().unwrap_or("");
    if let Some(header) = Header::parse(first) {
        return Ok(header);
    }
    if let Some(crc) = run_on(first) {
        bail!(
            "checkpoint {} has a record run onto its header line (an older nqueens appended to a header that had lost its newline): put the newline back after its `crc={crc}` (sed -i '1s/crc={crc}/&\\n/' FILE) and run again",
            path.display()
        );
    }
    bail!(
        "{} is not an nqueens checkpoint (or its first line is damaged)",
        path.display()
    )
}

/// `line` parsed, if it is exactly a header line as this build writes it:
/// so nothing of it can be missing, its newline aside.
fn whole_header(line: &str) -> Option<Header> {
    Header::parse(line).filter(|h| h.line() == line)
}

/// The header's CRC, if `line` is a whole header line with more after it:
/// what an older build left when it appended a record to a header without
/// its newline.
fn run_on(line: &str) -> Option<&str> {
    let end = line.find(" crc=")? + " crc=".len() + 8;
    let header = line.get(..end)?;
    (line.len() > end && whole_header(header).is_some()).then(|| &header[end - 8..])
}

/// The checkpoint at `path`, created empty if absent (never truncated,
/// never renamed into place: a rename could replace a file another process
/// holds locked, and both would count), and locked. A path that no longer
/// names the locked file (removed, or replaced between the open and the
/// lock) is opened again.
fn open_locked(path: &Path) -> Result<File> {
    for _ in 0..100 {
        let file = lock(path, io::open_journal(path, WHAT)?)?;
        if io::still_names(path, &file)
            .with_context(|| format!("cannot open checkpoint {}", path.display()))?
        {
            return Ok(file);
        }
    }
    bail!(
        "checkpoint {} keeps being replaced by another process",
        path.display()
    )
}

/// `file`, locked: one process at a time appends to a checkpoint.
fn lock(path: &Path, file: File) -> Result<File> {
    if file.try_lock().is_err() {
        bail!(
            "checkpoint {} is in use by another nqueens process",
            path.display()
        );
    }
    Ok(file)
}

fn record_crc(header_crc: u32, body: &str) -> u32 {
    crc32(format!("{header_crc:08x} {body}").as_bytes())
}

fn parse_record(
    line: &str,
    header_crc: u32,
    subproblems: usize,
    width: usize,
) -> Option<(u64, Total)> {
    let (body, crc) = line.rsplit_once(' ')?;
    if u32::from_str_radix(crc, 16).ok()? != record_crc(header_crc, body) {
        return None;
    }
    let mut f = body.split(' ');
    let index: u64 = f.next()?.parse().ok()?;
    let fields: Vec<u64> = f.map(|w| w.parse().ok()).collect::<Option<_>>()?;
    let found = Total::from_numbers(&fields).filter(|_| fields.len() == width)?;
    (index < subproblems as u64).then_some((index, found))
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
mod tests;
