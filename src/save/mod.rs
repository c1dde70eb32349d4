//! Game records, one format and one reader for every game: saved games
//! (`relic play --save/--load`) and replays (`relic play --record`,
//! `relic replay`). A record holds the game, its resolved ruleset, the
//! setup it started from (as the game's loading step reads it) and the
//! actions played in the game's one notation, plus, for a game with
//! computer players, the seed and each seat's strategy spec. It is read
//! back through the registry ([`games::with_game`](crate::games::with_game))
//! by replaying every action, so a loaded game is exactly the game that
//! was recorded.
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
//!     actions: ["n4", "s", "done", ...],           // the game's notation
//! )
//! ```
//!
//! Versions 1 and 2 (Moving Maze's, from before there were other games:
//! no `game`, the setup named `board`; version 1 without `seed` and
//! `bots`) read through the same path: their ruleset has no `game` key, so
//! it is Moving Maze's. The ruleset is stored resolved: a record whose
//! ruleset says `extends` is refused, so reading a record never opens
//! another file. Loading checks a file in stages (RON, version, ruleset,
//! game, setup, computer players, actions, replay) and reports every
//! problem it can as a [`SaveError`] pointing into the file; a damaged,
//! truncated or illegal action is named by its number.
//!
//! ```
//! use relic::games::{GameRules, moving_maze};
//! use relic::rules::Rules;
//! use relic::save::{GameRecord, read_record};
//! let rules = GameRules::from(Rules::standard());
//! let record = GameRecord::new(rules, String::new(), vec!["r".into(), "n2".into()]);
//! let read = read_record(&record.to_ron()).unwrap();
//! assert_eq!(read.actions(), record.actions());
//! let start = moving_maze::load(&Rules::standard(), &read.setup()).unwrap();
//! let (_, actions) = read.replay(start, None).unwrap();
//! assert_eq!(actions.len(), 2);
//! ```

mod any;
mod autosave;
mod damage;
mod error;
mod file;
mod keeper;
mod load;
mod read;
pub mod record;

pub use any::GameRecord;
pub use autosave::Autosave;
pub use error::SaveError;
pub use file::{MAX_SAVE_BYTES, write_save_file};
pub use keeper::RecordKeeper;
pub use load::MAX_PROBLEMS;
pub use read::{read_record, read_record_file};

use serde::Serialize;

/// The version of the format this build writes; it also reads every
/// version from [`OLDEST_FORMAT_VERSION`] on.
pub const FORMAT_VERSION: u32 = 3;

/// The oldest version this build reads (1: Moving Maze's saved games
/// without computer players).
pub const OLDEST_FORMAT_VERSION: u32 = 1;

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
