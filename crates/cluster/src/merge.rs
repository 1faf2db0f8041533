//! The merge (`nqueens merge`): every result checked against the plan and
//! added up into one report, assembled as `count` assembles it. A recount
//! counts K randomly chosen shards again here and refuses the merge if any
//! differs: a node that computes wrong gives a result whose checksum is
//! fine. The recount is by the plan's own search, or with `independent`
//! by a search that shares nothing with the halves join but the row set
//! ([`crate::independent`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use nqueens::verify::Check;
use nqueens_kernel::Board;
use nqueens_puzzles::{dominate, pawns};
use nqueens_sched::{count_parts, Checked, Fields, Hooks, Kind, Options, Total, UniqueBy, Value};

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
    task: std::sync::Arc<dyn Kind>,
    board: Board,
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
        nqueens::verify::work(&*self.task, self.board, self.total)
            .map_err(|m| nqueens::Error::mismatch(format!("merged {m}")))?;
        if let Check::Mismatch {
            total: t,
            unique: u,
        } = self.check
        {
            return Err(nqueens::Error::mismatch(format!(
                "merged n = {}: {} / {}, but OEIS says {t} / {u}",
                self.board.n(),
                self.total,
                self.unique
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
                recount_shards(&plan, &self.dir, &task, &how, &self.run, note)?
            }
            None => Vec::new(),
        };
        if let Some(variant) = nqueens_tasks::variant_of(&*task) {
            check_images(&plan, &self.dir, variant)?;
        }
        // What catches a result forged with a consistent checksum: a
        // published value of the whole total, a recount of every shard, or
        // only a recount, in the shards it draws.
        let board = Board::new(plan.n)?;
        let published = nqueens::verify::published(&*task, board);
        let forgery_check = match published {
            Some(source) => format!("known value: {source}"),
            None if recounted.len() == plan.shards => "every shard recounted".into(),
            None => "recount only".into(),
        };
        // Said once the merge stands, not before a refusal.
        let unchecked = (forgery_check == "recount only").then(|| Note::Unchecked {
            work: plan.work.clone(),
            n: plan.n,
            recounted: recounted.len(),
            shards: plan.shards,
        });
        let sums = survey.sums + Total::plain(0, plan.prefix_nodes.into());
        let searched = match plan.symmetry {
            Symmetry::InPlan(f) => f,
            _ => survey
                .symmetric
                .as_ref()
                .map(ShardResult::fixed)
                .unwrap_or_default(),
        };
        // The searches of dominate and pawns count no symmetric sets: their
        // fixed counts are unknown, not 0 (at n = 7 the half turn fixes 2 of
        // the 86 minimum dominating sets).
        let symmetries = task.unique_by() != UniqueBy::Uncounted;
        // Burnside's lemma refuses counts that cannot all be right: a damaged
        // shard's checksum catches most errors, a wrong but sealed count only
        // this, or a recount.
        let s = sums.summarize(board, task.unique_by(), searched).map_err(|e| match e {
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
        let check = match task.unique_by() {
            UniqueBy::Searched => Check::of(board, s.solutions, s.unique),
            _ => Check::Unknown,
        };
        let mut fields: Fields = vec![
            ("n", plan.n.into()),
            ("work", plan.work.as_str().into()),
            ("solver", plan.solver.as_str().into()),
        ];
        fields.extend(minimum(&*task, board)?);
        fields.extend([
            ("shards", plan.ids().into()),
            ("subproblems", plan.subproblems.into()),
        ]);
        // The merged counts but the symmetric searches' nodes, which a plan's
        // symmetry shard or the plan itself holds, not the shards' runs.
        let counts = s.record(symmetries);
        fields.extend(counts.into_iter().filter(|(k, _)| *k != "symmetry_nodes"));
        let recounted = self.recount.map(|_| Value::Text(array_syntax(&recounted)));
        fields.extend([
            ("shard_seconds", survey.seconds.into()),
            ("cpu_seconds", survey.cpu_seconds.into()),
            ("plan", plan.hash.as_str().into()),
            ("verified", check.verified().into()),
            ("forgery_check", Value::Text(forgery_check)),
            ("recounted", recounted.unwrap_or(Value::Null)),
            (
                "recount_method",
                self.recount.map(|_| method(self.independent)).into(),
            ),
            ("seed", self.recount.map(|(_, s)| s).into()),
        ]);
        if let Some(unchecked) = unchecked {
            note(unchecked);
        }
        Ok(Merged {
            fields,
            task,
            board,
            total: s.solutions,
            unique: s.unique,
            check,
        })
    }
}

/// What the puzzles count the placements of, as `dominate --count` and
/// `pawns --count` print it: the queens of a minimum dominating set, or
/// the queens and the fewest pawns that separate them (P20: the merged
/// record had neither). Found again here, by the search the shards ran
/// first: it is fast next to the count. A domination number that is not
/// OEIS A075458's is refused, as `dominate` refuses it.
fn minimum(task: &dyn Kind, board: Board) -> Result<Fields> {
    let n = board.n();
    let dominating = nqueens_tasks::is_dominate(task);
    let (queens, pawns): (Option<usize>, Option<usize>) = match nqueens_tasks::pawns_of(task) {
        None if dominating => {
            let queens = dominate::Domination::new(board)?.minimum().queens();
            // As `dominate` checks it: OEIS A075458, where known.
            if let Some(&known) = nqueens_kernel::oeis::DOMINATION.get(n) {
                if known != queens {
                    return Err(nqueens::Error::mismatch(format!(
                        "n = {n}: found {queens} queens as the minimum, but OEIS A075458 says {known}"
                    ))
                    .into());
                }
            }
            (Some(queens), None)
        }
        Some(queens) => (
            Some(queens),
            Some(pawns::Problem::new(board, queens)?.minimum().pawns()),
        ),
        None => (None, None),
    };
    // Null (left out of text and JSON, an empty cell in CSV) for the
    // other kinds.
    Ok(vec![("queens", queens.into()), ("pawns", pawns.into())])
}

/// Checks what the square's symmetries fix among a variant's pieces,
/// which are its first-row columns: the mirror (column `c` to `n - 1 - c`)
/// maps the solutions of piece `c` onto those of piece `n - 1 - c` and
/// keeps the turns that fix them, so the two agree in solutions,
/// `fixed_180` and `fixed_90`; on the torus a shift by one column maps
/// piece `c`'s solutions onto piece `c + 1`'s, so every piece has as many
/// (OEIS A051906: the total divides by n). A forged piece whose images
/// are left as they were is refused, naming both; one changed with all its
/// images passes (a published total or `--recount` catches it).
fn check_images(plan: &Plan, dir: &Path, variant: nqueens::Variant) -> Result<()> {
    let width = nqueens_tasks::VariantCount(variant).width();
    let mut pieces = BTreeMap::new();
    for i in 0..plan.shards {
        let Some(result) = ShardResult::load(dir, plan, i)? else {
            bail!("shard {i}'s result went away during the merge");
        };
        pieces.extend(result.found(width));
    }
    match unlike_images(variant, plan.n as u64, &pieces) {
        Some((a, b, what, why)) => Err(nqueens::Error::mismatch(format!(
            "the shards' counts cannot all be right: first-row column {a} has {}, column {b} {} ({why}); find the wrong shard with --recount",
            describe(&pieces[&a], what),
            describe(&pieces[&b], what)
        ))
        .into()),
        None => Ok(()),
    }
}

/// The first two of a variant's `n` pieces (by first-row column) that
/// should agree and do not: the columns, the count that differs, and why
/// they should agree. `None` when all agree, or when the pieces are not
/// one a column (a split this check does not know).
fn unlike_images(
    variant: nqueens::Variant,
    n: u64,
    pieces: &BTreeMap<u64, Total>,
) -> Option<(u64, u64, &'static str, &'static str)> {
    if pieces.keys().copied().ne(0..n) {
        return None;
    }
    for c in 0..n / 2 {
        let (x, y) = (&pieces[&c], &pieces[&(n - 1 - c)]);
        for (what, a, b) in [
            ("solutions", x.solutions, y.solutions),
            ("fixed_180", x.fixed_180, y.fixed_180),
            ("fixed_90", x.fixed_90, y.fixed_90),
        ] {
            if a != b {
                return Some((c, n - 1 - c, what, "mirror images of each other"));
            }
        }
    }
    if variant == nqueens::Variant::Torus {
        if let Some(c) = (1..n).find(|c| pieces[c].solutions != pieces[&0].solutions) {
            return Some((
                0,
                c,
                "solutions",
                "on the torus a shift maps one column's solutions onto the other's",
            ));
        }
    }
    None
}

/// One count of a piece in words: `solutions 356`.
fn describe(found: &Total, what: &str) -> String {
    let v = match what {
        "fixed_180" => found.fixed_180,
        "fixed_90" => found.fixed_90,
        _ => found.solutions,
    };
    format!("{what} {v}")
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
    task: &std::sync::Arc<dyn Kind>,
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
    let count = Checked::of(task.clone(), board, opts)?;
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
            let solutions = |f: Option<&Total>| f.map(|f| f.solutions);
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
struct Recorder<'a>(&'a std::sync::Mutex<std::collections::BTreeMap<u64, Total>>);

impl nqueens_sched::Watch for Recorder<'_> {
    fn done(&self, index: u64, found: Total) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(index, found);
    }
}

