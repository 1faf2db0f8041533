use super::*;
use crate::halves::rows::for_subsets;
use crate::halves::xorshift::xorshift;
use crate::oeis;
use std::time::Instant;

/// The `halves` solver's default width of the left part.
fn default_left(n: usize) -> usize {
    (n / 2).max(1)
}

/// Every row set of the default split of every board from 1 to 16
/// recounts to what the join counts, and the recounts add up to the
/// published totals. (Most of the test's time is n = 16, where the
/// search places 1.4 * 10^8 queens: 2.5 s of a test build on the machine
/// of `results/2026-11-28-p18-recount/`; the join's side of it 0.2 s.)
#[test]
fn every_row_set_of_the_default_split_recounts_to_the_join() {
    for n in 1..=16 {
        let start = Instant::now();
        let board = Board::new(n).unwrap();
        let left = default_left(n);
        let split = HalfSplit::new(board, left).unwrap();
        let (mut total, mut nodes) = (0u128, 0u64);
        for s in split.subproblems() {
            let again = s.recount(board);
            let joined = s.count(board);
            assert_eq!(again.solutions, joined.solutions, "n = {n}, {s:?}");
            assert_eq!(again.weight, s.weight);
            assert_eq!(again.solutions, again.unweighted * u64::from(s.weight));
            total += u128::from(again.solutions);
            nodes += again.nodes;
        }
        assert_eq!(total, oeis::TOTAL[n], "n = {n}");
        eprintln!(
            "n = {n}: {} row sets, {nodes} nodes, {:.2} s",
            split.len(),
            start.elapsed().as_secs_f64()
        );
    }
}

/// Every width of the left part, not only the default: the left columns
/// are `0..left` (on a board of other widths than `n / 2` a row set and
/// its mirror image differ), around a middle column on odd boards.
#[test]
fn every_width_recounts_to_the_join() {
    for n in 1..=11 {
        let board = Board::new(n).unwrap();
        for left in 1..n.max(2) {
            let split = HalfSplit::new(board, left).unwrap();
            let mut total = 0u128;
            for s in split.subproblems() {
                let again = s.recount(board);
                assert_eq!(again.solutions, s.count(board).solutions, "n = {n}, {s:?}");
                total += u128::from(again.solutions);
            }
            assert_eq!(total, oeis::TOTAL[n], "n = {n}, left = {left}");
        }
    }
}

/// Every row set, not only the least of each orbit, counted alone (weight
/// 1): the recount and the join agree on each, and together they count
/// every solution once.
#[test]
fn every_row_set_not_only_the_least_of_its_orbit_recounts_to_the_join() {
    for n in 2..=12 {
        let board = Board::new(n).unwrap();
        for left in [n / 2, (n / 2).saturating_sub(1).max(1), n - 1] {
            let middle = 2 * left + 1 == n;
            let mut total = 0u128;
            for m in 0..if middle { n } else { 1 } {
                let others = n - usize::from(middle);
                for_subsets(left, others, |s| {
                    // Spread the row bits past the middle queen's row.
                    let rows = if middle {
                        (s & ((1 << m) - 1)) | ((s >> m) << (m + 1))
                    } else {
                        s
                    };
                    let s = RowSet {
                        index: 0,
                        rows,
                        middle: middle.then_some(m as u8),
                        weight: 1,
                        left: left as u8,
                    };
                    let again = s.recount(board);
                    assert_eq!(again.solutions, s.count(board).solutions, "n = {n}, {s:?}");
                    total += u128::from(again.solutions);
                });
            }
            assert_eq!(total, oeis::TOTAL[n], "n = {n}, left = {left}");
        }
    }
}

/// The recount answers for the row set it is given: a perturbed index
/// (the next row set, or one drawn at random) recounts to a different
/// number exactly where the join counts the two row sets differently, and
/// so do a row set with one left row swapped for a right one, its middle
/// queen a row up or down, or another weight.
#[test]
fn a_perturbed_row_set_recounts_differently_where_the_join_does() {
    let mut next = xorshift(0x5eed_0018);
    let (mut compared, mut differed) = (0, 0);
    let mut check = |board: Board, s: &RowSet, other: &RowSet| {
        let (again, joined) = (s.recount(board).solutions, s.count(board).solutions);
        let other_joined = other.count(board).solutions;
        assert_eq!(
            again == other_joined,
            joined == other_joined,
            "n = {}, {s:?} against {other:?}",
            board.n()
        );
        assert_eq!(other.recount(board).solutions, other_joined, "{other:?}");
        compared += 1;
        differed += usize::from(again != other_joined);
    };
    for n in 6..=14 {
        let board = Board::new(n).unwrap();
        let split = HalfSplit::new(board, default_left(n)).unwrap();
        let len = split.len() as u64;
        let all = (1u32 << n) - 1;
        for s in split.subproblems().iter().step_by(3) {
            let by_index = |i: u64| split.get(i % len).unwrap();
            check(board, s, by_index(s.index + 1));
            check(board, s, by_index(next()));
            // One left row swapped for a right row (not the middle one's).
            let lefts = s.rows;
            let rights = all & !lefts & !s.middle.map_or(0, |m| 1 << m);
            let pick = |set: u32, k: u64| {
                let mut set = set;
                for _ in 0..k % u64::from(set.count_ones()) {
                    set &= set - 1;
                }
                set & set.wrapping_neg()
            };
            let swap = pick(lefts, next()) | pick(rights, next());
            check(
                board,
                s,
                &RowSet {
                    rows: lefts ^ swap,
                    ..*s
                },
            );
            if let Some(m) = s.middle {
                // The middle queen a row away, the left rows kept apart
                // from it.
                for to in [m.wrapping_sub(1), m + 1] {
                    if usize::from(to) < n && lefts >> to & 1 == 0 {
                        check(
                            board,
                            s,
                            &RowSet {
                                middle: Some(to),
                                ..*s
                            },
                        );
                    }
                }
            }
            let weight = if s.weight == 4 { 2 } else { s.weight * 2 };
            check(board, s, &RowSet { weight, ..*s });
        }
    }
    // The answers differed in most cases (the others: row sets of no
    // solution on the smaller boards, and equal counts), so the check
    // above had teeth.
    eprintln!("{differed} of {compared} perturbed row sets counted differently");
    assert!(differed > compared * 3 / 4, "{differed} of {compared}");
}

#[test]
fn an_index_past_the_split_or_a_bad_width_is_refused() {
    let board = Board::new(8).unwrap();
    let len = HalfSplit::new(board, 4).unwrap().len() as u64;
    assert_eq!(len, 23);
    assert_eq!(
        recount(board, 4, len),
        Err(Error::IndexOutOfRange { index: len, len })
    );
    assert_eq!(
        recount(board, 4, u64::MAX),
        Err(Error::IndexOutOfRange {
            index: u64::MAX,
            len
        })
    );
    assert_eq!(
        recount(board, 8, 0),
        Err(Error::DepthOutOfRange { depth: 8, n: 8 })
    );
    assert_eq!(
        recount(board, 4, len - 1).unwrap().solutions,
        HalfSplit::new(board, 4)
            .unwrap()
            .get(len - 1)
            .unwrap()
            .count(board)
            .solutions
    );
}
