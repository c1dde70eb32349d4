//! Stacked Tic-Tac-Toe's codecs: the course's instruction files and its
//! exact text (boards, `Invalid move`, end messages, statistics). The game
//! itself is `rulesets/stacked-tic-tac-toe.toml`, played by the vocabulary
//! interpreter ([`crate::vocab`]); nothing here decides legality. Any
//! vocabulary ruleset with `text = "instructions"` is read and written by
//! this codec (the variants in `rulesets/variants/` are).
//!
//! ```
//! use relic::games::stacked_tictactoe::play_instructions;
//! use relic::vocab::builtin_vocab;
//! let program = builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap();
//! let mut out = Vec::new();
//! play_instructions(program, &b"1 1 1\n4 1 1 1 1"[..], &mut out).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.contains("r1 B1|__|__|__|"));
//! assert!(text.contains("Invalid move\nNo winner, input file ended\n"));
//! ```

mod exact;
mod instructions;
mod text;
mod verify;

pub use exact::InstructionFile;
pub use instructions::{Instruction, parse_line, split_lines, to_action};
pub use text::{play_instructions, write_board, write_statistics};
pub use verify::verify_instructions;
