//! A record (`nqueens::Fields`) as a Python object's
//! attributes, `dir()`, `to_dict()` and `repr()`: what `CountResult` and
//! `EstimateResult` share, so each is its record and nothing more.

use nqueens::{Fields, Value};
use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A record's value as a Python object.
pub fn object<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        Value::Float(x) | Value::Ratio(x) => x.into_pyobject(py)?.into_any(),
        Value::Text(t) => t.into_pyobject(py)?.into_any(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Ints(v) => v.into_pyobject(py)?.into_any(),
        Value::Columns(v) => v.into_pyobject(py)?.into_any(),
        Value::Squares(v) => v.into_pyobject(py)?.into_any(),
        // An integer past u128, exactly: Python's int reads its digits.
        Value::Digits(d) => py.get_type::<pyo3::types::PyInt>().call1((d.as_str(),))?,
        Value::Null => py.None().into_bound(py),
    })
}

/// The field `name` of `record`, as an attribute of a `class` object.
pub fn attribute<'py>(
    py: Python<'py>,
    record: &Fields,
    class: &str,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    match record.iter().find(|(key, _)| *key == name) {
        Some((_, v)) => object(py, v),
        None => Err(PyAttributeError::new_err(format!(
            "'{class}' object has no attribute '{name}'"
        ))),
    }
}

/// The fields and `to_dict`, for `dir()` and completion.
pub fn names(record: &Fields) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = record.iter().map(|(key, _)| *key).collect();
    names.push("to_dict");
    names
}

/// The fields as a dict, in the record's order.
pub fn dict<'py>(py: Python<'py>, record: &Fields) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (key, v) in record {
        d.set_item(key, object(py, v)?)?;
    }
    Ok(d)
}

/// `class(key=value, ...)` for the `shown` keys (separated by spaces), in
/// that order, floats with `digits` decimals.
pub fn repr(class: &str, record: &Fields, shown: &str, digits: usize) -> String {
    let fields: Vec<String> = shown
        .split(' ')
        .filter_map(|key| record.iter().find(|(k, _)| *k == key))
        .map(|(key, v)| match v {
            Value::Int(i) => format!("{key}={i}"),
            Value::Float(x) | Value::Ratio(x) => format!("{key}={x:.digits$}"),
            Value::Text(t) => format!("{key}='{t}'"),
            Value::Bool(b) => format!("{key}={}", if *b { "True" } else { "False" }),
            Value::Ints(v) => format!("{key}={v:?}"),
            Value::Columns(v) => format!("{key}={v:?}"),
            Value::Squares(v) => format!("{key}={v:?}"),
            Value::Digits(d) => format!("{key}={d}"),
            Value::Null => format!("{key}=None"),
        })
        .collect();
    format!("{class}({})", fields.join(", "))
}

/// The Python methods of a class that holds a record in its field
/// `record`: each field an attribute, `dir()`, `to_dict()` in the record's
/// order (a list of them makes a pandas DataFrame), and a `repr()` of the
/// `shown` keys, floats with `digits` decimals.
macro_rules! record_methods {
    ($class:ident, $shown:expr, $digits:expr) => {
        #[pymethods]
        impl $class {
            /// A field of the record, as an attribute.
            fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
                $crate::record::attribute(py, &self.record, stringify!($class), name)
            }

            /// The fields and methods, for ``dir()`` and completion.
            fn __dir__(&self) -> Vec<&'static str> {
                $crate::record::names(&self.record)
            }

            /// The fields as a dict, in the order of the CLI's JSON.
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                $crate::record::dict(py, &self.record)
            }

            fn __repr__(&self) -> String {
                $crate::record::repr(stringify!($class), &self.record, $shown, $digits)
            }
        }
    };
}
pub(crate) use record_methods;
