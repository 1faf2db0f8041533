//! Argument vectors from the verbs' definitions ([`super::definition`]) and
//! the limits the binary states ([`super::limits`]): a systematic set (each
//! verb at and past each of its limits in each context, every possible
//! value and one that is not, every switch, every free-text argument with
//! its examples and their numbers pushed to the edges, every path fixture)
//! and random combinations of every flag of a verb.

use std::collections::BTreeSet;

use super::definition::Verb;
use super::limits::{is_cheap, Context, Limits, CHEAP_SPAN};
use super::vectors::Rng;

/// One argument vector.
#[derive(Clone, Debug)]
pub struct Vector {
    pub args: Vec<String>,
    /// Holds a valid value past the cheap span (n = 32, 1024 threads):
    /// it may count for long, so it is interrupted (Ctrl-C) and has to
    /// stop cleanly within the bound instead of finishing.
    pub long: bool,
}

/// Values no option takes (U+F8FF stands for the byte 0xFF: no UTF-8).
pub const JUNK: [&str; 21] = [
    "",
    " ",
    "abc",
    "-",
    "--",
    "1e3",
    "0x10",
    " 8",
    "8 ",
    "+8",
    "٣",
    "🦀",
    "é",
    "\u{202e}8",
    "NaN",
    "inf",
    "1.5",
    "8,9",
    "-0",
    "\u{1}",
    "8\u{f8ff}",
];

/// Numbers past any range: below zero, past u64, astronomically large.
const HUGE: [&str; 4] = [
    "-1",
    "18446744073709551616",
    "99999999999999999999999999",
    "-9223372036854775809",
];

/// The values at and past both ends of `lo..=hi`, with junk, the empty
/// text and bytes that are no UTF-8: 0, 1, 2, 31, 32, 33, -1, 2^64, huge,
/// `abc`, ``, `1.5`, `1\xff` for a range 1..=32.
pub fn boundary(lo: u64, hi: u64) -> Vec<String> {
    let mut v = Vec::new();
    if lo > 0 {
        v.push((lo - 1).to_string());
    }
    v.push(lo.to_string());
    v.push((u128::from(lo) + 1).min(u128::from(hi)).to_string());
    v.push(hi.saturating_sub(1).max(lo).to_string());
    v.push(hi.to_string());
    v.push((u128::from(hi) + 1).to_string());
    v.extend(HUGE.iter().take(3).map(|s| s.to_string()));
    v.extend(["abc", "", "1.5", "1\u{f8ff}"].map(String::from));
    let mut seen = BTreeSet::new();
    v.retain(|x| seen.insert(x.clone()));
    v
}

/// A text sample with its numbers pushed to the edges: each run of digits
/// made 0, huge or negative, the whole made negative, and a thousand-fold
/// repetition.
pub fn mutations(sample: &str) -> Vec<String> {
    let mut v = Vec::new();
    let runs: Vec<(usize, usize)> = {
        let b = sample.as_bytes();
        let mut r = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let s = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                r.push((s, i));
            } else {
                i += 1;
            }
        }
        r
    };
    for (k, &(s, e)) in runs.iter().enumerate().take(3) {
        for with in ["0", "99999999999999999999", "4294967296"] {
            v.push(format!("{}{with}{}", &sample[..s], &sample[e..]));
        }
        if k == 0 {
            v.push(format!("{}-{}", &sample[..s], &sample[s..]));
        }
    }
    v.push(format!("{sample}Q"));
    v.push(vec![sample; 1000].join(" "));
    v
}

/// Whether text holds a number past the cheap span (`--seconds 60`).
fn costly_text(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .any(|d| !d.is_empty() && d.parse::<u64>().map_or(true, |v| v > 8))
}

