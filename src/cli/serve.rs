//! `relic serve` and the GUI mode of `relic play`: the game in the browser.

use std::path::Path;
use std::process::ExitCode;
use std::sync::{Arc, Mutex, PoisonError};

use super::args::ServeArgs;
use super::common::{
    PlayArgs, announce, bot_kinds, cannot_serve, load_board, maze_keeper, open_browser,
    write_record,
};
use super::game_session::new_start;
use super::load_game_rules_reported;
use crate::games::GameRules;
use crate::games::moving_maze::engine::{Action, Game};
use crate::gui::{Computers, OnChange, ServeOptions, seat_computers, start};
use crate::rules::{Fill, MazeMessage, Rules};
use crate::save::{Autosave, RecordKeeper};

/// Runs `relic serve` until the process is interrupted.
pub fn run(args: &ServeArgs) -> ExitCode {
    if args.playground {
        return serve_playground(args);
    }
    let ruleset = super::implied_ruleset(
        args.ruleset.as_ref(),
        args.board.as_deref().map(std::path::Path::new),
    );
    let rules = match load_game_rules_reported(ruleset.as_ref()) {
        None => return ExitCode::from(2),
        Some(GameRules::MovingMaze(rules)) => rules,
        Some(other) => {
            return match new_start(other, args.board.as_deref()) {
                Ok(start) => super::game_serve::serve(&start, args),
                Err(status) => status,
            };
        }
    };
    match options_and_game(args, &rules) {
        Ok((options, game)) => serve_until_interrupted(game, options, args),
        Err(status) => status,
    }
}

/// The game on `--board` under `rules`, and how to serve it (`--host`,
/// `--port`, `--seats`, `--bots`, `--save`); or the exit status after
/// saying why not.
fn options_and_game(
    args: &ServeArgs,
    rules: &Arc<Rules>,
) -> Result<(ServeOptions<Game>, Game), ExitCode> {
    let loaded = load_board(args.board.as_deref(), &rules.limits())
        .map_err(str::to_string)
        .and_then(|board| {
            let game = Game::new(rules.clone(), &board).map_err(|e| e.to_string())?;
            Ok((board, game))
        });
    let (board, game) = loaded.map_err(|message| {
        super::usage::fail(super::usage::CliError::BoardFile {
            path: args.board.clone().unwrap_or_default(),
            message,
        })
    })?;
    let computers = computers(args.bots.as_deref(), args.seed, &game)?;
    let on_change = match &args.save {
        None => None,
        Some(path) => match Autosave::start(path.clone(), maze_keeper(game.clone(), &board), &[]) {
            Ok(autosave) => Some(save_every_change(
                Arc::new(Mutex::new(Some(autosave))),
                Vec::new(),
            )),
            Err(error) => return Err(cannot_save(Some(path), &error)),
        },
    };
    let options = ServeOptions {
        host: args.host.clone(),
        port: args.port,
        seats: args.seats,
        computers,
        on_change,
        rules_text: Some(crate::rulebook::explain(
            &GameRules::MovingMaze(rules.clone()),
            None,
        )),
        ..ServeOptions::default()
    };
    Ok((options, game))
}

/// Serves `game` until the process is interrupted.
fn serve_until_interrupted(game: Game, options: ServeOptions<Game>, args: &ServeArgs) -> ExitCode {
    match start(game, options) {
        Ok(server) => {
            announce(&server, "Moving Maze");
            crate::output::outln!("Serving until interrupted (Ctrl-C).");
            server.wait();
            ExitCode::SUCCESS
        }
        Err(error) => cannot_serve(&args.host, args.port, &error),
    }
}

/// `relic serve --playground`: serves the playground's files until
/// interrupted.
fn serve_playground(args: &ServeArgs) -> ExitCode {
    match crate::gui::start_playground(&args.host, args.port) {
        Ok(server) => {
            crate::output::outln!("The relic playground is served at {}", server.url());
            crate::output::outln!("Serving until interrupted (Ctrl-C).");
            server.wait();
            ExitCode::SUCCESS
        }
        Err(error) => cannot_serve(&args.host, args.port, &error),
    }
}

