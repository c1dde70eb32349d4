//! Moving Maze's text mode as the specification prints and reads it: the
//! board and scoreboard renderer and the token parser.

mod input;
mod render;
mod textview;

pub use super::notation::parse_action;
pub use input::{Command, illegal_message, parse_command, shown_coordinates};
pub use render::{
    banner, board, junction, scoreboard, write_banner, write_board, write_scoreboard,
};