/// What a piece found, as a message names it: `solutions 40, nodes 362`
/// (and the fixed and fundamental counts of a kind that classifies its
/// solutions), or `no count` (P20: the Debug form of the piece was shown).
fn shown(found: Option<&Total>, width: usize) -> String {
    const NAMES: [&str; 5] = ["solutions", "nodes", "fixed_180", "fixed_90", "fundamental"];
    match found {
        None => "no count".into(),
        Some(f) => NAMES
            .iter()
            .zip(f.numbers(width))
            .map(|(name, v)| format!("{name} {v}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens::Variant;

    /// Every column of both variants' honest counts, n = 1 to 13: the
    /// images agree; one column raised by eight breaks them.
    #[test]
    fn honest_variant_pieces_agree_with_their_images_and_a_forged_one_does_not() {
        for variant in [Variant::Torus, Variant::NoThreeInLine] {
            let task = nqueens_tasks::variant(variant);
            for n in 1..=13 {
                let board = Board::new(n).unwrap();
                let mut pieces = BTreeMap::new();
                let opts = Options {
                    depth: Some(1),
                    ..Options::sequential()
                };
                let count = Checked::of(task.clone(), board, opts).unwrap();
                let watch = Recorder(&std::sync::Mutex::new(BTreeMap::new()));
                count_parts(&count, &Hooks::watching(&watch)).unwrap();
                pieces.extend(watch.0.lock().unwrap().iter().map(|(&i, &f)| (i, f)));
                assert_eq!(pieces.len(), n, "{variant:?} n = {n}");
                assert_eq!(
                    unlike_images(variant, n as u64, &pieces),
                    None,
                    "{variant:?} n = {n}"
                );
                if n > 1 {
                    pieces.get_mut(&0).unwrap().solutions += 8;
                    let (a, b, what, _) = unlike_images(variant, n as u64, &pieces).unwrap();
                    assert_eq!((a, b, what), (0, n as u64 - 1, "solutions"));
                }
            }
        }
    }
}
