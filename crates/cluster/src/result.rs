//! The result file each shard writes, and the checks that make a merge
//! trustworthy: a result's `checksum` (CRC-32 of the result without it)
//! catches damage, its `plan_hash` ties it to its plan, and it must hold
//! each piece of its range exactly once, adding up to its sums.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context, Result};
use nqueens_sched::{Fields, Total};
use serde::{Deserialize, Serialize};

use nqueens_files::checkpoint::crc32;

use crate::plan::{Plan, ShardRange, RESULT_FORMAT};

/// A result's fixed fields (format, hashes, sums, host name) take at most
/// this many bytes.
const RESULT_FIXED_BYTES: u64 = 4096;
/// A piece's record takes at most this many: six numbers of up to 20
/// digits, their commas and brackets.
const RESULT_PIECE_BYTES: u64 = 160;

/// What one shard found: the result file's fields, in the file's order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResult {
    /// [`RESULT_FORMAT`].
    pub format: String,
    /// Its plan's version.
    pub version: u32,
    /// Its plan's hash.
    pub plan_hash: String,
    /// The shard's id.
    pub shard: usize,
    /// Its first subproblem.
    pub first: u64,
    /// One past its last.
    pub end: u64,
    /// `[index, solutions, nodes]` per piece, in index order; a variant's
    /// pieces add `fixed_180, fixed_90, fundamental`.
    pub subproblems: Vec<Vec<u64>>,
    /// Solutions, summed in u128: a shard's total passes u64 from n = 29
    /// on.
    pub total: u128,
    /// Queens placed.
    pub nodes: u128,
    /// Solutions fixed by the half turn (a variant's pieces, the symmetry
    /// shard).
    #[serde(default)]
    pub fixed_180: u128,
    /// Solutions fixed by the quarter turn.
    #[serde(default)]
    pub fixed_90: u128,
    /// A variant's classes of solutions.
    #[serde(default)]
    pub fundamental: u128,
    /// The machine that ran it.
    pub host: String,
    /// Wall seconds of the shard's run.
    pub seconds: f64,
    /// CPU seconds of the process that ran it (version 3 on; the shard's
    /// own, as a run of several shards takes its CPU time before and
    /// after each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_seconds: Option<f64>,
    /// The CRC-32 of the result without it, 8 hex digits.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub checksum: String,
}

impl PartialEq<ShardRange> for ShardResult {
    fn eq(&self, r: &ShardRange) -> bool {
        self.shard == r.shard && self.first == r.first && self.end == r.end
    }
}

impl ShardResult {
    fn body_checksum(&self) -> String {
        let body = ShardResult {
            checksum: String::new(),
            ..self.clone()
        };
        format!(
            "{:08x}",
            crc32(
                serde_json::to_string(&body)
                    .expect("a result serializes")
                    .as_bytes()
            )
        )
    }

    /// The result of shard `range` of `plan` from what each piece found;
    /// where and how long it ran are the runner's to fill in.
    pub fn of(
        plan: &Plan,
        range: &ShardRange,
        width: usize,
        pieces: &BTreeMap<u64, Total>,
    ) -> ShardResult {
        let sums: Total = pieces.values().copied().sum();
        ShardResult {
            format: RESULT_FORMAT.into(),
            version: plan.version,
            plan_hash: plan.hash.clone(),
            shard: range.shard,
            first: range.first,
            end: range.end,
            subproblems: pieces
                .iter()
                .map(|(&i, f)| std::iter::once(i).chain(f.numbers(width)).collect())
                .collect(),
            total: sums.solutions,
            nodes: sums.nodes,
            fixed_180: sums.fixed_180,
            fixed_90: sums.fixed_90,
            fundamental: sums.unique,
            host: String::new(),
            seconds: 0.0,
            cpu_seconds: None,
            checksum: String::new(),
        }
    }

    /// The symmetry shard's result: the solutions fixed by the half turn
    /// and by the quarter turn, and the nodes of their searches.
    pub fn symmetric(plan: &Plan, range: &ShardRange, fixed: Total) -> ShardResult {
        ShardResult {
            nodes: fixed.symmetry_nodes,
            fixed_180: fixed.fixed_180,
            fixed_90: fixed.fixed_90,
            ..ShardResult::of(plan, range, 0, &BTreeMap::new())
        }
    }

    /// What a symmetry shard found.
    pub fn fixed(&self) -> Total {
        // Checked on loading to fit u64: they were written from u64.
        Total {
            fixed_180: self.fixed_180,
            fixed_90: self.fixed_90,
            symmetry_nodes: self.nodes,
            ..Total::default()
        }
    }

