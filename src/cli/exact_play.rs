//! `relic play` for games whose plain text mode is a course's exact
//! program rather than the generic session: vocabulary rulesets with
//! `text = "instructions"` (Stacked Tic-Tac-Toe: an instruction file, or
//! stdin) and level-walking games (Maze Runner: a level file, named or
//! asked for). With `gui`, `--bots`, `--save`, `--load` or `--record` these
//! games are played through the generic session like every other.

use std::io;
use std::path::Path;
use std::process::ExitCode;

use super::PlayArgs;
use crate::games::GameRules;
use crate::games::stacked_tictactoe::play_instructions;
use crate::vocab::schema::TextFormat;

/// The largest instruction file read.
const MAX_INSTRUCTIONS: u64 = 64 << 20;

/// Plays `rules` in its exact text mode when it has one and `args` asks
/// for nothing else (`board` and `mode`: the positionals with a mode word,
/// `gui` or `text`, told from a file name); `None` when the generic
/// session plays it.
pub(super) fn exact_text_mode(
    rules: &GameRules,
    args: &PlayArgs,
    (board, mode): (Option<&str>, Option<&str>),
) -> Option<ExitCode> {
    let plain = matches!(mode, None | Some("text"))
        && args.bots.is_none()
        && args.save.is_none()
        && args.load.is_none()
        && args.record.is_none();
    if !plain {
        return None;
    }
    match rules {
        GameRules::Vocabulary(rules) if rules.program.text == TextFormat::Instructions => {
            Some(play_instruction_file(rules.program.clone(), board))
        }
        GameRules::WalkerLevels(program) => Some(super::journey_play::run(program.clone(), board)),
        _ => None,
    }
}

/// Plays `program` from the instruction file `board` (the positional
/// argument that is not a mode word), or from stdin.
fn play_instruction_file(
    program: std::sync::Arc<crate::vocab::Program>,
    board: Option<&str>,
) -> ExitCode {
    let mut out = io::stdout().lock();
    let result = match board {
        Some(path) => match crate::files::read_regular(Path::new(path), MAX_INSTRUCTIONS) {
            Ok(bytes) => play_instructions(program, &bytes[..], &mut out),
            Err(failure) => {
                super::usage::eprint(super::usage::CliError::Unreadable {
                    what: "instructions",
                    path: path.to_owned(),
                    reason: failure.reason(),
                });
                return ExitCode::from(1);
            }
        },
        None => play_instructions(program, io::stdin().lock(), &mut out),
    };
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            // The reader of stdout has gone (`relic play ... | head`): end
            // quietly, as every command does.
            crate::output::exit_if_closed(&error);
            super::usage::fail(super::usage::CliError::TerminalIo {
                reason: error.to_string(),
            })
        }
    }
}
