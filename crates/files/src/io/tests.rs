use super::*;
use std::os::unix::fs::symlink;

/// A fresh directory for one test, removed with what it holds when the
/// test ends (passed or failed).
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("nqueens-io-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

fn leftovers(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn new_and_existing_files_are_replaced_whole() {
    let dir = scratch("regular");
    let p = dir.join("a.txt");
    write_whole(&p, "the test", b"one\n").unwrap();
    assert_eq!(fs::read_to_string(&p).unwrap(), "one\n");
    write_whole(&p, "the test", b"two\n").unwrap();
    assert_eq!(fs::read_to_string(&p).unwrap(), "two\n");
    assert_eq!(leftovers(&dir), ["a.txt"]);
}

#[test]
fn a_dropped_output_leaves_the_old_file_and_no_temporary() {
    let dir = scratch("dropped");
    let p = dir.join("a.txt");
    fs::write(&p, "old\n").unwrap();
    let mut out = Output::create(&p, "the test").unwrap();
    out.write(|w| w.write_all(b"new, half")).unwrap();
    drop(out);
    assert_eq!(fs::read_to_string(&p).unwrap(), "old\n");
    assert_eq!(leftovers(&dir), ["a.txt"]);
}

#[test]
fn links_are_written_through_and_stay_links() {
    let dir = scratch("links");
    let real = dir.join("real.txt");
    fs::write(&real, "old\n").unwrap();
    symlink("real.txt", dir.join("link.txt")).unwrap();
    symlink(dir.join("link.txt"), dir.join("link2.txt")).unwrap();
    write_whole(&dir.join("link2.txt"), "the test", b"new\n").unwrap();
    assert_eq!(fs::read_to_string(&real).unwrap(), "new\n");
    for l in ["link.txt", "link2.txt"] {
        assert!(fs::symlink_metadata(dir.join(l))
            .unwrap()
            .file_type()
            .is_symlink());
    }
    // A dangling link creates its target.
    symlink("made.txt", dir.join("dangling")).unwrap();
    write_whole(&dir.join("dangling"), "the test", b"made\n").unwrap();
    assert_eq!(fs::read_to_string(dir.join("made.txt")).unwrap(), "made\n");
    assert!(fs::symlink_metadata(dir.join("dangling"))
        .unwrap()
        .file_type()
        .is_symlink());
    // A loop is an error, not a hang.
    symlink("loop-b", dir.join("loop-a")).unwrap();
    symlink("loop-a", dir.join("loop-b")).unwrap();
    assert!(write_whole(&dir.join("loop-a"), "the test", b"x").is_err());
}

#[test]
fn devices_are_written_into_and_directories_refused() {
    write_whole(Path::new("/dev/null"), "the test", b"gone\n").unwrap();
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    let dir = scratch("dir");
    let e = format!("{:#}", write_whole(&dir, "the test", b"x").unwrap_err());
    assert_eq!(
        e,
        format!("cannot write the test {}: it is a directory", dir.display())
    );
    let missing = dir.join("no/such/dir/a.txt");
    let e = format!("{:#}", write_whole(&missing, "the test", b"x").unwrap_err());
    assert!(e.starts_with(&format!("cannot write the test {}: ", missing.display())));
}

#[test]
fn a_full_device_is_an_error_naming_the_file() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: this machine has no /dev/full");
        return;
    }
    let e = write_whole(Path::new("/dev/full"), "--svg", b"<svg/>").unwrap_err();
    assert!(format!("{e:#}").starts_with("cannot write --svg /dev/full: No space left on device"));
    assert!(fs::metadata("/dev/full")
        .unwrap()
        .file_type()
        .is_char_device());
}

#[test]
fn reads_are_bounded_and_regular_files_only() {
    let dir = scratch("read");
    let p = dir.join("r.txt");
    fs::write(&p, "hello\n").unwrap();
    assert_eq!(
        read_to_string_bounded(&p, "the record", 6).unwrap(),
        "hello\n"
    );
    let e = |p: &Path, max| {
        format!(
            "{:#}",
            read_to_string_bounded(p, "the record", max).unwrap_err()
        )
    };
    assert!(e(&p, 5).contains("larger than the 5 bytes"));
    assert!(e(&dir, 5).contains("it is a directory, not a regular file"));
    assert!(e(Path::new("/dev/zero"), 1 << 20).contains("it is a character device"));
    assert!(e(&dir.join("none"), 5).starts_with("cannot read the record "));
    fs::write(&p, [0xff, 0xfe]).unwrap();
    assert!(e(&p, 5).contains("not UTF-8"));
    // A head is cut, not refused, and refuses what is no regular file.
    fs::write(&p, "header\nrest").unwrap();
    assert_eq!(read_head(&p, "the record", 4).unwrap(), "head");
    assert!(read_head(Path::new("/dev/zero"), "the record", 4).is_err());
    assert!(refuse_special(&dir, "the lock").is_err());
    assert!(refuse_special(&p, "the lock").is_ok());
    assert!(refuse_special(&dir.join("none"), "the lock").is_ok());
}

