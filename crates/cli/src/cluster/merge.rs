//! `nqueens missing` and `nqueens merge`: which shards still lack a valid
//! result, and every result checked against the plan and added up into one
//! report, assembled as `count` assembles it. `merge --recount K` counts K
//! randomly chosen shards again here and refuses the merge if any differs:
//! a node that computes wrong gives a result whose checksum is fine.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use nqueens_kernel::Board;
use nqueens_sched::{count_parts, counts_record, summarize, Checked, Hooks, Kind, Options, Total};
use nqueens_tasks::Task;

use super::plan::{Plan, Symmetry, MAX_SHARDS};
use super::result::{array_syntax, ShardResult};
use crate::cli::{CountFormat, MissingArgs};
use crate::export::{self, Format};
use crate::request;
use nqueens::verify::Check;

/// What a survey of a results directory found, one shard at a time (a
/// million results are never held at once).
#[derive(Default)]
pub struct Survey {
    /// The sums of the valid results of subproblem shards.
    pub sums: Total,
    /// Their subproblems, wall seconds and CPU seconds (wall where a
    /// version 2 result has no CPU time).
    pub subproblems: u64,
    pub seconds: f64,
    pub cpu_seconds: f64,
    /// Shards with a valid result (the symmetry shard included).
    pub done: usize,
    /// The symmetry shard's result, when valid.
    pub symmetric: Option<ShardResult>,
    pub missing: Vec<usize>,
    pub damaged: Vec<(usize, String)>,
}

impl Survey {
    /// Every shard of `plan` in `dir`; `absent` says whether a shard with
    /// no result is merely missing (`status` asks it whether it runs).
    pub fn of(plan: &Plan, dir: &Path, mut absent: impl FnMut(usize)) -> Survey {
        let mut s = Survey::default();
        for i in 0..plan.ids() {
            match ShardResult::load(dir, plan, i) {
                Ok(Some(r)) => {
                    s.done += 1;
                    if Some(i) == plan.symmetry_shard() {
                        s.symmetric = Some(r);
                        continue;
                    }
                    s.sums = s.sums + r.sums();
                    s.subproblems += r.end - r.first;
                    s.seconds += r.seconds;
                    s.cpu_seconds += r.cpu_seconds.unwrap_or(r.seconds);
                }
                Ok(None) => {
                    absent(i);
                    s.missing.push(i);
                }
                Err(e) => s.damaged.push((i, format!("{e:#}"))),
            }
        }
        s
    }

    /// The ids of every shard still to run, or of every array task of
    /// `per_task` shards that holds one, in Slurm array syntax.
    pub fn to_run(&self, per_task: usize) -> Option<String> {
        let mut ids: Vec<usize> = self
            .missing
            .iter()
            .copied()
            .chain(self.damaged.iter().map(|&(i, _)| i))
            .map(|i| i / per_task)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        (!ids.is_empty()).then(|| array_syntax(&ids))
    }
}

/// Refuses a results directory that is not one: a typo must not make
/// every shard look missing (and resubmit the whole run).
pub fn results_dir(dir: &Path) -> Result<()> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => bail!("{} is not a directory of shard results", dir.display()),
        Err(e) => bail!("cannot open the results directory {}: {e}", dir.display()),
    }
}