/// The pool of values of a free-text argument in a context.
fn text_pool(verb: &Verb, c: &Context, i: usize) -> Vec<String> {
    let a = &verb.args[i];
    let mut v: Vec<String> = a.samples.clone();
    v.extend(c.stated.get(&i).into_iter().flatten().cloned());
    let bases = v.clone();
    for s in &bases {
        v.extend(mutations(s));
    }
    v.extend(JUNK.iter().take(6).map(|s| s.to_string()));
    let mut seen = BTreeSet::new();
    v.retain(|x| seen.insert(x.clone()));
    v
}

/// Marks a vector long if one of its values is a valid number past the
/// cheap span of its range in `c`, or costly text.
fn is_long(l: &Limits, c: &Context, values: &[(usize, Option<String>)]) -> bool {
    values.iter().any(|(i, v)| {
        let Some(v) = v else { return false };
        match c.ranges.get(i).or_else(|| l.base().ranges.get(i)) {
            // Past the cheap span, or the top of the range (a limit is
            // often where a count starts to take minutes: brute-sets n = 8).
            Some(&(lo, hi)) => v.trim().parse::<u64>().is_ok_and(|x| {
                (lo..=hi).contains(&x) && (!is_cheap(x, lo) || (x == hi && hi > lo))
            }),
            None => l.verb.args[*i].free() && costly_text(v),
        }
    })
}

/// The systematic vectors of every verb; `paths` are the scratch fixtures.
pub fn systematic(all: &[Limits], paths: &[&str]) -> Vec<Vector> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    let mut push = |args: Vec<String>, long: bool| {
        if seen.insert(args.clone()) {
            out.push(Vector { args, long });
        }
    };
    for l in all {
        let verb = &l.verb;
        let base = l.base();
        let mut read = BTreeSet::new();
        for c in &l.contexts {
            push(c.vector(verb, &[]), false);
            // Every number at and past both ends of its range, in each
            // context whose ranges differ from those before it (an output
            // format changes none).
            if !read.insert(format!("{:?}", c.ranges)) {
                continue;
            }
            for (&i, &(lo, hi)) in &c.ranges {
                for v in boundary(lo, hi) {
                    let set = [(i, Some(v))];
                    push(c.vector(verb, &set), is_long(l, c, &set));
                }
            }
        }
        for (i, a) in verb.args.iter().enumerate() {
            let mut values: Vec<String> = Vec::new();
            if !a.choices.is_empty() {
                values.extend(a.choices.iter().cloned());
                let first = &a.choices[0];
                values.push(format!("{first}x"));
                values.push(first.to_uppercase());
                values.push(String::new());
                if a.choices.len() > 1 {
                    values.push(format!("{first},{}", a.choices[1]));
                }
            } else if a.path {
                values.extend(paths.iter().map(|p| p.to_string()));
            } else if a.free() && !base.ranges.contains_key(&i) {
                values.extend(text_pool(verb, base, i));
            }
            for v in values {
                let set = [(i, Some(v))];
                push(base.vector(verb, &set), is_long(l, base, &set));
            }
            if a.required {
                // Left out.
                let mut v = base.base.clone();
                v[i] = None;
                push(super::limits::render(verb, &v), false);
            }
        }
        for extra in ["--bogus", "--help", "-h", "-V", "extra"] {
            let mut v = base.vector(verb, &[]);
            v.push(extra.to_string());
            push(v, false);
        }
    }
    out
}

/// A number for a range: mostly cheap and valid, else an edge, junk, or
/// anywhere in the range.
fn number(rng: &mut Rng, lo: u64, hi: u64) -> String {
    match rng.below(10) {
        0..=6 => {
            let span = (hi - lo).min(CHEAP_SPAN);
            (lo + rng.below(span as usize + 1) as u64).to_string()
        }
        7 => {
            let b = boundary(lo, hi);
            b[rng.below(b.len())].clone()
        }
        8 => JUNK[rng.below(JUNK.len())].to_string(),
        _ => {
            // Log-uniform in the range.
            let bits = 64 - (hi - lo).leading_zeros();
            let v = if bits == 0 {
                0
            } else {
                rng.next() >> (64 - rng.below(bits as usize + 1).max(1))
            };
            (lo + v.min(hi - lo)).to_string()
        }
    }
}

