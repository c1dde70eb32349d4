//! The built-in rulesets a core ruleset may extend in their core form
//! ([`builtin_core_source`]): the vocabulary's that lower, Moving Maze's on
//! its default board and Escape's on its default configuration.

use std::sync::Arc;

use super::escape::Escape;
use super::moving_maze::MovingMaze;
use super::{Registered, Setup};

/// The core form of the built-in ruleset `name` as core ruleset TOML,
/// for a core ruleset to extend: a vocabulary ruleset that lowers
/// ([`crate::vocab::lower::core_source`]), a Moving Maze ruleset on its
/// default board (the embedded 7x7 board), or an Escape ruleset on its
/// default configuration (`boards/escape.egc`). `None` for any other
/// name. Each is written once per process.
///
/// ```
/// use relic::games::builtin_core_source;
/// assert!(builtin_core_source("connect-four").is_some());
/// assert!(builtin_core_source("two-players").unwrap().contains("float-in(cell)"));
/// assert!(builtin_core_source("escape-later").unwrap().contains("route-horse"));
/// assert!(builtin_core_source("chess").is_none());
/// ```
pub fn builtin_core_source(name: &str) -> Option<&'static str> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static WRITTEN: OnceLock<Mutex<HashMap<String, Option<&'static str>>>> = OnceLock::new();
    if let Some(text) = crate::vocab::lower::core_source(name) {
        return Some(text);
    }
    let written = WRITTEN.get_or_init(Default::default);
    if let Some(&text) = written.lock().ok()?.get(name) {
        return text;
    }
    let text = (maze_core_source(name).or_else(|| escape_core_source(name)))
        .map(|text| &*Box::leak(text.into_boxed_str()));
    written.lock().ok()?.insert(name.to_owned(), text);
    text
}

/// The built-in Moving Maze ruleset `name` in the core on its default
/// board.
fn maze_core_source(name: &str) -> Option<String> {
    let ruleset = crate::games::moving_maze::rules::builtin_ruleset(name)?.ok()?;
    let rules = Arc::new(crate::games::moving_maze::rules::Rules::new(ruleset));
    let game = MovingMaze::start(&rules, &Setup::Default).ok()?;
    crate::games::moving_maze::core_form::maze_core(&game).ok()
}

/// The built-in Escape ruleset `name` in the core on its default
/// configuration.
fn escape_core_source(name: &str) -> Option<String> {
    let rules = crate::games::escape::ruleset::builtin_escape(name)?.ok()?;
    let game = Escape::start(&rules, &Setup::Default).ok()?;
    let titles = (rules.name.as_str(), rules.description.as_str());
    crate::games::escape::core_form::escape_core_titled(&game, titles).ok()
}
