//! `relic play` for games whose plain text mode is their course's exact
//! program rather than the generic session (the game offers it:
//! [`crate::games::Registered::exact_text`]). With `gui`, `--bots`,
//! `--save`, `--load` or `--record` these games are played through the
//! generic session like every other.

use std::io;
use std::process::ExitCode;

use super::PlayArgs;
use super::usage::{CliError, eprint, fail};
use crate::games::{ExactEnd, ExactIo, GameRules};

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
    let program = rules.exact_text()?;
    let mut input = io::stdin().lock();
    let mut out = io::stdout().lock();
    let notes = Some(Box::new(io::stderr()) as Box<dyn io::Write>);
    let io = ExactIo {
        file: board,
        input: &mut input,
        out: &mut out,
        notes,
    };
    Some(match program.play(io) {
        Ok(ExactEnd::Played) => ExitCode::SUCCESS,
        Ok(ExactEnd::Refused) => ExitCode::from(1),
        Ok(ExactEnd::Unreadable { what, path, reason }) => {
            eprint(CliError::Unreadable { what, path, reason });
            ExitCode::from(1)
        }
        Err(error) => {
            // The reader of stdout has gone (`relic play ... | head`): end
            // quietly, as every command does.
            crate::output::exit_if_closed(&error);
            fail(CliError::TerminalIo {
                reason: error.to_string(),
            })
        }
    })
}
