//! The browser for every game: `relic play ... gui` and `relic serve`,
//! through the generic server and the bots of `--bots`.

use std::process::ExitCode;
use std::sync::{Arc, Mutex, PoisonError};

use super::args::ServeArgs;
use super::common::{PlayArgs, announce, cannot_serve, open_browser};
use super::load_game_rules_reported;
use super::session::{Kept, Start, load, new_start, resumed_start, seat_agents, setup_failed};
use crate::bots::BoxedAgent;
use crate::games::{GameVisitor, Playable, with_game};
use crate::gui::{OnChange, ServeOptions, agent_computers, start};
use crate::output::{out, outln};
use crate::save::RecordKeeper;

/// Runs `relic serve` until the process is interrupted.
pub fn run(args: &ServeArgs) -> ExitCode {
    if args.playground {
        return serve_playground(args);
    }
    if let Some(path) = &args.load {
        return match load(path, None) {
            Ok(record) => serve(&resumed_start(record), args),
            Err(status) => status,
        };
    }
    let setup = args.board.as_deref().map(std::path::Path::new);
    let ruleset = super::implied_ruleset(args.ruleset.as_ref(), setup);
    let in_place = super::ruleset_in_setup_place(args.ruleset.as_ref(), setup);
    let Some(rules) = load_game_rules_reported(ruleset.as_ref()) else {
        return ExitCode::from(2);
    };
    let board = args.board.as_deref().filter(|_| !in_place);
    match new_start(rules, board, true) {
        Ok(start) => serve(&start, args),
        Err(status) => status,
    }
}

/// `relic serve --playground`: serves the playground's files until
/// interrupted.
fn serve_playground(args: &ServeArgs) -> ExitCode {
    match crate::gui::start_playground(&args.host, args.port) {
        Ok(server) => {
            outln!("The relic playground is served at {}", server.url());
            outln!("Serving until interrupted (Ctrl-C).");
            server.wait();
            ExitCode::SUCCESS
        }
        Err(error) => cannot_serve(&args.host, args.port, &error),
    }
}

/// `relic play ... gui`: serves the game from `start` after `history` (a
/// loaded save's, which undo reaches into) on a free local port with the
/// computers of `agents`, opens the browser unless `--no-open`, returns
/// once the game is over; saves after every action with `--save` and
/// writes `--record` at the end.
pub(super) fn play_in_browser<G: Playable>(
    start_game: G,
    history: Vec<G::Action>,
    agents: Vec<Option<BoxedAgent<G>>>,
    kept: Kept<'_, G>,
    (name, args): (&str, &PlayArgs),
) -> ExitCode {
    if !kept.autosave(&history) {
        return ExitCode::from(1);
    }
    let failed = Arc::new(Mutex::new(false));
    let on_change = save_on_change(&kept, &failed);
    let options = ServeOptions {
        exit_when_over: true,
        console: true,
        computers: agent_computers(agents, args.seed.unwrap_or(0)),
        on_change,
        rules_text: Some(crate::rulebook::explain(
            kept.keeper.record(&[]).rules(),
            None,
        )),
        history,
        ..ServeOptions::default()
    };
    let server = match start(start_game, options) {
        Ok(server) => server,
        Err(error) => return cannot_serve("127.0.0.1", 0, &error),
    };
    announce(&server, name);
    if !args.no_open {
        open_browser(server.url());
    }
    let (game, played) = server.wait_with_actions();
    let mut outcome = String::new();
    game.write_outcome_line(&mut outcome);
    out!("{outcome}");
    let failed = *failed.lock().unwrap_or_else(PoisonError::into_inner);
    kept.finish(&played, failed)
}

/// With `--save`, the hook that saves what the server played (a loaded
/// game's history with it) after every change; a failed save is said at
/// once and marked in `failed`.
fn save_on_change<G: Playable>(
    kept: &Kept<'_, G>,
    failed: &Arc<Mutex<bool>>,
) -> Option<OnChange<G>> {
    let path = kept.save?.to_path_buf();
    let keeper = kept.keeper.clone();
    let failed = failed.clone();
    Some(Box::new(move |played: &[G::Action]| {
        let saving = Kept {
            keeper: keeper.clone(),
            save: Some(&path),
            record: None,
        };
        if !saving.autosave(played) {
            *failed.lock().unwrap_or_else(PoisonError::into_inner) = true;
        }
    }))
}

/// `relic serve` for `start`'s game (after its history, for `--load`):
/// until interrupted; with `--save`, saved at the start and after every
/// change.
fn serve(start: &Start, args: &ServeArgs) -> ExitCode {
    let name = start.rules.name();
    let serve = Serve { start, args, name };
    match with_game(&start.rules, &start.setup, serve) {
        Ok(status) => status,
        Err(failure) => setup_failed(start, &failure, true),
    }
}

/// Serves whatever game it is given.
struct Serve<'a> {
    start: &'a Start,
    args: &'a ServeArgs,
    name: &'a str,
}

impl GameVisitor for Serve<'_> {
    type Output = ExitCode;

    fn visit<G: Playable>(self, game: G) -> ExitCode {
        let (position, history) = match self.start.replayed(&game) {
            Ok(replayed) => replayed,
            Err(status) => return status,
        };
        let Ok((agents, specs)) = seat_agents::<G>(self.args.bots.as_deref(), &position) else {
            return ExitCode::from(2);
        };
        let seed = self.args.seed.unwrap_or(0);
        let (rules, setup) = (self.start.rules.clone(), self.start.setup_text.clone());
        let kept = Kept {
            keeper: RecordKeeper::new(rules, setup, game.clone()).with_computers(seed, specs),
            save: self.args.save.as_deref(),
            record: None,
        };
        if !kept.autosave(&history) {
            return ExitCode::from(1);
        }
        let options = ServeOptions {
            host: self.args.host.clone(),
            port: self.args.port,
            seats: self.args.seats,
            console: true,
            computers: agent_computers(agents, seed),
            on_change: save_on_change(&kept, &Arc::new(Mutex::new(false))),
            rules_text: Some(crate::rulebook::explain(&self.start.rules, None)),
            history,
            ..ServeOptions::default()
        };
        match start(game, options) {
            Ok(server) => {
                announce(&server, self.name);
                outln!("Serving until interrupted (Ctrl-C).");
                server.wait();
                ExitCode::SUCCESS
            }
            Err(error) => cannot_serve(&self.args.host, self.args.port, &error),
        }
    }
}
