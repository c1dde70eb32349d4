//! The specification's text mode: the renderer, the input parser and the
//! loop that joins them to the engine.

mod input;
mod render;
mod session;
mod tokens;

pub use input::{Command, parse_command};
pub use render::{banner, board, junction, scoreboard};
pub use session::{EndOfGame, TextSession, play_text};
pub use tokens::{MAX_TOKEN, Token, Tokens};
