//! Spellings the CLI once took and still takes, hidden from `--help` so
//! that one option name has one meaning across verbs (docs/formats.md,
//! "Renamed options and values", lists them).
//!
//! Most are clap aliases beside the option they name (`pieces --count`,
//! `dominate --format board`). One is not expressible in clap: `solutions`
//! and `levels` took `--count header`, a value with a single choice, where
//! `dominate` and `pawns` take `--count` as a flag. Both now take the
//! flag, and [`rewrite`] turns the old spelling into it before clap
//! parses.

use std::ffi::OsString;

/// The verbs whose `--count` took the value `header`.
const COUNT_HEADER_VERBS: [&str; 2] = ["solutions", "levels"];

/// `args` (the program name first) with `--count header` and
/// `--count=header` written `--count` in the verbs that took them; any
/// other argument list is returned as it is. Nothing after `--` changes.
pub fn rewrite(args: Vec<OsString>) -> Vec<OsString> {
    let verb = args.get(1).and_then(|a| a.to_str());
    if !verb.is_some_and(|v| COUNT_HEADER_VERBS.contains(&v)) {
        return args;
    }
    let mut out = Vec::with_capacity(args.len());
    let mut rest = args.into_iter().peekable();
    while let Some(arg) = rest.next() {
        match arg.to_str() {
            Some("--") => {
                out.push(arg);
                out.extend(rest);
                break;
            }
            Some("--count=header") => out.push("--count".into()),
            Some("--count") => {
                out.push(arg);
                if rest.peek().and_then(|a| a.to_str()) == Some("header") {
                    rest.next();
                }
            }
            _ => out.push(arg),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::rewrite;
    use std::ffi::OsString;

    fn args(line: &str) -> Vec<OsString> {
        line.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn count_header_becomes_the_flag_in_the_listing_verbs_only() {
        let new = args("nqueens solutions 8 --count --limit 3");
        assert_eq!(
            rewrite(args("nqueens solutions 8 --count header --limit 3")),
            new
        );
        assert_eq!(
            rewrite(args("nqueens solutions 8 --count=header --limit 3")),
            new
        );
        assert_eq!(rewrite(new.clone()), new);
        assert_eq!(
            rewrite(args("nqueens levels 8 --queens 2 --count header")),
            args("nqueens levels 8 --queens 2 --count")
        );
        // Elsewhere, and after `--`, nothing changes.
        for kept in [
            "nqueens dominate 8 --count header",
            "nqueens solutions 8 -- --count header",
            "nqueens",
        ] {
            assert_eq!(rewrite(args(kept)), args(kept), "{kept}");
        }
    }
}
