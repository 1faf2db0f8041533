//! Every verb and every argument of the built binary, read from its own
//! clap definition as clap renders it: `nqueens man` (clap_mangen's walk of
//! `Args::command()`: each verb's synopsis, with required arguments in
//! `<>`, and each argument's entry: its flags, whether it takes a value,
//! its default and its possible values) and `nqueens completions fish`
//! (clap_complete's walk of the same tree, which marks the arguments that
//! take a path, `-F`). The worked examples of each verb's help and the
//! "e.g." values of its descriptions give sample values for the arguments
//! that take free text. No list here is kept by hand: a new verb, flag or
//! possible value is fuzzed the day it lands.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// One argument of a verb.
#[derive(Clone, Debug)]
pub struct Arg {
    /// `--threads`, or `None` for a positional argument.
    pub long: Option<String>,
    /// `-j`.
    pub short: Option<String>,
    /// The value's name (`T`, `N`, `plan.json`), empty for a switch.
    pub value_name: String,
    /// Whether it takes a value (a switch does not).
    pub value: bool,
    /// Whether the synopsis marks it required.
    pub required: bool,
    /// The values clap accepts, when it lists them.
    pub choices: Vec<String>,
    /// clap's default, if it shows one that is a value (not prose).
    pub default: Option<String>,
    /// Whether it takes a path (fish's `-F`, or a positional DIR/FILE).
    pub path: bool,
    /// Values seen in the help's examples and "e.g." lists.
    pub samples: Vec<String>,
}

impl Arg {
    pub fn is_positional(&self) -> bool {
        self.long.is_none()
    }

    /// How messages name it: `--queens`, or `n` for the positional `N`.
    pub fn named(&self) -> String {
        match &self.long {
            Some(l) => l.clone(),
            None => self.value_name.to_lowercase(),
        }
    }

    /// Takes free text or a number (neither a switch, a choice nor a path).
    pub fn free(&self) -> bool {
        self.value && self.choices.is_empty() && !self.path
    }
}

/// One verb and its arguments, positionals in order.
#[derive(Clone, Debug)]
pub struct Verb {
    pub name: String,
    pub args: Vec<Arg>,
}

impl Verb {
    pub fn positionals(&self) -> impl Iterator<Item = (usize, &Arg)> {
        self.args
            .iter()
            .enumerate()
            .filter(|(_, a)| a.is_positional())
    }

    pub fn by_name(&self, what: &str) -> Option<usize> {
        self.args.iter().position(|a| a.named() == what)
    }
}

/// roff as clap_mangen writes it, made plain text.
fn plain(roff: &str) -> String {
    roff.replace("\\fB", "")
        .replace("\\fI", "")
        .replace("\\fR", "")
        .replace("\\fP", "")
        .replace("\\-", "-")
        .replace("\\*(Aq", "'")
        .replace("\\(aq", "'")
        .replace("\\e", "\\")
        .replace("\\\\", "\\")
}

