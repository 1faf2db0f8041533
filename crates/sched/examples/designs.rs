//! The sampling designs of `nqueens estimate` compared exactly: every
//! subproblem of the halves split of `n` is counted and timed, and the
//! variance of each design's estimate at `k` samples is computed from the
//! whole population (no sampling noise in the comparison). Prints one line
//! per design: the relative half-width of the 95 % interval of the total and
//! of the CPU time. `cargo run --release -p nqueens-sched --example designs 18 1000`.

use std::collections::HashMap;
use std::time::Instant;

use nqueens_kernel::halves::{HalfScratch, HalfSplit, RowSet};
use nqueens_kernel::Board;
use rayon::prelude::*;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (n, k) = (args[0], args[1]);
    let board = Board::new(n).unwrap();
    let left = n / 2;
    let split = HalfSplit::new(board, left).unwrap();
    // Pairs and seconds of each orbit's least row set.
    let counted: Vec<(u64, f64)> = split
        .subproblems()
        .par_iter()
        .map_init(HalfScratch::default, |s, p| {
            let t = Instant::now();
            let c = p.count_in(board, s).solutions;
            (c / u64::from(p.weight), t.elapsed().as_secs_f64())
        })
        .collect();
    let least: HashMap<(Option<u8>, u32), usize> = split
        .subproblems()
        .iter()
        .enumerate()
        .map(|(i, p)| ((p.middle, p.rows), i))
        .collect();
    let len = RowSet::unreduced_len(board, left).unwrap();
    // Every unreduced row set's value: its orbit's pairs, and its orbit's
    // time shared among the orbit's members (y = pairs, z = t / w).
    let all = |r: u64| RowSet::unreduced(board, left, r).unwrap();
    let flip = |rows: u32| rows.reverse_bits() >> (32 - n);
    let full = (1u32 << n) - 1;
    let mut y = Vec::with_capacity(len as usize);
    let mut z = Vec::with_capacity(len as usize);
    for r in 0..len {
        let s = all(r);
        let images: Vec<(Option<u8>, u32)> = match s.middle {
            Some(m) => {
                let right = full & !(1 << m) & !s.rows;
                let top = (n - 1) as u8 - m;
                vec![
                    (Some(m), s.rows),
                    (Some(top), flip(s.rows)),
                    (Some(m), right),
                    (Some(top), flip(right)),
                ]
            }
            None => vec![
                (None, s.rows),
                (None, flip(s.rows)),
                (None, full & !s.rows),
                (None, full & !flip(s.rows)),
            ],
        };
        let i = images.iter().find_map(|o| least.get(o)).copied().unwrap();
        y.push(counted[i].0 as f64);
        z.push(counted[i].1 / f64::from(s.orbit_size(board)));
    }
    let total: f64 = y.iter().sum();
    let cpu: f64 = z.iter().sum();
    println!(
        "n = {n}: {} subproblems, {len} unreduced row sets, total {total}, cpu {cpu:.3} s, k = {k}",
        split.len()
    );
    // Stratified by rank: h equal strata, k / h samples each (h = 1: simple random sampling).
    let half_width = |v: &[f64], h: usize| -> f64 {
        let nn = v.len();
        let mut var = 0.0;
        for s in 0..h {
            let (a, b) = (s * nn / h, (s + 1) * nn / h);
            let part = &v[a..b];
            let big = part.len() as f64;
            let kh = (k / h) as f64;
            let mean = part.iter().sum::<f64>() / big;
            let s2 = part.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (big - 1.0);
            var += big * big * (1.0 - kh / big) * s2 / kh;
        }
        1.96 * var.sqrt()
    };
    for h in [1, 2, 5, 10, 25, 50, 100, 250, k / 2] {
        if k / h < 2 {
            continue;
        }
        println!(
            "strata {h:>5}: total +-{:.4} %, cpu +-{:.4} %",
            100.0 * half_width(&y, h) / total,
            100.0 * half_width(&z, h) / cpu
        );
    }
}
