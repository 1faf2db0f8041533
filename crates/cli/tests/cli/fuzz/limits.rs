//! The limits of every argument, read from the binary itself.
//!
//! clap takes every number as text: its range is declared once, by the code
//! that owns it (a solver its n and depths, a piece, a variant, a solve
//! method, `MAX_SHARDS`, ...), and checked in `request`, whose refusal
//! states it: `n must be a whole number from 1 to 32 for solver halves,
//! not 'x'`. So each limit is read from that one statement, by asking:
//! an argument given a value that is no number (`x`) is refused with the
//! range it is checked against, in the context of the other arguments
//! (a solver, a variant, a piece or a method changes the range of n and
//! of `--depth`). Nothing here lists a limit by hand.
//!
//! A context is the verb with its required arguments at cheap valid values
//! (found the same way: a required number starts as `x` and takes a value
//! inside the range its refusal names), plus one setting: one possible
//! value of one argument, or one switch.

#![allow(dead_code)]

use std::collections::BTreeMap;

use super::definition::{Arg, Verb};

/// The widest span above a range's low end whose values count as cheap: a
/// board of 1 to 8, a few threads or shards.
pub const CHEAP_SPAN: u64 = 7;

/// The value a required number takes in a context: cheap, one below the
/// top of the cheap span (some limits depend on it, as `--queens` on n).
pub fn cheap(lo: u64, hi: u64) -> u64 {
    hi.min(lo.saturating_add(CHEAP_SPAN - 1))
}

/// Whether `v` is at most the top of the cheap span of `lo..=hi`.
pub fn is_cheap(v: u64, lo: u64) -> bool {
    v <= lo.saturating_add(CHEAP_SPAN)
}

/// A context's setting: an argument and its value (`None` for a switch).
pub type Setting = Option<(usize, Option<String>)>;

/// How a run of a probe ended: exit code (-1: killed or timed out), stderr.
pub type Ran = (i32, String);

/// One context of a verb.
#[derive(Clone, Debug)]
pub struct Context {
    /// The setting that makes this context: an argument and its value
    /// (`None` for a switch); none for the verb's base context.
    pub setting: Option<(usize, Option<String>)>,
    /// Per argument, the value it has in the context (`Some(None)`: a
    /// switch given; `None`: left out).
    pub base: Vec<Option<Option<String>>>,
    /// Whole-number ranges, per argument, as the binary stated them here.
    pub ranges: BTreeMap<usize, (u64, u64)>,
    /// Per free-text argument, the words of its refusal of `x` that are
    /// values: numbers of its bounds, examples ("such as 8G, 512M").
    pub stated: BTreeMap<usize, Vec<String>>,
    /// Runs it took to read.
    pub probes: usize,
}

impl Context {
    /// The argument vector of the context with `extra` set over it.
    pub fn vector(&self, verb: &Verb, extra: &[(usize, Option<String>)]) -> Vec<String> {
        let mut values = self.base.clone();
        for (i, v) in extra {
            values[*i] = Some(v.clone());
        }
        render(verb, &values)
    }
}

/// The words of `verb` with `values` (per argument as in `Context::base`):
/// flags in definition order, then positionals in order.
pub fn render(verb: &Verb, values: &[Option<Option<String>>]) -> Vec<String> {
    let mut words = vec![verb.name.clone()];
    for (a, v) in verb.args.iter().zip(values) {
        if let (Some(long), Some(v)) = (&a.long, v) {
            words.push(long.clone());
            if let Some(v) = v {
                words.push(v.clone());
            }
        }
    }
    for (a, v) in verb.args.iter().zip(values) {
        if let (None, Some(Some(v))) = (&a.long, v) {
            words.push(v.clone());
        }
    }
    words
}

/// `X must be a whole number from A to B ...` (or `must be A ...`): the
/// name X and the range.
pub fn whole_range(stderr: &str) -> Option<(String, u64, u64)> {
    let line = stderr.lines().next()?.strip_prefix("nqueens: error: ")?;
    let (what, rest) = line.split_once(" must be ")?;
    if what.contains(' ') {
        return None;
    }
    let number = |s: &str| -> Option<u64> {
        let d: String = s.chars().take_while(char::is_ascii_digit).collect();
        d.parse().ok()
    };
    if let Some(r) = rest.strip_prefix("a whole number from ") {
        let lo = number(r)?;
        let r = r.split_once(" to ")?.1;
        return Some((what.to_string(), lo, number(r)?));
    }
    let v = number(rest)?;
    Some((what.to_string(), v, v))
}

/// The flag clap says is required and missing (`--recount <K>`).
fn missing_required(stderr: &str) -> Option<String> {
    let (_, rest) = stderr.split_once("required arguments were not provided: ")?;
    let flag = rest.split([' ', '<']).next()?;
    flag.starts_with("--").then(|| flag.to_string())
}

/// The value words of a refusal: numbers (`0`, `31536000`) and sizes or
/// examples (`8G`, `512M`, `1.5GiB`), as stated after `must be` or `takes`.
fn stated_values(stderr: &str) -> Vec<String> {
    let line = stderr.lines().next().unwrap_or("");
    let line = line.rsplit_once(", not ").map_or(line, |(l, _)| l);
    line.split([' ', ',', '(', ')', ';', ':'])
        .filter(|w| w.starts_with(|c: char| c.is_ascii_digit()) && w.len() < 24)
        .map(|w| w.trim_end_matches('.').to_string())
        .collect()
}

/// Whether a number typed as `text` lies in `lo..=hi`.
fn inside(text: &str, lo: u64, hi: u64) -> bool {
    text.parse::<u64>().is_ok_and(|v| (lo..=hi).contains(&v))
}

