//! The ecosystem around the binary: shell completions and the man page, each
//! loaded by the program that uses it, and `--version`.
//!
//! A shell or `man` missing on this machine is said on stderr (past the test
//! harness's capture) and the script's text is still checked; CI installs
//! them and names them in `NQUEENS_REQUIRE_TOOLS`, where a missing one fails.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{nqueens, stdout, verbs};

/// The program `name` if this machine has it. Without it the test says so
/// on stderr, or fails where CI requires it.
fn tool(name: &str) -> Option<PathBuf> {
    let found = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &format!("command -v {name}")])
        .output()
        .expect("bash runs");
    if found.status.success() {
        return Some(PathBuf::from(String::from_utf8_lossy(&found.stdout).trim()));
    }
    let required = std::env::var("NQUEENS_REQUIRE_TOOLS").unwrap_or_default();
    assert!(
        !required.split_whitespace().any(|r| r == name),
        "{name} is not installed, and NQUEENS_REQUIRE_TOOLS requires it"
    );
    // Straight to the stream: the harness captures only print!/eprint!.
    let _ = writeln!(
        std::io::stderr(),
        "note: {name} is not installed here: its script's text was checked, not loaded"
    );
    None
}

fn completion_script(shell: &str) -> String {
    let script = stdout(&["completions", shell]);
    assert!(script.len() > 1000, "{shell}: a short script:\n{script}");
    for word in ["nqueens", "count", "table", "format", "threads"] {
        assert!(script.contains(word), "{shell}: no {word:?} in the script");
    }
    script
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn succeeded(what: &str, out: Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{what}: {}\n{stderr}", out.status);
    assert!(stderr.is_empty(), "{what} warned: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// What bash's completion function offers for the words typed, the last
/// one being completed; the function is the one the script registers with
/// `complete -F` for nqueens.
fn bash_completes(script: &Path, words: &[&str]) -> Vec<String> {
    let words: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        r#"source '{}' || exit 3
spec=$(complete -p nqueens) || exit 4
fn=${{spec##*-F }}; fn=${{fn%% *}}
COMP_WORDS=({words})
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMP_LINE="${{COMP_WORDS[*]}}"; COMP_POINT=${{#COMP_LINE}}
"$fn" nqueens "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
        script.display(),
        words = words.join(" ")
    );
    let out = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &program])
        .output()
        .expect("bash runs");
    succeeded("bash completion", out)
        .lines()
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn bash_completes_every_verb_its_flags_and_the_shells() {
    tool("bash").expect("bash is needed to test its completions");
    let script = scratch("nqueens.bash", &completion_script("bash"));
    for verb in verbs() {
        let typed = &verb[..3.min(verb.len())];
        let offered = bash_completes(&script, &["nqueens", typed]);
        assert!(offered.contains(&verb), "{typed} -> {offered:?}");
    }
    let offered = bash_completes(&script, &["nqueens", "cou"]);
    assert_eq!(offered, ["count"]);
    let offered = bash_completes(&script, &["nqueens", "count", "8", "--for"]);
    assert_eq!(offered, ["--format"]);
    // The shells come from clap_complete's ValueEnum, not a list of ours.
    let offered = bash_completes(&script, &["nqueens", "completions", ""]);
    for shell in ["bash", "elvish", "fish", "powershell", "zsh"] {
        assert!(offered.iter().any(|s| s == shell), "{offered:?}");
    }
}

#[test]
fn zsh_script_registers_its_completion_function() {
    let script = completion_script("zsh");
    assert!(script.starts_with("#compdef nqueens"), "{script:.40}");
    let Some(zsh) = tool("zsh") else { return };
    let path = scratch("_nqueens", &script);
    let program = format!(
        "autoload -U compinit && compinit -u -D && source '{}' && print -r -- $_comps[nqueens]",
        path.display()
    );
    let out = Command::new(zsh).args(["-f", "-c", &program]).output();
    let registered = succeeded("zsh", out.expect("zsh runs"));
    assert_eq!(registered.trim(), "_nqueens");
}

#[test]
fn fish_completes_a_verb_and_a_flag() {
    let script = completion_script("fish");
    let Some(fish) = tool("fish") else { return };
    let path = scratch("nqueens.fish", &script);
    let program = format!(
        "source '{}'; complete -C 'nqueens cou'; echo SPLIT; complete -C 'nqueens count 8 --for'",
        path.display()
    );
    let out = Command::new(fish)
        .args(["--no-config", "-c", &program])
        .output();
    let offered = succeeded("fish", out.expect("fish runs"));
    let (verbs, flags) = offered.split_once("SPLIT\n").unwrap();
    let first = |s: &str| {
        s.lines()
            .map(|l| l.split('\t').next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(first(verbs), ["count"], "{offered}");
    assert_eq!(first(flags), ["--format"], "{offered}");
}

#[test]
fn elvish_completer_offers_each_verbs_own_flags() {
    let script = completion_script("elvish");
    let Some(elvish) = tool("elvish") else { return };
    // The edit: module exists only in an interactive elvish; stand-ins
    // with its two names let a script run the generated completer itself.
    let standalone = script
        .replace("edit:completion:arg-completer", "arg-completer")
        .replace("edit:complex-candidate", "complex-candidate");
    let program = format!(
        "var arg-completer = [&]\nfn complex-candidate {{|text &display=''| put $text }}\n{standalone}\n\
         $arg-completer[nqueens] nqueens cou | each {{|c| echo top $c }}\n\
         $arg-completer[nqueens] nqueens count --for | each {{|c| echo count $c }}\n"
    );
    let path = scratch("nqueens.elv", &program);
    let out = Command::new(elvish).arg("-norc").arg(&path).output();
    let offered = succeeded("elvish", out.expect("elvish runs"));
    let lines: Vec<&str> = offered.lines().collect();
    // elvish filters by the typed prefix itself; the completer gives the
    // candidates of the word's position.
    assert!(lines.contains(&"top count"), "{offered}");
    assert!(!lines.contains(&"top --format"), "{offered}");
    assert!(lines.contains(&"count --format"), "{offered}");
    assert!(!lines.contains(&"count count"), "{offered}");
}

#[test]
fn powershell_script_registers_a_completer() {
    let script = completion_script("powershell");
    assert!(
        script.contains("Register-ArgumentCompleter -Native -CommandName 'nqueens'"),
        "{script:.300}"
    );
    let Some(pwsh) = tool("pwsh") else { return };
    let path = scratch("nqueens.ps1", &script);
    let program = format!(". '{}'", path.display());
    let out = Command::new(pwsh)
        .args(["-NoProfile", "-Command", &program])
        .output();
    succeeded("pwsh", out.expect("pwsh runs"));
}

#[test]
fn man_page_renders_without_warnings_and_covers_every_verb() {
    let roff = stdout(&["man"]);
    assert!(roff.contains("\n.TH nqueens 1 "), "{roff:.200}");
    let Some(man) = tool("man") else {
        for heading in [".SH NAME", ".SH SYNOPSIS", ".SH COMMANDS"] {
            assert!(roff.contains(heading), "no {heading}");
        }
        return;
    };
    let path = scratch("nqueens.1", &roff);
    let out = Command::new(man)
        .args(["--warnings", "-l"])
        .arg(&path)
        .env("LC_ALL", "C.UTF-8")
        .env("MANWIDTH", "80")
        .env("MANPAGER", "cat")
        .output()
        .expect("man runs");
    let text = succeeded("man", out);
    let headings: Vec<&str> = text.lines().filter(|l| !l.starts_with(' ')).collect();
    for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS"] {
        assert!(headings.contains(&heading), "{heading} not in {headings:?}");
    }
    for verb in verbs() {
        let section = format!("NQUEENS {}", verb.to_uppercase());
        assert!(headings.contains(&section.as_str()), "no section {section}");
        assert!(
            text.contains(&format!("nqueens {verb}\n")),
            "{verb} not indexed"
        );
        // Each verb's synopsis, in its own section.
        assert!(
            text.contains(&format!("       nqueens {verb} ")),
            "{verb}: no synopsis"
        );
        // One page holds all: no pointer to a page that is not installed.
        assert!(
            !text.contains(&format!("nqueens-{verb}(1)")),
            "{verb}: points elsewhere"
        );
    }
    assert!(text.contains("--threads"), "count's options are missing");
}

#[test]
fn version_names_the_commit_built_from() {
    let long = stdout(&["--version"]);
    assert_eq!(stdout(&["-V"]), long);
    let rest = long
        .strip_prefix(&format!("nqueens {} (commit ", env!("CARGO_PKG_VERSION")))
        .and_then(|r| r.strip_suffix(")\n"))
        .unwrap_or_else(|| panic!("unexpected --version: {long:?}"));
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(&workspace)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let top = git(&["rev-parse", "--show-toplevel"]).map(PathBuf::from);
    if top.and_then(|t| t.canonicalize().ok()) != workspace.canonicalize().ok() {
        assert_eq!(rest, "unknown", "built outside a git checkout");
        return;
    }
    // Built in a checkout: a commit of this history, not necessarily HEAD
    // (a commit made after the build does not re-stamp this binary).
    assert_eq!(rest.len(), 12, "{rest:?}");
    assert!(rest.bytes().all(|b| b.is_ascii_hexdigit()), "{rest:?}");
    let full = git(&["rev-parse", "--verify", &format!("{rest}^{{commit}}")])
        .unwrap_or_else(|| panic!("{rest} is no commit of this repository"));
    assert!(full.starts_with(rest));
    assert!(
        git(&["merge-base", "--is-ancestor", &full, "HEAD"]).is_some(),
        "{rest} is not in HEAD's history"
    );
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    crate::common::assert_usage_error(&["completions", "tcsh"], "tcsh");
    nqueens().args(["man", "extra"]).assert().code(2);
}
