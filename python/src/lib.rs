//! `relic._relic`: the native half of the Python package. `load` reads a
//! ruleset (a file or a built-in name of any game) and a setup through the
//! registry, giving a [`game::Game`]; its positions are [`state::State`]s.
//! `sim` and `merge` are `relic sim` and `relic sim merge`.

mod erased;
mod errors;
mod game;
mod sim;
mod state;

use pyo3::prelude::*;

/// The native module; `relic/__init__.py` re-exports it.
#[pymodule]
fn _relic(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<game::Game>()?;
    module.add_class::<state::State>()?;
    module.add_function(wrap_pyfunction!(game::load, module)?)?;
    module.add_function(wrap_pyfunction!(game::builtin_rulesets, module)?)?;
    module.add_function(wrap_pyfunction!(sim::sim, module)?)?;
    module.add_function(wrap_pyfunction!(sim::merge, module)?)?;
    module.add_function(wrap_pyfunction!(sim::report, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
