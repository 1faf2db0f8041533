//! [`Spelling`]: how a door names the values it takes, so that the one
//! message the library makes names the value as the user typed it:
//! `--max-memory` on the command line, `max_memory` in Python.

/// How the values of a request are named in messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Spelling {
    /// The command line's flags: `--threads`, `--max-memory`, `--from`.
    #[default]
    Flags,
    /// Keyword arguments (Python, Rust): `threads`, `max_memory`, `first`.
    Keywords,
}

impl Spelling {
    /// The name of the value called `key` (a keyword: `threads`,
    /// `max_memory`, `first`, `last`); `n`, positional, is `n` in both.
    ///
    /// ```
    /// use nqueens::Spelling;
    /// assert_eq!(Spelling::Flags.of("max_memory"), "--max-memory");
    /// assert_eq!(Spelling::Flags.of("first"), "--from");
    /// assert_eq!(Spelling::Keywords.of("max_memory"), "max_memory");
    /// assert_eq!(Spelling::Flags.of("n"), "n");
    /// ```
    pub fn of(self, key: &str) -> String {
        match (self, key) {
            (_, "n") | (Spelling::Keywords, _) => key.to_string(),
            (Spelling::Flags, "first") => "--from".into(),
            (Spelling::Flags, "last") => "--to".into(),
            (Spelling::Flags, key) => format!("--{}", key.replace('_', "-")),
        }
    }
}