    /// What each piece found, `None` if a record is not `width` numbers
    /// after its index.
    fn pieces(&self, width: usize) -> Option<Vec<(u64, Total)>> {
        self.subproblems
            .iter()
            .map(|s| match s.split_first() {
                Some((&i, f)) if f.len() == width => Total::from_numbers(f).map(|f| (i, f)),
                _ => None,
            })
            .collect()
    }

    /// Its sums.
    pub fn sums(&self) -> Total {
        Total {
            solutions: self.total,
            nodes: self.nodes,
            fixed_180: self.fixed_180,
            fixed_90: self.fixed_90,
            unique: self.fundamental,
            ..Total::default()
        }
    }

    /// Its record: where it lies, what it found and how long it took.
    pub fn fields(&self) -> Fields {
        vec![
            ("shard", self.shard.into()),
            ("first", self.first.into()),
            ("end", self.end.into()),
            ("total", self.total.into()),
            ("nodes", self.nodes.into()),
            ("seconds", self.seconds.into()),
        ]
    }

    /// The same, with its checksum.
    pub fn seal(mut self) -> ShardResult {
        self.checksum = self.body_checksum();
        self
    }

    /// Reads shard `i`'s result from `dir` and checks it against `plan`:
    /// `Ok(None)` when there is none, `Err` with the reason when it is unusable.
    pub fn load(dir: &Path, plan: &Plan, i: usize) -> Result<Option<ShardResult>> {
        let path = Plan::result_path(dir, i);
        if std::fs::symlink_metadata(&path).is_err() {
            return Ok(None);
        }
        let range = plan.shard(i)?;
        let bound = RESULT_PIECE_BYTES
            .saturating_mul(range.end.saturating_sub(range.first))
            .saturating_add(RESULT_FIXED_BYTES);
        let text = nqueens_files::io::read_to_string_bounded(&path, "the shard result", bound)?;
        let r: ShardResult = serde_json::from_str(&text)
            .ok()
            .filter(|r: &ShardResult| r.format == RESULT_FORMAT)
            .context("not an nqueens shard result")?;
        if r.checksum != r.body_checksum() {
            bail!("checksum mismatch");
        }
        if r.plan_hash != plan.hash {
            bail!("made for another plan ({})", r.plan_hash);
        }
        if r.version != plan.version {
            bail!(
                "has format version {}, its plan {}",
                r.version,
                plan.version
            );
        }
        if r != range {
            bail!(
                "covers subproblems {}..{}, the plan says {}..{}",
                r.first,
                r.end,
                range.first,
                range.end
            );
        }
        if Some(i) == plan.symmetry_shard() {
            let fits = |x: u128| u64::try_from(x).is_ok();
            if !r.subproblems.is_empty()
                || r.total != 0
                || r.fundamental != 0
                || !(fits(r.nodes) && fits(r.fixed_180) && fits(r.fixed_90))
            {
                bail!("is not a symmetry shard's result");
            }
            return Ok(Some(r));
        }
        let indices = r.subproblems.iter().map(|s| s.first().copied());
        if !indices.eq((range.first..range.end).map(Some)) {
            bail!("does not count each of its subproblems exactly once");
        }
        let width = plan.task()?.width();
        let sums = r
            .pieces(width)
            .context("a piece's record has the wrong length")?
            .into_iter()
            .map(|(_, f)| f)
            .sum::<Total>();
        if sums != r.sums() {
            bail!("its totals do not add up");
        }
        Ok(Some(r))
    }

    /// What each of its pieces found, by index (a result loaded by
    /// [`ShardResult::load`] has them all).
    pub fn found(&self, width: usize) -> BTreeMap<u64, Total> {
        self.pieces(width).unwrap_or_default().into_iter().collect()
    }
}

/// Shard ids in Slurm array syntax: `3,9-11`.
pub fn array_syntax(ids: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ids.len() {
        let start = ids[i];
        while i + 1 < ids.len() && ids[i + 1] == ids[i] + 1 {
            i += 1;
        }
        parts.push(if ids[i] == start {
            start.to_string()
        } else {
            format!("{start}-{}", ids[i])
        });
        i += 1;
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slurm_array_syntax() {
        assert_eq!(array_syntax(&[3, 9, 10, 11]), "3,9-11");
        assert_eq!(array_syntax(&[0, 1, 2, 5, 7, 8]), "0-2,5,7-8");
        assert_eq!(array_syntax(&[]), "");
    }

    #[test]
    fn whole_microseconds_read_back_exactly_for_the_checksum() {
        // 1439002896 us once failed as the raw float 1.4390028959999999.
        let mut x: u64 = 1_439_002_896;
        for _ in 0..10_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407)
                >> 20;
            let seconds = x as f64 / 1e6;
            let back: f64 =
                serde_json::from_str(&serde_json::to_string(&seconds).unwrap()).unwrap();
            assert_eq!(back.to_bits(), seconds.to_bits(), "{x}");
        }
    }
}