/// The contexts to read for `verb`: its base, then one per possible value
/// of each argument (but its default) and one per switch.
pub fn settings(verb: &Verb) -> Vec<Option<(usize, Option<String>)>> {
    let mut s = vec![None];
    for (i, a) in verb.args.iter().enumerate() {
        if !a.value {
            s.push(Some((i, None)));
        }
        // The default value's context is the base's.
        for c in a.choices.iter().filter(|c| a.default.as_ref() != Some(*c)) {
            s.push(Some((i, Some(c.clone()))));
        }
    }
    s
}

/// Reads one context of `verb`: `run` runs the binary on a vector (a
/// short bound: a probe that runs is killed, it only has to refuse), and
/// `path` gives a scratch fixture for a path argument.
pub fn context(
    verb: &Verb,
    setting: Option<(usize, Option<String>)>,
    run: &dyn Fn(&[String]) -> Ran,
    path: &dyn Fn(&Arg) -> String,
) -> Context {
    let start = |a: &Arg| -> Option<Option<String>> {
        if !a.required {
            return None;
        }
        Some(Some(if let Some(c) = a.choices.first() {
            c.clone()
        } else if a.path {
            path(a)
        } else if !a.is_positional() {
            // A number is found from its refusal of `x`.
            "x".into()
        } else {
            // A placement or other text takes its first example that is
            // no number; a number is found from its refusal of `x`.
            a.samples
                .iter()
                .find(|s| s.parse::<u64>().is_err())
                .cloned()
                .unwrap_or_else(|| "x".into())
        }))
    };
    let mut c = Context {
        setting: setting.clone(),
        base: verb.args.iter().map(start).collect(),
        ranges: BTreeMap::new(),
        stated: BTreeMap::new(),
        probes: 0,
    };
    if let Some((i, v)) = &setting {
        c.base[*i] = Some(v.clone());
    }
    let probe = |values: &[Option<Option<String>>], c: &mut Context| {
        c.probes += 1;
        run(&render(verb, values))
    };
    // The required numbers (and what a refusal names) at cheap values.
    for _ in 0..12 {
        let values = c.base.clone();
        let (_, err) = probe(&values, &mut c);
        if let Some((what, lo, hi)) = whole_range(&err) {
            if let Some(i) = verb.by_name(&what) {
                if c.base[i].is_some() {
                    c.ranges.insert(i, (lo, hi));
                    let typed = c.base[i].clone().flatten().unwrap_or_default();
                    if !inside(&typed, lo, hi) {
                        c.base[i] = Some(Some(cheap(lo, hi).to_string()));
                        continue;
                    }
                }
            }
        }
        // clap's "required arguments were not provided: --recount", or a
        // verb's own "no --shard given": give it.
        let wanted = missing_required(&err).or_else(|| {
            verb.args
                .iter()
                .filter_map(|a| a.long.clone())
                .find(|l| err.contains(&format!("no {l} given")))
        });
        if let Some(flag) = wanted {
            if let Some(i) = verb.by_name(&flag) {
                if c.base[i].is_none() {
                    c.base[i] = start(&Arg {
                        required: true,
                        ..verb.args[i].clone()
                    });
                    continue;
                }
            }
        }
        break;
    }
    // Every other number or text: the refusal of `x` names its range, or
    // the values it takes.
    for (i, a) in verb.args.iter().enumerate() {
        if !a.free() || c.ranges.contains_key(&i) {
            continue;
        }
        if setting.as_ref().is_some_and(|(s, _)| *s == i) {
            continue;
        }
        let mut values = c.base.clone();
        values[i] = Some(Some("x".into()));
        let (_, mut err) = probe(&values, &mut c);
        if let Some(flag) = missing_required(&err) {
            if let Some(k) = verb.by_name(&flag) {
                // `--seed` requires `--recount`: probe with it at its
                // cheap value, if it has one yet.
                let v = match c.ranges.get(&k).copied() {
                    Some((lo, hi)) => cheap(lo, hi).to_string(),
                    None => {
                        let mut v = values.clone();
                        v[k] = Some(Some("x".into()));
                        whole_range(&probe(&v, &mut c).1)
                            .filter(|(w, _, _)| *w == flag)
                            .map_or("1".to_string(), |(_, lo, hi)| cheap(lo, hi).to_string())
                    }
                };
                values[k] = Some(Some(v));
                err = probe(&values, &mut c).1;
            }
        }
        match whole_range(&err) {
            Some((what, lo, hi)) if what == a.named() => {
                c.ranges.insert(i, (lo, hi));
                // A default above the cheap value is replaced by it, so
                // the context stays quick (`bench --from 8 --to 12`).
                let costly = a
                    .default
                    .as_deref()
                    .and_then(|d| d.parse::<u64>().ok())
                    .is_some_and(|d| d > cheap(lo, hi));
                if costly && c.base[i].is_none() {
                    c.base[i] = Some(Some(cheap(lo, hi).to_string()));
                }
            }
            _ if err.contains(&a.named()) => {
                c.stated.insert(i, stated_values(&err));
            }
            _ => {}
        }
    }
    c
}

/// A verb with its contexts.
#[derive(Clone, Debug)]
pub struct Limits {
    pub verb: Verb,
    pub contexts: Vec<Context>,
}

impl Limits {
    /// The base context (no setting).
    pub fn base(&self) -> &Context {
        &self.contexts[0]
    }

    /// Every range an argument has in some context, with the context.
    pub fn ranges_of(&self, i: usize) -> impl Iterator<Item = (&Context, (u64, u64))> {
        self.contexts
            .iter()
            .filter_map(move |c| c.ranges.get(&i).map(|&r| (c, r)))
    }
}