/// A random vector: a verb, one of its contexts, and each other flag with
/// some chance, its value drawn from what its definition and limits say.
pub fn random(rng: &mut Rng, all: &[Limits], paths: &[&str]) -> Vector {
    let l = &all[rng.below(all.len())];
    let verb = &l.verb;
    let c = &l.contexts[rng.below(l.contexts.len())];
    let mut set: Vec<(usize, Option<String>)> = Vec::new();
    for (i, a) in verb.args.iter().enumerate() {
        if c.setting.as_ref().is_some_and(|(s, _)| *s == i) {
            continue;
        }
        let given = c.base[i].is_some();
        let chance = if given { 15 } else { 30 };
        if rng.below(100) >= chance {
            continue;
        }
        let v = if !a.value {
            None
        } else if !a.choices.is_empty() {
            Some(if rng.below(100) < 85 {
                let k = rng.below(a.choices.len());
                // A list (its value name says so: `A,B,...`) gets two.
                if a.value_name.contains(',') || rng.below(20) == 0 {
                    let j = rng.below(a.choices.len());
                    format!("{},{}", a.choices[k], a.choices[j])
                } else {
                    a.choices[k].clone()
                }
            } else {
                JUNK[rng.below(JUNK.len())].to_string()
            })
        } else if a.path {
            Some(if rng.below(100) < 90 {
                paths[rng.below(paths.len())].to_string()
            } else {
                JUNK[rng.below(JUNK.len())].to_string()
            })
        } else if let Some(&(lo, hi)) = c.ranges.get(&i).or_else(|| l.base().ranges.get(&i)) {
            Some(number(rng, lo, hi))
        } else {
            let pool = text_pool(verb, c, i);
            Some(pool[rng.below(pool.len())].clone())
        };
        set.push((i, v));
    }
    let long = is_long(l, c, &set);
    let mut values = c.base.clone();
    for (i, v) in &set {
        values[*i] = Some(v.clone());
    }
    // Flags as tokens, in any order (clap does not mind), some as
    // `--flag=value` or by their short name; positionals keep their order.
    let mut tokens: Vec<Vec<String>> = Vec::new();
    let mut positionals = Vec::new();
    for (a, v) in verb.args.iter().zip(&values) {
        let Some(v) = v else { continue };
        match (&a.long, v) {
            (None, Some(v)) => positionals.push(v.clone()),
            (None, None) => {}
            (Some(long), None) => tokens.push(vec![long.clone()]),
            (Some(long), Some(v)) => {
                let flag = match &a.short {
                    Some(s) if rng.below(4) == 0 => s.clone(),
                    _ => long.clone(),
                };
                if rng.below(8) == 0 && flag.starts_with("--") {
                    tokens.push(vec![format!("{flag}={v}")]);
                } else {
                    tokens.push(vec![flag, v.clone()]);
                }
            }
        }
    }
    match rng.below(40) {
        0 => tokens.push(vec!["--bogus".into()]),
        1 => tokens.push(vec!["--help".into()]),
        2 => tokens.push(vec!["-V".into()]),
        3 if !tokens.is_empty() => {
            let t = tokens[0].clone();
            tokens.push(t);
        }
        4 => positionals.push(JUNK[rng.below(JUNK.len())].to_string()),
        5 if !positionals.is_empty() => {
            positionals.pop();
        }
        _ => {}
    }
    for i in (1..tokens.len()).rev() {
        let j = rng.below(i + 1);
        tokens.swap(i, j);
    }
    // Positionals in order, each at a random place among the flags.
    let mut at = 0;
    for p in positionals {
        at = at + rng.below(tokens.len() - at + 1);
        tokens.insert(at, vec![p]);
        at += 1;
    }
    let mut args = vec![verb.name.clone()];
    args.extend(tokens.into_iter().flatten());
    match rng.below(100) {
        0 => {
            args.remove(0);
        }
        1 => args.insert(0, "help".into()),
        _ => {}
    }
    Vector { args, long }
}
