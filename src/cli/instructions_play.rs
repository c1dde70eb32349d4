//! `relic play --ruleset R [FILE]` for vocabulary rulesets with `text =
//! "instructions"` (Stacked Tic-Tac-Toe and its variants): the course's
//! text mode on an instruction file, or on stdin.

use std::io;
use std::process::ExitCode;
use std::sync::Arc;

use super::PlayArgs;
use crate::games::GameRules;
use crate::games::stacked_tictactoe::play_instructions;
use crate::vocab::Program;
use crate::vocab::schema::TextFormat;

/// The largest instruction file read.
const MAX_INSTRUCTIONS: u64 = 64 << 20;

/// The program of `rules` when it is played from instruction files.
pub(super) fn instruction_game(rules: &GameRules) -> Option<Arc<Program>> {
    match rules {
        GameRules::Vocabulary(rules) if rules.program.text == TextFormat::Instructions => {
            Some(rules.program.clone())
        }
        _ => None,
    }
}

/// Plays `program` from the instruction file `FILE` (the positional
/// argument), or from stdin.
pub(super) fn play_instruction_file(program: Arc<Program>, args: &PlayArgs) -> ExitCode {
    let unsupported = args.mode.is_some()
        || args.bots.is_some()
        || args.save.is_some()
        || args.load.is_some()
        || args.record.is_some();
    if unsupported {
        crate::output::errln!(
            "relic: this game is played from an instruction file (or stdin) in text mode only"
        );
        return ExitCode::from(2);
    }
    let mut out = io::stdout().lock();
    let result = match &args.board {
        Some(path) => match crate::files::read_regular(path.as_ref(), MAX_INSTRUCTIONS) {
            Ok(bytes) => play_instructions(program, &bytes[..], &mut out),
            Err(failure) => {
                crate::output::errln!("relic: cannot read {path}: {}", failure.reason());
                return ExitCode::from(1);
            }
        },
        None => play_instructions(program, io::stdin().lock(), &mut out),
    };
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            crate::output::errln!("relic: {error}");
            ExitCode::from(1)
        }
    }
}
