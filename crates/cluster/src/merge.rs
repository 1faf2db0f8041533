//! The merge (`nqueens merge`): every result checked against the plan and
//! added up into one report, assembled as `count` assembles it. A recount
//! counts K randomly chosen shards again here and refuses the merge if any
//! differs: a node that computes wrong gives a result whose checksum is
//! fine. The recount is by the plan's own search, or with `independent`
//! by a search that shares nothing with the halves join but the row set
//! ([`crate::independent`]).

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use nqueens::verify::Check;
use nqueens_kernel::Board;
use nqueens_sched::{
    count_parts, counts_record, summarize, Checked, Fields, Hooks, Kind, Options, Total, Value,
};
use nqueens_tasks::Task;

use crate::independent::{Independent, SOLVER};
use crate::note::Note;
use crate::plan::{Plan, Symmetry};
use crate::result::{array_syntax, ShardResult};
use crate::survey::{results_dir, Survey};

/// A merge to make: the plan, its results, and the shards to recount.
#[derive(Clone, Debug)]
pub struct MergeShards {
    /// The plan file.
    pub plan: PathBuf,
    /// Its results directory.
    pub dir: PathBuf,
    /// Shards to recount (1 to [`crate::MAX_SHARDS`]), and the seed that
    /// chooses them.
    pub recount: Option<(usize, u64)>,
    /// Recount by the independent search (a halves plan's row sets, each
    /// by a depth-first search of its own), not by the plan's search.
    pub independent: bool,
    /// The recount's run options (the depth is the plan's).
    pub run: Options,
}

/// A merged count: its record, and its check against what is published.
#[derive(Clone, Debug)]
pub struct Merged {
    fields: Fields,
    task: Task<'static>,
    n: usize,
    total: u128,
    unique: u128,
    check: Check,
}

impl Merged {
    /// The `merge` record of docs/formats.md.
    pub fn fields(&self) -> Fields {
        self.fields.clone()
    }

    /// An error where the merged count disagrees with what is published
    /// for it (OEIS, Pólya's theorem): the record is shown first, then
    /// refused.
    pub fn check(&self) -> Result<(), nqueens::Error> {
        nqueens::verify::work(self.task, self.n, self.total)
            .map_err(|m| nqueens::Error::mismatch(format!("merged {m}")))?;
        if let Check::Mismatch {
            total: t,
            unique: u,
        } = self.check
        {
            return Err(nqueens::Error::mismatch(format!(
                "merged n = {}: {} / {}, but OEIS says {t} / {u}",
                self.n, self.total, self.unique
            )));
        }
        Ok(())
    }
}

impl MergeShards {
    /// Checks every result against the plan (refusing missing and damaged
    /// shards, naming them), recounts the shards asked for (telling
    /// `note` of each), and adds the results up. Burnside's lemma refuses
    /// counts that cannot all be right.
    pub fn merge(&self, note: &dyn Fn(Note)) -> Result<Merged> {
        let plan = Plan::load(&self.plan)?;
        results_dir(&self.dir)?;
        if self.independent && (plan.work.as_str(), plan.solver.as_str()) != ("count", SOLVER) {
            bail!(
                "--independent recounts the row sets of a plan of the halves solver, each by a search of its own; this plan counts {} by {}: recount it with --recount alone",
                plan.work,
                plan.solver
            );
        }
        if let Some((k, _)) = self.recount {
            if k > plan.shards {
                bail!(
                    "--recount {k} is more than the plan's {} shards of subproblems",
                    plan.shards
                );
            }
        }
        let survey = Survey::of(&plan, &self.dir, |_| {});
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
                self.dir.display(),
                why.join("; ")
            );
        }
        let task = plan.task()?;
        let recounted = match self.recount {
            Some((k, seed)) => {
                let how = Recount {
                    k,
                    seed,
                    independent: self.independent,
                };
                recount_shards(&plan, &self.dir, task, &how, &self.run, note)?
            }
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
        let mut fields: Fields = vec![
            ("n", plan.n.into()),
            ("work", plan.work.as_str().into()),
            ("solver", plan.solver.as_str().into()),
            ("shards", plan.ids().into()),
            ("subproblems", plan.subproblems.into()),
        ];
        // The merged counts but the symmetric searches' nodes, which a plan's
        // symmetry shard or the plan itself holds, not the shards' runs.
        let counts = counts_record(&s, symmetries);
        fields.extend(counts.into_iter().filter(|(k, _)| *k != "symmetry_nodes"));
        let recounted = self.recount.map(|_| Value::Text(array_syntax(&recounted)));
        fields.extend([
            ("shard_seconds", survey.seconds.into()),
            ("cpu_seconds", survey.cpu_seconds.into()),
            ("plan", plan.hash.as_str().into()),
            ("verified", check.verified().into()),
            ("recounted", recounted.unwrap_or(Value::Null)),
            (
                "recount_method",
                self.recount.map(|_| method(self.independent)).into(),
            ),
            ("seed", self.recount.map(|(_, s)| s).into()),
        ]);
        Ok(Merged {
            fields,
            task,
            n: plan.n,
            total: s.total,
            unique: s.unique,
            check,
        })
    }
}

