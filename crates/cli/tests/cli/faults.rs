//! Fault injection: every verb that writes a file (solve --out, show --svg,
//! plot --out, bench --out) and standard output, against a full device
//! (/dev/full), a full file system (a tiny tmpfs, where root may mount one),
//! a file-size limit (`ulimit -f 0`: EFBIG, the CLI catches SIGXFSZ itself,
//! so the shell leaves the signal at its default), device nodes, FIFOs,
//! symbolic links and directories. A failed write exits 2 with one line
//! naming the file, and leaves the previous content and no temporary file;
//! a device stays a device, a link stays a link.
//!
//! What the machine cannot do (no /dev/full, no mount) is skipped with a
//! printed reason, and something else is asserted in its place.

use std::fs::{self, File};
use std::io::Read;
use std::os::unix::fs::{symlink, FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

mod files;

const BIN: &str = env!("CARGO_BIN_EXE_nqueens");
/// A placement of the 8-queens puzzle, for `show`.
const EIGHT: &str = "1 5 8 6 3 7 2 4";
/// A recorded run as `bench --out` writes raw.csv, for `plot`.
const RAW: &str = "n,solver,threads,run,seconds,total,unique,nodes\n8,pairs,1,1,0.001,92,12,1965\n9,pairs,1,1,0.004,352,46,8042\n";

/// A scratch directory for one test, removed when it passes.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("nqueens-faults-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let run = dir.join("run");
        fs::create_dir(&run).unwrap();
        fs::write(run.join("raw.csv"), RAW).unwrap();
        Scratch(dir)
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = fs::remove_dir_all(&self.0);
        }
    }
}

/// A verb that writes one file, and what its errors call that file.
struct Writer {
    verb: &'static str,
    what: &'static str,
    args: fn(&Scratch, &str) -> Vec<String>,
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

const WRITERS: [Writer; 3] = [
    Writer {
        verb: "solve",
        what: "--out",
        args: |_, out| strings(&["solve", "2000", "--out", out]),
    },
    Writer {
        verb: "show",
        what: "--svg",
        args: |_, out| strings(&["show", EIGHT, "--svg", out]),
    },
    Writer {
        verb: "plot",
        what: "--out",
        args: |s, out| {
            let run = s.path("run");
            strings(&["plot", run.to_str().unwrap(), "--out", out])
        },
    },
];

fn bench_args(out: &str) -> Vec<String> {
    strings(&[
        "bench",
        "--from",
        "4",
        "--to",
        "5",
        "--solvers",
        "pairs",
        "--repeat",
        "1",
        "--out",
        out,
    ])
}

/// Runs the binary in `cwd` with `stdout` as its standard output, under a
/// file-size limit of `fsize` 512-byte blocks (`ulimit -f`) if given.
fn run(args: &[String], cwd: &Path, stdout: Stdio, fsize: Option<u32>) -> Output {
    let mut cmd = match fsize {
        Some(blocks) => {
            let mut c = Command::new("sh");
            c.arg("-c")
                .arg(format!("ulimit -f {blocks} && exec \"$0\" \"$@\""))
                .arg(BIN);
            c
        }
        None => Command::new(BIN),
    };
    let mut child = cmd
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A hang is a failure, reported rather than waited on forever.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("{args:?} did not finish within 60 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

fn run_piped(args: &[String], cwd: &Path) -> Output {
    run(args, cwd, Stdio::piped(), None)
}

/// Exit code 2 and one line on stderr starting with `start`.
fn assert_one_line_error(out: &Output, args: &[String], start: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.starts_with(start),
        "{args:?}: expected '{start}...', got {err}"
    );
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

/// Exit code 0; stderr shown if not.
fn assert_exit_0(out: &Output, args: &[String]) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
}

/// What a special file is: its type and device number.
fn identity(path: &str) -> (bool, bool, u64) {
    let m = fs::metadata(path).unwrap();
    (
        m.file_type().is_char_device(),
        m.file_type().is_fifo(),
        m.rdev(),
    )
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Prints how many faults a test injected, for the closing figures
/// (`cargo test -p nqueens-cli --test cli faults:: -- --nocapture | grep '^faults:'`).
fn injected(what: &str, n: usize) {
    eprintln!("faults: {what}: {n} injected");
}

fn dev_full() -> bool {
    let there = fs::metadata("/dev/full").is_ok_and(|m| m.file_type().is_char_device());
    if !there {
        eprintln!("skipped: /dev/full is absent here; the full file system cases below stand in");
    }
    there
}

#[test]
fn writers_to_dev_full_fail_with_one_line_and_leave_the_device() {
    if !dev_full() {
        return;
    }
    let s = Scratch::new("devfull");
    let before = identity("/dev/full");
    for w in &WRITERS {
        let args = (w.args)(&s, "/dev/full");
        let out = run_piped(&args, &s.0);
        assert_one_line_error(
            &out,
            &args,
            &format!(
                "nqueens: error: cannot write {} /dev/full: No space left on device",
                w.what
            ),
        );
        assert!(
            out.stdout.is_empty(),
            "{}: a failed write reports nothing",
            w.verb
        );
        assert_eq!(
            identity("/dev/full"),
            before,
            "{} replaced /dev/full",
            w.verb
        );
    }
    // bench writes a directory of files: a device is no such directory.
    let args = bench_args("/dev/full");
    let out = run_piped(&args, &s.0);
    assert_one_line_error(
        &out,
        &args,
        "nqueens: error: --out /dev/full exists and is not a directory",
    );
    assert_eq!(identity("/dev/full"), before);
    injected("/dev/full outputs", WRITERS.len() + 1);
}

#[test]
fn writers_into_dev_null_and_a_fifo_leave_them_what_they_are() {
    let s = Scratch::new("devices");
    let before = identity("/dev/null");
    for w in &WRITERS {
        let args = (w.args)(&s, "/dev/null");
        let out = run_piped(&args, &s.0);
        assert_exit_0(&out, &args);
        assert_eq!(
            identity("/dev/null"),
            before,
            "{} replaced /dev/null",
            w.verb
        );

        // The same bytes reach a reader of a FIFO as land in a regular file.
        let regular = s.path(&format!("{}.regular.svg", w.verb));
        let out = run_piped(&(w.args)(&s, regular.to_str().unwrap()), &s.0);
        assert!(out.status.success());
        let fifo = s.path(&format!("{}.fifo", w.verb));
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let mut got = Vec::new();
                File::open(fifo).unwrap().read_to_end(&mut got).unwrap();
                got
            })
        };
        let args = (w.args)(&s, fifo.to_str().unwrap());
        let out = run_piped(&args, &s.0);
        assert_exit_0(&out, &args);
        let got = reader.join().unwrap();
        assert!(!got.is_empty());
        assert_eq!(
            got,
            fs::read(&regular).unwrap(),
            "{}: the FIFO got other bytes",
            w.verb
        );
        assert!(
            fs::metadata(&fifo).unwrap().file_type().is_fifo(),
            "{} replaced the FIFO",
            w.verb
        );
    }
    injected("device and FIFO outputs", 2 * WRITERS.len());
}

