//! A cluster plan: a versioned, hashed file that cuts a run of any kind of
//! work into K shards of consecutive piece indices.
//!
//! A plan names everything a shard needs (the kind of work, n, solver,
//! split depth, kernel version, the number of subproblems and of shards)
//! and the rule that gives every shard its range: shard `i` of `K` holds
//! the subproblems `M i / K .. M (i + 1) / K`, so a plan stays a few
//! hundred bytes at any number of shards. An ordinary count needs the
//! solutions fixed by the half and the quarter turn beside its total (for
//! unique solutions): they are one more shard, numbered `K`, that counts
//! no subproblem. Its `hash` (CRC-32 of the plan without it) ties every
//! result to the plan it was made for.
//!
//! Version 2 plans (the symmetric counts inside the plan, every range
//! listed) are still read, so earlier runs merge as they did.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use nqueens_kernel::Board;
use nqueens_sched::{Layout, Total};
use serde::{Deserialize, Serialize};

use nqueens_files::checkpoint::crc32;

/// The format tag of plans.
pub const PLAN_FORMAT: &str = "nqueens-plan";
/// The format tag of shard results.
pub const RESULT_FORMAT: &str = "nqueens-shard";
/// The version of plans and results made (3: the shards' ranges follow
/// from their number, and the symmetric counts are a shard of their own;
/// 2: the kind of work is recorded).
pub const VERSION: u32 = 3;
/// The earlier version still read.
const VERSION_2: u32 = 2;
/// The most shards a plan cuts a run into: 2^22, past a million-task run
/// on any cluster (Slurm's MaxArraySize is at most 4,000,001).
pub const MAX_SHARDS: usize = 1 << 22;
/// The largest plan file: a version 3 plan is a few hundred bytes; a
/// version 2 one lists at most 65,536 ranges of at most 128 bytes each.
const PLAN_MAX_BYTES: u64 = 4096 + 128 * (1 << 16);

/// A shard's subproblems: indices `first..end` of the plan's split.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardRange {
    /// The shard's id.
    pub shard: usize,
    /// First subproblem index of the shard.
    pub first: u64,
    /// One past the last.
    pub end: u64,
}

/// Where an ordinary count's symmetric counts come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// In the plan itself (version 2).
    InPlan(Total),
    /// From the symmetry shard's result (version 3).
    Shard,
    /// The kind of work needs none (variants classify their own; the
    /// puzzles count no symmetry).
    None,
}

/// A plan as read or made: the same for both versions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The file's format version (2 or 3).
    pub version: u32,
    /// The kernel version whose split the indices are of.
    pub kernel: String,
    /// The kind of work (`nqueens_sched::Kind::work`).
    pub work: String,
    /// The board side.
    pub n: usize,
    /// The solver that splits the work.
    pub solver: String,
    /// The split depth.
    pub depth: usize,
    /// The subproblems of the split, every shard's together.
    pub subproblems: u64,
    /// The nodes of the split itself (counted once, by the merge).
    pub prefix_nodes: u64,
    /// Shards that count subproblems (the symmetry shard aside).
    pub shards: usize,
    /// Where the symmetric counts come from.
    pub symmetry: Symmetry,
    /// A version 2 plan's listed ranges.
    listed: Option<Vec<ShardRange>>,
    /// The CRC-32 of the file without it, 8 hex digits.
    pub hash: String,
}

/// What both versions of a plan file begin with, in this order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Head {
    format: String,
    version: u32,
    kernel: String,
    work: String,
    n: usize,
    solver: String,
    depth: usize,
    subproblems: u64,
    prefix_nodes: u64,
}

/// A version 3 plan file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileV3 {
    #[serde(flatten)]
    head: Head,
    shards: usize,
    /// How the ranges follow from the number of shards.
    cut: String,
    /// `"shard"`: the symmetric counts are shard `shards`; `"none"`.
    symmetry: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    hash: String,
}

