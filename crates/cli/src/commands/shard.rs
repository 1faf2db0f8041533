//! `nqueens plan`, `run-shard`, `missing` and `merge`: a count cut into
//! shards that any cluster engine can run (Slurm job arrays, GNU
//! parallel), each shard idempotent and checkpointed, the merge verified.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use nqueens_kernel::{symmetry::burnside, Board};
use nqueens_sched::{count_parts, solvers, Options};

use super::Mismatch;
use crate::checkpoint::{Checkpoint, Header};
use crate::cli::{MergeArgs, MissingArgs, PlanArgs, RunShardArgs};
use crate::export::{self, Cell, Format};
use crate::journal::Journal;
use crate::progress::Bar;
use crate::shards::{array_syntax, Plan, ShardResult, PLAN_FORMAT, RESULT_FORMAT, VERSION};
use crate::verify::Check;
use crate::{machine, options, signals};

pub fn plan(a: PlanArgs) -> Result<ExitCode> {
    let board = options::board(&a.n, "n")?;
    let k = options::whole(&a.shards, "--shards")?;
    if k == 0 {
        bail!("--shards must be at least 1, not 0");
    }
    let solver = match a.solver.as_deref() {
        None => solvers::default(),
        Some(name) => options::solver(name)?,
    };
    let depth = a
        .depth
        .as_deref()
        .map(|d| options::whole(d, "--depth"))
        .transpose()?;
    // The default depth for 64 subproblems per shard keeps shards balanced.
    let opts = Options {
        threads: k.max(1),
        depth,
        memory: None,
    };
    let layout = solver.layout(board, &opts)?.with_context(|| {
        format!(
            "solver '{}' does not split its work, so it cannot be sharded (use pairs or parallel)",
            solver.name()
        )
    })?;
    if k > layout.subproblems {
        bail!("--shards {k} is more than the {} subproblems at depth {} (ask for fewer shards or a deeper --depth)", layout.subproblems, layout.depth);
    }
    let (half, quarter) = nqueens_sched::symmetric(board);
    let plan = Plan {
        format: PLAN_FORMAT.into(),
        version: VERSION,
        kernel: nqueens_kernel::VERSION.into(),
        n: board.n(),
        solver: solver.name().into(),
        depth: layout.depth,
        subproblems: layout.subproblems as u64,
        prefix_nodes: layout.prefix_nodes,
        fixed_180: half.solutions,
        fixed_90: quarter.solutions,
        symmetry_nodes: half.nodes + quarter.nodes,
        shards: Plan::ranges(layout.subproblems as u64, k),
        hash: String::new(),
    }
    .seal();
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, &plan)?;
    writeln!(out)?;
    Ok(ExitCode::SUCCESS)
}

