use super::*;
use std::fs::OpenOptions;

fn header() -> Header {
    Header {
        version: VERSION,
        work: "count".into(),
        n: 10,
        solver: "pairs".into(),
        depth: 2,
        subproblems: 40,
        kernel: "0.1.0".into(),
        width: 2,
    }
}

/// The five numbers of a piece that classifies its solutions.
fn classified() -> Total {
    Total {
        solutions: 4,
        nodes: 90,
        fixed_180: 2,
        fixed_90: 1,
        unique: 1,
        ..Total::default()
    }
}

fn plain(solutions: u64, nodes: u64) -> Total {
    Total::from(nqueens_kernel::Tally { solutions, nodes })
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
    c.append(3, plain(8, 100)).unwrap();
    c.append(5, plain(2, 40)).unwrap();
    drop(c);
    // A crash in the middle of a write.
    let mut f = OpenOptions::new().append(true).open(&p).unwrap();
    f.write_all(b"7 4 3").unwrap();
    drop(f);
    let c = Checkpoint::open(&p, &header()).unwrap();
    assert_eq!(c.saved(), 2);
    assert_eq!(c.recorded(3), Some(plain(8, 100)));
    c.append(7, plain(4, 30)).unwrap();
    drop(c);
    assert_eq!(Checkpoint::open(&p, &header()).unwrap().saved(), 3);
    std::fs::remove_file(&p).unwrap();
}

/// P20: a header cut off its newline (`head -1 | tr -d '\n'`) is made
/// whole before any record, where the record used to be written onto it
/// and the next resume refused the file; one not exactly as written is
/// refused, naming the fix.
#[test]
fn a_header_without_its_newline_is_made_whole_before_any_record() {
    let p = temp("unended");
    let line = header().line();
    std::fs::write(&p, &line).unwrap();
    assert_eq!(Checkpoint::recorded_header(&p).unwrap(), Some(header()));
    let c = Checkpoint::open(&p, &header()).unwrap();
    assert_eq!(c.saved(), 0);
    assert_eq!(std::fs::read_to_string(&p).unwrap(), format!("{line}\n"));
    c.append(3, plain(8, 100)).unwrap();
    drop(c);
    let text = std::fs::read_to_string(&p).unwrap();
    assert_eq!(text.lines().next(), Some(line.as_str()), "{text}");
    for _ in 0..2 {
        let c = Checkpoint::open(&p, &header()).unwrap();
        assert_eq!((c.saved(), c.recorded(3)), (1, Some(plain(8, 100))));
    }
    // Parsed, but not as written (a CRC of nine digits): not guessed at.
    std::fs::write(&p, line.replace(" crc=", " crc=0")).unwrap();
    assert_eq!(Checkpoint::recorded_header(&p).unwrap(), None);
    let e = Checkpoint::open(&p, &header()).err().unwrap().to_string();
    assert!(e.contains("header line alone, without its newline"), "{e}");
    // Cut inside the header: no header at all.
    std::fs::write(&p, &line[..line.len() - 1]).unwrap();
    let e = Checkpoint::open(&p, &header()).err().unwrap().to_string();
    assert!(e.contains("not an nqueens checkpoint"), "{e}");
    std::fs::remove_file(&p).unwrap();
}

/// What an older build left of such a file: its first record on the
/// header line. Refused with the fix, which then resumes every record.
#[test]
fn a_record_run_onto_the_header_line_is_refused_naming_the_fix() {
    let p = temp("run-on");
    let c = Checkpoint::open(&p, &header()).unwrap();
    c.append(3, plain(8, 100)).unwrap();
    c.append(5, plain(2, 40)).unwrap();
    drop(c);
    let whole = std::fs::read_to_string(&p).unwrap();
    std::fs::write(&p, whole.replacen('\n', "", 1)).unwrap();
    let crc = format!("{:08x}", crc32(header().line_body().as_bytes()));
    for e in [
        Checkpoint::open(&p, &header()).err().unwrap().to_string(),
        Checkpoint::recorded_header(&p).err().unwrap().to_string(),
    ] {
        assert!(
            e.contains("record run onto its header line")
                && e.contains(&format!("after its `crc={crc}`")),
            "{e}"
        );
    }
    std::fs::write(&p, &whole).unwrap();
    assert_eq!(Checkpoint::open(&p, &header()).unwrap().saved(), 2);
    std::fs::remove_file(&p).unwrap();
}

