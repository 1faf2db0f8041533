//! A measuring probe, not a test: what one row set's count holds (the
//! left keys, the right keys, the quarters, the join) and the CPU time of
//! its steps, for row sets of large boards picked without making the
//! split (70 million row sets at n = 27). Run by hand:
//!
//! ```text
//! PROBE="25 27 28" PROBE_CAP=2G cargo test --release -p nqueens-kernel \
//!     --lib halves::probe -- --ignored --nocapture
//! ```
//!
//! `PROBE_ROWS` names row sets (hex rows), `PROBE_SPLIT=A-B` takes the
//! split's subproblems `A` to `B` (a plan shard's `first` to `end - 1`:
//! its row sets, found by making the split), `PROBE_WHOLE=0` counts only
//! under the cap.

use super::join::disjoint_pairs;
use super::rows::low_bits;
use super::side::{Part, Side};
use super::xorshift::xorshift;
use super::{HalfScratch, HalfSplit, RowSet};
use crate::Board;

/// This thread's CPU time in seconds (Linux: the scheduler's nanoseconds).
fn cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 * 1e-9)
}

/// Bytes of the scratch's parts: left keys, right keys, quarters, join.
fn parts(s: &HalfScratch) -> [usize; 4] {
    [
        8 * s.left.capacity(),
        8 * s.right.capacity(),
        s.quarters.bytes(),
        s.join.bytes(),
    ]
}

/// A few row sets of `n`: the first of the split, and pseudo-random ones
/// (a fixed seed), each the least of its orbit as the split keeps it.
fn picks(n: usize, how_many: usize) -> Vec<RowSet> {
    let a = n / 2;
    let odd = n % 2 == 1;
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15 ^ n as u64);
    let others = if odd { n - 1 } else { n };
    let left = if odd { (n - 1) / 2 } else { a };
    let mut out = Vec::new();
    // The first row set: the lowest rows.
    let middle = odd.then_some(0u8);
    let lowest = |m: Option<u8>| {
        let s = low_bits(left) as u32;
        match m {
            Some(m) => (s & low_bits(m.into()) as u32) | ((s >> m) << (m + 1)),
            None => s,
        }
    };
    out.push(RowSet {
        index: 0,
        rows: lowest(middle),
        middle,
        weight: 1,
        left: left as u8,
    });
    while out.len() < how_many {
        // A random subset of `left` of the `others` rows.
        let mut s = 0u32;
        while (s.count_ones() as usize) < left {
            s |= 1 << (next() % others as u64);
        }
        let middle = odd.then(|| (next() % n as u64) as u8);
        let rows = match middle {
            Some(m) => (s & low_bits(m.into()) as u32) | ((s >> m) << (m + 1)),
            None => s,
        };
        out.push(RowSet {
            index: out.len() as u64,
            rows,
            middle,
            weight: 1,
            left: left as u8,
        });
    }
    out
}

fn cap_from_env() -> usize {
    let Ok(v) = std::env::var("PROBE_CAP") else {
        return usize::MAX;
    };
    let (num, unit) = v.split_at(v.trim_end_matches(['K', 'M', 'G']).len());
    let shift = match unit {
        "K" => 10,
        "M" => 20,
        "G" => 30,
        _ => 0,
    };
    num.parse::<usize>().unwrap() << shift
}

