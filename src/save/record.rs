//! The game-agnostic part of records: the file's fields as text, and the
//! action list written and read back in any game's notation.
//!
//! A record names its game, holds its resolved ruleset and its setup as
//! text (what the game's loading step reads) and its actions in the
//! game's one notation. Each action is written and read in the context of
//! the position it was played in, since a notation may depend on it.
//!
//! ```
//! use relic::contract::Game as _;
//! use relic::games::{Setup, moving_maze};
//! use relic::rules::Rules;
//! use relic::save::record::{Record, replay_actions, write_actions};
//! let start = moving_maze::load(&Rules::standard(), &Setup::Default).unwrap();
//! let mut game = start.clone();
//! let actions = [game.parse_action("n2").unwrap()];
//! relic::contract::Game::apply(&mut game, &actions[0]).unwrap();
//! let record = Record {
//!     game: "moving-maze".into(),
//!     ruleset: String::new(),
//!     setup: String::new(),
//!     actions: write_actions(&start, &actions).unwrap(),
//! };
//! let read = Record::from_ron(&record.to_ron()).unwrap();
//! assert_eq!(read, record);
//! assert_eq!(replay_actions(start, &read.actions).unwrap().0, game);
//! ```

use serde::{Deserialize, Serialize};

use super::FORMAT_VERSION;
use crate::contract::Game;

/// A record's fields as text, without diagnostics (format version 3;
/// `seed` and `bots`, which only computer players need, are read and
/// written by [`GameRecord`](super::GameRecord)): what the invariant
/// harness round-trips. It stays beside `GameRecord` and
/// [`read_record`](super::read_record) because the harness checks any
/// `G: Game`, registered or not (the tests' own games), while a
/// `GameRecord` holds a registered game's rules and is read through the
/// registry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The game: the ruleset's `game`.
    pub game: String,
    /// The resolved ruleset, as TOML.
    pub ruleset: String,
    /// The setup as the game's loading step reads it (Moving Maze: GBF).
    pub setup: String,
    /// The actions played, each in the game's notation.
    pub actions: Vec<String>,
}

/// The record as written, with its version.
#[derive(Serialize, Deserialize)]
#[serde(rename = "SavedGame")]
struct Versioned {
    version: u32,
    game: String,
    ruleset: String,
    setup: String,
    actions: Vec<String>,
}

impl Record {
    /// The record as RON text, in the layout relic writes.
    pub fn to_ron(&self) -> String {
        let versioned = Versioned {
            version: FORMAT_VERSION,
            game: self.game.clone(),
            ruleset: self.ruleset.clone(),
            setup: self.setup.clone(),
            actions: self.actions.clone(),
        };
        let config = ron::ser::PrettyConfig::new().escape_strings(false);
        let mut text = ron::ser::to_string_pretty(&versioned, config).expect("records serialise");
        text.push('\n');
        text
    }

    /// Reads a version 3 record's fields (the full reader with its
    /// diagnostics is [`read_record`](super::read_record)).
    pub fn from_ron(source: &str) -> Result<Record, String> {
        let read: Versioned = ron::from_str(source).map_err(|e| e.to_string())?;
        if read.version != FORMAT_VERSION {
            return Err(format!("version {} is not {FORMAT_VERSION}", read.version));
        }
        Ok(Record {
            game: read.game,
            ruleset: read.ruleset,
            setup: read.setup,
            actions: read.actions,
        })
    }
}

/// Why an action list does not replay: the 0-based index of the first bad
/// action and the game's reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayFailure {
    /// Which action (0-based).
    pub index: usize,
    /// The game's reason: not in its notation, or refused.
    pub reason: String,
}

/// Writes `actions`, played in order from `start`, each in the game's
/// notation in the position it was played in; the first that `start`'s
/// game refuses is returned instead.
pub fn write_actions<G: Game>(
    start: &G,
    actions: &[G::Action],
) -> Result<Vec<String>, ReplayFailure> {
    let mut game = start.clone();
    let mut events = Vec::new();
    let mut texts = Vec::with_capacity(actions.len());
    for (index, action) in actions.iter().enumerate() {
        texts.push(game.write_action(action));
        events.clear();
        game.apply_into(action, &mut events)
            .map_err(|refusal| ReplayFailure {
                index,
                reason: refusal.to_string(),
            })?;
    }
    Ok(texts)
}

/// Reads and plays `texts` from `start`, each in the context of the
/// position before it: the final position and the actions, or the first
/// action that is not in the notation or is refused. A resignation
/// (`quit`) is recorded like any action and ends the game, so that a
/// resigned game replays as resigned; nothing can follow it.
pub fn replay_actions<G: Game>(
    start: G,
    texts: &[String],
) -> Result<(G, Vec<G::Action>), ReplayFailure> {
    let mut game = start;
    let mut events = Vec::new();
    let mut actions = Vec::with_capacity(texts.len());
    for (index, text) in texts.iter().enumerate() {
        let failure = |reason: String| ReplayFailure { index, reason };
        let action = game.parse_action(text).map_err(|e| failure(e.message))?;
        events.clear();
        game.apply_into(&action, &mut events)
            .map_err(|refusal| failure(refusal.to_string()))?;
        actions.push(action);
    }
    Ok((game, actions))
}