/// How many times `needle` occurs in `hay`.
fn occurrences(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}

#[test]
fn writers_to_their_own_stdout_or_stderr_add_to_the_log_the_shell_opened() {
    // `--out /dev/stdout >> log`: the path leads (through /proc/self/fd/1)
    // to the log itself, which a rename would replace with our output alone.
    let s = Scratch::new("stdio");
    let mut cases = 0;
    for w in &WRITERS {
        let regular = s.path(&format!("{}.regular.svg", w.verb));
        let out = run_piped(&(w.args)(&s, regular.to_str().unwrap()), &s.0);
        assert!(out.status.success());
        let expected = fs::read(&regular).unwrap();
        let log = s.path(&format!("{}.log", w.verb));
        let log_arg = log.to_str().unwrap();
        let mut targets = vec![
            ("/dev/stdout", 1),
            ("/dev/stderr", 2),
            ("/dev/fd/1", 1),
            (log_arg, 1),
            (log_arg, 2),
        ];
        if Path::new("/proc/self/fd").is_dir() {
            targets.push(("/proc/self/fd/1", 1));
        }
        for (target, fd) in targets {
            fs::write(&log, "first\n").unwrap();
            let inode = fs::metadata(&log).unwrap().ino();
            let args = (w.args)(&s, target);
            for _ in 0..2 {
                let opened = || {
                    fs::OpenOptions::new()
                        .append(true)
                        .open(&log)
                        .map(Stdio::from)
                        .unwrap()
                };
                let (stdout, stderr) = match fd {
                    1 => (opened(), Stdio::piped()),
                    _ => (Stdio::null(), opened()),
                };
                let out = Command::new(BIN)
                    .args(&args)
                    .current_dir(&s.0)
                    .stdin(Stdio::null())
                    .stdout(stdout)
                    .stderr(stderr)
                    .output()
                    .unwrap();
                assert_exit_0(&out, &args);
            }
            let got = fs::read(&log).unwrap();
            assert!(got.starts_with(b"first\n"), "{args:?} >> log: lost the log");
            assert_eq!(
                occurrences(&got, &expected),
                2,
                "{args:?} >> log, twice: {}",
                String::from_utf8_lossy(&got)
            );
            assert_eq!(fs::metadata(&log).unwrap().ino(), inode, "{args:?}");
            cases += 1;
        }
        // After `> log`, what we write and our own stdout lines both stay.
        let args = (w.args)(&s, "/dev/stdout");
        let out = Command::new(BIN)
            .args(&args)
            .current_dir(&s.0)
            .stdout(File::create(&log).unwrap())
            .output()
            .unwrap();
        assert_exit_0(&out, &args);
        let got = fs::read(&log).unwrap();
        assert_eq!(occurrences(&got, &expected), 1, "{args:?} > log");
        if w.verb == "solve" {
            assert!(got.ends_with(b"out=/dev/stdout\n"), "{args:?} > log");
        }
        cases += 1;
    }
    injected("outputs into our own stdout or stderr", cases);
}

