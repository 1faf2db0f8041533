//! Every file the command writes goes through [`Output`] (or [`write_whole`]),
//! every file it reads back through [`read_to_string_bounded`], and every
//! journal it appends to is opened by [`open_append`]. What a path names
//! decides how it is written:
//!
//! - a regular file or a new path: a temporary file in the same directory
//!   (so the rename cannot cross file systems), written, fsynced and renamed
//!   over the target, so a reader sees the old file or the new one, never
//!   half of one. The target's permissions carry over.
//! - a symbolic link: the same, on the file it points to (followed to the
//!   end, up to 40 links; a dangling link creates its target). The link
//!   stays a link.
//! - a character device, FIFO or socket (`/dev/null`, `/dev/stdout`, a
//!   named pipe): written straight into, never replaced. Opening a FIFO for
//!   writing waits for a reader, as `> fifo` does in a shell. A socket
//!   cannot be opened, and says so. A regular file reached through
//!   `/dev/stdout`, `/dev/fd/N` or `/proc/self/fd/N`, or that is the file
//!   open as our stdout or stderr, is written in place, never replaced:
//!   our stdout or stderr itself when it is that file (so `--out
//!   /dev/stdout >> log` adds to the log, and after `> log` follows what
//!   came before), otherwise appended to.
//! - a directory or a block device (a disk): refused with one line.
//!
//! A file under a name of the tool's own choosing in a directory of its
//! own (a shard's result) follows no link: [`replace_whole`] replaces a
//! link there itself, and [`refuse_link`] refuses one where a file is
//! opened in place (a shard's checkpoint or lock), so a link planted there
//! never has us overwrite another shard's result or a file elsewhere.
//!
//! Every error names the file, after a label saying what it is: the option
//! that named it, or what it holds (`cannot write --svg /dev/full: No space
//! left on device (os error 28)`, `cannot write the bench summary
//! runs/x/summary.md: ...`), and a failed write removes its temporary file, so nothing
//! half-written is left under the target's name and the previous content
//! survives.
//!
//! A file-size limit (`ulimit -f`, RLIMIT_FSIZE) kills a process with
//! SIGXFSZ by default; [`catch_file_size_signal`] catches that signal so
//! the write fails with EFBIG and is reported like any other.

use std::ffi::OsString;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// Symbolic links followed before giving up, as Linux's own `MAXSYMLINKS`.
const MAX_LINKS: usize = 40;

/// An output file being written: see the module docs for what each kind of
/// path gets. Dropped before [`Output::commit`], it removes its temporary
/// file and leaves the target as it was.
#[derive(Debug)]
pub struct Output {
    /// The path as the user gave it, for messages.
    shown: PathBuf,
    what: String,
    /// The file the bytes go to.
    writer: Option<BufWriter<File>>,
    /// `(temporary, final)` when the target is replaced by rename.
    replace: Option<(PathBuf, PathBuf)>,
}

impl Output {
    /// Opens `path` for writing; `what` labels it in messages, before the
    /// path: the option that named it (`--svg`) or what it holds (`the
    /// bench summary`). Fails at once on a path that cannot be written, before
    /// any work is spent on the content.
    pub fn create(path: &Path, what: &str) -> Result<Output> {
        let fail = |e: io::Error| failure(path, what, e);
        let (writer, replace) = match target(path).map_err(fail)? {
            Target::Direct { append } => {
                let file = OpenOptions::new()
                    .write(true)
                    .append(append)
                    .open(path)
                    .map_err(fail)?;
                (file, None)
            }
            Target::Stdio(file) => (file, None),
            Target::Replace { file, old } => {
                let (temp, handle) = temporary(&file).map_err(fail)?;
                if let Some(old) = old {
                    // Root writing another user's file keeps at least its mode.
                    let _ = handle.set_permissions(old.permissions());
                }
                (handle, Some((temp, file)))
            }
        };
        Ok(Output {
            shown: path.to_path_buf(),
            what: what.to_string(),
            writer: Some(BufWriter::with_capacity(1 << 16, writer)),
            replace,
        })
    }