/// A recount asked for: how many shards, the seed that draws them, and
/// by which search.
struct Recount {
    k: usize,
    seed: u64,
    independent: bool,
}

/// The record's `recount_method`: `join` (the plan's own search, the
/// halves join for a halves plan) or `independent`.
fn method(independent: bool) -> &'static str {
    if independent {
        "independent"
    } else {
        "join"
    }
}

/// Counts `how.k` distinct shards of subproblems, chosen by `how.seed`,
/// and compares each piece with its result: a mismatch error names the
/// first that differs. Returns the ids recounted, in order.
fn recount_shards(
    plan: &Plan,
    dir: &Path,
    task: Task,
    how: &Recount,
    opts: &Options,
    note: &dyn Fn(Note),
) -> Result<Vec<usize>> {
    let Recount {
        k,
        seed,
        independent,
    } = *how;
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
    let again = independent
        .then(|| Checked::new(Independent, board, opts))
        .transpose()?;
    for &i in &chosen {
        let Some(result) = ShardResult::load(dir, plan, i)? else {
            bail!("shard {i}'s result went away during the merge");
        };
        let range = plan.shard(i)?;
        note(Note::Recounting {
            range: range.clone(),
            independent,
        });
        let counted = std::sync::Mutex::new(std::collections::BTreeMap::new());
        let watch = Recorder(&counted);
        let hooks = Hooks {
            select: Some(range.first..range.end),
            ..Hooks::watching(&watch)
        };
        match &again {
            Some(again) => count_parts(again, &hooks)?,
            None => count_parts(&count, &hooks)?,
        };
        let counted = counted.into_inner().unwrap_or_else(|e| e.into_inner());
        let recorded = result.found(task.width());
        if independent {
            // The search's nodes are its own: the solutions alone compare.
            let solutions = |f: Option<&nqueens_sched::Found>| f.map(|f| f.solutions);
            if let Some((index, found)) = recorded
                .iter()
                .find(|(index, found)| solutions(counted.get(index)) != Some(found.solutions))
            {
                return Err(nqueens::Error::mismatch(format!(
                    "shard {i} does not recount independently to its result: subproblem {index} gives solutions {} by a depth-first search of its row set, solutions {} by the join in {}; rerun the shard on another node (delete its result) and recount it again: if the two still differ, one of the two searches is wrong",
                    solutions(counted.get(index)).map_or("none".into(), |s| s.to_string()),
                    found.solutions,
                    Plan::result_path(dir, i).display()
                ))
                .into());
            }
            continue;
        }
        if let Some((index, found)) = recorded
            .iter()
            .find(|(index, found)| counted.get(index) != Some(found))
        {
            let width = task.width();
            return Err(nqueens::Error::mismatch(format!(
                "shard {i} does not recount to its result: subproblem {index} gives {} here, {} in {}; rerun it on another node (delete its result) before merging",
                shown(counted.get(index), width),
                shown(Some(found), width),
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

/// What a piece found, as a message names it: `solutions 40, nodes 362`
/// (and the fixed and fundamental counts of a kind that classifies its
/// solutions), or `no count` (P20: the Debug form of `Found` was shown).
fn shown(found: Option<&nqueens_sched::Found>, width: usize) -> String {
    const NAMES: [&str; 5] = ["solutions", "nodes", "fixed_180", "fixed_90", "fundamental"];
    match found {
        None => "no count".into(),
        Some(f) => NAMES
            .iter()
            .zip(f.fields(width))
            .map(|(name, v)| format!("{name} {v}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}
