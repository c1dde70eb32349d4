//! relic in the browser: the engine, the rules' checks and `relic rules
//! explain`, compiled to WebAssembly for the playground page
//! (`playground/web/`), which edits a ruleset and its setup and plays the
//! result at once. Everything here is plain Rust over JSON strings, so the
//! same code runs natively in the tests; `wasm-bindgen` exports it.
//!
//! ```
//! use relic_playground::{Playground, check};
//! let ruleset = "extends = \"tic-tac-toe\"\n";
//! let found: serde_json::Value = serde_json::from_str(&check(ruleset, "")).unwrap();
//! assert_eq!(found["ruleset"].as_array().unwrap().len(), 0);
//! let mut table = Playground::open(ruleset, "", "[null, \"random\"]", 1).unwrap();
//! table.play("b2").unwrap();
//! assert!(table.step().is_some());
//! ```

pub mod check;
pub mod table;

use relic::games::{builtin_names, builtin_source, resolve_game_rules, with_game};
use serde_json::json;
use wasm_bindgen::prelude::*;

use crate::check::{Checked, problems_of, rules_of, setup_of};
use crate::table::{AnyTable, Open};

/// Every problem of the ruleset and the setup, as JSON
/// (`{"ruleset": [...], "setup": [...]}`, see [`check::Problem`]).
#[wasm_bindgen]
pub fn check(ruleset: &str, setup: &str) -> String {
    let checked = match rules_of(ruleset) {
        Err(problems) => Checked {
            ruleset: problems,
            setup: Vec::new(),
        },
        Ok(rules) => Checked {
            ruleset: Vec::new(),
            setup: match with_game(&rules, &setup_of(setup), Open::people()) {
                Ok(_) => Vec::new(),
                Err(failure) => problems_of(&failure.report, check::SETUP_NAME),
            },
        },
    };
    serde_json::to_string(&checked).unwrap_or_default()
}

/// The rules of `ruleset` in plain English (Markdown), as `relic rules
/// explain` prints them, with what it changes from the ruleset it extends;
/// empty when it does not load.
#[wasm_bindgen]
pub fn explain(ruleset: &str) -> String {
    let Ok(rules) = rules_of(ruleset) else {
        return String::new();
    };
    let extends = (ruleset.parse::<toml::Table>().ok())
        .and_then(|t| t.get("extends")?.as_str().map(str::to_owned));
    let parent = extends.and_then(|name| Some((resolve_game_rules(name.as_ref()).ok()?, name)));
    let parent = parent.as_ref().map(|(rules, name)| (name.as_str(), rules));
    relic::rulebook::explain(&rules, parent)
}

/// The names of the built-in rulesets, as JSON.
#[wasm_bindgen]
pub fn builtins() -> String {
    json!(builtin_names()).to_string()
}

/// The text of the built-in ruleset `name`, if there is one.
#[wasm_bindgen]
pub fn builtin(name: &str) -> Option<String> {
    builtin_source(name).map(str::to_owned)
}

/// Plays `games` uniformly random games of `ruleset` on `setup`: how
/// many actions were played in all (the speed measure of the playground).
#[wasm_bindgen]
pub fn random_games(ruleset: &str, setup: &str, games: u32, seed: u64) -> Result<f64, JsError> {
    let table = Playground::open(ruleset, setup, "[]", seed)?;
    Ok(table.table.random_games(games, seed) as f64)
}

/// One game being played: made from the ruleset and setup being edited.
#[wasm_bindgen]
pub struct Playground {
    table: Box<dyn AnyTable>,
}

#[wasm_bindgen]
impl Playground {
    /// Opens a game of `ruleset` on `setup` (empty: the game's default)
    /// with `computers` a JSON list of a strategy spec or `null` (a person)
    /// per seat; fails with the first problem if either does not load.
    #[wasm_bindgen(constructor)]
    pub fn open(
        ruleset: &str,
        setup: &str,
        computers: &str,
        seed: u64,
    ) -> Result<Playground, Failure> {
        let computers: Vec<Option<String>> = serde_json::from_str(computers)
            .map_err(|e| Failure(format!("the computers are not a JSON list: {e}")))?;
        let rules = rules_of(ruleset).map_err(|p| Failure(first(&p, "The ruleset")))?;
        let opened =
            with_game(&rules, &setup_of(setup), Open { computers, seed }).map_err(|f| {
                Failure(first(
                    &problems_of(&f.report, check::SETUP_NAME),
                    "The setup",
                ))
            })?;
        Ok(Playground {
            table: opened.map_err(Failure)?,
        })
    }

    /// The message the page's shell draws now (JSON).
    pub fn message(&self) -> String {
        self.table.message(&[]).to_string()
    }

    /// Plays the action written `typed`: the new message (JSON), or the
    /// game's reason for refusing it.
    pub fn play(&mut self, typed: &str) -> Result<String, Failure> {
        let events = self.table.act(typed).map_err(Failure)?;
        Ok(self.table.message(&events).to_string())
    }

    /// Whether a computer is to move.
    pub fn computer_to_move(&self) -> bool {
        self.table.computer_to_move()
    }

    /// Lets the computer to move play one action: the new message (JSON),
    /// or `None` when no computer is to move.
    pub fn step(&mut self) -> Option<String> {
        let events = self.table.computer_step()?;
        Some(self.table.message(&events).to_string())
    }

    /// Takes back the last action and the computers' before it, back to a
    /// person's turn: the new message (JSON), or why not.
    pub fn undo(&mut self) -> Result<String, Failure> {
        let event = self.table.undo().map_err(Failure)?;
        Ok(self.table.message(&[event]).to_string())
    }

    /// Starts again from the first position: the new message (JSON).
    pub fn restart(&mut self) -> String {
        self.table.restart();
        let event = json!({ "kind": "new-game", "text": "A new game has started." });
        self.table.message(&[event]).to_string()
    }
}

/// Why something the page asked for cannot be done, in words.
#[derive(Debug)]
pub struct Failure(pub String);

impl From<Failure> for JsValue {
    fn from(failure: Failure) -> JsValue {
        JsValue::from_str(&failure.0)
    }
}

impl From<Failure> for JsError {
    fn from(failure: Failure) -> JsError {
        JsError::new(&failure.0)
    }
}

impl Open {
    /// A table where people play every seat (for checking a setup).
    pub fn people() -> Open {
        Open {
            computers: Vec::new(),
            seed: 0,
        }
    }
}

/// The first of `problems` in a sentence, naming `what` had it.
fn first(problems: &[check::Problem], what: &str) -> String {
    let Some(problem) = problems.first() else {
        return format!("{what} does not load.");
    };
    let more = match problems.len() {
        1 => String::new(),
        n => format!(" (and {} more)", n - 1),
    };
    format!(
        "{what} has a problem at line {}: {}{more}",
        problem.line, problem.message
    )
}
