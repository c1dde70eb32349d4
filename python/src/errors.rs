//! Raising the package's exceptions (defined in `relic/errors.py`, so
//! that they carry `text`, `codes` and `code` as plain attributes).

use pyo3::prelude::*;

/// The code of a text that is not an action in the game's notation.
pub const NOTATION: &str = "action::notation";
/// The code of an action the game refused.
pub const REFUSED: &str = "action::refused";
/// The code of an action id that is no legal action's.
pub const NO_SUCH_ID: &str = "action::id";
/// The code of an observation asked of a game without a fixed-size view.
pub const NO_LAYOUT: &str = "observe::unbounded";

/// The exception `class` of `relic.errors` with this text and these codes.
pub fn raise(py: Python<'_>, class: &str, text: String, codes: Vec<String>) -> PyErr {
    let made = py
        .import("relic.errors")
        .and_then(|module| module.getattr(class))
        .and_then(|class| class.call1((text, codes)));
    match made {
        Ok(error) => PyErr::from_value(error),
        Err(error) => error,
    }
}

/// An exception with one code.
pub fn raise_one(py: Python<'_>, class: &str, text: String, code: &str) -> PyErr {
    raise(py, class, text, vec![code.to_owned()])
}
