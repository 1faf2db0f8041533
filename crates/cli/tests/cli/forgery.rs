//! A shard result forged as a faulty node or a forger would make it: a
//! count changed and the seal recomputed with the CRC-32 every seal uses
//! (`nqueens_files::checkpoint::crc32`: anyone can compute it), so every
//! checksum passes and only the checks past the seal (a known value,
//! Burnside's lemma, a recount) can tell.

use nqueens_files::checkpoint::crc32;

/// `text`, a shard result, with `by` added to its first subproblem's count
/// and to its total, and sealed again.
pub fn forged(text: &str, by: u64) -> String {
    forged_at(text, 0, by)
}

/// `text`, a shard result, with `by` added to the count of its subproblem
/// listed `k`-th and to its total, and sealed again.
pub fn forged_at(text: &str, k: usize, by: u64) -> String {
    let r: serde_json::Value = serde_json::from_str(text).unwrap();
    let (piece, total) = (&r["subproblems"][k], r["total"].as_u64().unwrap());
    let (index, solutions) = (piece[0].as_u64().unwrap(), piece[1].as_u64().unwrap());
    let checksum = format!(",\"checksum\":\"{}\"", r["checksum"].as_str().unwrap());
    let body = text
        .trim_end()
        .replace(&checksum, "")
        .replacen(
            &format!("[{index},{solutions},"),
            &format!("[{index},{},", solutions + by),
            1,
        )
        .replacen(
            &format!("\"total\":{total},"),
            &format!("\"total\":{},", total + by),
            1,
        );
    format!(
        "{},\"checksum\":\"{:08x}\"}}\n",
        body.strip_suffix('}').unwrap(),
        crc32(body.as_bytes())
    )
}