pub fn missing(a: MissingArgs) -> Result<ExitCode> {
    let per_task = a
        .per_task
        .as_deref()
        .map(|p| nqueens::number::size(p, "--per-task", 1..=MAX_SHARDS, ""))
        .transpose()?
        .unwrap_or(1);
    let plan = Plan::load(&a.results.plan)?;
    results_dir(&a.results.dir)?;
    let survey = Survey::of(&plan, &a.results.dir, |_| {});
    let array = survey.to_run(per_task);
    match a.format {
        // The ids alone, as `sbatch --array=$(nqueens missing ...)` takes
        // them: nothing when every shard is done.
        CountFormat::Text => {
            if let Some(array) = &array {
                let mut out = std::io::stdout().lock();
                writeln!(out, "{array}")?;
                out.flush()?;
            }
        }
        format => {
            let record = vec![
                ("plan", plan.hash.as_str().into()),
                ("shards", plan.ids().into()),
                ("missing", survey.missing.len().into()),
                ("damaged", survey.damaged.len().into()),
                ("ids", array.into()),
            ];
            export::print_one(Format::from(format), &record)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn merge(a: request::Merge) -> Result<ExitCode> {
    let plan = Plan::load(&a.plan)?;
    results_dir(&a.dir)?;
    if let Some((k, _)) = a.recount {
        if k > plan.shards {
            bail!(
                "--recount {k} is more than the plan's {} shards of subproblems",
                plan.shards
            );
        }
    }
    let survey = Survey::of(&plan, &a.dir, |_| {});
    if !survey.missing.is_empty() || !survey.damaged.is_empty() {
        let mut why = Vec::new();
        if !survey.missing.is_empty() {
            why.push(format!("missing shards {}", array_syntax(&survey.missing)));
        }
        if !survey.damaged.is_empty() {
            let d: Vec<String> = survey
                .damaged
                .iter()
                .map(|(i, e)| format!("{i} ({e})"))
                .collect();
            why.push(format!("damaged shards {}", d.join(", ")));
        }
        bail!(
            "cannot merge {}: {}; rerun them (nqueens missing lists their ids)",
            a.dir.display(),
            why.join("; ")
        );
    }
    let task = plan.task()?;
    let recounted = match a.recount {
        Some((k, seed)) => recount_shards(&plan, &a.dir, task, k, seed, &a.run)?,
        None => Vec::new(),
    };
    let board = Board::new(plan.n)?;
    let sums = survey.sums + Total::plain(0, plan.prefix_nodes.into());
    let symmetry = match (task, plan.symmetry) {
        (Task::Solver(_), Symmetry::InPlan(f)) => nqueens_sched::Symmetry::Searched(f),
        (Task::Solver(_), _) => nqueens_sched::Symmetry::Searched(
            survey
                .symmetric
                .as_ref()
                .map(ShardResult::fixed)
                .unwrap_or_default(),
        ),
        (Task::Variant(_), _) => nqueens_sched::Symmetry::Classified,
        _ => nqueens_sched::Symmetry::Uncounted,
    };
    // The searches of dominate and pawns count no symmetric sets: their
    // fixed counts are unknown, not 0 (at n = 7 the half turn fixes 2 of
    // the 86 minimum dominating sets).
    let symmetries = symmetry != nqueens_sched::Symmetry::Uncounted;
    // Burnside's lemma refuses counts that cannot all be right: a damaged
    // shard's checksum catches most errors, a wrong but sealed count only
    // this, or a recount.
    let s = summarize(board, &sums, symmetry).map_err(|e| match e {
        nqueens_sched::Error::Inconsistent {
            total,
            fixed_180,
            fixed_90,
        } => nqueens::Error::mismatch(format!(
            "the shards' counts cannot all be right: total {total} + fixed_180 {fixed_180} + 2 x fixed_90 {fixed_90} is not a multiple of 8 (Burnside's lemma); find the wrong shard with --recount"
        ))
        .into(),
        e => anyhow::Error::from(e),
    })?;
    // The published tables are of the ordinary count.
    let check = match task {
        Task::Solver(_) => Check::of(plan.n, s.total, s.unique),
        _ => Check::Unknown,
    };
    let mut record: export::Record = vec![
        ("n", plan.n.into()),
        ("work", plan.work.as_str().into()),
        ("solver", plan.solver.as_str().into()),
        ("shards", plan.ids().into()),
        ("subproblems", plan.subproblems.into()),
    ];
    // The merged counts but the symmetric searches' nodes, which a plan's
    // symmetry shard or the plan itself holds, not the shards' runs.
    let counts = counts_record(&s, symmetries);
    record.extend(
        export::cells(counts)
            .into_iter()
            .filter(|(k, _)| *k != "symmetry_nodes"),
    );
    record.extend([
        ("shard_seconds", survey.seconds.into()),
        ("cpu_seconds", survey.cpu_seconds.into()),
        ("plan", plan.hash.as_str().into()),
        ("verified", check.verified().into()),
        (
            "recounted",
            a.recount.map(|_| array_syntax(&recounted)).into(),
        ),
        ("seed", a.recount.map(|(_, s)| s).into()),
    ]);
    export::print_one(Format::from(a.format), &record)?;
    nqueens::verify::work(task, plan.n, s.total)
        .map_err(|m| nqueens::Error::mismatch(format!("merged {m}")))?;
    if let Check::Mismatch {
        total: t,
        unique: u,
    } = check
    {
        return Err(nqueens::Error::mismatch(format!(
            "merged n = {}: {} / {}, but OEIS says {t} / {u}",
            plan.n, s.total, s.unique
        ))
        .into());
    }
    Ok(ExitCode::SUCCESS)
}

/// Counts `k` distinct shards of subproblems, chosen by `seed`, and
/// compares each piece with its result: a mismatch error names the first
/// that differs. Returns the ids recounted, in order.
fn recount_shards(
    plan: &Plan,
    dir: &Path,
    task: Task,
    k: usize,
    seed: u64,
    opts: &Options,
) -> Result<Vec<usize>> {
    // A partial Fisher-Yates shuffle of the subproblem shards' ids, kept
    // sparse: k swaps touch at most 2k entries.
    let mut rng = SplitMix(seed);
    let mut swapped = std::collections::HashMap::new();
    let mut chosen = Vec::with_capacity(k);
    for j in 0..k {
        let r = j + rng.below(plan.shards - j);
        let at_r = *swapped.get(&r).unwrap_or(&r);
        let at_j = *swapped.get(&j).unwrap_or(&j);
        swapped.insert(r, at_j);
        chosen.push(at_r);
    }
    chosen.sort_unstable();
    let board = Board::new(plan.n)?;
    let opts = Options {
        depth: Some(plan.depth),
        ..*opts
    };
    // The plan's board and depth, checked as typed ones are.
    let count = Checked::new(task, board, opts)?;
    for &i in &chosen {
        let Some(result) = ShardResult::load(dir, plan, i)? else {
            bail!("shard {i}'s result went away during the merge");
        };
        let range = plan.shard(i)?;
        eprintln!(
            "nqueens: recounting shard {i} (subproblems {}..{})",
            range.first, range.end
        );
        let counted = std::sync::Mutex::new(std::collections::BTreeMap::new());
        let watch = Recorder(&counted);
        let hooks = Hooks {
            select: Some(range.first..range.end),
            ..Hooks::watching(&watch)
        };
        count_parts(&count, &hooks)?;
        let counted = counted.into_inner().unwrap_or_else(|e| e.into_inner());
        let recorded = result.found(task.width());
        if let Some((index, found)) = recorded
            .iter()
            .find(|(index, found)| counted.get(index) != Some(found))
        {
            return Err(nqueens::Error::mismatch(format!(
                "shard {i} does not recount to its result: subproblem {index} gives {:?} here, {found:?} in {}; rerun it on another node (delete its result) before merging",
                counted.get(index),
                Plan::result_path(dir, i).display()
            ))
            .into());
        }
    }
    Ok(chosen)
}

/// SplitMix64: a seeded choice that any build repeats.
struct SplitMix(u64);

impl SplitMix {
    /// A number below `bound` (> 0); the modulo bias is below 2^-40 for
    /// any number of shards.
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % bound as u64) as usize
    }
}

/// Keeps what each recounted piece found.
struct Recorder<'a>(&'a std::sync::Mutex<std::collections::BTreeMap<u64, nqueens_sched::Found>>);

impl nqueens_sched::Watch for Recorder<'_> {
    fn done(&self, index: u64, found: nqueens_sched::Found) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(index, found);
    }
}
