//! Text mode for every game: the loop that reads inputs (tokens or lines),
//! applies them and prints through the game's
//! [`TextView`](crate::contract::TextView). Moving Maze's renderer and
//! parser live in its folder (`games::moving_maze::text`).

mod agents;
mod playback;
mod session;
mod tokens;

pub use agents::{TURN_LIMIT, play_with_agents};
pub use playback::play_back;
pub use session::{END_OF_INPUT, EndOfGame, TextSession, UNREADABLE_INPUT, play_text, run};
pub use tokens::{MAX_JOINED, MAX_LINE, MAX_TOKEN, Token, Tokens};
