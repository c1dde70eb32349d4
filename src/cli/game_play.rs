//! `relic play` for every game but Moving Maze (whose session keeps the
//! specification's messages, in `play.rs`): text or browser, people and
//! the generic bots of `--bots`, `--save`, `--load` and `--record`, all
//! through the registry and the contract.

use std::io::{self, BufWriter};
use std::path::Path;
use std::process::ExitCode;

use super::common::{PlayArgs, UNKNOWN_MODE};
use super::game_serve::play_in_browser;
use crate::bots::{BoxedAgent, choose_strategy, parse_seat_list, seeded_rng};
use crate::files::read_regular;
use crate::games::{GameRules, GameVisitor, Playable, Setup, with_game};
use crate::output::{err, errln, outln};
use crate::save::{GameRecord, RecordKeeper};
use crate::text::{TextSession, play_with_agents};

/// The largest setup file read for a game other than Moving Maze.
const MAX_SETUP_BYTES: u64 = 16 * 1024 * 1024;

/// When every seat is a computer, text play stops after this many turns.
pub(super) const ALL_COMPUTER_TURN_LIMIT: u32 = 10_000;

/// Where a session of any game starts: its rules, its setup (and the
/// setup's text, for records) and the actions already played.
pub(super) struct Start {
    pub rules: GameRules,
    pub setup_text: String,
    pub setup: Setup,
    pub history: GameRecord,
}

/// A new game of `rules` on the setup file `setup_arg` (or the game's
/// default), as `relic play` and `relic serve` start one.
pub(super) fn new_start(rules: GameRules, setup_arg: Option<&str>) -> Result<Start, ExitCode> {
    let (setup_text, setup) = match setup_arg {
        None => (String::new(), Setup::Default),
        Some(path) => {
            let text = read_setup(Path::new(path)).map_err(|reason| {
                errln!("relic: cannot read the setup {path}: {reason}");
                ExitCode::from(2)
            })?;
            let setup = Setup::Text {
                name: path.to_owned(),
                text: text.clone(),
            };
            (text, setup)
        }
    };
    let history = GameRecord::new(rules.clone(), setup_text.clone(), Vec::new());
    Ok(Start {
        rules,
        setup_text,
        setup,
        history,
    })
}

/// Where a loaded record of any game resumes.
pub(super) fn resumed_start(record: GameRecord) -> Start {
    Start {
        rules: record.rules().clone(),
        setup_text: record.setup_text().to_owned(),
        setup: record.setup(),
        history: record,
    }
}

fn read_setup(path: &Path) -> Result<String, String> {
    let bytes = read_regular(path, MAX_SETUP_BYTES).map_err(|failure| failure.reason())?;
    String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_owned())
}

/// Runs `relic play` on `start` in the mode `mode` (`text`, the default,
/// or `gui`).
pub(super) fn run(start: Start, mode: Option<&str>, args: &PlayArgs) -> ExitCode {
    let gui = match mode {
        None | Some("text") => false,
        Some("gui") => true,
        Some(_) => {
            outln!("{UNKNOWN_MODE}");
            return ExitCode::from(1);
        }
    };
    let session = Session {
        start: &start,
        args,
        gui,
    };
    match with_game(&start.rules, &start.setup, session) {
        Ok(status) => status,
        Err(failure) => {
            err!("{}", failure.render(80));
            ExitCode::from(1)
        }
    }
}

/// A play session on whatever game it is given.
struct Session<'a> {
    start: &'a Start,
    args: &'a PlayArgs,
    gui: bool,
}

impl GameVisitor for Session<'_> {
    type Output = ExitCode;

    fn visit<G: Playable>(self, game: G) -> ExitCode {
        let (position, history) = match self.start.history.replay(game.clone(), None) {
            Ok(replayed) => replayed,
            Err(error) => {
                errln!("relic: the saved game does not replay: {error}");
                return ExitCode::from(1);
            }
        };
        let Ok((agents, specs)) = seat_agents::<G>(self.args.bots.as_deref(), &position) else {
            return ExitCode::from(2);
        };
        let seed = self.args.seed.unwrap_or(0);
        let rules = self.start.rules.clone();
        let keeper = RecordKeeper::new(rules, self.start.setup_text.clone(), game)
            .with_computers(seed, specs);
        let kept = Kept {
            keeper,
            save: self.args.save.as_deref(),
            record: self.args.record.as_deref(),
        };
        if self.gui {
            let name = self.start.rules.name();
            play_in_browser(position, history, agents, kept, (name, self.args))
        } else {
            play_in_terminal(position, history, agents, &kept, seed)
        }
    }
}

/// The record keeper and where records go: `--save` (after every action)
/// and `--record` (at the end).
pub(super) struct Kept<'a, G: Playable> {
    pub keeper: RecordKeeper<G>,
    pub save: Option<&'a Path>,
    pub record: Option<&'a Path>,
}

impl<G: Playable> Kept<'_, G> {
    /// Saves after an action; a failure is said at once and play goes on.
    pub fn autosave(&self, actions: &[G::Action]) -> bool {
        let Some(path) = self.save else {
            return true;
        };
        let written = self.keeper.write(path, actions);
        if let Err(error) = &written {
            errln!(
                "relic: cannot save the game to {}: {error} (play goes on; the next action tries again)",
                path.display()
            );
        }
        written.is_ok()
    }

    /// The final save and the record, with the exit status.
    pub fn finish(&self, actions: &[G::Action], saves_failed: bool) -> ExitCode {
        if self.save.is_some() && (!self.autosave(actions) || saves_failed) {
            return ExitCode::from(1);
        }
        let Some(path) = self.record else {
            return ExitCode::SUCCESS;
        };
        match self.keeper.write(path, actions) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                errln!("relic: cannot write the replay {}: {error}", path.display());
                ExitCode::from(1)
            }
        }
    }
}

/// Each seat's agent and spec from `--bots SPEC` (people elsewhere).
pub(super) type SeatAgents<G> = (Vec<Option<BoxedAgent<G>>>, Vec<Option<String>>);

/// The agents `--bots` asks for, or `Err` after printing why not.
pub(super) fn seat_agents<G: Playable>(spec: Option<&str>, game: &G) -> Result<SeatAgents<G>, ()> {
    let seats: Vec<String> = (0..game.seat_count()).map(|s| game.seat_name(s)).collect();
    let report = |error: crate::bots::StrategyError| {
        super::common::eprint_diagnostic(error);
    };
    let specs = parse_seat_list(spec.unwrap_or(""), &seats).map_err(report)?;
    let mut agents = Vec::with_capacity(specs.len());
    let mut names = Vec::with_capacity(specs.len());
    for spec in &specs {
        match spec {
            None => {
                agents.push(None);
                names.push(None);
            }
            Some(spec) => {
                let choice = choose_strategy::<G>(spec).map_err(report)?;
                agents.push(Some(choice.agent()));
                names.push(Some(choice.name.clone()));
            }
        }
    }
    Ok((agents, names))
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
    let mut session = TextSession::resume(position, history, stdout);
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
            errln!("relic: {error}");
            ExitCode::from(1)
        }
        _ => status,
    }
}
