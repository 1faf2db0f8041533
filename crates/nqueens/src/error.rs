//! [`Error`]: how a request ends when it has no answer, the same for every
//! door. Its message is one line, escaped where it is made (a control
//! character typed into a name comes back as `\x1b`, never raw), and its
//! [`ErrorKind`] says what the door does with it: the command line's exit
//! code, Python's exception class.

use nqueens_files::visible::visible;

/// What kind of failure an [`Error`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Bad input: a value out of range, an unknown name, an option the
    /// work does not use, a file that is not what it should be.
    Input,
    /// The work would not fit in its memory budget.
    Memory,
    /// A computed count disagrees with the published table: a bug.
    Mismatch,
    /// The caller cancelled the work before it finished.
    Interrupted,
    /// A file could not be read or written (a full disk, a lost lock).
    File,
    /// The system refused a resource (threads).
    System,
}

/// Why a request has no answer: a kind and a one-line, escaped message.
///
/// ```
/// use nqueens::{Error, ErrorKind};
/// let e = Error::input("unknown solver '\x1b[31m'");
/// assert_eq!(e.to_string(), "unknown solver '\\x1b[31m'");
/// assert_eq!(e.kind(), ErrorKind::Input);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// An error of `kind` saying `message`, escaped.
    pub fn new(kind: ErrorKind, message: impl AsRef<str>) -> Error {
        Error {
            kind,
            message: visible(message.as_ref()).into_owned(),
        }
    }

    /// Bad input.
    pub fn input(message: impl AsRef<str>) -> Error {
        Error::new(ErrorKind::Input, message)
    }

    /// Work that would not fit in memory.
    pub fn memory(message: impl AsRef<str>) -> Error {
        Error::new(ErrorKind::Memory, message)
    }

    /// A count that disagrees with a published value.
    pub fn mismatch(message: impl AsRef<str>) -> Error {
        Error::new(ErrorKind::Mismatch, message)
    }

    /// What kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The same error with `more` after its message (`; ` between).
    pub fn and(self, more: impl AsRef<str>) -> Error {
        Error::new(self.kind, format!("{}; {}", self.message, more.as_ref()))
    }

    /// A file error (`nqueens_files` reports with `anyhow`): its causes on
    /// one line ([`one_line`]).
    pub(crate) fn file(err: &anyhow::Error, kind: ErrorKind) -> Error {
        Error::new(kind, one_line(err))
    }
}

/// An error and its causes on one line, `: ` between them, leaving out a
/// cause whose text the line already holds (an error that names its
/// source in its own message, as a failed thread start does): how the
/// library words a file error and the command line any error.
///
/// ```
/// let e = anyhow::anyhow!("disk full").context("cannot write c.ckpt: disk full");
/// assert_eq!(nqueens::one_line(&e), "cannot write c.ckpt: disk full");
/// let e = anyhow::anyhow!("disk full").context("cannot write c.ckpt");
/// assert_eq!(nqueens::one_line(&e), "cannot write c.ckpt: disk full");
/// ```
pub fn one_line(err: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if !line.contains(&text) {
            if !line.is_empty() {
                line.push_str(": ");
            }
            line.push_str(&text);
        }
    }
    line
}

impl From<nqueens_sched::Error> for Error {
    /// A scheduler error as its kind: a budget refusal is [`ErrorKind::Memory`]
    /// (explained against the budget by [`crate::budget::explain`] where one
    /// is known), a pool the system refused [`ErrorKind::System`].
    fn from(e: nqueens_sched::Error) -> Error {
        let kind = match e {
            nqueens_sched::Error::OverBudget { .. } => ErrorKind::Memory,
            nqueens_sched::Error::Interrupted { .. } => ErrorKind::Interrupted,
            nqueens_sched::Error::Pool { .. } => ErrorKind::System,
            _ => ErrorKind::Input,
        };
        Error::new(kind, e.to_string())
    }
}

impl From<nqueens_kernel::Error> for Error {
    fn from(e: nqueens_kernel::Error) -> Error {
        Error::input(e.to_string())
    }
}
