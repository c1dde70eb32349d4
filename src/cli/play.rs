//! `relic play`: any game in the terminal or the browser, through the
//! registry and the contract: people and the bots of `--bots`, `--save`,
//! `--load` and `--record`. What a game's course prescribes (Moving Maze's
//! specification's messages) comes from the game's codec; the browser is
//! `serve.rs`, the session's parts `session.rs`.

use std::io::{self, BufWriter};
use std::path::Path;
use std::process::ExitCode;

use super::common::{PlayArgs, UNKNOWN_MODE};
use super::load_game_rules_reported;
use super::session::{
    ALL_COMPUTER_TURN_LIMIT, Kept, Start, load, new_start, resumed_start, seat_agents, setup_failed,
};
use crate::bots::{BoxedAgent, seeded_rng};
use crate::games::{GameVisitor, Playable, with_game};
use crate::output::outln;
use crate::save::{GameRecord, RecordKeeper};
use crate::text::{TextSession, play_with_agents};

/// Runs `relic play`. A setup that cannot be used and an unknown mode are
/// said on stdout in the course's words where it has them (details on
/// stderr), exit status 1.
pub fn run(args: &PlayArgs) -> ExitCode {
    let (board_arg, mode_arg) = split_positionals(args);
    let (mut board_arg, mut mode_arg) = (board_arg.as_deref(), mode_arg.as_deref());
    let start = match &args.load {
        Some(path) => load(path, board_arg).map(resumed_start),
        None => {
            let setup = board_arg.map(Path::new);
            let ruleset = super::implied_ruleset(args.ruleset.as_ref(), setup);
            if super::ruleset_in_setup_place(args.ruleset.as_ref(), setup) {
                (board_arg, mode_arg) = after_ruleset(mode_arg);
            }
            let Some(rules) = load_game_rules_reported(ruleset.as_ref()) else {
                return ExitCode::from(2);
            };
            if !args.core {
                let exact = super::exact_play::exact_text_mode(&rules, args, (board_arg, mode_arg));
                if let Some(status) = exact {
                    return status;
                }
            }
            let start = new_start(rules, board_arg, false);
            match (start, args.core) {
                (Ok(start), true) => in_core(start, ruleset.as_deref()),
                (start, _) => start,
            }
        }
    };
    match start {
        Ok(start) => play(&start, mode_arg, args),
        Err(status) => status,
    }
}

/// `start` on the core interpreter (`--core`): its rules' core form for
/// its setup, started from the core form's own setup.
fn in_core(start: Start, ruleset: Option<&Path>) -> Result<Start, ExitCode> {
    let name = ruleset.unwrap_or(Path::new("the default ruleset"));
    let (rules, setup) = super::usage::in_core_on(&start.rules, &start.setup, name)?;
    let setup_text = rules.record_setup(&setup).unwrap_or_default();
    Ok(Start {
        history: GameRecord::new(rules.clone(), setup_text.clone(), Vec::new()),
        rules,
        setup_text,
        setup,
        messages: None,
    })
}

/// Plays `start` in the mode `mode` (`text`, the default, or `gui`),
/// once its setup has loaded.
fn play(start: &Start, mode: Option<&str>, args: &PlayArgs) -> ExitCode {
    let session = Session { start, args, mode };
    match with_game(&start.rules, &start.setup, session) {
        Ok(status) => status,
        Err(failure) => setup_failed(start, &failure, false),
    }
}

/// A lone positional that names a mode and no file is the mode.
fn split_positionals(args: &PlayArgs) -> (Option<String>, Option<String>) {
    match (&args.board, &args.mode) {
        (Some(only), None) if is_mode_word(only) && !Path::new(only).exists() => {
            (None, Some(only.clone()))
        }
        (board, mode) => (board.clone(), mode.clone()),
    }
}

/// `relic play RULESET [SETUP]`: after a ruleset given where the board
/// goes, a word that names no mode is the setup (`relic play my-game.toml
/// position.toml`, `relic play chess endgame.fen`).
fn after_ruleset(second: Option<&str>) -> (Option<&str>, Option<&str>) {
    match second {
        Some(setup) if !is_mode_word(setup) => (Some(setup), None),
        mode => (None, mode),
    }
}

fn is_mode_word(word: &str) -> bool {
    matches!(word, "text" | "gui")
}

/// A play session on whatever game it is given.
struct Session<'a> {
    start: &'a Start,
    args: &'a PlayArgs,
    mode: Option<&'a str>,
}

impl GameVisitor for Session<'_> {
    type Output = ExitCode;

    fn visit<G: Playable>(self, game: G) -> ExitCode {
        let gui = match self.mode {
            None | Some("text") => false,
            Some("gui") => true,
            Some(_) => {
                outln!("{UNKNOWN_MODE}");
                return ExitCode::from(1);
            }
        };
        let (position, history) = match self.start.replayed(&game) {
            Ok(replayed) => replayed,
            Err(status) => return status,
        };
        let Ok((agents, specs)) = seat_agents::<G>(self.args.bots.as_deref(), &position) else {
            return ExitCode::from(2);
        };
        let seed = self.args.seed.unwrap_or(0);
        let rules = self.start.rules.clone();
        let start_game = game.clone();
        let keeper = RecordKeeper::new(rules, self.start.setup_text.clone(), game)
            .with_computers(seed, specs);
        let kept = Kept {
            keeper,
            save: self.args.save.as_deref(),
            record: self.args.record.as_deref(),
        };
        if gui {
            let name = self.start.rules.name();
            super::serve::play_in_browser(start_game, history, agents, kept, (name, self.args))
        } else {
            play_in_terminal(position, history, agents, &kept, seed)
        }
    }
}

/// Text play: people type actions on stdin, computers' are echoed.
fn play_in_terminal<G: Playable>(
    position: G,
    history: Vec<G::Action>,
    mut agents: Vec<Option<BoxedAgent<G>>>,
    kept: &Kept<'_, G>,
    seed: u64,
) -> ExitCode {
    if !kept.autosave(&history) {
        return ExitCode::from(1);
    }
    let stdout = BufWriter::new(io::stdout().lock());
    let start = kept.keeper.start().clone();
    let mut session = TextSession::resume(position, history, stdout).with_start(start);
    let mut rng = seeded_rng(seed);
    let mut failed = false;
    let limit = ALL_COMPUTER_TURN_LIMIT;
    let played = play_with_agents(
        &mut session,
        &mut agents,
        &mut rng,
        io::stdin().lock(),
        limit,
        |s, _| {
            failed |= !kept.autosave(s.history());
        },
    );
    let status = kept.finish(session.history(), failed);
    match played {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            super::usage::fail(super::usage::CliError::TerminalIo {
                reason: error.to_string(),
            })
        }
        _ => status,
    }
}
