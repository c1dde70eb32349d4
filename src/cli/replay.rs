//! `relic play --bots/--record` (computer seats, recording) and
//! `relic replay` (checked playback).

use std::io::{self, BufWriter};
use std::process::ExitCode;

use super::args::ReplayArgs;
use super::common::{PlayArgs, UNKNOWN_MODE, eprint_diagnostic, write_record};
use crate::bots::seeded_rng;
use crate::games::moving_maze::bots::{BotKind, Seats, parse_bot_specs};
use crate::games::moving_maze::engine::{Action, Game};
use crate::save::{RecordKeeper, read_record_file};
use crate::text::{PlayedGame, play_text_with_bots};

/// The longest game of computers only, in turns, before it is stopped.
pub const ALL_COMPUTER_TURN_LIMIT: u32 = 10_000;

/// Plays a text game with computer seats and/or recording (`relic play
/// --bots ... --seed ... --record ...`).
pub(crate) fn play_seated(
    game: Game,
    keeper: &RecordKeeper<Game>,
    history: Vec<Action>,
    args: &PlayArgs,
) -> ExitCode {
    if let Some(save) = &args.save {
        return super::usage::fail(super::usage::CliError::Conflict {
            option: save.display().to_string(),
            with: "--bots or --record",
            why: "--record keeps the game with its computer players: leave out --save",
        });
    }
    let kinds = match parse_bot_specs(args.bots.as_deref().unwrap_or(""), game.rules()) {
        Ok(kinds) => kinds,
        Err(error) => {
            eprint_diagnostic(error);
            return ExitCode::from(2);
        }
    };
    let seed = args.seed.unwrap_or(0);
    let played = match play_with_computers(game, &kinds, seed) {
        Ok(played) => played,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(error) => {
            return super::usage::fail(super::usage::CliError::TerminalIo {
                reason: error.to_string(),
            });
        }
    };
    let Some(path) = &args.record else {
        return ExitCode::SUCCESS;
    };
    let actions = [history, played.actions].concat();
    write_record(path, keeper, &actions, (seed, &kinds))
}

/// Plays `game` in the terminal with the computer players `kinds` (seeded
/// with `seed`): the actions played. With no person at the table, play
/// stops at a turn limit.
fn play_with_computers(game: Game, kinds: &[Option<BotKind>], seed: u64) -> io::Result<PlayedGame> {
    let seats: Seats = kinds
        .iter()
        .map(|k| k.map(|kind| kind.strategy()))
        .collect();
    let max_turns = if kinds.iter().all(Option::is_some) {
        ALL_COMPUTER_TURN_LIMIT
    } else {
        u32::MAX
    };
    let mut rng = seeded_rng(seed);
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    play_text_with_bots(game, seats, &mut rng, stdin, stdout, max_turns)
}

/// Runs `relic replay`: reads the record (a replay or a saved game),
/// checking every action, then plays it back in the terminal or serves the
/// position in the browser.
pub fn run(args: &ReplayArgs) -> ExitCode {
    let gui = match args.mode.as_deref() {
        None | Some("text") => false,
        Some("gui") => true,
        Some(_) => {
            crate::output::outln!("{}", UNKNOWN_MODE);
            return ExitCode::from(1);
        }
    };
    let (record, _) = match read_record_file(&args.file) {
        Ok(read) => read,
        Err(report) => {
            crate::output::err!("{}", report.render(80));
            return ExitCode::from(1);
        }
    };
    super::game_replay::run(&record, gui, args)
}
