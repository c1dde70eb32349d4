//! The specification's text mode: the renderer, the input parser and the
//! loop that joins them to the engine.

mod playback;
mod seats;
mod session;
mod tokens;

pub use crate::games::moving_maze::text::{
    Command, illegal_message, parse_action, parse_command, shown_coordinates,
};
pub use crate::games::moving_maze::text::{
    banner, board, junction, scoreboard, write_banner, write_board, write_scoreboard,
};
pub use playback::play_back;
pub use seats::{PlayedGame, TURN_LIMIT, play_text_with_bots};
pub use session::{END_OF_INPUT, EndOfGame, TextSession, play_text, run};
pub use tokens::{MAX_TOKEN, Token, Tokens};
