//! Cluster shards: a versioned, hashed plan that cuts a count into K shards
//! of consecutive subproblem indices, the result file each shard writes,
//! and the checks that make a merge trustworthy.
//!
//! A plan names everything a shard needs (n, solver, split depth, kernel
//! version, the index range of every shard) and the symmetric counts, so a
//! merge can give unique solutions too. Its `hash` (CRC-32 of the plan
//! without it) ties every result to the plan it was made for; a result's
//! `checksum` (CRC-32 of the result without it) catches damage.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::checkpoint::crc32;

/// The format tag and version of plans and results.
pub const PLAN_FORMAT: &str = "nqueens-plan";
pub const RESULT_FORMAT: &str = "nqueens-shard";
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardRange {
    pub shard: usize,
    /// First subproblem index of the shard.
    pub first: u64,
    /// One past the last.
    pub end: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub format: String,
    pub version: u32,
    pub kernel: String,
    pub n: usize,
    pub solver: String,
    pub depth: usize,
    pub subproblems: u64,
    pub prefix_nodes: u64,
    pub fixed_180: u64,
    pub fixed_90: u64,
    pub symmetry_nodes: u64,
    pub shards: Vec<ShardRange>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub hash: String,
}

impl Plan {
    /// Cuts `subproblems` into `k` ranges of consecutive indices, sizes
    /// differing by at most one.
    pub fn ranges(subproblems: u64, k: usize) -> Vec<ShardRange> {
        let k64 = k as u64;
        (0..k64)
            .map(|i| ShardRange {
                shard: i as usize,
                first: subproblems * i / k64,
                end: subproblems * (i + 1) / k64,
            })
            .collect()
    }

    fn body_hash(&self) -> String {
        let body = Plan {
            hash: String::new(),
            ..self.clone()
        };
        format!(
            "{:08x}",
            crc32(
                serde_json::to_string(&body)
                    .expect("a plan serializes")
                    .as_bytes()
            )
        )
    }

    /// Sets the hash from the rest of the plan.
    pub fn seal(mut self) -> Plan {
        self.hash = self.body_hash();
        self
    }

    /// Reads and checks a plan file.
    pub fn load(path: &Path) -> Result<Plan> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read plan {}", path.display()))?;
        let plan: Plan = serde_json::from_str(&text)
            .ok()
            .filter(|p: &Plan| p.format == PLAN_FORMAT)
            .with_context(|| format!("{} is not an nqueens plan", path.display()))?;
        if plan.version != VERSION {
            bail!(
                "plan {} has format version {}, this nqueens reads version {VERSION}",
                path.display(),
                plan.version
            );
        }
        if plan.hash != plan.body_hash() {
            bail!(
                "plan {} is damaged or was edited (its hash does not match its content)",
                path.display()
            );
        }
        if plan.kernel != nqueens_kernel::VERSION {
            bail!(
                "plan {} was made by kernel {}, this is kernel {}: subproblem indices may differ",
                path.display(),
                plan.kernel,
                nqueens_kernel::VERSION
            );
        }
        Ok(plan)
    }

    pub fn shard(&self, i: usize) -> Result<&ShardRange> {
        self.shards.get(i).with_context(|| {
            format!(
                "shard {i} is not in the plan (it has shards 0 to {})",
                self.shards.len() - 1
            )
        })
    }

    /// Where shard `i` writes its result in `dir`.
    pub fn result_path(dir: &Path, i: usize) -> PathBuf {
        dir.join(format!("shard-{i}.json"))
    }

    /// Where shard `i` keeps its checkpoint in `dir`.
    pub fn checkpoint_path(dir: &Path, i: usize) -> PathBuf {
        dir.join(format!("shard-{i}.ckpt"))
    }
}

/// What one shard found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResult {
    pub format: String,
    pub version: u32,
    pub plan_hash: String,
    pub shard: usize,
    pub first: u64,
    pub end: u64,
    /// `[index, solutions, nodes]` per subproblem, in index order.
    pub subproblems: Vec<[u64; 3]>,
    /// Sums in u128: a shard's total passes u64 from n = 29 on.
    pub total: u128,
    pub nodes: u128,
    pub host: String,
    pub seconds: f64,
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

    pub fn seal(mut self) -> ShardResult {
        self.checksum = self.body_checksum();
        self
    }

    /// Reads shard `i`'s result from `dir` and checks it against `plan`:
    /// `Ok(None)` when there is none, `Err` with the reason when it is unusable.
    pub fn load(dir: &Path, plan: &Plan, i: usize) -> Result<Option<ShardResult>> {
        let path = Plan::result_path(dir, i);
        if !path.exists() {
            return Ok(None);
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
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
        let range = plan.shard(i)?;
        if r != *range {
            bail!(
                "covers subproblems {}..{}, the plan says {}..{}",
                r.first,
                r.end,
                range.first,
                range.end
            );
        }
        let indices: Vec<u64> = r.subproblems.iter().map(|s| s[0]).collect();
        if indices != (range.first..range.end).collect::<Vec<_>>() {
            bail!("does not count each of its subproblems exactly once");
        }
        let (total, nodes) = r.subproblems.iter().fold((0u128, 0u128), |(t, n), s| {
            (t + u128::from(s[1]), n + u128::from(s[2]))
        });
        if (total, nodes) != (r.total, r.nodes) {
            bail!("its totals do not add up");
        }
        Ok(Some(r))
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
    fn ranges_cover_every_index_once_and_differ_by_at_most_one() {
        for (m, k) in [(462u64, 16usize), (10, 3), (5, 5), (3, 4)] {
            let r = Plan::ranges(m, k);
            assert_eq!(r.len(), k);
            assert_eq!(r[0].first, 0);
            assert_eq!(r[k - 1].end, m);
            assert!(r.windows(2).all(|w| w[0].end == w[1].first));
            let sizes: Vec<u64> = r.iter().map(|s| s.end - s.first).collect();
            assert!(
                sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1,
                "{sizes:?}"
            );
        }
    }

    #[test]
    fn slurm_array_syntax() {
        assert_eq!(array_syntax(&[3, 9, 10, 11]), "3,9-11");
        assert_eq!(array_syntax(&[0, 1, 2, 5, 7, 8]), "0-2,5,7-8");
        assert_eq!(array_syntax(&[]), "");
    }
}
