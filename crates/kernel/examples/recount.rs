//! Times the independent recount of halves row sets against the join, one
//! thread:
//! `cargo run --release -p nqueens-kernel --example recount -- N [left] [INDEX | random:K:SEED | all]...`
//! (`left` defaults to `n / 2`, the `halves` solver's width; no index: 3
//! random ones from seed 1; `random:K:SEED` draws as `merge --recount`
//! draws shards). Prints, for each row set, a line of its solutions and
//! seconds by the join (before the recount starts, so that a recount cut
//! short leaves the join's figures), then one by the recount and whether
//! the two agree. With `join:off` among the arguments only the recount
//! runs, with `join:only` only the join; with `list` the indices alone are
//! printed, one a line.
use std::time::Instant;

use nqueens_kernel::halves::{recount, HalfSplit};
use nqueens_kernel::Board;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let board = Board::new(n).expect("a valid board size");
    let mut rest = &args[1.min(args.len())..];
    let join = !rest.iter().any(|a| a == "join:off");
    let again = !rest.iter().any(|a| a == "join:only");
    let left = match rest.first().and_then(|a| a.strip_prefix("left=")) {
        Some(l) => {
            rest = &rest[1..];
            l.parse().expect("a width")
        }
        None => (n / 2).max(1),
    };
    let len = HalfSplit::within(board, left, Some(0..0))
        .expect("a valid width")
        .len() as u64;
    let mut indices = Vec::new();
    for a in rest
        .iter()
        .filter(|a| !a.starts_with("join:") && *a != "list")
    {
        if a == "all" {
            indices.extend(0..len);
        } else if let Some(spec) = a.strip_prefix("random:") {
            let (k, seed) = spec.split_once(':').unwrap_or((spec, "1"));
            let mut state: u64 = seed.parse::<u64>().expect("a seed") | 1;
            for _ in 0..k.parse::<usize>().expect("a number of indices") {
                // SplitMix64, as `merge --recount` draws shards.
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                indices.push((z ^ (z >> 31)) % len);
            }
        } else {
            indices.push(a.parse().expect("an index"));
        }
    }
    if indices.is_empty() {
        indices = vec![len / 3, len / 2, 2 * len / 3];
    }
    if rest.iter().any(|a| a == "list") {
        for index in indices {
            println!("{index}");
        }
        return;
    }
    println!("n={n} left={left} row_sets={len}");
    let (mut join_s, mut recount_s) = (0.0, 0.0);
    for index in indices {
        let split = HalfSplit::within(board, left, Some(index..index + 1)).expect("a valid width");
        let s = split.get(index).expect("an index in the split");
        let mut joined = None;
        if join {
            let start = Instant::now();
            let t = s.count(board);
            let js = start.elapsed().as_secs_f64();
            join_s += js;
            joined = Some(t.solutions);
            println!(
                "index={index} rows={:#x} middle={:?} weight={} join_solutions={} unweighted={} join_s={js:.3}",
                s.rows,
                s.middle,
                s.weight,
                t.solutions,
                t.solutions / u64::from(s.weight),
            );
        }
        if !again {
            continue;
        }
        let start = Instant::now();
        let r = recount(board, left, index).expect("an index in the split");
        let rs = start.elapsed().as_secs_f64();
        recount_s += rs;
        println!(
            "index={index} recount_solutions={} unweighted={} recount_nodes={} recount_s={rs:.3} ns_per_node={:.3} nodes_per_solution={:.1} agree={}",
            r.solutions,
            r.unweighted,
            r.nodes,
            rs * 1e9 / r.nodes.max(1) as f64,
            r.nodes as f64 / r.unweighted.max(1) as f64,
            joined.map_or("-".into(), |j| (j == r.solutions).to_string()),
        );
    }
    println!("join_s={join_s:.3} recount_s={recount_s:.3}");
}
