//! `nqueens man`: the manual page, generated from the clap definitions.
//!
//! One page, nqueens(1), holds every verb: `nqueens man > nqueens.1` is the
//! whole install, and `man nqueens` finds any flag with one search.
//! clap_mangen renders a page per command and points the top page at
//! nqueens-VERB(1) pages; here each verb's page becomes a section of the
//! top one instead (its headings one level down), and the index names the
//! verbs as they are typed.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::CommandFactory;
use clap_mangen::Man;

use crate::cli::Args;

pub fn run() -> Result<ExitCode> {
    let page = render()?;
    let mut out = io::stdout().lock();
    out.write_all(page.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The whole page, as roff source.
fn render() -> io::Result<String> {
    let cmd = Args::command();
    // The crate's description begins "nqueens: ", which NAME already says.
    let about = cmd.get_about().map(|a| a.to_string()).unwrap_or_default();
    let about = about
        .strip_prefix("nqueens: ")
        .unwrap_or(&about)
        .to_string();
    let mut cmd = cmd
        .about(about)
        .disable_help_subcommand(true)
        .subcommand_help_heading("COMMANDS");
    cmd.build();
    let verbs: Vec<clap::Command> = cmd
        .get_subcommands()
        .filter(|v| !v.is_hide_set())
        .cloned()
        .collect();
    let man = Man::new(cmd);

    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    let mut index = Vec::new();
    man.render_subcommands_section(&mut index)?;
    page.extend(name_verbs_as_typed(&to_string(index), &verbs).as_bytes());
    page.extend(b".PP\nEach command is described in its own section below.\n");

    for verb in verbs {
        page.extend(verb_section(verb)?.as_bytes());
    }

    page.extend(b".SH \"EXIT STATUS\"\n");
    page.extend(
        crate::cli::exit_codes!()
            .replace("Exit codes: ", "")
            .as_bytes(),
    );
    page.extend(b"\n.SH EXAMPLES\n");
    page.extend(notes(&man)?.replacen("Examples:\n", "", 1).as_bytes());
    man.render_version_section(&mut page)?;
    Ok(to_string(page))
}

/// One verb's page as a section: `.SH "NQUEENS COUNT"`, then its synopsis,
/// description and options one heading level down, then its notes and
/// examples.
fn verb_section(verb: clap::Command) -> io::Result<String> {
    let heading = format!(
        ".SH \"NQUEENS {}\"\n",
        roff_name(&verb.get_name().to_uppercase())
    );
    let man = Man::new(verb);
    let mut body = Vec::new();
    man.render_synopsis_section(&mut body)?;
    man.render_description_section(&mut body)?;
    man.render_options_section(&mut body)?;
    let mut section = heading;
    section.push_str(&demoted(&to_string(body)));
    section.push_str(".PP\n");
    section.push_str(&notes(&man)?);
    Ok(section)
}

/// A command's `after_help` (notes and examples) without its heading, its
/// lines kept as written: filled and justified, the examples would run
/// together.
fn notes(man: &Man) -> io::Result<String> {
    let mut notes = Vec::new();
    man.render_extra_section(&mut notes)?;
    let body: String = to_string(notes)
        .lines()
        .filter(|line| !line.starts_with(".SH "))
        .map(|line| format!("{line}\n"))
        .collect();
    Ok(format!(".nf\n{body}.fi\n"))
}

/// clap_mangen names each verb `nqueens-VERB(1)`, a page that is not
/// installed here; name it as it is typed, in bold.
fn name_verbs_as_typed(index: &str, verbs: &[clap::Command]) -> String {
    let mut index = index.to_string();
    for verb in verbs {
        let name = roff_name(verb.get_name());
        index = index.replace(
            &format!("nqueens\\-{name}(1)\n"),
            &format!("\\fBnqueens {name}\\fR\n"),
        );
    }
    index
}

/// A verb name in roff: a hyphen typed as `\-` stays a hyphen (not a
/// typographic dash) and can be searched for.
fn roff_name(name: &str) -> String {
    name.replace('-', "\\-")
}

/// Section headings (`.SH`) become subsection headings (`.SS`).
fn demoted(roff: &str) -> String {
    roff.lines()
        .map(|line| match line.strip_prefix(".SH ") {
            Some(title) => format!(".SS {title}\n"),
            None => format!("{line}\n"),
        })
        .collect()
}

fn to_string(roff: Vec<u8>) -> String {
    String::from_utf8_lossy(&roff).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verb_is_indexed_by_name_and_has_a_section() {
        let page = render().unwrap();
        assert_eq!(page.matches("\n.TH ").count(), 1, "one page");
        for verb in Args::command().get_subcommands() {
            let name = roff_name(verb.get_name());
            assert!(
                page.contains(&format!("\\fBnqueens {name}\\fR\n")),
                "{name}"
            );
            assert!(!page.contains(&format!("nqueens\\-{name}(1)")), "{name}");
            let upper = name.to_uppercase();
            assert!(
                page.contains(&format!(".SH \"NQUEENS {upper}\"\n")),
                "{name}"
            );
        }
    }

    #[test]
    fn headings_move_one_level_down() {
        assert_eq!(
            demoted(".SH SYNOPSIS\n\\fBnqueens\\fR\n.SH OPTIONS\n"),
            ".SS SYNOPSIS\n\\fBnqueens\\fR\n.SS OPTIONS\n"
        );
    }
}