#[test]
fn writers_write_through_symbolic_links() {
    let s = Scratch::new("links");
    for w in &WRITERS {
        let real = s.path(&format!("{}-real.svg", w.verb));
        let link = s.path(&format!("{}-link.svg", w.verb));
        fs::write(&real, "old").unwrap();
        symlink(&real, &link).unwrap();
        let args = (w.args)(&s, link.to_str().unwrap());
        let out = run_piped(&args, &s.0);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{}: the link was replaced",
            w.verb
        );
        let text = fs::read_to_string(&real).unwrap();
        assert!(
            text.len() > 10 && text != "old",
            "{}: the target was not written",
            w.verb
        );
    }
    injected("link outputs", WRITERS.len());
}

#[test]
fn writers_refuse_a_directory_with_one_line() {
    let s = Scratch::new("dirs");
    let dir = s.path("a-dir.svg");
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("keep"), "kept").unwrap();
    for w in &WRITERS {
        let args = (w.args)(&s, dir.to_str().unwrap());
        let out = run_piped(&args, &s.0);
        assert_one_line_error(
            &out,
            &args,
            &format!(
                "nqueens: error: cannot write {} {}: it is a directory",
                w.what,
                dir.display()
            ),
        );
        assert_eq!(names(&dir), ["keep"]);
    }
    injected("directory outputs", WRITERS.len());
}

/// Runs every writer onto `dir/target.svg` (holding "previous"), expecting
/// a one-line failure `cause`; the previous content must survive and no
/// temporary file be left. `fsize` is the `ulimit -f`, if any.
fn assert_writers_fail_keeping_the_old_file(
    s: &Scratch,
    dir: &Path,
    fsize: Option<u32>,
    cause: &str,
) {
    let target = dir.join("target.svg");
    for w in &WRITERS {
        let args = (w.args)(s, target.to_str().unwrap());
        let out = run(&args, &s.0, Stdio::piped(), fsize);
        assert_one_line_error(
            &out,
            &args,
            &format!(
                "nqueens: error: cannot write {} {}: {cause}",
                w.what,
                target.display()
            ),
        );
        assert_eq!(
            fs::read_to_string(&target).unwrap(),
            "previous",
            "{}",
            w.verb
        );
        assert!(
            names(dir).iter().all(|n| !n.contains(".tmp")),
            "{}: {:?}",
            w.verb,
            names(dir)
        );
    }
}

/// The same for bench: the failed run leaves the earlier run alone.
fn assert_bench_fails_keeping_the_old_run(
    s: &Scratch,
    base: &Path,
    fsize: Option<u32>,
    cause: &str,
) {
    let args = bench_args(base.to_str().unwrap());
    let out = run(&args, &s.0, Stdio::piped(), fsize);
    assert_one_line_error(&out, &args, "nqueens: error: cannot write the bench ");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&base.display().to_string()) && err.contains(cause),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(base.join("earlier/raw.csv")).unwrap(),
        "previous"
    );
}

