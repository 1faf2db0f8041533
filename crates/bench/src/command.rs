//! An outside solver program for `bench --command 'NAME=PROGRAM ARGS {n}'`:
//! the spec parsed into words (shell quoting rules, no shell run), and the
//! count read back from what the program printed.

use anyhow::{bail, Result};
use regex::Regex;

/// The placeholders replaced by the board size in every word. `{N}` is the
/// one `--help` shows: clap turns every `{n}` of a help text into a line
/// break, with no way to escape it.
const PLACEHOLDERS: [&str; 2] = ["{n}", "{N}"];

/// One `--command`: a name for the tables and the words to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The name in rows and charts.
    pub name: String,
    /// The program and its arguments, `{n}` not yet replaced.
    pub words: Vec<String>,
    /// The spec as the user gave it, for the README.
    pub spec: String,
}

impl Command {
    /// Parses `NAME=PROGRAM ARGS`; `taken` are the names already in use
    /// (the built-in solvers and earlier commands).
    pub fn parse(spec: &str, taken: &[&str]) -> Result<Command> {
        let bad = |why: &str| format!("--command '{spec}': {why}");
        let Some((name, rest)) = spec.split_once('=') else {
            bail!(bad("expected NAME=PROGRAM ARGS, e.g. 'c=./plain {n}'"));
        };
        let name = name.trim();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.+".contains(c))
        {
            bail!(bad(
                "the name must be letters, digits, '-', '_', '.' or '+'"
            ));
        }
        if taken.contains(&name) {
            bail!(bad(&format!("the name '{name}' is already taken")));
        }
        let words = shell_words::split(rest).map_err(|e| anyhow::anyhow!(bad(&e.to_string())))?;
        if words.is_empty() {
            bail!(bad("no program to run"));
        }
        if !words
            .iter()
            .any(|w| PLACEHOLDERS.iter().any(|p| w.contains(p)))
        {
            bail!(bad(
                "no {n} (or {N}) in it: the program would not be told the board size"
            ));
        }
        Ok(Command {
            name: name.to_string(),
            words,
            spec: spec.to_string(),
        })
    }

    /// The words to run for board size `n`.
    pub fn argv(&self, n: usize) -> Vec<String> {
        let n = n.to_string();
        self.words
            .iter()
            .map(|w| PLACEHOLDERS.iter().fold(w.clone(), |w, p| w.replace(p, &n)))
            .collect()
    }
}

/// Checks a `--count-pattern`: a regular expression with one capture group.
pub fn pattern(text: &str) -> Result<Regex> {
    let re = Regex::new(text).map_err(|e| {
        // The parser's message draws a caret under the pattern over
        // several lines: its last line says what is wrong.
        let e = e.to_string();
        let why = e.lines().last().unwrap_or("").trim_start_matches("error: ");
        anyhow::anyhow!("--count-pattern '{text}' is not a regular expression: {why}")
    })?;
    if re.captures_len() != 2 {
        bail!(
            "--count-pattern '{text}' has {} capture groups; it needs exactly one, around the count",
            re.captures_len() - 1
        );
    }
    Ok(re)
}

/// The count in `output`: the last match's group of `pattern`, or else the
/// last whole number printed (a run of digits not part of a decimal such
/// as `0.25`).
pub fn count_in(output: &str, pattern: Option<&Regex>) -> Option<u128> {
    match pattern {
        Some(re) => re
            .captures_iter(output)
            .last()
            .and_then(|c| c.get(1))
            .and_then(|m| m.as_str().trim().parse().ok()),
        None => last_whole_number(output),
    }
}

fn last_whole_number(s: &str) -> Option<u128> {
    let b = s.as_bytes();
    let mut end = b.len();
    while end > 0 {
        // The next run of digits from the right: [start, stop).
        let stop = b[..end].iter().rposition(u8::is_ascii_digit)? + 1;
        let start = b[..stop]
            .iter()
            .rposition(|c| !c.is_ascii_digit())
            .map_or(0, |i| i + 1);
        let dot_before = start >= 2 && b[start - 1] == b'.' && b[start - 2].is_ascii_digit();
        let dot_after = stop + 1 < b.len() && b[stop] == b'.' && b[stop + 1].is_ascii_digit();
        if !dot_before && !dot_after {
            return s[start..stop].parse().ok();
        }
        end = start;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_split_like_a_shell_without_one() {
        let c = Command::parse("py=python3 'my dir/q.py' --n={n} -q", &["mirror"]).unwrap();
        assert_eq!(c.name, "py");
        assert_eq!(c.argv(9), ["python3", "my dir/q.py", "--n=9", "-q"]);
        // The form --help shows, which clap cannot print in lowercase.
        let upper = Command::parse("c=./plain {N} {n}", &[]).unwrap();
        assert_eq!(upper.argv(12), ["./plain", "12", "12"]);
        for (spec, why) in [
            ("plain {n}", "NAME=PROGRAM"),
            ("=prog {n}", "the name"),
            ("a,b=prog {n}", "the name"),
            ("mirror=prog {n}", "already taken"),
            ("c=", "no program"),
            ("c=prog 'open {n}", "missing closing quote"),
            ("c=prog 8", "no {n}"),
        ] {
            let e = Command::parse(spec, &["mirror"]).unwrap_err().to_string();
            assert!(e.contains(why), "{spec}: {e}");
        }
    }

    #[test]
    fn counts_read_from_output() {
        assert_eq!(count_in("92\n", None), Some(92));
        assert_eq!(count_in("n=8 solutions: 92 in 0.003 s\n", None), Some(92));
        assert_eq!(count_in("took 1.5s\ntotal 724.\n", None), Some(724));
        assert_eq!(count_in("no digits\n", None), None);
        assert_eq!(count_in("3.25\n", None), None);
        let re = pattern(r"total=(\d+)").unwrap();
        assert_eq!(count_in("total=90 total=92 other=7", Some(&re)), Some(92));
        assert_eq!(count_in("nothing", Some(&re)), None);
        assert!(pattern(r"\d+")
            .unwrap_err()
            .to_string()
            .contains("0 capture"));
        assert_eq!(
            pattern(r"(").unwrap_err().to_string(),
            "--count-pattern '(' is not a regular expression: unclosed group"
        );
    }
}