/// P20: a torn last line that is not UTF-8 is dropped as an ASCII one is
/// (it made the whole file refused), and cut off before anything is
/// appended; the same bytes before a good record are damage.
#[test]
fn a_torn_last_line_of_any_bytes_is_dropped_and_cut_off() {
    let p = temp("torn-bytes");
    let c = Checkpoint::open(&p, &header()).unwrap();
    c.append(3, plain(8, 100)).unwrap();
    c.append(5, plain(2, 40)).unwrap();
    drop(c);
    let good = std::fs::read(&p).unwrap();
    for torn in [&b"7 4 \xff\xfe"[..], b"\xff\xfe\n", b"7 4 3"] {
        std::fs::write(&p, [&good[..], torn].concat()).unwrap();
        let c = Checkpoint::open(&p, &header()).unwrap();
        assert_eq!(c.saved(), 2, "{torn:?}");
        assert_eq!(std::fs::read(&p).unwrap(), good, "{torn:?}");
        c.append(7, plain(4, 30)).unwrap();
        drop(c);
        for _ in 0..2 {
            let c = Checkpoint::open(&p, &header()).unwrap();
            assert_eq!((c.saved(), c.recorded(7)), (3, Some(plain(4, 30))));
        }
    }
    let last = good.len() - good.iter().rev().skip(1).position(|&b| b == b'\n').unwrap() - 1;
    let damaged = [&good[..last], b"\xff\xfe\n", &good[last..]].concat();
    std::fs::write(&p, damaged).unwrap();
    let e = Checkpoint::open(&p, &header()).err().unwrap().to_string();
    assert!(e.contains("damaged at line 3"), "{e}");
    std::fs::remove_file(&p).unwrap();
}

/// A failed write that cannot be cut back off leaves the file as it is:
/// nothing more is appended in that run, so no record follows part of one.
#[test]
fn after_a_failed_write_that_stays_nothing_more_is_appended() {
    let p = temp("stays");
    let c = Checkpoint::open(&p, &header()).unwrap();
    c.append(3, plain(8, 100)).unwrap();
    let before = std::fs::read(&p).unwrap();
    // Read-only: the write fails, and so does the cut.
    c.file.lock().unwrap().file = File::open(&p).unwrap();
    assert!(c.append(5, plain(2, 40)).is_err());
    let e = c.append(7, plain(4, 30)).unwrap_err().to_string();
    assert!(e.contains("could not be cut back"), "{e}");
    drop(c);
    assert_eq!(std::fs::read(&p).unwrap(), before);
    std::fs::remove_file(&p).unwrap();
}

/// Threads append in any order, and a record may be written twice (a
/// run stopped between two of its writes): each resumes as recorded;
/// a subproblem recorded twice with different counts is damage.
#[test]
fn records_in_any_order_resume_and_conflicting_repeats_are_refused() {
    let p = temp("order");
    let c = Checkpoint::open(&p, &header()).unwrap();
    for i in [9u64, 2, 7, 0, 5, 2] {
        c.append(i, plain(i + 1, 10 * i)).unwrap();
    }
    drop(c);
    let c = Checkpoint::open(&p, &header()).unwrap();
    assert_eq!(c.saved(), 5);
    for i in 0..12u64 {
        let expected = [9, 2, 7, 0, 5].contains(&i).then(|| plain(i + 1, 10 * i));
        assert_eq!(c.recorded(i), expected, "subproblem {i}");
    }
    c.append(7, plain(3, 70)).unwrap();
    drop(c);
    let e = Checkpoint::open(&p, &header()).err().unwrap().to_string();
    assert!(
        e.contains("subproblem 7 is recorded twice with different counts"),
        "{e}"
    );
    std::fs::remove_file(&p).unwrap();
}