#[test]
fn a_file_size_limit_fails_each_write_and_keeps_the_old_file() {
    let s = Scratch::new("fsize");
    let dir = s.path("limited");
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("target.svg"), "previous").unwrap();
    assert_writers_fail_keeping_the_old_file(&s, &dir, Some(0), "File too large");
    let base = s.path("runs");
    fs::create_dir_all(base.join("earlier")).unwrap();
    fs::write(base.join("earlier/raw.csv"), "previous").unwrap();
    assert_bench_fails_keeping_the_old_run(&s, &base, Some(0), "File too large");
    injected("file-size limit outputs", WRITERS.len() + 1);
}

/// A tmpfs mounted for one test, unmounted when it ends.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(dir: &Path) -> Option<Tmpfs> {
        fs::create_dir_all(dir).unwrap();
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "nqueens-faults"])
            .arg(dir)
            .output();
        match out {
            Ok(o) if o.status.success() => Some(Tmpfs(dir.to_path_buf())),
            Ok(o) => {
                eprintln!(
                    "skipped: cannot mount a tmpfs here ({}); the file-size limit test stands in",
                    String::from_utf8_lossy(&o.stderr).trim()
                );
                None
            }
            Err(e) => {
                eprintln!("skipped: no mount command ({e}); the file-size limit test stands in");
                None
            }
        }
    }

    /// Fills the file system to the last byte.
    fn fill(&self) {
        use std::io::Write;
        let mut f = File::create(self.0.join("filler")).unwrap();
        let chunk = vec![0u8; 4096];
        while f.write_all(&chunk).is_ok() {}
        while f.write_all(&[0]).is_ok() {}
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_file_system_fails_each_write_and_keeps_the_old_file() {
    let s = Scratch::new("tmpfs");
    let Some(fs_) = Tmpfs::mount(&s.path("mnt")) else {
        return;
    };
    fs::write(fs_.0.join("target.svg"), "previous").unwrap();
    fs::create_dir_all(fs_.0.join("runs/earlier")).unwrap();
    fs::write(fs_.0.join("runs/earlier/raw.csv"), "previous").unwrap();
    fs_.fill();
    assert_writers_fail_keeping_the_old_file(&s, &fs_.0, None, "No space left on device");
    assert_bench_fails_keeping_the_old_run(
        &s,
        &fs_.0.join("runs"),
        None,
        "No space left on device",
    );
    // Once space is back, the same command writes the file.
    fs::remove_file(fs_.0.join("filler")).unwrap();
    let args = (WRITERS[0].args)(&s, fs_.0.join("target.svg").to_str().unwrap());
    assert!(run_piped(&args, &s.0).status.success());
    let text = fs::read_to_string(fs_.0.join("target.svg")).unwrap();
    assert_eq!(text.split_whitespace().count(), 2000, "one column per row");
    injected("full file system outputs", WRITERS.len() + 1);
}

/// Commands whose standard output is written, one per kind of printer.
fn stdout_commands() -> Vec<Vec<String>> {
    [
        &["--help"][..],
        &["--version"],
        &["count", "8"],
        &["count", "8", "--format", "json"],
        &["table"],
        &["solve", "8"],
        &["show", EIGHT],
        &["solvers"],
        &["count", "--help"],
        &["plan", "8", "--shards", "2"],
    ]
    .iter()
    .map(|a| strings(a))
    .collect()
}

#[test]
fn standard_output_failures_exit_2_naming_standard_output() {
    let s = Scratch::new("stdout");
    let full = dev_full();
    for args in stdout_commands() {
        if full {
            let out = run(
                &args,
                &s.0,
                Stdio::from(File::create("/dev/full").unwrap()),
                None,
            );
            assert_one_line_error(
                &out,
                &args,
                "nqueens: error: cannot write to standard output: No space left on device",
            );
        }
        // Standard output onto a file past the size limit: EFBIG.
        let file = File::create(s.path("stdout.txt")).unwrap();
        let out = run(&args, &s.0, Stdio::from(file), Some(0));
        assert_one_line_error(
            &out,
            &args,
            "nqueens: error: cannot write to standard output: File too large",
        );
    }
    injected(
        "standard output failures",
        stdout_commands().len() * (1 + usize::from(full)),
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let s = Scratch::new("pipe");
    // Far more than a pipe holds (64 KiB), so the writer meets the closed end.
    for args in [
        strings(&["solve", "200000"]),
        strings(&["table", "--to", "14"]),
    ] {
        let mut child = Command::new(BIN)
            .args(&args)
            .current_dir(&s.0)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_exit_0(&out, &args);
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    injected("closed pipes", 2);
}