    /// The path as given.
    pub fn path(&self) -> &Path {
        &self.shown
    }

    /// Writes through `body`; an error names the file and what it is.
    pub fn write(&mut self, body: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<()> {
        let w = self.writer.as_mut().expect("not committed yet");
        body(w).map_err(|e| failure(&self.shown, &self.what, e))
    }

    /// Flushes, syncs and (for a replaced file) renames into place.
    pub fn commit(mut self) -> Result<()> {
        let writer = self.writer.take().expect("committed once");
        let fail = |e: io::Error| failure(&self.shown, &self.what, e);
        let file = writer.into_inner().map_err(|e| fail(e.into_error()))?;
        if let Some((temp, target)) = &self.replace {
            file.sync_all().map_err(fail)?;
            drop(file);
            fs::rename(temp, target).map_err(fail)?;
            let target = target.clone();
            self.replace = None;
            // The rename itself is durable once the directory is synced;
            // a file system that cannot sync a directory still has the file.
            if let Ok(dir) = File::open(parent(&target)) {
                let _ = dir.sync_all();
            }
        }
        Ok(())
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        // Closed before it is removed; a committed output has no temporary.
        self.writer.take();
        if let Some((temp, _)) = &self.replace {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Whether [`Output`] writes into what `path` names rather than replacing
/// a file by that name: a device, a FIFO, a descriptor path (`/dev/stdout`)
/// or the file open as our stdout or stderr. Such a path has no say in its
/// name, so a check of its extension does not apply.
pub fn written_in_place(path: &Path) -> bool {
    matches!(target(path), Ok(Target::Direct { .. } | Target::Stdio(_)))
}

/// Writes `bytes` to `path` whole, by rename, without following a symbolic
/// link there: the link itself is replaced and what it points to is left as
/// it was. For a file this tool writes under a name of its own choosing in
/// a directory of its own (a shard's result), where a link is no user's
/// choice of target but a way to overwrite another file. A device, a FIFO
/// or a directory there is refused with one line.
pub fn replace_whole(path: &Path, what: &str, bytes: &[u8]) -> Result<()> {
    let fail = |e: io::Error| failure(path, what, e);
    let old = match fs::symlink_metadata(path) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(fail(e)),
    };
    let old = match old {
        Some(m) if m.file_type().is_symlink() => None,
        Some(m) if !m.is_file() => bail!(
            "cannot write {what} {}: it is {}, not a regular file",
            path.display(),
            kind(&m)
        ),
        old => old,
    };
    let (temp, handle) = temporary(path).map_err(fail)?;
    if let Some(old) = &old {
        let _ = handle.set_permissions(old.permissions());
    }
    let mut out = Output {
        shown: path.to_path_buf(),
        what: what.to_string(),
        writer: Some(BufWriter::new(handle)),
        replace: Some((temp, path.to_path_buf())),
    };
    out.write(|w| w.write_all(bytes))?;
    out.commit()
}

/// Refuses with one line a symbolic link at `path`: for a file this tool
/// opens in place under a name of its own choosing (a shard's checkpoint
/// or lock), where following a link would write into another file.
pub fn refuse_link(path: &Path, what: &str) -> Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => bail!(
            "cannot write {what} {}: it is a symbolic link, which nqueens does not follow here (remove it)",
            path.display()
        ),
        _ => Ok(()),
    }
}

/// Writes `bytes` to `path` whole, as [`Output`] does.
pub fn write_whole(path: &Path, what: &str, bytes: &[u8]) -> Result<()> {
    let mut out = Output::create(path, what)?;
    out.write(|w| w.write_all(bytes))?;
    out.commit()
}

/// Reads a file this tool wrote (a recorded run, a checkpoint, a plan, a
/// shard result): refused with one line unless it is a regular file (a
/// link to one is followed) of at most `max_bytes` bytes of UTF-8 text.
/// A device, a FIFO or an oversized file is refused from its metadata,
/// without reading it; a file that grows while read is cut off at
/// `max_bytes + 1` bytes and refused.
pub fn read_to_string_bounded(path: &Path, what: &str, max_bytes: u64) -> Result<String> {
    let (file, len) = open_regular(path, what)?;
    too_large(path, what, len, max_bytes)?;
    let bytes = read_at_most(file, path, what, len, max_bytes.saturating_add(1))?;
    too_large(path, what, bytes.len() as u64, max_bytes)?;
    String::from_utf8(bytes).map_err(|_| not_text(path, what))
}

/// The one line for a file that is not UTF-8 text.
fn not_text(path: &Path, what: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "cannot read {what} {}: it is not text (not UTF-8)",
        path.display()
    )
}

