//! `relic play --bots/--record` (computer seats, recording) and
//! `relic replay` (checked playback).

use std::io::{self, BufWriter};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::play::PlayArgs;
use crate::board::Board;
use crate::bots::{Replay, Seats, parse_bot_specs, play_back, play_text_with_bots, seeded_rng};
use crate::engine::{Action, Game};

/// The longest game of computers only, in turns, before it is stopped.
pub const ALL_COMPUTER_TURN_LIMIT: u32 = 10_000;

/// The largest replay file read.
const MAX_REPLAY_BYTES: u64 = 64 << 20;

/// Arguments of `relic replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The replay file (RON) written by `relic play --record`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The visual mode: `text` (the default) or `gui`.
    #[arg(value_name = "MODE")]
    pub mode: Option<String>,
    /// Stop after N actions and show that position.
    #[arg(long, value_name = "N")]
    pub to: Option<usize>,
}

/// Prints a diagnostic that is not tied to a file to stderr.
pub(super) fn eprint_diagnostic(diagnostic: impl miette::Diagnostic + Send + Sync + 'static) {
    eprintln!("{:?}", miette::Report::new(diagnostic));
}

/// Plays a text game with computer seats and/or recording (`relic play
/// --bots ... --seed ... --record ...`).
pub(crate) fn play_seated(
    game: Game,
    board: &Board,
    history: Vec<Action>,
    args: &PlayArgs,
) -> ExitCode {
    if args.save.is_some() {
        eprintln!(
            "relic: --save does not combine with --bots or --record; --record keeps the game"
        );
        return ExitCode::from(2);
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
    let mut replay = Replay::new(game.rules(), board, Some(seed), &kinds);
    let stdin = io::stdin().lock();
    let stdout = BufWriter::new(io::stdout().lock());
    let played = match play_text_with_bots(game, seats, &mut rng, stdin, stdout, max_turns) {
        Ok(played) => played,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("relic: {error}");
            return ExitCode::from(1);
        }
    };
    let Some(path) = &args.record else {
        return ExitCode::SUCCESS;
    };
    replay.actions = history;
    replay.actions.extend(played.actions);
    match std::fs::write(path, replay.to_ron()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("relic: cannot write the replay {}: {error}", path.display());
            ExitCode::from(1)
        }
    }
}

/// Runs `relic replay`.
pub fn run(args: &ReplayArgs) -> ExitCode {
    match args.mode.as_deref() {
        None | Some("text") => {}
        Some("gui") => {
            eprintln!("relic: the browser mode is not available in this build");
            return ExitCode::from(1);
        }
        Some(_) => {
            println!("{}", super::play::UNKNOWN_MODE);
            return ExitCode::from(1);
        }
    }
    let text = match read_replay(&args.file) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("relic: {message}");
            return ExitCode::from(2);
        }
    };
    let replay = match Replay::from_ron(&text) {
        Ok(replay) => replay,
        Err(error) => {
            eprint_diagnostic(error);
            return ExitCode::from(1);
        }
    };
    let stdout = BufWriter::new(io::stdout().lock());
    match play_back(&replay, args.to, stdout) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(error)) => {
            eprint_diagnostic(error);
            ExitCode::from(1)
        }
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("relic: {error}");
            ExitCode::from(1)
        }
    }
}

fn read_replay(path: &PathBuf) -> Result<String, String> {
    let metadata = std::fs::metadata(path)
        .map_err(|e| format!("cannot read the replay {}: {e}", path.display()))?;
    if metadata.len() > MAX_REPLAY_BYTES {
        return Err(format!(
            "the replay {} is larger than 64 MiB",
            path.display()
        ));
    }
    std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the replay {}: {e}", path.display()))
}
