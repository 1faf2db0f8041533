//! Text the user typed, made safe to echo: every message line the CLI
//! writes to stderr passes through [`visible`] (in its `main.rs` for
//! errors, the notices that quote a name or a path, and the checkpoint's
//! interrupt line here), so a control character
//! in an argument can neither start a second line that looks like a real
//! error nor reach the terminal as an escape sequence.
//!
//! Control characters (C0, DEL, C1) are written as Rust escapes (`\n`,
//! `\t`, `\r`, `\x1b`, `\u{85}`), and so are the bidirectional overrides
//! and isolates that reorder what a terminal shows (U+202A-U+202E,
//! U+2066-U+2069, U+200E, U+200F, U+061C). Everything else is kept as typed.

use std::borrow::Cow;
use std::fmt::Write;
use std::path::Path;

/// `text` with every control and bidirectional formatting character
/// escaped; borrowed when there is none.
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if hidden(c) && (c as u32) < 0x80 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if hidden(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A path as [`visible`] text, for messages.
pub fn path(path: &Path) -> String {
    visible(&path.display().to_string()).into_owned()
}

fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_overrides_are_escaped_and_the_rest_kept() {
        assert!(matches!(visible("n = 8, é 🦀"), Cow::Borrowed(_)));
        assert_eq!(
            visible("8\n\x1b[31mnqueens: error: fake"),
            "8\\n\\x1b[31mnqueens: error: fake"
        );
        assert_eq!(visible("a\tb\rc\x00d\x7f"), "a\\tb\\rc\\x00d\\x7f");
        assert_eq!(visible("\u{85}\u{202e}8"), "\\u{85}\\u{202e}8");
        assert_eq!(path(Path::new("r\nx/shard-0.json")), "r\\nx/shard-0.json");
    }
}
