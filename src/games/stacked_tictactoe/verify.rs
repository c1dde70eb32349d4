//! `relic verify` on an instruction file: every line must be an instruction
//! the interpreter accepts where it is played. The first line that is not
//! (malformed, or an `Invalid move` in text mode) is reported with its
//! line number and the game's reason.

use std::sync::Arc;

use miette::SourceSpan;

use super::instructions::{Instruction, parse_line, split_lines, to_action};
use crate::contract::Game;
use crate::verify::{VerifyError, shown_action};
use crate::vocab::{Program, VocabGame};

/// Plays every line of `source` (the file's text) from the start of
/// `program`; the final position, or the first line that is not a legal
/// instruction. Play stops at a quit or the end of the game.
///
/// ```
/// use relic::games::stacked_tictactoe::verify_instructions;
/// use relic::vocab::builtin_vocab;
/// let program = builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap();
/// assert!(verify_instructions(program.clone(), "1 1 1\n1 2 2").is_ok());
/// let error = verify_instructions(program, "1 1 1\n4 1 1 2 2").unwrap_err();
/// assert!(error.to_string().contains("line 2"));
/// ```
pub fn verify_instructions(program: Arc<Program>, source: &str) -> Result<VocabGame, VerifyError> {
    let mut game = VocabGame::new(program);
    for (index, (start, line)) in split_lines(source.as_bytes()).enumerate() {
        let at = SourceSpan::new(start.into(), line.len());
        let number = index + 1;
        let text = shown_action(&String::from_utf8_lossy(line));
        let instruction = parse_line(line);
        if instruction == Instruction::Malformed {
            let reason = "expected `-1`, `k r c`, `4 r c r c` or `5 X r c [n]`".to_owned();
            return Err(VerifyError::Notation {
                number,
                line: number,
                text,
                reason,
                at,
            });
        }
        if let Err(refusal) = game.apply(&to_action(game.program(), instruction)) {
            return Err(VerifyError::Illegal {
                number,
                line: number,
                text,
                reason: refusal.message,
                at,
                help: crate::verify::legal_help(&game),
            });
        }
        if game.status().is_over() {
            break;
        }
    }
    Ok(game)
}
