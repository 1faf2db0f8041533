//! A cluster plan: a versioned, hashed file that cuts a run of any kind of
//! work into K shards of consecutive piece indices.
//!
//! A plan names everything a shard needs (the kind of work, n, solver,
//! split depth, kernel version, the index range of every shard) and, for an
//! ordinary count, the symmetric counts, so a merge can give unique
//! solutions too (the variants classify theirs in the shards' results).
//! Its `hash` (CRC-32 of the plan without it) ties every result to the plan
//! it was made for.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::run::checkpoint::crc32;

/// The format tag and version of plans and results (2: the kind of work
/// is recorded, and a variant's pieces carry their symmetries).
pub const PLAN_FORMAT: &str = "nqueens-plan";
pub const RESULT_FORMAT: &str = "nqueens-shard";
pub const VERSION: u32 = 2;
/// The most shards a plan cuts a run into: past any cluster's job array
/// (Slurm's own ceiling is 4,000,001 only when raised from 1,001), and it
/// bounds how large a plan file can be.
pub const MAX_SHARDS: usize = 1 << 16;
/// The largest plan file: its fixed fields, and at most 128 bytes a shard
/// (`{"shard": 65535, "first": 2^64-1, "end": 2^64-1}` pretty-printed is 95).
const PLAN_MAX_BYTES: u64 = 4096 + 128 * MAX_SHARDS as u64;

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
    /// The kind of work (`nqueens_sched::Task::work`).
    pub work: String,
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
        let text = crate::io::read_to_string_bounded(path, "plan", PLAN_MAX_BYTES)?;
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

    /// The task the plan names.
    pub fn task(&self) -> Result<nqueens_sched::Task<'static>> {
        nqueens_sched::Task::parse(&self.work, &self.solver).with_context(|| {
            format!(
                "the plan's work '{}' with solver '{}' is not one this nqueens runs",
                self.work, self.solver
            )
        })
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
}
