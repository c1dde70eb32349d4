//! Position files: a setup for any core game, on any board (square, hex,
//! graph, with holes), with stacks, pieces of any glyph, the player to
//! move, the turn count and the variables. FEN ([`super::fen`]) speaks
//! only square boards of one-letter pieces; a position file says
//! everything a core position holds, in TOML:
//!
//! ```toml
//! board = ["...", "..."]   # as the ruleset's `[board] setup`; left out: its start
//! to_move = "black"         # left out: the ruleset's `first`
//! turn = 12                 # actions made before this position; left out: 0
//!
//! [variables]               # each left out keeps its `start`
//! store = 3                 # a variable of the whole game
//! captured = { white = 2, black = 5 }   # a per-player variable
//! ```
//!
//! A setup text is a position file when its first line that is not blank
//! is a `#` comment or TOML (`key = ...` or `[table]`), and FEN otherwise
//! ([`start_from_setup`]). [`write_position`] writes what reads
//! back to the same position.
//!
//! ```
//! use relic::contract::Game;
//! use relic::lang::{builtin_core, position};
//! let kalah = builtin_core("kalah").unwrap().unwrap();
//! let text = "to_move = \"north\"\n[variables]\nstore_south = 40\n";
//! let game = position::start_from_setup(kalah.clone(), "p.toml", text).unwrap();
//! assert_eq!(game.status(), relic::contract::Status::ToMove(1));
//! let bad = position::start_from_setup(kalah, "p.toml", "to_move = \"west\"\nturns = 3\n");
//! assert_eq!(bad.unwrap_err().problems.len(), 2);
//! ```

mod error;
mod read;
mod shape;
mod write;

use std::path::Path;
use std::sync::Arc;

pub use error::PositionError;
pub use read::KEYS;
pub use shape::shape_problems;
pub use write::write_position;

use super::beneath::Beneath;
use super::game::CoreGame;
use super::program::Program;
use crate::diagnostics::FileReport;

/// The most bytes a setup file (FEN or a position file) may hold.
pub const MAX_SETUP_BYTES: u64 = 1024 * 1024;

/// Every problem found in a setup.
pub type Problems = Vec<Box<dyn miette::Diagnostic + Send + Sync>>;

/// A position read from a position file: what a game starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupPosition {
    /// Each cell's top piece (0 empty).
    pub cells: Vec<u8>,
    /// The pieces beneath each top, bottom first (empty for no stacks).
    pub below: Vec<Vec<u8>>,
    /// The variables' slots.
    pub vars: Vec<i32>,
    /// The player to move.
    pub player: u8,
    /// Actions made before this position.
    pub turn: u32,
}

/// Whether setup `text` is a position file rather than FEN: its first
/// line that is not blank is a comment (FEN has none), a TOML key or a
/// table.
///
/// ```
/// use relic::lang::position::is_position;
/// assert!(is_position("# a test\nto_move = \"black\"\n"));
/// assert!(is_position("[variables]\nscore = 1\n"));
/// assert!(!is_position("8/8/8/8/8/8/8/K6k w - - 0 1"));
/// assert!(!is_position("\n"));
/// ```
pub fn is_position(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|line| !line.is_empty());
    first.is_some_and(|line| line.starts_with(['#', '[']) || line.contains('='))
}

/// Whether TOML `text` is a position file rather than a ruleset (both may
/// be named `.toml`): it parses, has no `game` key, and has a key only a
/// position file has (`to_move`, `board` as an array, `turn` as an
/// integer, `variables` as a table: a ruleset's `[board]`, `[turn]` and
/// `[[variables]]` are tables or arrays of tables).
///
/// ```
/// use relic::lang::position::is_position_toml;
/// assert!(is_position_toml("to_move = \"black\"\n[variables]\nscore = 2\n"));
/// assert!(is_position_toml("turns = 3\nto_move = \"black\"\n"));
/// assert!(!is_position_toml("game = \"core\"\n[board]\nwidth = 3\n"));
/// assert!(!is_position_toml("[[variables]]\nname = \"score\"\n"));
/// assert!(!is_position_toml("# nothing\n"));
/// ```
pub fn is_position_toml(text: &str) -> bool {
    let Ok(table) = text.parse::<toml::Table>() else {
        return false;
    };
    !table.contains_key("game")
        && table.iter().any(|(key, value)| match key.as_str() {
            "board" => value.is_array(),
            "to_move" => value.is_str(),
            "turn" => value.is_integer(),
            "variables" => value.is_table(),
            _ => false,
        })
}

/// Reads the position file `text` against `program`: the position, or
/// every problem found.
pub fn read_position(program: &Program, text: &str) -> Result<SetupPosition, Problems> {
    read::read(program, text)
}

/// The game of `program` from the position file `text` (shown as `name`),
/// or every problem of the file with its text.
pub fn start_from_position(
    program: Arc<Program>,
    name: &str,
    text: &str,
) -> Result<CoreGame, FileReport> {
    let p = read_position(&program, text).map_err(|problems| FileReport {
        path: name.to_owned(),
        source: text.to_owned(),
        problems,
    })?;
    let below = Beneath::from_lists(&p.below);
    Ok(CoreGame::with_stacks(
        program,
        (p.cells, below),
        p.vars,
        p.player,
        p.turn,
    ))
}

/// The game of `program` from setup `text`: a position file
/// ([`is_position`]) or FEN.
pub fn start_from_setup(
    program: Arc<Program>,
    name: &str,
    text: &str,
) -> Result<CoreGame, FileReport> {
    match is_position(text) {
        true => start_from_position(program, name, text),
        false => super::fen::start_from_fen(program, name, text),
    }
}

/// The text of the setup file at `path`, or why it cannot be read
/// (`position::unreadable`).
pub fn read_setup_file(path: &Path) -> Result<String, FileReport> {
    let name = path.display().to_string();
    let reason = match crate::files::read_regular(path, MAX_SETUP_BYTES) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => return Ok(text),
            Err(_) => "it is not UTF-8 text".to_owned(),
        },
        Err(e) => e.reason(),
    };
    let problem = PositionError::Unreadable {
        path: name.clone(),
        reason,
    };
    Err(FileReport {
        path: name,
        source: String::new(),
        problems: vec![Box::new(problem)],
    })
}
