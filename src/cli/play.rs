//! `relic play`: a game in the terminal or the browser.

use std::io::{self, BufWriter};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use super::common::{
    INCONSISTENT_BOARD, PlayArgs, UNKNOWN_MODE, load_board, maze_keeper, maze_replay,
};
use super::load_game_rules_reported;
use super::{exact_play, game_play};
use crate::games::GameRules;
use crate::games::moving_maze::engine::{Action, Game};
use crate::rules::Rules;
use crate::save::{Autosave, GameRecord, RecordKeeper, read_record_file};
use crate::text::TextSession;

/// Runs `relic play`. Argument errors print the specification's messages on
/// stdout (details on stderr) and exit with status 1.
pub fn run(args: &PlayArgs) -> ExitCode {
    let (board_arg, mode_arg) = split_positionals(args);
    let (game, keeper, history) =
        match moving_maze_setup(args, board_arg.as_deref(), mode_arg.as_deref()) {
            ControlFlow::Continue(setup) => setup,
            ControlFlow::Break(status) => return status,
        };
    match mode_arg.as_deref() {
        None | Some("text") if args.bots.is_some() || args.record.is_some() => {
            super::replay::play_seated(game, &keeper, history, args)
        }
        None | Some("text") => play_in_terminal(game, keeper, history, args.save.as_ref()),
        Some("gui") => super::serve::play_in_browser(game, keeper, history, args),
        Some(_) => {
            crate::output::outln!("{UNKNOWN_MODE}");
            ExitCode::from(1)
        }
    }
}

/// Where a Moving Maze session starts (`--load`, or the ruleset and
/// board); another game's ruleset or record is played here, to the end
/// (`Break` with its exit status, as is a failure to start).
fn moving_maze_setup(
    args: &PlayArgs,
    board_arg: Option<&str>,
    mode_arg: Option<&str>,
) -> ControlFlow<ExitCode, Setup> {
    let setup = match &args.load {
        Some(path) => match load(path, board_arg) {
            Ok(record) => match record.rules() {
                GameRules::MovingMaze(rules) => resume(rules, &record, path),
                _ => {
                    let start = super::game_session::resumed_start(record);
                    return ControlFlow::Break(game_play::run(start, mode_arg, args));
                }
            },
            Err(status) => Err(status),
        },
        None => {
            let ruleset = super::implied_ruleset(args.ruleset.as_ref(), board_arg.map(Path::new));
            match load_game_rules_reported(ruleset.as_ref()) {
                None => Err(ExitCode::from(2)),
                Some(GameRules::MovingMaze(rules)) => new_game(rules, args, board_arg),
                Some(other) => {
                    return ControlFlow::Break(another_game(other, args, (board_arg, mode_arg)));
                }
            }
        }
    };
    match setup {
        Ok(setup) => ControlFlow::Continue(setup),
        Err(status) => ControlFlow::Break(status),
    }
}

/// Plays another game than Moving Maze: in its course's exact text mode
/// where it has one, else with the generic runners.
fn another_game(
    rules: GameRules,
    args: &PlayArgs,
    (board_arg, mode_arg): (Option<&str>, Option<&str>),
) -> ExitCode {
    if let Some(status) = exact_play::exact_text_mode(&rules, args, (board_arg, mode_arg)) {
        return status;
    }
    match super::game_session::new_start(rules, board_arg) {
        Ok(start) => game_play::run(start, mode_arg, args),
        Err(status) => status,
    }
}

/// What a session starts from: the game, the keeper of its records (its
/// first position and board), and the actions that led to it.
type Setup = (Game, RecordKeeper<Game>, Vec<Action>);

fn new_game(
    rules: Arc<Rules>,
    args: &PlayArgs,
    board_arg: Option<&str>,
) -> Result<Setup, ExitCode> {
    let board = load_board(board_arg, &rules.limits()).map_err(|message| {
        crate::output::outln!("{message}");
        ExitCode::from(1)
    })?;
    if !matches!(
        args.mode.as_deref().or(board_arg),
        None | Some("text" | "gui")
    ) && args.mode.is_some()
    {
        crate::output::outln!("{UNKNOWN_MODE}");
        return Err(ExitCode::from(1));
    }
    let game = Game::new(rules, &board).map_err(|error| {
        crate::output::outln!("{INCONSISTENT_BOARD}");
        super::usage::eprint(super::usage::CliError::Unplayable {
            reason: error.to_string(),
            at: board_arg.map(str::to_owned),
        });
        ExitCode::from(1)
    })?;
    let keeper = maze_keeper(game.clone(), &board);
    Ok((game, keeper, Vec::new()))
}

/// The record `--load` names, of any game.
fn load(path: &Path, board_arg: Option<&str>) -> Result<GameRecord, ExitCode> {
    if let Some(board) = board_arg {
        return Err(super::usage::fail(super::usage::CliError::Conflict {
            option: board.to_owned(),
            with: "--load",
            why: "--load resumes a game on its own board: give no BOARD with it",
        }));
    }
    let (loaded, _) = read_record_file(path).map_err(|report| {
        crate::output::err!("{}", report.render(80));
        ExitCode::from(1)
    })?;
    Ok(loaded)
}

/// Where a loaded Moving Maze record resumes.
fn resume(rules: &Arc<Rules>, record: &GameRecord, path: &Path) -> Result<Setup, ExitCode> {
    let replayed = maze_replay((rules, record), path, None)?;
    let keeper = maze_keeper(replayed.start, &replayed.board);
    Ok((replayed.game, keeper, replayed.actions))
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

fn is_mode_word(word: &str) -> bool {
    matches!(word, "text" | "gui")
}

/// Saves the game, saying at once on stderr when that fails.
fn save_now(autosave: &mut Autosave<Game>, history: &[Action]) {
    if let Err(error) = autosave.save(history) {
        super::usage::eprint(super::usage::CliError::AutosaveFailed {
            path: autosave.path().display().to_string(),
            reason: error.to_string(),
            next: "turn",
        });
    }
}

/// Plays in the terminal, saving to `save` (if given) as the game goes.
fn play_in_terminal(
    game: Game,
    keeper: RecordKeeper<Game>,
    history: Vec<Action>,
    save: Option<&PathBuf>,
) -> ExitCode {
    let autosave = save.map(|path| Autosave::start(path.clone(), keeper, &history));
    let mut autosave = match autosave.transpose() {
        Ok(autosave) => autosave,
        Err(error) => {
            return super::usage::fail(super::usage::CliError::Unwritable {
                what: "saved game",
                path: save.map(|p| p.display().to_string()).unwrap_or_default(),
                reason: error.to_string(),
            });
        }
    };
    let stdout = BufWriter::new(io::stdout().lock());
    let mut session = TextSession::resume(game, history, stdout);
    let result = crate::text::run(&mut session, io::stdin().lock(), |session, _| {
        autosave
            .iter_mut()
            .for_each(|a| save_now(a, session.history()));
    });
    if result.is_err() {
        autosave
            .iter_mut()
            .for_each(|a| save_now(a, session.history()));
    }
    let saved = autosave.map_or(Ok(()), Autosave::finish);
    match (result, saved) {
        (Err(error), _) if error.kind() != io::ErrorKind::BrokenPipe => {
            super::usage::fail(super::usage::CliError::TerminalIo {
                reason: error.to_string(),
            })
        }
        (_, Err(error)) => super::usage::fail(super::usage::CliError::Unwritable {
            what: "saved game",
            path: save.map(|p| p.display().to_string()).unwrap_or_default(),
            reason: error.to_string(),
        }),
        _ => ExitCode::SUCCESS,
    }
}
