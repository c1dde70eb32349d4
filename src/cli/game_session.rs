//! What a session of any game but Moving Maze is made of, shared by
//! `relic play` (`game_play.rs`) and the browser (`game_serve.rs`): where
//! it starts, the computer players of `--bots`, and the records it keeps.

use std::path::Path;
use std::process::ExitCode;

use crate::bots::{BoxedAgent, choose_strategy, parse_seat_list};
use crate::files::read_regular;
use crate::games::{GameRules, Playable, Setup};
use crate::save::{GameRecord, RecordKeeper};

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
                super::usage::fail(super::usage::CliError::Unreadable {
                    what: "setup",
                    path: path.to_owned(),
                    reason,
                })
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
            super::usage::eprint(super::usage::CliError::AutosaveFailed {
                path: path.display().to_string(),
                reason: error.to_string(),
                next: "action",
            });
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
            Err(error) => super::usage::fail(super::usage::CliError::Unwritable {
                what: "record",
                path: path.display().to_string(),
                reason: error.to_string(),
            }),
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
