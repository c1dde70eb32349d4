//! `relic.load` and `relic.Game`: a checked ruleset with its setup, and
//! the layout its observations and action ids share.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use relic::contract::Layout;
use relic::games::{GameRules, Setup, builtin_names, resolve_game_rules, with_game};

use crate::erased::{AnyGame, Erase};
use crate::errors::raise;
use crate::state::State;

/// A game: a ruleset (any game's) and a setup, checked and ready to play.
/// Made by `relic.load`; `new_initial_state()` gives its first position.
#[pyclass(module = "relic", frozen)]
pub struct Game {
    rules: GameRules,
    ruleset: String,
    setup: Option<String>,
    start: Box<dyn AnyGame>,
    pub(crate) layout: Option<Arc<Layout>>,
}

/// Reads `ruleset` (a TOML file of any game, or a built-in name such as
/// `connect-four` or `maze-runner`) and `setup` (the game's setup file: a
/// board, a level file, a configuration; the game's default when `None`).
///
/// Raises `relic.RulesetError` or `relic.SetupError` with every problem
/// rendered as `relic` prints it and the diagnostic codes.
#[pyfunction]
#[pyo3(signature = (ruleset, setup=None))]
pub fn load(py: Python<'_>, ruleset: PathBuf, setup: Option<PathBuf>) -> PyResult<Game> {
    let shown = ruleset.display().to_string();
    let rules = resolve_game_rules(&ruleset).map_err(|failure| {
        let codes = (failure.reports.iter())
            .flat_map(|r| r.problems.iter())
            .filter_map(|p| p.code().map(|c| c.to_string()))
            .collect();
        raise(py, "RulesetError", failure.render(80), codes)
    })?;
    let chosen = setup.as_ref().map_or(Setup::Default, Setup::file);
    let start = with_game(&rules, &chosen, Erase).map_err(|failure| {
        let codes = (failure.report.problems.iter())
            .filter_map(|p| p.code().map(|c| c.to_string()))
            .collect();
        raise(py, "SetupError", failure.render(80), codes)
    })?;
    let layout = start.layout().map(Arc::new);
    Ok(Game {
        rules,
        ruleset: shown,
        setup: setup.map(|p| p.display().to_string()),
        start,
        layout,
    })
}

/// The names of every built-in ruleset, of every game.
#[pyfunction]
pub fn builtin_rulesets() -> Vec<&'static str> {
    builtin_names()
}

#[pymethods]
impl Game {
    /// The position play starts from.
    fn new_initial_state(&self) -> State {
        State::new(self.start.clone_box(), self.layout.clone())
    }

    /// The ruleset's display name (its `name` key), e.g. `Connect Four`.
    #[getter]
    fn name(&self) -> &str {
        self.rules.name()
    }

    /// The game the ruleset is for (its `game` key), e.g. `vocabulary`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.rules.id().name()
    }

    /// The ruleset's description.
    #[getter]
    fn description(&self) -> &str {
        self.rules.description()
    }

    /// The ruleset as given to `relic.load`.
    #[getter]
    fn ruleset(&self) -> &str {
        &self.ruleset
    }

    /// The setup file as given to `relic.load`, or `None` (the default).
    #[getter]
    fn setup(&self) -> Option<&str> {
        self.setup.as_deref()
    }

    /// The resolved ruleset as TOML (what `relic rules show` prints).
    fn ruleset_toml(&self) -> String {
        self.rules.resolved_toml()
    }

    /// The number of seats (players).
    #[getter]
    fn num_players(&self) -> usize {
        self.start.seat_count()
    }

    /// The seats' names in turn order.
    #[getter]
    fn seat_names(&self) -> Vec<String> {
        (0..self.start.seat_count())
            .map(|s| self.start.seat_name(s))
            .collect()
    }

    /// How many action ids there are (the size of the action space), or
    /// `None` when the game has no fixed-size view.
    #[getter]
    fn num_actions(&self) -> Option<usize> {
        self.layout.as_ref().map(|l| l.actions)
    }

    /// The shape of `observation()`'s planes: `(planes, rows, columns)`.
    #[getter]
    fn observation_shape(&self) -> Option<(usize, usize, usize)> {
        let l = self.layout.as_ref()?;
        Some((l.planes.len(), l.rows, l.columns))
    }

    /// What each plane of `observation()` marks, in order.
    #[getter]
    fn plane_names(&self) -> Vec<String> {
        self.layout
            .as_ref()
            .map_or(Vec::new(), |l| l.planes.clone())
    }

    /// What each counter of `observation()` is, in order.
    #[getter]
    fn counter_names(&self) -> Vec<String> {
        self.layout
            .as_ref()
            .map_or(Vec::new(), |l| l.counters.clone())
    }

    fn __repr__(&self) -> String {
        match &self.setup {
            Some(setup) => format!("relic.load({:?}, {:?})", self.ruleset, setup),
            None => format!("relic.load({:?})", self.ruleset),
        }
    }
}
