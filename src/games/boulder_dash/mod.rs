//! Boulder Dash (seed 001) is played by the walker interpreter
//! (`src/walker/`, registered as `game = "walker-physics"`): its rules are
//! `rulesets/boulder-dash.toml`; this folder holds its codecs only: the
//! board text ([`board`]) and its exact output.

pub mod board;
pub mod game_file;

pub use board::{BoardError, read_board, write_board};
pub use game_file::{GameFile, GameFileError, check_size, read_game_file, verify_game};

use crate::diagnostics::FileReport;
use crate::games::{Setup, SetupFailure};
use crate::walker::{Codec, Event, Walker};

/// The cave played when no board is named: the shipped 8x8 cave.
pub const DEFAULT_CAVE: &str = include_str!("../../../boards/cave-8x8.board");

/// The name the default cave is reported by.
pub const DEFAULT_CAVE_NAME: &str = "cave-8x8.board (built-in)";

/// The most bytes a board file may have.
pub const MAX_BOARD_BYTES: u64 = 1 << 20;

/// Boulder Dash's codec: positions print as the board text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BoardText;

impl Codec for BoardText {
    fn write_position(game: &Walker<BoardText>, out: &mut String) {
        out.push_str(&write_board(game.program(), game.grid()));
        out.push('\n');
    }

    /// After each move: the board, what has been taken, and why play has
    /// ended when an end pattern matched.
    fn write_events(game: &Walker<BoardText>, events: &[Event], out: &mut String) {
        if events.is_empty() {
            return;
        }
        Self::write_position(game, out);
        let program = game.program();
        let taken: Vec<String> = (program.kinds.iter().enumerate())
            .filter(|(_, k)| k.collectable)
            .map(|(i, k)| format!("{} {}", game.collected(i as u8), k.name))
            .collect();
        if !taken.is_empty() {
            out.push_str(&format!("Taken: {}\n", taken.join(", ")));
        }
        for event in events {
            match event {
                Event::Ended { end } => {
                    let name = &program.physics.ends[*end as usize].name;
                    out.push_str(&format!("Game over: {name}.\n"));
                }
                Event::Acknowledged => out.push_str("The game is over.\n"),
                _ => {}
            }
        }
    }
}

/// A Boulder Dash position.
pub type Cave = Walker<BoardText>;

/// A board file that cannot be read at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("cannot read the board {path}: {reason}")]
#[diagnostic(
    code(boulder_dash::board::unreadable),
    help("name a board text file (see README, Boulder Dash)")
)]
pub struct Unreadable {
    /// The path.
    pub path: String,
    /// Why.
    pub reason: String,
}

/// The name and text of a board setup.
pub(crate) fn setup_text(setup: &Setup) -> Result<(String, String), SetupFailure> {
    let unreadable = |path: String, reason: String| SetupFailure {
        report: FileReport {
            path: path.clone(),
            source: String::new(),
            problems: vec![Box::new(Unreadable { path, reason })],
        },
        unreadable: true,
    };
    match setup {
        Setup::Default => Ok((DEFAULT_CAVE_NAME.into(), DEFAULT_CAVE.into())),
        Setup::Text { name, text } => Ok((name.clone(), text.clone())),
        Setup::File(path) => {
            let name = path.display().to_string();
            let bytes = crate::files::read_regular(path, MAX_BOARD_BYTES)
                .map_err(|e| unreadable(name.clone(), e.reason()))?;
            String::from_utf8(bytes)
                .map(|text| (name.clone(), text))
                .map_err(|_| unreadable(name, "it is not UTF-8 text".into()))
        }
    }
}