/// [`read_to_string_bounded`] a line at a time: `each` gets every line
/// with its newline (the last one may have none), in order, and the file
/// is never held whole (a checkpoint of n = 25 is half a gigabyte of
/// text). The same refusals, with the same lines; a line that is not
/// UTF-8 is refused when it is reached, after the lines before it.
pub fn read_lines_bounded(
    path: &Path,
    what: &str,
    max_bytes: u64,
    mut each: impl FnMut(&str) -> Result<()>,
) -> Result<()> {
    read_byte_lines_bounded(path, what, max_bytes, |line| {
        each(std::str::from_utf8(line).map_err(|_| not_text(path, what))?)
    })
}

/// [`read_lines_bounded`] as bytes: a line that is not UTF-8 is given as
/// it is, for the caller to judge (a checkpoint drops a torn last line
/// whatever its bytes, and refuses a damaged one before it).
pub fn read_byte_lines_bounded(
    path: &Path,
    what: &str,
    max_bytes: u64,
    mut each: impl FnMut(&[u8]) -> Result<()>,
) -> Result<()> {
    let (file, len) = open_regular(path, what)?;
    too_large(path, what, len, max_bytes)?;
    let mut reader = BufReader::with_capacity(1 << 16, file.take(max_bytes.saturating_add(1)));
    let mut line = Vec::new();
    let mut read = 0u64;
    loop {
        line.clear();
        let got = reader
            .read_until(b'\n', &mut line)
            .with_context(|| format!("cannot read {what} {}", path.display()))?;
        if got == 0 {
            return Ok(());
        }
        read += got as u64;
        too_large(path, what, read, max_bytes)?;
        each(&line)?;
    }
}

/// The first `max_bytes` bytes at most of a file this tool wrote, checked
/// as [`read_to_string_bounded`] checks it but of any length, lossily
/// decoded: for a header that says how large the rest may be.
pub fn read_head(path: &Path, what: &str, max_bytes: u64) -> Result<String> {
    let (file, len) = open_regular(path, what)?;
    let bytes = read_at_most(file, path, what, len, max_bytes)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Opens a regular file (a link to one is followed) for reading, and its
/// length; anything else is refused from its metadata, without opening it
/// (opening a FIFO would wait for a writer).
fn open_regular(path: &Path, what: &str) -> Result<(File, u64)> {
    let shown = path.display();
    let cannot = || format!("cannot read {what} {shown}");
    let not_regular = |meta: &Metadata| {
        anyhow::anyhow!(
            "cannot read {what} {shown}: it is {}, not a regular file",
            kind(meta)
        )
    };
    let meta = fs::metadata(path).with_context(cannot)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    let file = File::open(path).with_context(cannot)?;
    // Checked again on the open file: the path may have been swapped.
    let meta = file.metadata().with_context(cannot)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    Ok((file, meta.len()))
}

fn read_at_most(file: File, path: &Path, what: &str, len: u64, limit: u64) -> Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(len.min(limit) as usize);
    file.take(limit)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {what} {}", path.display()))?;
    Ok(bytes)
}