/// Reads every verb of the binary at `bin`.
pub fn read(bin: &str) -> Vec<Verb> {
    let run = |args: &[&str]| {
        let out = Command::new(bin).args(args).output().unwrap();
        assert!(out.status.success(), "nqueens {args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let man = run(&["man"]);
    let fish = run(&["completions", "fish"]);
    let paths = fish_paths(&fish);
    // The man page: one `.SH "NQUEENS VERB"` section per verb.
    let mut verbs = Vec::new();
    let mut examples: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    let sections: Vec<&str> = man.split("\n.SH ").collect();
    for section in &sections {
        for line in section.lines() {
            if let Some((verb, words)) = example(&plain(line)) {
                examples.entry(verb).or_default().push(words);
            }
        }
    }
    for section in &sections[1..] {
        let Some(title) = section.lines().next() else {
            continue;
        };
        let Some(name) = title
            .strip_prefix("\"NQUEENS ")
            .and_then(|t| t.strip_suffix('"'))
        else {
            continue;
        };
        let name = plain(name).to_lowercase();
        if name == "help" {
            continue;
        }
        let verb = verb_section(&name, section, &paths);
        verbs.push(verb);
    }
    for verb in &mut verbs {
        for words in examples.get(&verb.name).into_iter().flatten() {
            add_example(verb, words);
        }
        for a in &mut verb.args {
            let seen: BTreeSet<String> = a.samples.drain(..).collect();
            a.samples = seen.into_iter().collect();
        }
    }
    assert!(
        verbs.len() >= 15,
        "verbs read from the man page: {:?}",
        verbs.iter().map(|v| &v.name).collect::<Vec<_>>()
    );
    verbs
}

/// (verb, long flag) pairs whose value fish completes as a path.
fn fish_paths(fish: &str) -> BTreeSet<(String, String)> {
    let mut set = BTreeSet::new();
    for line in fish.lines() {
        let Some(rest) =
            line.strip_prefix("complete -c nqueens -n \"__fish_nqueens_using_subcommand ")
        else {
            continue;
        };
        let Some((verb, rest)) = rest.split_once("\" ") else {
            continue;
        };
        let Some(at) = rest.find("-l ") else { continue };
        let long = rest[at + 3..].split(' ').next().unwrap_or("");
        if rest.ends_with(" -F") || rest.contains(" -F ") {
            set.insert((verb.to_string(), format!("--{long}")));
        }
    }
    set
}

fn verb_section(name: &str, section: &str, paths: &BTreeSet<(String, String)>) -> Verb {
    let lines: Vec<&str> = section.lines().collect();
    // The synopsis: `<...>` required, `[...]` optional.
    let synopsis = lines
        .iter()
        .map(|l| plain(l))
        .find(|l| l.starts_with(&format!("nqueens {name} ")) || *l == format!("nqueens {name}"))
        .unwrap_or_default();
    let required: BTreeSet<String> = synopsis
        .split('<')
        .skip(1)
        .filter_map(|s| s.split('>').next())
        .map(|s| s.split('|').next_back().unwrap_or(s).to_string())
        .collect();
    let mut args = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i] != ".TP" || i + 1 >= lines.len() {
            i += 1;
            continue;
        }
        let head = plain(lines[i + 1]);
        // The entry's text runs to the next entry or paragraph.
        let mut j = i + 2;
        let mut body = Vec::new();
        while j < lines.len() && lines[j] != ".TP" && lines[j] != ".PP" {
            body.push(lines[j]);
            j += 1;
        }
        i = j;
        if let Some(arg) = entry(name, &head, &body, &required, paths) {
            args.push(arg);
        }
    }
    Verb {
        name: name.to_string(),
        args,
    }
}