#[test]
#[ignore = "a probe, run by hand in release"]
fn probe_memory_and_time() {
    let ns: Vec<usize> = std::env::var("PROBE")
        .unwrap_or_else(|_| "20".into())
        .split_whitespace()
        .map(|s| s.parse().unwrap())
        .collect();
    let how_many: usize = std::env::var("PROBE_SETS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let cap = cap_from_env();
    let mib = |b: usize| b as f64 / f64::from(1 << 20);
    let mibs = |bytes: &[usize]| {
        let each: Vec<String> = bytes.iter().map(|&b| format!("{:.1}", mib(b))).collect();
        each.join(" ")
    };
    println!("n rows middle lefts rights pairs left_MiB right_MiB quarters_MiB join_MiB held_MiB cpu_left cpu_right cpu_join cpu_capped result_capped held_capped_MiB");
    for n in ns {
        let board = Board::new(n).unwrap();
        // PROBE_ROWS: row sets given as hex, `@m` after it the middle
        // queen's row (odd boards), else picks.
        let given: Vec<RowSet> = std::env::var("PROBE_ROWS")
            .map(|v| {
                v.split_whitespace()
                    .map(|h| {
                        let (rows, middle) = h.split_once('@').unwrap_or((h, ""));
                        RowSet {
                            index: 0,
                            rows: u32::from_str_radix(rows.trim_start_matches("0x"), 16).unwrap(),
                            middle: middle.parse().ok(),
                            weight: 1,
                            left: (n / 2) as u8,
                        }
                    })
                    .collect()
            })
            .unwrap_or_default();
        // PROBE_SPLIT=A-B: the subproblems A to B (inclusive) of the
        // count's split, as a plan's shard holds them (its `range`).
        let split: Vec<RowSet> = std::env::var("PROBE_SPLIT")
            .map(|v| {
                let (a, b) = v.split_once('-').unwrap_or((&v, &v));
                let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
                HalfSplit::new(board, n / 2).unwrap().subproblems()[a..=b].to_vec()
            })
            .unwrap_or_default();
        let sets = match (given.is_empty(), split.is_empty()) {
            (false, _) => given,
            (true, false) => split,
            (true, true) => picks(n, how_many),
        };
        for s in sets {
            // The steps of `count_capped`, timed apart, in a fresh scratch
            // (its buffers never shrink: what it holds after is the peak);
            // PROBE_WHOLE=0 skips them (n = 28 holds up to 18 GB).
            let whole = std::env::var("PROBE_WHOLE").map_or(true, |v| v != "0");
            let mut scratch = HalfScratch::default();
            let a = usize::from(s.left);
            let all = low_bits(n) as u32;
            let (side, right_rows, right_from) = match s.middle {
                Some(m) => {
                    let m = usize::from(m);
                    (Side::around(n, a, m), all & !s.rows & !(1 << m), a + 1)
                }
                None => (Side::between(n, a), all & !s.rows, a),
            };
            let HalfScratch {
                left,
                right,
                quarters,
                join,
                ledger,
                ..
            } = &mut scratch;
            ledger.cap = usize::MAX;
            let mut nodes = 0;
            if !whole {
                let mut fresh = HalfScratch::default();
                let t = cpu();
                let r = s.count_capped(board, &mut fresh, cap);
                let t = cpu() - t;
                let r = r.map_or_else(
                    |e| format!("{e:?}").replace(' ', ""),
                    |t| t.solutions.to_string(),
                );
                println!(
                    "{n} {:#x} {:?} - - - - - - - - - - - {t:.2} {r} {:.1}",
                    s.rows,
                    s.middle,
                    mib(fresh.held())
                );
                continue;
            }
            let t0 = cpu();
            let lefts = side
                .list_joined(
                    s.rows,
                    0,
                    a,
                    Part::WHOLE,
                    left,
                    quarters,
                    ledger,
                    0,
                    &mut nodes,
                )
                .unwrap()
                .len;
            let t1 = cpu();
            let rights = side
                .list_joined(
                    right_rows,
                    right_from,
                    n,
                    Part::WHOLE,
                    right,
                    quarters,
                    ledger,
                    1,
                    &mut nodes,
                )
                .unwrap()
                .len;
            let t2 = cpu();
            let head = format!("{n} {:#x} {:?} {lefts} {rights}", s.rows, s.middle);
            if std::env::var("PROBE_JOIN").is_ok_and(|v| v == "0") {
                // Listed only: the join would hold 32 bytes a key of the
                // longer list (as measured at n = 24-27).
                let p = parts(&scratch);
                let join = 32 * lefts.max(rights);
                let (sides, whole) = (mibs(&p[..3]), p[0] + p[1] + p[2] + join);
                let (join, whole) = (mib(join), mib(whole));
                let times = format!("{:.2} {:.2}", t1 - t0, t2 - t1);
                println!("{head} - {sides} ~{join:.1} ~{whole:.1} {times} - - - -");
                continue;
            }
            join.reserve(lefts.max(rights), ledger).unwrap();
            let pairs = disjoint_pairs(
                &mut left[..lefts],
                &mut right[..rights],
                side.key_bits(),
                join,
                ledger,
            )
            .unwrap();
            let t3 = cpu();
            let p = parts(&scratch);
            assert_eq!(p.iter().sum::<usize>(), scratch.held());
            let (capped, held_capped, t4) = if cap < usize::MAX {
                let mut fresh = HalfScratch::default();
                let t = cpu();
                let r = s.count_capped(board, &mut fresh, cap);
                let r = match r {
                    Ok(t) => format!("{}", t.solutions),
                    Err(e) => format!("{e:?}").replace(' ', ""),
                };
                (r, fresh.held(), cpu() - t)
            } else {
                ("-".into(), 0, 0.0)
            };
            let held = mibs(&[p[0], p[1], p[2], p[3], scratch.held()]);
            let times = format!("{:.2} {:.2} {:.2} {t4:.2}", t1 - t0, t2 - t1, t3 - t2);
            let capped = format!("{capped} {:.1}", mib(held_capped));
            println!("{head} {pairs} {held} {times} {capped}");
        }
    }
}

#[test]
#[ignore = "a probe, run by hand"]
fn probe_quarters_of_a_split() {
    let n: usize = std::env::var("PROBE").map_or(18, |v| v.parse().unwrap());
    let board = Board::new(n).unwrap();
    let split = HalfSplit::new(board, n / 2).unwrap();
    let (mut most, mut first) = ([0usize; 4], None);
    for s in split.subproblems() {
        let mut alone = HalfScratch::default();
        s.count_in(board, &mut alone);
        let p = parts(&alone);
        first.get_or_insert(p);
        for (m, p) in most.iter_mut().zip(p) {
            *m = (*m).max(p);
        }
    }
    println!("n = {n}: most of each part {most:?}, the first row set {first:?}");
}

/// Ways to join in parts, timed against the whole join on the same lists:
/// the longer list cut into `k` ranges (as listed) each joined with the
/// other whole; or sorted into the classes of the join's first `t` cut
/// bits, each class joined with the keys of the other list clear of its
/// bits. `PROBE`, `PROBE_ROWS` as above.
#[test]
#[ignore = "a probe, run by hand in release"]
fn probe_parts() {
    use super::join::first_cuts;
    let n: usize = std::env::var("PROBE").map_or(26, |v| v.parse().unwrap());
    let board = Board::new(n).unwrap();
    let how_many: usize = std::env::var("PROBE_SETS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let sets: Vec<RowSet> = match std::env::var("PROBE_ROWS") {
        Ok(v) => v
            .split_whitespace()
            .map(|h| {
                let (rows, middle) = h.split_once('@').unwrap_or((h, ""));
                RowSet {
                    index: 0,
                    rows: u32::from_str_radix(rows.trim_start_matches("0x"), 16).unwrap(),
                    middle: middle.parse().ok(),
                    weight: 1,
                    left: (n / 2) as u8,
                }
            })
            .collect(),
        Err(_) => picks(n, how_many).into_iter().skip(1).collect(),
    };
    for s in sets {
        let mut scratch = HalfScratch::default();
        scratch.ledger.cap = usize::MAX;
        let (side, (rrows, rfrom)) = s.sides(board);
        let a = usize::from(s.left);
        let HalfScratch {
            left,
            right,
            quarters,
            join,
            ledger,
            ..
        } = &mut scratch;
        let t0 = cpu();
        let lx = side
            .list_joined(s.rows, 0, a, Part::WHOLE, left, quarters, ledger, 0, &mut 0)
            .unwrap()
            .len;
        let t1 = cpu();
        let ly = side
            .list_joined(
                rrows,
                rfrom,
                n,
                Part::WHOLE,
                right,
                quarters,
                ledger,
                1,
                &mut 0,
            )
            .unwrap()
            .len;
        let t2 = cpu();
        let (x0, y0) = (left[..lx].to_vec(), right[..ly].to_vec());
        let bits = side.key_bits();
        let mut x = x0.clone();
        let mut y = y0.clone();
        join.reserve(lx.max(ly), ledger).unwrap();
        let t = cpu();
        let whole = disjoint_pairs(&mut x, &mut y, bits, join, ledger).unwrap();
        let whole_t = cpu() - t;
        println!(
            "{n} {:#x} {:?} keys {lx} x {ly}: list {:.2} + {:.2} s, join {whole_t:.2} s, {whole} pairs",
            s.rows,
            s.middle,
            t1 - t0,
            t2 - t1
        );
        // The longer list `a`, the other `b`.
        let (a0, b0) = if lx >= ly { (&x0, &y0) } else { (&y0, &x0) };
        for k in [2usize, 4] {
            let (mut a, mut b) = (a0.clone(), b0.clone());
            let t = cpu();
            let mut pairs = 0;
            let step = a.len().div_ceil(k);
            for part in a.chunks_mut(step) {
                pairs += disjoint_pairs(part, &mut b, bits, join, ledger).unwrap();
            }
            let dt = cpu() - t;
            assert_eq!(pairs, whole);
            println!("  ranges k={k}: {dt:.2} s, ratio {:.3}", dt / whole_t);
        }
        for t in [1usize, 2, 3, 4] {
            let (mut a, mut b) = (a0.clone(), b0.clone());
            let cuts = first_cuts(&a, &b, bits, t);
            let class = |k: u64| {
                cuts.iter()
                    .enumerate()
                    .fold(0usize, |c, (i, &bit)| c | (((k >> bit) & 1) as usize) << i)
            };
            a.sort_unstable_by_key(|&k| class(k));
            let tt = cpu();
            let mut pairs = 0;
            let mut sizes = Vec::new();
            let mut from = 0;
            while from < a.len() {
                let p = class(a[from]);
                let to = from + a[from..].iter().take_while(|&&k| class(k) == p).count();
                let ones: u64 = cuts
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| p >> i & 1 == 1)
                    .fold(0, |m, (_, &bit)| m | 1 << bit);
                // b's keys clear of the class's bits, to the front.
                let mut clear = 0;
                for i in 0..b.len() {
                    if b[i] & ones == 0 {
                        b.swap(i, clear);
                        clear += 1;
                    }
                }
                pairs +=
                    disjoint_pairs(&mut a[from..to], &mut b[..clear], bits, join, ledger).unwrap();
                sizes.push((to - from) * 100 / a.len());
                from = to;
            }
            let dt = cpu() - tt;
            assert_eq!(pairs, whole);
            println!(
                "  classes t={t} {cuts:?}: {dt:.2} s, ratio {:.3}, sizes % {sizes:?}",
                dt / whole_t
            );
        }
    }
}
