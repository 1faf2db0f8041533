//! [`Note`]: what a runner says on the way, besides its answer (the
//! command line writes each on stderr, a line after `nqueens: `).

use std::fmt;
use std::path::PathBuf;

use nqueens_files::visible;

use crate::plan::ShardRange;

/// Something worth a line while shards run or merge.
///
/// ```
/// use nqueens_cluster::Note;
/// assert_eq!(
///     Note::Waiting { shard: 3 }.to_string(),
///     "shard 3 is running elsewhere; waiting for it to finish"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Note {
    /// Another live run holds the shard's lock: this one waits for it,
    /// then keeps the result it wrote.
    Waiting {
        /// The shard's id.
        shard: usize,
    },
    /// The shard's valid result is there already: it is not counted again.
    AlreadyDone {
        /// The shard's id.
        shard: usize,
        /// Its result file.
        result: PathBuf,
    },
    /// The shard's result is unusable: the shard is counted again.
    Unusable {
        /// The shard's id.
        shard: usize,
        /// The results directory.
        dir: PathBuf,
        /// Why (the result's refusal).
        why: String,
    },
    /// A merge counts the shard again, to compare it with its result.
    Recounting {
        /// The shard and its subproblems.
        range: ShardRange,
        /// By the independent search (`merge --independent`), not the
        /// plan's own.
        independent: bool,
    },
    /// Nothing but a recount checks the merged total: no published value
    /// covers this kind of work at this n, and not every shard was
    /// recounted, so a result forged with a consistent checksum would
    /// merge unseen.
    Unchecked {
        /// The kind of work.
        work: String,
        /// The board side.
        n: usize,
        /// Shards recounted (0 without `--recount`).
        recounted: usize,
        /// The plan's shards of subproblems.
        shards: usize,
    },
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Waiting { shard } => {
                write!(
                    f,
                    "shard {shard} is running elsewhere; waiting for it to finish"
                )
            }
            Note::AlreadyDone { shard, result } => {
                write!(
                    f,
                    "shard {shard} is already done: {}",
                    visible::path(result)
                )
            }
            Note::Unusable { shard, dir, why } => write!(
                f,
                "shard {shard}: the result in {} is unusable ({}); counting it again",
                visible::path(dir),
                visible::visible(why)
            ),
            Note::Unchecked {
                work,
                n,
                recounted,
                shards,
            } => write!(
                f,
                "no published value checks {} at n = {n}: a shard result forged with a consistent checksum merges unseen; only --recount catches it, in the shards it draws ({recounted} of {shards} recounted here)",
                visible::visible(work)
            ),
            Note::Recounting { range, independent } => write!(
                f,
                "recounting shard {} (subproblems {}..{}){}",
                range.shard,
                range.first,
                range.end,
                if *independent {
                    " by the independent search"
                } else {
                    ""
                }
            ),
        }
    }
}