/// The line reader gives every line with its newline (the last may
/// have none) and refuses what the whole reader refuses, with the
/// same lines; a line that is not UTF-8 is refused after the lines
/// before it were given.
#[test]
fn lines_are_read_bounded_and_from_regular_files_only() {
    let dir = scratch("lines");
    let p = dir.join("r.txt");
    let lines = |p: &Path, max| {
        let mut got = Vec::new();
        read_lines_bounded(p, "the record", max, |l| {
            got.push(l.to_string());
            Ok(())
        })
        .map(|()| got.clone())
        .map_err(|e| (format!("{e:#}"), got))
    };
    fs::write(&p, "one\ntwo\nthr").unwrap();
    assert_eq!(lines(&p, 11).unwrap(), ["one\n", "two\n", "thr"]);
    fs::write(&p, "").unwrap();
    assert_eq!(lines(&p, 0).unwrap(), Vec::<String>::new());
    let whole = |p: &Path, max| {
        format!(
            "{:#}",
            read_to_string_bounded(p, "the record", max).unwrap_err()
        )
    };
    for (path, max) in [
        (p.clone(), 5),
        (dir.to_path_buf(), 5),
        (PathBuf::from("/dev/zero"), 1 << 20),
        (dir.join("none"), 5),
    ] {
        if path == p {
            fs::write(&p, "hello\n").unwrap();
        }
        assert_eq!(lines(&path, max).unwrap_err().0, whole(&path, max));
    }
    fs::write(&p, b"ok\n\xff\xfe\nafter\n").unwrap();
    let (e, before) = lines(&p, 100).unwrap_err();
    assert_eq!(e, whole(&p, 100));
    assert_eq!(before, ["ok\n"]);
    // What the callback refuses ends the read with its error.
    let e = read_lines_bounded(&p, "the record", 100, |_| anyhow::bail!("no")).unwrap_err();
    assert_eq!(format!("{e:#}"), "no");
}

/// The byte line reader gives a line that is not UTF-8 as it is (a
/// checkpoint judges it: a torn last line, or damage), with the line
/// reader's other refusals.
#[test]
fn byte_lines_are_given_whatever_their_bytes() {
    let dir = scratch("byte-lines");
    let p = dir.join("r.txt");
    let lines = |p: &Path, max| {
        let mut got = Vec::new();
        read_byte_lines_bounded(p, "the record", max, |l| {
            got.push(l.to_vec());
            Ok(())
        })
        .map(|()| got)
        .map_err(|e| format!("{e:#}"))
    };
    fs::write(&p, b"ok\n\xff\xfe\nafter\n7 4 \xff").unwrap();
    let want: [&[u8]; 4] = [b"ok\n", b"\xff\xfe\n", b"after\n", b"7 4 \xff"];
    assert_eq!(lines(&p, 100).unwrap(), want);
    assert!(lines(&p, 5)
        .unwrap_err()
        .contains("larger than the 5 bytes"));
    assert!(lines(&dir, 5).unwrap_err().contains("it is a directory"));
}

#[test]
fn replace_whole_replaces_a_link_itself_and_refuse_link_refuses_one() {
    let dir = scratch("nofollow");
    let real = dir.join("real.txt");
    fs::write(&real, "theirs\n").unwrap();
    let link = dir.join("link.txt");
    symlink("real.txt", &link).unwrap();
    assert!(refuse_link(&link, "the lock")
        .unwrap_err()
        .to_string()
        .contains("it is a symbolic link"));
    assert!(refuse_link(&real, "the lock").is_ok());
    replace_whole(&link, "the result", b"ours\n").unwrap();
    assert_eq!(fs::read_to_string(&real).unwrap(), "theirs\n");
    assert_eq!(fs::read_to_string(&link).unwrap(), "ours\n");
    assert!(fs::symlink_metadata(&link).unwrap().is_file());
    replace_whole(&link, "the result", b"again\n").unwrap();
    assert_eq!(fs::read_to_string(&link).unwrap(), "again\n");
    assert_eq!(leftovers(&dir), ["link.txt", "real.txt"]);
    assert!(replace_whole(&dir, "the result", b"x").is_err());
}

#[test]
fn journals_append_to_regular_files_only() {
    let dir = scratch("append");
    let p = dir.join("j.txt");
    write_whole(&p, "the journal", b"header\n").unwrap();
    let mut f = open_append(&p, "the journal").unwrap();
    f.write_all(b"record\n").unwrap();
    assert_eq!(fs::read_to_string(&p).unwrap(), "header\nrecord\n");
    let e = format!(
        "{:#}",
        open_append(Path::new("/dev/null"), "the journal").unwrap_err()
    );
    assert!(e.contains("it is a character device, not a regular file"));
    assert!(open_append(&dir.join("none"), "the journal").is_err());
}