/// A version 2 plan file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct FileV2 {
    #[serde(flatten)]
    head: Head,
    fixed_180: u64,
    fixed_90: u64,
    symmetry_nodes: u64,
    shards: Vec<ShardRange>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    hash: String,
}

/// The one rule a version 3 plan cuts by.
const EVEN_CUT: &str = "even";

/// A plan file, sealed by its `hash`: the CRC-32 of its text without it.
trait Sealed: Serialize + Clone {
    fn hash_mut(&mut self) -> &mut String;

    /// The hash of the file's body, as 8 hex digits.
    fn body_hash(&self) -> String {
        let mut body = self.clone();
        body.hash_mut().clear();
        let text = serde_json::to_string(&body).expect("a plan serializes");
        format!("{:08x}", crc32(text.as_bytes()))
    }
}

impl Sealed for FileV3 {
    fn hash_mut(&mut self) -> &mut String {
        &mut self.hash
    }
}

impl Sealed for FileV2 {
    fn hash_mut(&mut self) -> &mut String {
        &mut self.hash
    }
}

impl Plan {
    /// A version 3 plan that cuts the `layout` of `work` by `solver` on
    /// the n x n board into `shards` shards, and with `symmetric` one
    /// more for the symmetric counts; sealed with its hash.
    pub fn new(
        work: String,
        solver: String,
        board: Board,
        layout: &Layout,
        shards: usize,
        symmetric: bool,
    ) -> Plan {
        let mut plan = Plan {
            version: VERSION,
            kernel: nqueens_kernel::VERSION.into(),
            work,
            n: board.n(),
            solver,
            depth: layout.depth,
            subproblems: layout.subproblems as u64,
            prefix_nodes: layout.prefix_nodes,
            shards,
            symmetry: if symmetric {
                Symmetry::Shard
            } else {
                Symmetry::None
            },
            listed: None,
            hash: String::new(),
        };
        plan.hash = plan.file().body_hash();
        plan
    }

    fn file(&self) -> FileV3 {
        FileV3 {
            head: Head {
                format: PLAN_FORMAT.into(),
                version: VERSION,
                kernel: self.kernel.clone(),
                work: self.work.clone(),
                n: self.n,
                solver: self.solver.clone(),
                depth: self.depth,
                subproblems: self.subproblems,
                prefix_nodes: self.prefix_nodes,
            },
            shards: self.shards,
            cut: EVEN_CUT.into(),
            symmetry: match self.symmetry {
                Symmetry::Shard => "shard".into(),
                _ => "none".into(),
            },
            hash: self.hash.clone(),
        }
    }