/// Opens an existing journal (a checkpoint) for appending records: a
/// regular file, or a link to one, and nothing else, so a journal pointed
/// at a device or a FIFO is refused instead of written into or waited on.
/// Appends go to the end whatever else writes there. A new journal is
/// first written whole with [`write_whole`] (its header), then opened here.
pub fn open_append(path: &Path, what: &str) -> Result<File> {
    let shown = path.display();
    let meta = fs::metadata(path).with_context(|| format!("cannot open {what} {shown}"))?;
    if !meta.is_file() {
        bail!(
            "cannot append {what} to {shown}: it is {}, not a regular file",
            kind(&meta)
        );
    }
    OpenOptions::new()
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open {what} {shown} for appending"))
}

/// Opens a journal (a checkpoint) for appending and reading, creating it
/// empty if absent and never truncating it, so that a file another process
/// holds locked is opened, not replaced: the caller locks it, checks with
/// [`still_names`] that the path still names it, and writes its header
/// only if it is empty. A regular file, or a link to one, and nothing
/// else: a device or a FIFO in its place is refused instead of written
/// into or waited on.
pub fn open_journal(path: &Path, what: &str) -> Result<File> {
    let shown = path.display();
    refuse_special(path, what)?;
    let file = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .with_context(|| format!("cannot open {what} {shown}"))?;
    // Checked again on the open file: the path may have been swapped.
    let meta = file
        .metadata()
        .with_context(|| format!("cannot open {what} {shown}"))?;
    if !meta.is_file() {
        bail!(
            "cannot append {what} to {shown}: it is {}, not a regular file",
            kind(&meta)
        );
    }
    Ok(file)
}

