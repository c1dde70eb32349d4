//! Saved games: a game written as RON (the ruleset, the starting board and
//! the actions played) and read back by replaying the actions through the
//! engine, so a loaded game is exactly the game that was saved.
//!
//! The file is plain RON a person can read:
//!
//! ```text
//! (
//!     version: 1,
//!     ruleset: r#"name = "Moving Maze" ... "#,   // the resolved ruleset, as TOML
//!     board: "5 5\n1\n...",                        // the starting board, as GBF
//!     actions: ["n4", "s", "done", ...],           // text-mode notation
//! )
//! ```
//!
//! Loading checks it in stages (RON, version, ruleset, board, actions,
//! replay) and reports every problem it can as a [`SaveError`] pointing
//! into the file.
//!
//! ```
//! use relic::{board::parse_board, engine::{Action, Game}, rules::Rules, save::SavedGame};
//! let rules = Rules::standard();
//! let gbf = "3 3\n0\n0101xx\n0110xx 0101xx 0011xx\n1110xx 1010xx 1011xx\n1100xx 1111xx 1001xx\n";
//! let board = parse_board(gbf, &rules.limits()).unwrap();
//! let saved = SavedGame::new(rules, board, vec![Action::RotateClockwise]);
//! let (loaded, game) = SavedGame::from_ron(&saved.to_ron()).unwrap();
//! assert_eq!(loaded, saved);
//! assert_eq!(game, saved.replay().unwrap());
//! ```

mod autosave;
mod error;
mod file;
mod load;

use std::sync::Arc;

use serde::Serialize;

pub use autosave::Autosave;
pub use error::SaveError;
pub use file::{MAX_SAVE_BYTES, read_save_file, write_save_file};

use crate::board::Board;
use crate::engine::{Action, Game, IllegalAction};
use crate::rules::Rules;

/// The version of the save format this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// A game as recorded: the rules, the board it started from, and every
/// action played (never `quit`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    rules: Arc<Rules>,
    board: Board,
    actions: Vec<Action>,
}

impl SavedGame {
    /// A record of `actions` played on `board` under `rules`.
    pub fn new(rules: Arc<Rules>, board: Board, actions: Vec<Action>) -> SavedGame {
        SavedGame {
            rules,
            board,
            actions,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The board the game started from.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The actions played, oldest first.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Plays the actions again from the start; the first illegal one is
    /// returned with its index.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::new(self.rules.clone(), &self.board).map_err(ReplayError::Setup)?;
        let mut events = Vec::new();
        for (index, &action) in self.actions.iter().enumerate() {
            if action == Action::Quit {
                return Err(ReplayError::Quit { index });
            }
            events.clear();
            game.apply_into(action, &mut events)
                .map_err(|illegal| ReplayError::Illegal { index, illegal })?;
        }
        Ok(game)
    }

    /// The game as RON text, ending in a newline.
    pub fn to_ron(&self) -> String {
        to_ron(&self.rules, &self.board, &self.actions)
    }

    /// Reads a saved game from RON text and replays it. Every problem found
    /// is reported, each pointing into `source`.
    pub fn from_ron(source: &str) -> Result<(SavedGame, Game), Vec<SaveError>> {
        load::from_ron(source)
    }
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The board does not fit the rules.
    Setup(crate::engine::SetupError),
    /// Action `index` (0-based) is illegal at that point.
    Illegal {
        /// Which action.
        index: usize,
        /// Why.
        illegal: IllegalAction,
    },
    /// Action `index` is `quit`, which a record never holds.
    Quit {
        /// Which action.
        index: usize,
    },
}

/// The file as written: every part in its own readable notation.
#[derive(Serialize)]
struct SaveFile {
    version: u32,
    ruleset: String,
    board: String,
    actions: Vec<String>,
}

/// The RON text of a game: `rules`, its starting `board` and `actions`.
pub(crate) fn to_ron(rules: &Rules, board: &Board, actions: &[Action]) -> String {
    let file = SaveFile {
        version: FORMAT_VERSION,
        ruleset: toml::to_string(rules.ruleset()).expect("rulesets serialise to TOML"),
        board: board.to_gbf(),
        actions: actions.iter().map(ToString::to_string).collect(),
    };
    let config = ron::ser::PrettyConfig::new().escape_strings(false);
    let mut text = String::from("// A relic saved game: `relic play --load FILE` resumes it.\n");
    text += &ron::ser::to_string_pretty(&file, config).expect("saved games serialise to RON");
    text.push('\n');
    text
}
