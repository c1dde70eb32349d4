//! Game records: saved games (`relic play --save/--load`) and replays
//! (`relic play --record`, `relic replay`) are one format. A record holds
//! the ruleset, the starting board and the actions played, plus, for a
//! game with computer players, the seed and the bot spec of each seat. It
//! is read back by replaying the actions through the engine, so a loaded
//! game is exactly the game that was recorded.
//!
//! The file is plain RON a person can read:
//!
//! ```text
//! (
//!     version: 3,
//!     game: "moving-maze",                         // the game: the ruleset's `game`
//!     ruleset: r#"name = "Moving Maze" ... "#,   // the resolved ruleset, as TOML
//!     setup: "5 5\n1\n...",                        // the setup: Moving Maze's board, as GBF
//!     seed: Some(7),                               // replays of computer players only
//!     bots: [None, Some("greedy"), None, None],    // replays of computer players only
//!     actions: ["n4", "s", "done", ...],           // text-mode notation
//! )
//! ```
//!
//! Versions 1 and 2 (Moving Maze only, the setup named `board`; version 1
//! without `seed` and `bots`) still read. The ruleset is stored resolved:
//! a record whose ruleset says `extends` is refused, so reading a record
//! never opens another file.
//! Loading checks a file in stages (RON, version, ruleset, board, computer
//! players, actions, replay) and reports every problem it can as a
//! [`SaveError`] pointing into the file; a damaged, truncated or illegal
//! action is named by its number.
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

mod any;
mod autosave;
mod damage;
mod error;
mod file;
mod keeper;
mod load;
pub mod record;

use std::sync::Arc;

use serde::Serialize;

pub use any::{GameRecord, Loaded, read_record, read_record_file};
pub use autosave::Autosave;
pub use error::SaveError;
pub use file::{MAX_SAVE_BYTES, read_save_file, write_save_file};
pub use keeper::RecordKeeper;
pub use load::MAX_PROBLEMS;

use crate::games::moving_maze::board::Board;
use crate::games::moving_maze::bots::BotKind;
use crate::games::moving_maze::engine::{Action, Game, IllegalAction};
use crate::rules::Rules;

/// The version of the format this build writes; it also reads every
/// version from [`OLDEST_FORMAT_VERSION`] on.
pub const FORMAT_VERSION: u32 = 3;

/// The oldest version this build reads (1: saved games without computer
/// players).
pub const OLDEST_FORMAT_VERSION: u32 = 1;

/// A game as recorded: the rules, the board it started from, every action
/// played (never `quit`), and for a game with computer players the seed
/// and each seat's bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    rules: Arc<Rules>,
    board: Board,
    actions: Vec<Action>,
    seed: Option<u64>,
    bots: Vec<Option<BotKind>>,
}

impl SavedGame {
    /// A record of `actions` played on `board` under `rules`.
    pub fn new(rules: Arc<Rules>, board: Board, actions: Vec<Action>) -> SavedGame {
        SavedGame {
            rules,
            board,
            actions,
            seed: None,
            bots: Vec::new(),
        }
    }

    /// The record of a game with computer players: the seed they drew from
    /// and, per seat in turn order, the bot that played it (`None`: a
    /// person).
    pub fn with_computers(mut self, seed: u64, bots: Vec<Option<BotKind>>) -> SavedGame {
        self.seed = Some(seed);
        self.bots = bots;
        self
    }

    /// The computer players' seed, if computers played.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The bot of each seat in turn order (`None`: a person); empty when
    /// no computer played.
    pub fn bots(&self) -> &[Option<BotKind>] {
        &self.bots
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
        self.replay_to(self.actions.len())
    }

    /// Plays the first `count` actions (all when there are fewer) again
    /// from the start: the position after them.
    pub fn replay_to(&self, count: usize) -> Result<Game, ReplayError> {
        let mut game = Game::new(self.rules.clone(), &self.board).map_err(ReplayError::Setup)?;
        let mut events = Vec::new();
        for (index, &action) in self.actions.iter().enumerate().take(count) {
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
        let mut file = SaveFile::new(&self.rules, &self.board, &self.actions);
        file.seed = self.seed;
        file.bots = self
            .bots
            .iter()
            .map(|bot| bot.map(|kind| kind.to_string()))
            .collect();
        file.to_ron()
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
    Setup(crate::games::moving_maze::engine::SetupError),
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
    game: &'static str,
    ruleset: String,
    setup: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    bots: Vec<Option<String>>,
    actions: Vec<String>,
}

impl SaveFile {
    fn new(rules: &Rules, board: &Board, actions: &[Action]) -> SaveFile {
        SaveFile {
            version: FORMAT_VERSION,
            game: rules.ruleset().game.name(),
            ruleset: toml::to_string(rules.ruleset()).expect("rulesets serialise to TOML"),
            setup: board.to_gbf(),
            seed: None,
            bots: Vec::new(),
            actions: actions.iter().map(ToString::to_string).collect(),
        }
    }

    fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().escape_strings(false);
        let mut text = String::from(
            "// A relic game record: `relic play --load FILE` resumes it, `relic replay FILE` plays it back.\n",
        );
        text += &ron::ser::to_string_pretty(self, config).expect("game records serialise to RON");
        text.push('\n');
        text
    }
}

/// The RON text of a game without computer players: `rules`, its starting
/// `board` and `actions`.
pub(crate) fn to_ron(rules: &Rules, board: &Board, actions: &[Action]) -> String {
    SaveFile::new(rules, board, actions).to_ron()
}