/// Whether `path` (a link followed) still names the open `file`: the same
/// device and inode. False once the path is removed or replaced, as by
/// another process between an open and a lock.
pub fn still_names(path: &Path, file: &File) -> io::Result<bool> {
    use std::os::unix::fs::MetadataExt;
    let ours = file.metadata()?;
    match fs::metadata(path) {
        Ok(m) => Ok(m.dev() == ours.dev() && m.ino() == ours.ino()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

/// Opens (creating it if absent, never truncating it) a lock file: a
/// regular file, or a link to one, and nothing else, so a FIFO in its place
/// is refused instead of waited on.
pub fn open_lock(path: &Path, what: &str) -> Result<File> {
    refuse_special(path, what)?;
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .with_context(|| format!("cannot open {what} {}", path.display()))
}

/// Refuses with one line a path that exists (a link is followed) and is
/// not a regular file: for a file this tool writes whole under a name of
/// its own choosing (a shard's result), which a device or a FIFO in its
/// place would swallow or block.
pub fn refuse_special(path: &Path, what: &str) -> Result<()> {
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => bail!(
            "cannot write {what} {}: it is {}, not a regular file",
            path.display(),
            kind(&meta)
        ),
        _ => Ok(()),
    }
}

/// Catches SIGXFSZ, so that a write past a file-size limit fails with EFBIG
/// (reported, temporary removed) instead of killing the process mid-file.
pub fn catch_file_size_signal() -> Result<()> {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGXFSZ, flag)
        .context("cannot install the SIGXFSZ handler")?;
    Ok(())
}

/// The error for a failed write of `what` to `path`.
fn failure(path: &Path, what: &str, e: io::Error) -> anyhow::Error {
    anyhow::Error::new(e).context(format!("cannot write {what} {}", path.display()))
}

fn too_large(path: &Path, what: &str, len: u64, max_bytes: u64) -> Result<()> {
    if len > max_bytes {
        bail!(
            "cannot read {what} {}: it is larger than the {max_bytes} bytes such a file can be",
            path.display()
        );
    }
    Ok(())
}

/// How a path is written.
enum Target {
    /// Written straight into; `append` for a regular file reached through
    /// a descriptor link (`/dev/stdout`, `/proc/self/fd/N`).
    Direct { append: bool },
    /// Written into our own stdout or stderr (a duplicate of it), which is
    /// the regular file the path reaches.
    Stdio(File),
    /// Replaced by rename: `file` is the final non-link path, `old` its
    /// metadata when it exists.
    Replace {
        file: PathBuf,
        old: Option<Metadata>,
    },
}

fn target(path: &Path) -> io::Result<Target> {
    let refuse = |why: String| Err(io::Error::new(io::ErrorKind::InvalidInput, why));
    let meta = match fs::metadata(path) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let Some(meta) = meta else {
        return Ok(Target::Replace {
            file: resolve(path)?.0,
            old: None,
        });
    };
    let t = meta.file_type();
    if t.is_dir() {
        return refuse("it is a directory".into());
    }
    if t.is_block_device() {
        return refuse("it is a block device (a disk), which nqueens does not write into".into());
    }
    if !t.is_file() {
        return Ok(Target::Direct { append: false });
    }
    let (file, descriptor) = resolve(path)?;
    // A descriptor link (`/dev/stdout`, `/proc/self/fd/1`) reaches the file
    // the shell opened for us (`>> log`): a rename would replace that file
    // with one holding only our output. The same goes for any path to the
    // file open as our stdout or stderr. Write into that descriptor
    // itself, sharing its offset and flags as the shell set them up (after
    // `>` our own stdout lines follow, not overwrite, what is written
    // here); any other descriptor's file is appended to.
    if let Some(stdio) = our_stdio(&meta) {
        return Ok(Target::Stdio(stdio));
    }
    if descriptor {
        return Ok(Target::Direct { append: true });
    }
    Ok(Target::Replace {
        file,
        old: Some(meta),
    })
}

/// Follows the last component's symbolic links to a path that is not one,
/// and says whether the way passed through a descriptor link.
fn resolve(path: &Path) -> io::Result<(PathBuf, bool)> {
    let mut p = path.to_path_buf();
    let mut descriptor = is_descriptor(&p);
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)?;
                p = parent(&p).join(link);
                descriptor |= is_descriptor(&p);
            }
            _ => return Ok((p, descriptor)),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// A path that names an open descriptor rather than a file: `/dev/std*`,
/// `/dev/fd/N`, anything under `/proc` (`/proc/self/fd/N`).
fn is_descriptor(path: &Path) -> bool {
    path.starts_with("/proc")
        || path.starts_with("/dev/fd")
        || ["/dev/stdin", "/dev/stdout", "/dev/stderr"]
            .iter()
            .any(|d| path == Path::new(d))
}

/// A duplicate of this process's stdout or stderr, if `meta` is the file
/// open there.
fn our_stdio(meta: &Metadata) -> Option<File> {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let same = |fd: std::os::fd::BorrowedFd<'_>| {
        let file = File::from(fd.try_clone_to_owned().ok()?);
        let m = file.metadata().ok()?;
        (m.dev() == meta.dev() && m.ino() == meta.ino()).then_some(file)
    };
    same(io::stdout().as_fd()).or_else(|| same(io::stderr().as_fd()))
}

/// The directory holding `path` (`.` for a bare name).
fn parent(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// A new temporary file beside `file`, named after it.
fn temporary(file: &Path) -> io::Result<(PathBuf, File)> {
    let name = file
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "it does not name a file"))?;
    let dir = parent(file);
    let mut attempt = 0;
    loop {
        let mut temp = OsString::from(".");
        temp.push(name);
        temp.push(format!(".{}.{attempt}.tmp", std::process::id()));
        let temp = dir.join(temp);
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(f) => return Ok((temp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(e),
        }
    }
}

/// What a file is, for messages.
fn kind(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

#[cfg(test)]
mod tests;