#[test]
fn another_count_damage_and_foreign_files_are_refused() {
    let p = temp("refuse");
    let c = Checkpoint::open(&p, &header()).unwrap();
    c.append(1, plain(8, 100)).unwrap();
    c.append(2, plain(8, 100)).unwrap();
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

#[test]
fn another_kind_of_work_is_refused_and_format_1_still_resumes() {
    let p = temp("kind");
    let torus = Header {
        work: "torus".into(),
        solver: "torus-bitmask".into(),
        width: 5,
        ..header()
    };
    let c = Checkpoint::open(&p, &torus).unwrap();
    let wide = classified();
    c.append(3, wide).unwrap();
    drop(c);
    let e = Checkpoint::open(&p, &header()).err().unwrap().to_string();
    assert!(e.contains("work torus (this run: count)"), "{e}");
    assert_eq!(
        Checkpoint::open(&p, &torus).unwrap().recorded(3),
        Some(wide)
    );
    // A format 1 file, as the previous build wrote it.
    let old = Header {
        version: 1,
        ..header()
    };
    let line = old.line();
    assert!(!line.contains("work="));
    let crc = crc32(line.as_bytes());
    let body = "5 8 100";
    std::fs::write(
        &p,
        format!("{line}\n{body} {:08x}\n", record_crc(crc, body)),
    )
    .unwrap();
    let c = Checkpoint::open(&p, &header()).unwrap();
    assert_eq!(c.recorded(5).map(|f| f.solutions), Some(8));
    c.append(6, plain(1, 2)).unwrap();
    drop(c);
    assert_eq!(Checkpoint::open(&p, &header()).unwrap().saved(), 2);
    std::fs::remove_file(&p).unwrap();
}

/// A kind of its own, defined here and named in no catalogue, whose
/// pieces classify their solutions: its checkpoint records five numbers
/// a piece and resumes them whole.
struct Classifying;
impl Kind for Classifying {
    fn work(&self) -> String {
        "classifying".into()
    }
    fn solver(&self) -> &'static str {
        "by-hand"
    }
    fn description(&self) -> &'static str {
        "a kind of this test's own"
    }
    fn unique_by(&self) -> nqueens_sched::UniqueBy {
        nqueens_sched::UniqueBy::Classified
    }
    fn layout(
        &self,
        board: nqueens_kernel::Board,
        _: &nqueens_sched::Options,
    ) -> Result<Option<nqueens_sched::Layout>, nqueens_sched::Error> {
        Ok(Some(nqueens_sched::Layout {
            depth: 1,
            subproblems: board.n(),
            prefix_nodes: 0,
        }))
    }
    fn total(
        &self,
        _: nqueens_kernel::Board,
        _: &nqueens_sched::Options,
        _: &nqueens_sched::Hooks,
    ) -> Result<(Total, nqueens_sched::Search), nqueens_sched::Error> {
        unreachable!("the checkpoint never counts")
    }
}

#[test]
fn a_kind_of_any_crate_resumes_its_own_width() {
    let p = temp("own-kind");
    let board = nqueens_kernel::Board::new(6).unwrap();
    let layout = Classifying
        .layout(board, &nqueens_sched::Options::sequential())
        .unwrap()
        .unwrap();
    let header = Header::new(&Classifying, board, layout);
    let c = Checkpoint::open(&p, &header).unwrap();
    let found = classified();
    c.append(5, found).unwrap();
    drop(c);
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(
        text.starts_with(
            "nqueens-checkpoint 2 work=classifying n=6 solver=by-hand depth=1 subproblems=6 "
        ),
        "{text}"
    );
    assert_eq!(text.lines().nth(1).unwrap().split(' ').count(), 7, "{text}");
    let resumed = Checkpoint::open(&p, &header).unwrap();
    assert_eq!((resumed.saved(), resumed.recorded(5)), (1, Some(found)));
    std::fs::remove_file(&p).unwrap();
}
