//! `relic play --bots/--record` (computer seats, recording) and
//! `relic replay` (checked playback).

use std::io::{self, BufWriter};
use std::process::ExitCode;

use super::args::ReplayArgs;
use super::common::{
    PlayArgs, UNKNOWN_MODE, announce, cannot_serve, eprint_diagnostic, maze_replay, open_browser,
    write_record,
};
use crate::bots::seeded_rng;
use crate::games::GameRules;
use crate::games::moving_maze::bots::{Seats, parse_bot_specs};
use crate::games::moving_maze::engine::{Action, Game};
use crate::save::{RecordKeeper, read_record_file};
use crate::text::{play_back, play_text_with_bots};

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
    let seats: Seats = kinds
        .iter()
        .map(|k| k.map(|kind| kind.strategy()))
        .collect();
    let max_turns = if kinds.iter().all(Option::is_some) {
        ALL_COMPUTER_TURN_LIMIT
    } else {
        u32::MAX
    };
    let seed = args.seed.unwrap_or(0);
    let mut rng = seeded_rng(seed);
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    let played = match play_text_with_bots(game, seats, &mut rng, stdin, stdout, max_turns) {
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
    let GameRules::MovingMaze(rules) = record.rules() else {
        return super::game_replay::run(&record, gui, args);
    };
    let total = record.actions().len();
    let count = args.to.unwrap_or(total).min(total);
    let to = Some(if gui { count } else { total });
    let replayed = match maze_replay((rules, &record), &args.file, to) {
        Ok(replayed) => replayed,
        Err(status) => return status,
    };
    if gui {
        return replay_in_browser(replayed.game, (count, total), args);
    }
    let stdout = BufWriter::new(io::stdout().lock());
    match play_back(replayed.start, &replayed.actions, args.to, stdout) {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => super::usage::fail(super::usage::CliError::TerminalIo {
            reason: error.to_string(),
        }),
    }
}

/// `relic replay FILE gui`: serves the position after `--to N` actions (or
/// the final one) in the browser, where people play on from it in hot
/// seat, until the process is interrupted.
fn replay_in_browser(game: Game, (count, total): (usize, usize), args: &ReplayArgs) -> ExitCode {
    let server = match crate::gui::start(game, crate::gui::ServeOptions::default()) {
        Ok(server) => server,
        Err(error) => return cannot_serve("127.0.0.1", 0, &error),
    };
    announce(&server, "Moving Maze");
    crate::output::outln!(
        "The position after {count} of {total} actions of {}; play on from it, until interrupted (Ctrl-C).",
        args.file.display()
    );
    if !args.no_open {
        open_browser(server.url());
    }
    server.wait();
    ExitCode::SUCCESS
}
