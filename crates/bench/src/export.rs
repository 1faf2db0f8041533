//! `--export-json FILE` and `--export-markdown FILE`: the rows as
//! hyperfine's options of the same names write them, rewritten whole after
//! each board size so a late failure loses nothing.
//!
//! JSON: `{"results": [...]}`, each result with hyperfine's keys
//! (`command`, `mean`, `stddev`, `median`, `user`, `system`, `min`, `max`,
//! `times`, `exit_codes`, `parameters`), so hyperfine's own scripts read
//! it, and then the row's own keys ([`KEYS`](crate::KEYS): `mean_s`,
//! `speedup`, `total`, `oeis`...); beside `results`, the process start-up
//! measured and whether the run was interrupted. Markdown: hyperfine's
//! table (`Mean [s]` as `mean ± stddev`, a speed-up for its `Relative`),
//! with `n` and the timing.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use nqueens_files::io;
use nqueens_sched::Value;
use serde_json::{json, Map, Value as Json};

use crate::row::Row;
use crate::stats;

/// Where the rows are exported, checked by the door before anything
/// runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Exports {
    /// `--export-json FILE`.
    pub json: Option<PathBuf>,
    /// `--export-markdown FILE`.
    pub markdown: Option<PathBuf>,
}

impl Exports {
    /// Refuses a path that names a directory.
    pub fn check(&self) -> Result<()> {
        for (path, flag) in [
            (&self.json, "--export-json"),
            (&self.markdown, "--export-markdown"),
        ] {
            if let Some(p) = path {
                if p.is_dir() {
                    bail!(
                        "{flag} {} is a directory; it needs a file name",
                        p.display()
                    );
                }
            }
        }
        Ok(())
    }

    /// Writes both files from the rows so far.
    pub(crate) fn write(
        &self,
        rows: &[Row],
        startup: Option<f64>,
        interrupted: bool,
    ) -> Result<()> {
        if let Some(p) = &self.json {
            write(
                p,
                "the --export-json file",
                &json_text(rows, startup, interrupted),
            )?;
        }
        if let Some(p) = &self.markdown {
            write(
                p,
                "the --export-markdown file",
                &markdown(rows, interrupted),
            )?;
        }
        Ok(())
    }
}

fn write(path: &Path, what: &str, text: &str) -> Result<()> {
    io::write_whole(path, what, text.as_bytes())
}

/// A row value as JSON.
pub(crate) fn json_value(v: &Value) -> Json {
    match v {
        Value::Int(i) => u64::try_from(*i).map_or_else(|_| json!(i.to_string()), Json::from),
        Value::Float(f) | Value::Ratio(f) if f.is_finite() => json!(f),
        Value::Text(s) | Value::Digits(s) => json!(s),
        Value::Bool(b) => json!(b),
        Value::Ints(v) => json!(v),
        _ => Json::Null,
    }
}

/// The rows, as `--export-json` writes them.
pub(crate) fn json_text(rows: &[Row], startup: Option<f64>, interrupted: bool) -> String {
    let results: Vec<Json> = rows
        .iter()
        .filter(|r| !r.seconds.is_empty())
        .map(|r| {
            let mut o = Map::new();
            o.insert("command".into(), json!(r.command));
            o.insert("mean".into(), json!(stats::mean(&r.seconds)));
            o.insert("stddev".into(), json!(stats::stddev(&r.seconds)));
            o.insert("median".into(), json!(r.median()));
            o.insert("user".into(), json!(stats::mean(&r.user)));
            o.insert("system".into(), json!(stats::mean(&r.system)));
            o.insert(
                "min".into(),
                json!(r.seconds.iter().copied().reduce(f64::min)),
            );
            o.insert(
                "max".into(),
                json!(r.seconds.iter().copied().reduce(f64::max)),
            );
            o.insert("times".into(), json!(r.seconds));
            o.insert("exit_codes".into(), json!(vec![0; r.seconds.len()]));
            o.insert(
                "parameters".into(),
                json!({"n": r.n.to_string(), "solver": r.solver}),
            );
            for (k, v) in r.fields() {
                o.insert(k.into(), json_value(&v));
            }
            Json::Object(o)
        })
        .collect();
    let doc = json!({
        "results": results,
        "startup_s": startup,
        "interrupted": interrupted,
    });
    let mut text = serde_json::to_string_pretty(&doc).expect("a JSON value prints");
    text.push('\n');
    text
}

/// The rows, as `--export-markdown` writes them.
pub(crate) fn markdown(rows: &[Row], interrupted: bool) -> String {
    let mut s = String::from(
        "| n | Command | Timing | Mean [s] | Min [s] | Max [s] | Speed-up |\n|---:|:---|:---|---:|---:|---:|---:|\n",
    );
    for r in rows.iter().filter(|r| !r.seconds.is_empty()) {
        let (mean, sd) = r.mean().expect("timed");
        let pm = |m: f64, sd: Option<f64>, digits: usize| match sd {
            Some(sd) => format!("{m:.digits$} ± {sd:.digits$}"),
            None => format!("{m:.digits$}"),
        };
        let min = r.seconds.iter().copied().fold(f64::MAX, f64::min);
        let max = r.seconds.iter().copied().fold(f64::MIN, f64::max);
        let speedup = r.speedup.map_or(String::new(), |(x, sd)| pm(x, sd, 2));
        s += &format!(
            "| {} | `{}` | {} | {} | {min:.6} | {max:.6} | {speedup} |\n",
            r.n,
            r.command.replace('`', "'").replace('|', "\\|"),
            r.timing.name(),
            pm(mean, sd, 6),
        );
    }
    if interrupted {
        s += "\nInterrupted: these are the rows that finished before it; the run is not whole.\n";
    }
    s
}

/// The rows as a Markdown table under [`KEYS`](crate::KEYS), then the
/// notes: summary.md for a door without an exporter of its own (Python).
pub fn summary_markdown(rows: &[Row], notes: &[String]) -> String {
    let keys = crate::KEYS;
    let mut s = format!("| {} |\n|{}\n", keys.join(" | "), "---|".repeat(keys.len()));
    for row in rows {
        let cells: Vec<String> = row
            .fields()
            .iter()
            .map(|(_, v)| match v {
                Value::Int(i) => i.to_string(),
                Value::Float(f) => format!("{f:.6}"),
                Value::Ratio(r) => format!("{r:.2}x"),
                Value::Text(t) | Value::Digits(t) => t.replace('|', "\\|"),
                Value::Bool(b) => b.to_string(),
                _ => String::new(),
            })
            .collect();
        s += &format!("| {} |\n", cells.join(" | "));
    }
    for note in notes {
        s += &format!("\n> {note}\n");
    }
    s
}
