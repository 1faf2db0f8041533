//! Every verb and every flag of the built binary, read from its own clap
//! definition: `nqueens completions fish` is clap_complete's walk of
//! `Args::command()`, one `complete` line per flag of each verb, saying
//! whether it takes a value (`-r`) and which values it offers (`-a`). No
//! list here is kept by hand, so a new flag is fuzzed the day it lands.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::process::Command;

/// One flag of a verb.
#[derive(Clone, Debug)]
pub struct Flag {
    /// `--threads`.
    pub long: String,
    /// Whether it takes a value.
    pub value: bool,
    /// The values clap offers for it (empty when any text goes).
    pub choices: Vec<String>,
}

/// Verb name -> its flags (without `--help` and `--version`).
pub type Schema = BTreeMap<String, Vec<Flag>>;

/// Reads the schema of the binary at `bin`.
pub fn read(bin: &str) -> Schema {
    let out = Command::new(bin)
        .args(["completions", "fish"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut schema = Schema::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(rest) =
            line.strip_prefix("complete -c nqueens -n \"__fish_nqueens_needs_command\" -f -a \"")
        {
            let verb = rest.split('"').next().unwrap().to_string();
            if verb != "help" {
                schema.entry(verb).or_default();
            }
            continue;
        }
        let Some(rest) =
            line.strip_prefix("complete -c nqueens -n \"__fish_nqueens_using_subcommand ")
        else {
            continue;
        };
        let Some((verb, rest)) = rest.split_once("\" ") else {
            continue;
        };
        if verb.contains(' ') || verb == "help" {
            continue;
        }
        let Some(long) = word_after(rest, "-l ") else {
            continue;
        };
        // A value list runs over several lines (`name\t'help'` each).
        let mut choices = Vec::new();
        if let Some((_, list)) = rest.split_once(" -a \"") {
            let mut item = list.to_string();
            loop {
                let name = item.split(['\\', '"']).next().unwrap_or("").to_string();
                if !name.is_empty() && !name.contains(' ') {
                    choices.push(name);
                }
                if item.ends_with('"') || item.ends_with("'\"") {
                    break;
                }
                match lines.peek() {
                    Some(next) if !next.starts_with("complete ") => {
                        item = lines.next().unwrap().to_string();
                    }
                    _ => break,
                }
            }
        }
        if long == "help" || long == "version" {
            continue;
        }
        schema.entry(verb.to_string()).or_default().push(Flag {
            long: format!("--{long}"),
            value: rest.contains(" -r"),
            choices,
        });
    }
    assert!(
        schema.len() >= 15,
        "verbs read from the completions: {schema:?}"
    );
    schema
}

fn word_after<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let at = text.find(key)? + key.len();
    text[at..].split(' ').next()
}
