//! Python arguments handed to the library as the command line hands its
//! own: as text, after their Python type is checked. The library
//! (`nqueens`) checks every value once and words every refusal; here a
//! value of the wrong type is a `TypeError` (`range(2.0)` is one too), and
//! a library error becomes the exception its kind calls for.

use nqueens::{Error, ErrorKind};
use pyo3::exceptions::{
    PyKeyboardInterrupt, PyMemoryError, PyOSError, PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};

/// A library error as a Python exception: bad input a `ValueError`, a
/// budget refusal a `MemoryError`, a file that cannot be written an
/// `OSError`, a count that disagrees with OEIS or a pool the system
/// refused a `RuntimeError`, a cancelled count `KeyboardInterrupt`. The
/// message is the command line's, escaped where the library made it.
pub fn raise(e: Error) -> PyErr {
    let text = e.to_string();
    match e.kind() {
        ErrorKind::Input => PyValueError::new_err(text),
        ErrorKind::Memory => PyMemoryError::new_err(text),
        ErrorKind::File => PyOSError::new_err(text),
        ErrorKind::Interrupted => PyKeyboardInterrupt::new_err(text),
        _ => PyRuntimeError::new_err(text),
    }
}

/// The `TypeError` for `value`, which `what` must be an `expected`.
fn wrong_type(value: &Bound<'_, PyAny>, what: &str, expected: &str) -> PyErr {
    let name = value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string());
    PyTypeError::new_err(format!("{what} must be {expected}, not {name}"))
}

/// An int, as its decimal text (any int, however large: the library
/// quotes it as typed, never wrapped or clamped).
pub fn int(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(wrong_type(value, what, "an int"));
    }
    Ok(value.str()?.to_string())
}

/// An optional [`int`]: `None` stays `None` (the default).
pub fn maybe_int(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<String>> {
    value
        .filter(|v| !v.is_none())
        .map(|v| int(v, what))
        .transpose()
}

/// A size: an int of bytes or a str with a unit (`"2G"`); `None` stays
/// `None` (the default budget).
pub fn size(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<String>> {
    match value.filter(|v| !v.is_none()) {
        None => Ok(None),
        Some(v) if v.is_instance_of::<PyString>() => Ok(Some(v.extract::<String>()?)),
        Some(v) => int(v, what)
            .map(Some)
            .map_err(|_| wrong_type(v, what, "an int of bytes or a str such as '2G'")),
    }
}

/// A number of seconds: an int or a float, as its text.
pub fn seconds(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<String>> {
    match value.filter(|v| !v.is_none()) {
        None => Ok(None),
        Some(v) if v.is_instance_of::<PyFloat>() => Ok(Some(v.repr()?.to_string())),
        Some(v) => int(v, what)
            .map(Some)
            .map_err(|_| wrong_type(v, what, "an int or a float")),
    }
}

/// A name: a str.
pub fn name(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<String>> {
    match value.filter(|v| !v.is_none()) {
        None => Ok(None),
        Some(v) if v.is_instance_of::<PyString>() => Ok(Some(v.extract::<String>()?)),
        Some(v) => Err(wrong_type(v, what, "a str")),
    }
}

/// A `ValueError` saying `message`, escaped as the library escapes its own.
pub fn value_error(message: impl AsRef<str>) -> PyErr {
    raise(Error::input(message))
}