/// The computer players `--bots SPEC --seed S` ask for.
fn computers(
    spec: Option<&str>,
    seed: Option<u64>,
    game: &Game,
) -> Result<Computers<Game>, ExitCode> {
    Ok(seat_computers(&bot_kinds(spec, game)?, seed.unwrap_or(0)))
}

/// `relic play BOARD gui`: serves `game` (begun on `board`, after
/// `history`) on a free local port with the computer players of `--bots`,
/// opens the browser unless `--no-open`, returns once the game is over,
/// and writes its record to `--record FILE` if asked.
pub(super) fn play_in_browser(
    game: Game,
    keeper: RecordKeeper<Game>,
    history: Vec<Action>,
    args: &PlayArgs,
) -> ExitCode {
    let kinds = match bot_kinds(args.bots.as_deref(), &game) {
        Ok(kinds) => kinds,
        Err(status) => return status,
    };
    let seed = args.seed.unwrap_or(0);
    let autosave = match start_autosave(args.save.as_deref(), &keeper, &history) {
        Ok(autosave) => autosave,
        Err(error) => return cannot_save(args.save.as_deref(), &error),
    };
    let options = ServeOptions {
        exit_when_over: true,
        computers: seat_computers(&kinds, seed),
        on_change: autosave
            .clone()
            .map(|a| save_every_change(a, history.clone())),
        rules_text: Some(crate::rulebook::explain(keeper.record(&[]).rules(), None)),
        ..ServeOptions::default()
    };
    let server = match start(game, options) {
        Ok(server) => server,
        Err(error) => return cannot_serve("127.0.0.1", 0, &error),
    };
    announce(&server, "Moving Maze");
    if !args.no_open {
        open_browser(server.url());
    }
    let (game, played) = server.wait_with_actions();
    say_outcome(&game);
    if let Some(Err(error)) = autosave.and_then(finish_autosave) {
        return cannot_save(args.save.as_deref(), &error);
    }
    let Some(path) = &args.record else {
        return ExitCode::SUCCESS;
    };
    let actions = [history, played].concat();
    write_record(path, &keeper, &actions, (seed, &kinds))
}

/// Starts saving to `path` (`--save`), if given, after `history`.
fn start_autosave(
    path: Option<&Path>,
    keeper: &RecordKeeper<Game>,
    history: &[Action],
) -> std::io::Result<Option<SharedAutosave>> {
    let Some(path) = path else {
        return Ok(None);
    };
    let autosave = Autosave::start(path.to_path_buf(), keeper.clone(), history)?;
    Ok(Some(Arc::new(Mutex::new(Some(autosave)))))
}

/// Takes the autosave back from the server: whether every save worked.
fn finish_autosave(autosave: SharedAutosave) -> Option<std::io::Result<()>> {
    let finished = autosave
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
    finished.map(Autosave::finish)
}

/// How the game in the browser ended, in the ruleset's words: its winner
/// (`won`), or `game_over`.
fn say_outcome(game: &Game) {
    let messages = game.rules().messages();
    let text = match game.winner() {
        Some(seat) => {
            let name = &game.rules().seats()[seat].name;
            messages.text(MazeMessage::Won, Fill::default().player(name))
        }
        None => messages.text(MazeMessage::GameOver, Fill::default()),
    };
    crate::output::outln!("{text}");
}

/// Saves the game after `history` and the actions played in the browser,
/// after every change.
fn save_every_change(autosave: SharedAutosave, history: Vec<Action>) -> OnChange<Game> {
    Box::new(move |played: &[Action]| {
        let mut autosave = autosave.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(autosave) = autosave.as_mut()
            && let Err(error) = autosave.save(&[history.as_slice(), played].concat())
        {
            super::usage::eprint(super::usage::CliError::AutosaveFailed {
                path: autosave.path().display().to_string(),
                reason: error.to_string(),
                next: "move",
            });
        }
    })
}

/// The autosave, shared by the server (which saves) and the command
/// (which takes it back to learn whether every save worked).
type SharedAutosave = Arc<Mutex<Option<Autosave<Game>>>>;

fn cannot_save(path: Option<&Path>, error: &std::io::Error) -> ExitCode {
    super::usage::fail(super::usage::CliError::Unwritable {
        what: "saved game",
        path: path.map(|p| p.display().to_string()).unwrap_or_default(),
        reason: error.to_string(),
    })
}