/// One `.TP` entry: its head (`-j, --threads <T> [default: 1]` or `<N>`)
/// and its body (description, possible values).
fn entry(
    verb: &str,
    head: &str,
    body: &[&str],
    required: &BTreeSet<String>,
    paths: &BTreeSet<(String, String)>,
) -> Option<Arg> {
    let (head, default) = match head.split_once(" [default: ") {
        Some((h, d)) => (h, Some(d.trim_end_matches(']').to_string())),
        None => (head, None),
    };
    let mut long = None;
    let mut short = None;
    let mut value_name = String::new();
    let positional = head.starts_with('<') || head.starts_with('[');
    if positional {
        value_name = head
            .trim_matches(|c| "<>[]. ".contains(c))
            .trim_end_matches("...")
            .trim_matches(|c| "<>[]".contains(c))
            .to_string();
    } else {
        for word in head.split(", ") {
            let (flag, value) = match word.split_once(' ') {
                Some((f, v)) => (f, Some(v)),
                None => (word, None),
            };
            if flag.starts_with("--") {
                long = Some(flag.to_string());
            } else if flag.starts_with('-') {
                short = Some(flag.to_string());
            }
            if let Some(v) = value {
                value_name = v.trim_matches(|c| "<>[]".contains(c)).to_string();
            }
        }
    }
    if matches!(long.as_deref(), Some("--help" | "--version")) {
        return None;
    }
    let text: Vec<String> = body.iter().map(|l| plain(l)).collect();
    let mut choices = Vec::new();
    for (k, l) in text.iter().enumerate() {
        if l.starts_with(".IP") {
            if let Some(next) = text.get(k + 1) {
                let name = next.split(':').next().unwrap_or("").trim();
                if !name.is_empty() && !name.contains(' ') {
                    choices.push(name.to_string());
                }
            }
        }
        if let Some((_, list)) = l.split_once("[possible values: ") {
            let list = list.split(']').next().unwrap_or("");
            choices.extend(list.split(", ").map(str::to_string));
        }
    }
    let prose = text.join(" ");
    // "e.g. 8G, 512M, 1.5GiB;" and `e.g. "1 5"`.
    let mut samples = Vec::new();
    for part in prose.split("e.g. ").skip(1) {
        let list = part.split([';', '(', '[', ')']).next().unwrap_or("");
        for s in list.split(", ").flat_map(|s| s.split(" or ")) {
            let s = s.trim().trim_end_matches('.').trim_matches('"');
            if !s.is_empty() && s.len() < 20 {
                samples.push(s.to_string());
            }
        }
    }
    let value = positional || !value_name.is_empty();
    let key = long.clone().unwrap_or_else(|| value_name.clone());
    let path = match &long {
        Some(l) => paths.contains(&(verb.to_string(), l.clone())),
        None => matches!(value_name.as_str(), "DIR" | "FILE"),
    };
    let default = default.filter(|d| !d.contains(' '));
    Some(Arg {
        long,
        short,
        value_name,
        value,
        required: required.contains(&key),
        choices,
        default,
        path,
        samples,
    })
}

/// A worked example's verb and words: `nqueens count 16 --threads 2`, cut
/// at a comment, a pipe or a redirection.
fn example(line: &str) -> Option<(String, Vec<String>)> {
    let at = line.find("nqueens ")?;
    let before = &line[..at];
    // Inside $(...) or after a pipe the words belong to another command.
    if before.contains("$(") || before.contains('|') || before.contains('`') {
        return None;
    }
    let rest = &line[at + "nqueens ".len()..];
    let rest = rest.split("  #").next().unwrap_or(rest);
    let words = shell_words::split(rest).ok()?;
    let mut words: Vec<String> = words
        .into_iter()
        .take_while(|w| !matches!(w.as_str(), "|" | ">" | ">>" | "<" | "2>" | "&&" | ";" | "#"))
        .collect();
    // The synopsis (`[--out] <DIR>`) is no example.
    if words.is_empty() || words.iter().any(|w| w.starts_with(['[', '<'])) {
        return None;
    }
    let verb = words.remove(0);
    Some((verb, words))
}

/// Adds the values of an example's flags and positionals to the verb's
/// samples.
fn add_example(verb: &mut Verb, words: &[String]) {
    let positionals: Vec<usize> = verb.positionals().map(|(i, _)| i).collect();
    let mut next_positional = positionals.into_iter();
    let mut k = 0;
    while k < words.len() {
        let w = &words[k];
        k += 1;
        if let Some(flag) = w.strip_prefix("--").map(|f| format!("--{f}")) {
            let (flag, inline) = match flag.split_once('=') {
                Some((f, v)) => (f.to_string(), Some(v.to_string())),
                None => (flag, None),
            };
            let Some(i) = verb
                .args
                .iter()
                .position(|a| a.long.as_deref() == Some(&flag))
            else {
                continue;
            };
            if !verb.args[i].value {
                continue;
            }
            let v = match inline {
                Some(v) => v,
                None if k < words.len() => {
                    k += 1;
                    words[k - 1].clone()
                }
                None => continue,
            };
            verb.args[i].samples.push(v);
        } else if w.starts_with('-') && w.len() == 2 {
            if let Some(i) = verb.args.iter().position(|a| a.short.as_deref() == Some(w)) {
                if verb.args[i].value && k < words.len() {
                    verb.args[i].samples.push(words[k].clone());
                    k += 1;
                }
            }
        } else if let Some(i) = next_positional.next() {
            verb.args[i].samples.push(w.clone());
        }
    }
}