    /// The plan file's text (version 3).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.file()).expect("a plan serializes")
    }

    /// Shard `i`'s range of `k` over `subproblems`: sizes differ by at most
    /// one.
    pub fn even_range(subproblems: u64, k: usize, i: usize) -> ShardRange {
        let at = |j: usize| (u128::from(subproblems) * j as u128 / k as u128) as u64;
        ShardRange {
            shard: i,
            first: at(i),
            end: at(i + 1),
        }
    }

    /// The plan a file holds: its `head` and the rest, read by version.
    fn read(
        head: Head,
        shards: usize,
        symmetry: Symmetry,
        listed: Option<Vec<ShardRange>>,
        hash: String,
    ) -> Plan {
        Plan {
            version: head.version,
            kernel: head.kernel,
            work: head.work,
            n: head.n,
            solver: head.solver,
            depth: head.depth,
            subproblems: head.subproblems,
            prefix_nodes: head.prefix_nodes,
            shards,
            symmetry,
            listed,
            hash,
        }
    }

    /// Reads and checks a plan file.
    pub fn load(path: &Path) -> Result<Plan> {
        let text = nqueens_files::io::read_to_string_bounded(path, "plan", PLAN_MAX_BYTES)?;
        let not_a_plan = || format!("{} is not an nqueens plan", path.display());
        let value: serde_json::Value = serde_json::from_str(&text).with_context(not_a_plan)?;
        if value.get("format").and_then(|f| f.as_str()) != Some(PLAN_FORMAT) {
            bail!(not_a_plan());
        }
        let version = value.get("version").and_then(|v| v.as_u64());
        let plan = match version {
            Some(v) if v == u64::from(VERSION) => {
                let f: FileV3 = serde_json::from_value(value).with_context(not_a_plan)?;
                if f.hash != f.body_hash() {
                    bail!(damaged(path));
                }
                if f.cut != EVEN_CUT || !matches!(f.symmetry.as_str(), "shard" | "none") {
                    bail!(not_a_plan());
                }
                let symmetry = if f.symmetry == "shard" {
                    Symmetry::Shard
                } else {
                    Symmetry::None
                };
                Plan::read(f.head, f.shards, symmetry, None, f.hash)
            }
            Some(v) if v == u64::from(VERSION_2) => {
                let f: FileV2 = serde_json::from_value(value).with_context(not_a_plan)?;
                if f.hash != f.body_hash() {
                    bail!(damaged(path));
                }
                let symmetry = if f.head.work == "count" {
                    Symmetry::InPlan(Total {
                        fixed_180: f.fixed_180.into(),
                        fixed_90: f.fixed_90.into(),
                        symmetry_nodes: f.symmetry_nodes.into(),
                        ..Total::default()
                    })
                } else {
                    Symmetry::None
                };
                Plan::read(f.head, f.shards.len(), symmetry, Some(f.shards), f.hash)
            }
            Some(v) => bail!(
                "plan {} has format version {v}, this nqueens reads versions {VERSION_2} and {VERSION}",
                path.display()
            ),
            None => bail!(not_a_plan()),
        };
        if plan.kernel != nqueens_kernel::VERSION {
            bail!(
                "plan {} was made by kernel {}, this is kernel {}: subproblem indices may differ",
                path.display(),
                plan.kernel,
                nqueens_kernel::VERSION
            );
        }
        plan.check(path)?;
        Ok(plan)
    }

    /// What a plan whose hash matches may still get wrong (a plan edited
    /// and re-hashed, or made by a faulty build): its shards must tile its
    /// subproblems exactly, within the limits.
    fn check(&self, path: &Path) -> Result<()> {
        let bad = |why: &str| anyhow::anyhow!("plan {} is not usable: {why}", path.display());
        if self.shards == 0 || self.shards > MAX_SHARDS {
            return Err(bad(&format!(
                "it has {} shards (1 to {MAX_SHARDS})",
                self.shards
            )));
        }
        if self.subproblems < self.shards as u64 {
            return Err(bad(&format!(
                "it has more shards ({}) than subproblems ({})",
                self.shards, self.subproblems
            )));
        }
        if let Some(list) = &self.listed {
            let tiles = list.iter().enumerate().all(|(i, r)| r.shard == i)
                && list.first().map(|r| r.first) == Some(0)
                && list.last().map(|r| r.end) == Some(self.subproblems)
                && list.windows(2).all(|w| w[0].end == w[1].first)
                && list.iter().all(|r| r.first <= r.end);
            if !tiles {
                return Err(bad("its shards do not cover every subproblem exactly once"));
            }
        }
        Ok(())
    }

    /// The task the plan names.
    pub fn task(&self) -> Result<std::sync::Arc<dyn nqueens_sched::Kind>> {
        nqueens_tasks::parse(&self.work, &self.solver).with_context(|| {
            format!(
                "the plan's work '{}' with solver '{}' is not one this nqueens runs",
                self.work, self.solver
            )
        })
    }

    /// Every shard id, the symmetry shard included: `0..ids()`.
    pub fn ids(&self) -> usize {
        self.shards + usize::from(self.symmetry == Symmetry::Shard)
    }

    /// The symmetry shard's id, if the plan has one.
    pub fn symmetry_shard(&self) -> Option<usize> {
        (self.symmetry == Symmetry::Shard).then_some(self.shards)
    }

    /// Shard `i`'s range (the symmetry shard's is empty, at the end).
    pub fn shard(&self, i: usize) -> Result<ShardRange> {
        if i >= self.ids() {
            bail!(
                "shard {i} is not in the plan (it has shards 0 to {})",
                self.ids() - 1
            );
        }
        if Some(i) == self.symmetry_shard() {
            return Ok(ShardRange {
                shard: i,
                first: self.subproblems,
                end: self.subproblems,
            });
        }
        Ok(match &self.listed {
            Some(list) => list[i].clone(),
            None => Plan::even_range(self.subproblems, self.shards, i),
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

    /// Where shard `i`'s lock lies in `dir`.
    pub fn lock_path(dir: &Path, i: usize) -> PathBuf {
        dir.join(format!("shard-{i}.lock"))
    }
}

fn damaged(path: &Path) -> String {
    format!(
        "plan {} is damaged or was edited (its hash does not match its content)",
        path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layout of n = 12 (the numbers need not be the solver's).
    const LAYOUT: Layout = Layout {
        depth: 6,
        subproblems: 231,
        prefix_nodes: 0,
    };

    #[test]
    fn ranges_cover_every_index_once_and_differ_by_at_most_one() {
        for (m, k) in [
            (462u64, 16usize),
            (10, 3),
            (5, 5),
            (4, 3),
            (10_029_150, 1_000_000),
        ] {
            let r: Vec<ShardRange> = (0..k).map(|i| Plan::even_range(m, k, i)).collect();
            assert_eq!(r[0].first, 0);
            assert_eq!(r[k - 1].end, m);
            assert!(r.windows(2).all(|w| w[0].end == w[1].first));
            let sizes: Vec<u64> = r.iter().map(|s| s.end - s.first).collect();
            assert!(
                sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1,
                "{m} / {k}"
            );
        }
    }

    #[test]
    fn the_largest_counts_do_not_overflow_the_cut() {
        let k = MAX_SHARDS;
        let last = Plan::even_range(u64::MAX, k, k - 1);
        assert_eq!(last.end, u64::MAX);
        assert!(last.first < last.end);
    }

    #[test]
    fn a_plan_reads_back_as_made_and_its_symmetry_shard_comes_last() {
        let plan = Plan::new(
            "count".into(),
            "halves".into(),
            Board::new(12).unwrap(),
            &LAYOUT,
            7,
            true,
        );
        let dir = std::env::temp_dir().join(format!("nqueens-plan-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("plan.json");
        std::fs::write(&path, plan.to_json()).unwrap();
        let back = Plan::load(&path).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(back, plan);
        assert_eq!((plan.ids(), plan.symmetry_shard()), (8, Some(7)));
        assert_eq!(plan.shard(7).unwrap().first, 231);
        assert_eq!(plan.shard(6).unwrap().end, 231);
        assert!(plan.shard(8).is_err());
    }

    #[test]
    fn a_plan_file_keeps_its_keys_in_order_and_refuses_one_it_does_not_know() {
        let plan = Plan::new(
            "count".into(),
            "halves".into(),
            Board::new(12).unwrap(),
            &LAYOUT,
            7,
            true,
        );
        let text = plan.to_json();
        let keys: Vec<&str> = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix('"')?.split('"').next())
            .collect();
        assert_eq!(
            keys,
            [
                "format",
                "version",
                "kernel",
                "work",
                "n",
                "solver",
                "depth",
                "subproblems",
                "prefix_nodes",
                "shards",
                "cut",
                "symmetry",
                "hash"
            ]
        );
        let dir = std::env::temp_dir().join(format!("nqueens-plan-keys-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("plan.json");
        // A field no version has is refused before the hash is checked.
        let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
        file["extra"] = 1.into();
        std::fs::write(&path, file.to_string()).unwrap();
        let err = Plan::load(&path).unwrap_err().to_string();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(err.ends_with("is not an nqueens plan"), "{err}");
    }
}