pub fn run_shard(a: RunShardArgs) -> Result<ExitCode> {
    let plan = Plan::load(&a.plan)?;
    let i = match a.shard.as_deref() {
        Some(s) => options::whole(s, "--shard")?,
        None => {
            let id = std::env::var("SLURM_ARRAY_TASK_ID")
                .context("no --shard given and SLURM_ARRAY_TASK_ID is not set")?;
            options::whole(&id, "SLURM_ARRAY_TASK_ID")?
        }
    };
    let range = plan.shard(i)?.clone();
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("cannot create --out directory {}", a.out.display()))?;
    // One run of a shard at a time: a rerun (a requeue, a retry after a
    // crashed driver whose shards live on) waits for the live one, then
    // finds its result below. The lock file stays: removing it would let a
    // waiter lock a different file.
    let lock_path = a.out.join(format!("shard-{i}.lock"));
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .with_context(|| format!("cannot create {}", lock_path.display()))?;
    if lock.try_lock().is_err() {
        eprintln!("nqueens: shard {i} is running elsewhere; waiting for it to finish");
        lock.lock()
            .with_context(|| format!("cannot lock {}", lock_path.display()))?;
    }
    match ShardResult::load(&a.out, &plan, i) {
        Ok(Some(_)) => {
            eprintln!(
                "nqueens: shard {i} is already done: {}",
                Plan::result_path(&a.out, i).display()
            );
            return Ok(ExitCode::SUCCESS);
        }
        Ok(None) => {}
        Err(e) => eprintln!(
            "nqueens: shard {i}: the result in {} is unusable ({e:#}); counting it again",
            a.out.display()
        ),
    }
    let board = Board::new(plan.n)?;
    let solver = options::solver(&plan.solver)?;
    let (opts, budget) = options::run(&a.run, Some(plan.depth))?;
    let layout = solver
        .layout(board, &opts)?
        .context("the plan's solver does not split")?;
    if layout.subproblems as u64 != plan.subproblems {
        bail!(
            "this nqueens splits n = {} at depth {} into {} subproblems, the plan says {}",
            plan.n,
            plan.depth,
            layout.subproblems,
            plan.subproblems
        );
    }
    let header = Header {
        n: plan.n,
        solver: plan.solver.clone(),
        depth: plan.depth,
        subproblems: layout.subproblems,
        kernel: nqueens_kernel::VERSION.into(),
    };
    let ckpt_path = Plan::checkpoint_path(&a.out, i);
    let ck = Arc::new(Checkpoint::open(&ckpt_path, &header)?);
    let resume = format!(
        "nqueens run-shard --plan {} --shard {i} --out {}",
        a.plan.display(),
        a.out.display()
    );
    let watcher = Arc::clone(&ck);
    signals::on_stop(move || watcher.exit_interrupted(&resume))?;
    let bar = Bar::new(format!("shard {i}"));
    let journal = Journal::new(&bar, &ck, Some(range.first..range.end));
    let start = Instant::now();
    let outcome = count_parts(solver, board, &opts, &journal);
    bar.finish();
    ck.sync()?;
    if let Some(e) = journal.failure() {
        return Err(e)
            .with_context(|| format!("cannot write to checkpoint {}", ckpt_path.display()));
    }
    outcome.map_err(|e| {
        let e = crate::memory::explain(e, budget, plan.n);
        anyhow::anyhow!(
            "shard {i}: {e:#}; its finished subproblems are kept in {}",
            ckpt_path.display()
        )
    })?;
    let all = journal.tallies();
    let subproblems: Vec<[u64; 3]> = all
        .iter()
        .map(|(&i, t)| [i, t.solutions, t.nodes])
        .collect();
    let result = ShardResult {
        format: RESULT_FORMAT.into(),
        version: VERSION,
        plan_hash: plan.hash.clone(),
        shard: i,
        first: range.first,
        end: range.end,
        total: subproblems.iter().map(|s| u128::from(s[1])).sum(),
        nodes: subproblems.iter().map(|s| u128::from(s[2])).sum(),
        subproblems,
        host: machine::host(),
        seconds: start.elapsed().as_secs_f64(),
        checksum: String::new(),
    }
    .seal();
    let path = Plan::result_path(&a.out, i);
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, serde_json::to_string(&result)? + "\n")
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, &path).with_context(|| format!("cannot write {}", path.display()))?;
    let _ = std::fs::remove_file(&ckpt_path);
    println!(
        "shard {i}: subproblems {}..{}, {} solutions, {} nodes, {:.3} s -> {}",
        range.first,
        range.end,
        result.total,
        result.nodes,
        result.seconds,
        path.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Every shard's result, or the lists of missing and damaged ones.
fn gather(plan: &Plan, dir: &Path) -> (Vec<ShardResult>, Vec<usize>, Vec<(usize, String)>) {
    let (mut good, mut missing, mut damaged) = (Vec::new(), Vec::new(), Vec::new());
    for r in &plan.shards {
        match ShardResult::load(dir, plan, r.shard) {
            Ok(Some(result)) => good.push(result),
            Ok(None) => missing.push(r.shard),
            Err(e) => damaged.push((r.shard, format!("{e:#}"))),
        }
    }
    (good, missing, damaged)
}

pub fn missing(a: MissingArgs) -> Result<ExitCode> {
    let plan = Plan::load(&a.plan)?;
    let (_, missing, damaged) = gather(&plan, &a.dir);
    let mut ids: Vec<usize> = missing
        .into_iter()
        .chain(damaged.into_iter().map(|(i, _)| i))
        .collect();
    ids.sort_unstable();
    if !ids.is_empty() {
        println!("{}", array_syntax(&ids));
    }
    Ok(ExitCode::SUCCESS)
}

pub fn merge(a: MergeArgs) -> Result<ExitCode> {
    let plan = Plan::load(&a.plan)?;
    if !a.dir.is_dir() {
        bail!("{} is not a directory of shard results", a.dir.display());
    }
    let (good, missing, damaged) = gather(&plan, &a.dir);
    if !missing.is_empty() || !damaged.is_empty() {
        let mut why = Vec::new();
        if !missing.is_empty() {
            why.push(format!("missing shards {}", array_syntax(&missing)));
        }
        if !damaged.is_empty() {
            let d: Vec<String> = damaged.iter().map(|(i, e)| format!("{i} ({e})")).collect();
            why.push(format!("damaged shards {}", d.join(", ")));
        }
        bail!(
            "cannot merge {}: {}; rerun them (nqueens missing lists their ids)",
            a.dir.display(),
            why.join("; ")
        );
    }
    // Every subproblem exactly once: the plan's ranges tile 0..subproblems,
    // and each result was checked to hold exactly its range.
    let tiles = plan.shards.windows(2).all(|w| w[0].end == w[1].first)
        && plan.shards.first().map(|r| r.first) == Some(0)
        && plan.shards.last().map(|r| r.end) == Some(plan.subproblems);
    if !tiles {
        bail!(
            "plan {} does not cover every subproblem exactly once",
            a.plan.display()
        );
    }
    let total: u128 = good.iter().map(|r| r.total).sum();
    let nodes: u128 = good.iter().map(|r| r.nodes).sum::<u128>() + u128::from(plan.prefix_nodes);
    let board = Board::new(plan.n)?;
    let unique = burnside(board, total, plan.fixed_180.into(), plan.fixed_90.into());
    let seconds: f64 = good.iter().map(|r| r.seconds).sum();
    let check = Check::of(plan.n, total, unique);
    let record = vec![
        ("n", plan.n.into()),
        ("solver", plan.solver.as_str().into()),
        ("shards", plan.shards.len().into()),
        ("subproblems", plan.subproblems.into()),
        ("total", total.into()),
        ("unique", unique.into()),
        ("fixed_180", u128::from(plan.fixed_180).into()),
        ("fixed_90", u128::from(plan.fixed_90).into()),
        ("nodes", nodes.into()),
        ("shard_seconds", seconds.into()),
        ("plan", plan.hash.as_str().into()),
        ("verified", check.verified().map_or(Cell::Null, Cell::Bool)),
    ];
    export::print_one(Format::from(a.format), &record)?;
    if let Check::Mismatch {
        total: t,
        unique: u,
    } = check
    {
        return Err(Mismatch(format!(
            "merged n = {}: {total} / {unique}, but OEIS says {t} / {u}",
            plan.n
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}
