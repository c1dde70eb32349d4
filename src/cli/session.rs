//! What a play session of any game is made of, shared by `relic play`
//! (`play.rs`) and the browser (`serve.rs`): where it starts (a new game,
//! with the course's messages for a setup that cannot be used, or the
//! record `--load` names), the computer players of `--bots`, and the
//! records it keeps.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::bots::{BoxedAgent, seat_choices};
use crate::files::read_regular;
use crate::games::{GameRules, Playable, Setup, SetupFailure, SetupMessages};
use crate::output::{err, outln};
use crate::save::{GameRecord, RecordKeeper, read_record_file};

/// The largest setup file read by the session (a game with course
/// messages reads its own).
const MAX_SETUP_BYTES: u64 = 16 * 1024 * 1024;

/// When every seat is a computer, text play stops after this many turns.
pub(super) const ALL_COMPUTER_TURN_LIMIT: u32 = 10_000;

/// Where a session of any game starts: its rules, its setup (and the
/// setup's text, for records), the actions already played, and the
/// course's messages for a setup that cannot be used (new games only).
pub(super) struct Start {
    pub rules: GameRules,
    pub setup_text: String,
    pub setup: Setup,
    pub history: GameRecord,
    pub messages: Option<SetupMessages>,
}

impl Start {
    /// `game` (this start's position) after the actions already played,
    /// and those actions; one that does not replay is reported on stderr
    /// (exit status 1).
    pub fn replayed<G: Playable>(&self, game: &G) -> Result<(G, Vec<G::Action>), ExitCode> {
        self.history.replay(game.clone(), None).map_err(|error| {
            super::common::eprint_diagnostic(error);
            ExitCode::from(1)
        })
    }
}

/// A new game of `rules` on the setup file `setup_arg` (or the game's
/// default), as `relic play` and `relic serve` start one. A game whose
/// course has messages for setups reads its file itself (a missing file
/// is said at once); records keep the game's canonical setup text.
pub(super) fn new_start(
    rules: GameRules,
    setup_arg: Option<&str>,
    serving: bool,
) -> Result<Start, ExitCode> {
    let messages = rules.setup_messages();
    let (setup_text, setup) = match (setup_arg, messages) {
        (None, _) => (String::new(), Setup::Default),
        (Some(path), Some(messages)) if !Path::new(path).is_file() => {
            return Err(say_setup(path, messages.missing, serving));
        }
        (Some(path), Some(_)) => (String::new(), Setup::File(PathBuf::from(path))),
        (Some(path), None) => {
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
    let setup_text = rules.record_setup(&setup).unwrap_or(setup_text);
    let history = GameRecord::new(rules.clone(), setup_text.clone(), Vec::new());
    Ok(Start {
        rules,
        setup_text,
        setup,
        history,
        messages,
    })
}

/// Says why `start`'s setup cannot be played: the details, then the
/// course's message (in the browser's command, `relic serve`, as a
/// `cli::board_file` diagnostic); exit status 1.
pub(super) fn setup_failed(start: &Start, failure: &SetupFailure, serving: bool) -> ExitCode {
    err!("{}", failure.render(80));
    let Some(messages) = start.messages else {
        return ExitCode::from(1);
    };
    let message = match failure.unreadable {
        true => messages.missing,
        false => messages.unusable,
    };
    let path = match &start.setup {
        Setup::File(path) => path.display().to_string(),
        _ => String::new(),
    };
    say_setup(&path, message, serving)
}

/// The course's `message` about the setup file `path`: on stdout in
/// `relic play`, as a diagnostic in `relic serve`.
fn say_setup(path: &str, message: &str, serving: bool) -> ExitCode {
    if serving {
        return super::usage::fail(super::usage::CliError::BoardFile {
            path: path.to_owned(),
            message: message.to_owned(),
        });
    }
    outln!("{message}");
    ExitCode::from(1)
}

/// The record `--load` names, of any game (`relic play` and `relic
/// serve`).
pub(super) fn load(path: &Path, board_arg: Option<&str>) -> Result<GameRecord, ExitCode> {
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

/// Where a loaded record of any game resumes.
pub(super) fn resumed_start(record: GameRecord) -> Start {
    Start {
        rules: record.rules().clone(),
        setup_text: record.setup_text().to_owned(),
        setup: record.setup(),
        history: record,
        messages: None,
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

/// The agents `--bots` asks for, as the game reads seat lists, or `Err`
/// after printing why not.
pub(super) fn seat_agents<G: Playable>(spec: Option<&str>, game: &G) -> Result<SeatAgents<G>, ()> {
    let choices = seat_choices(spec.unwrap_or(""), game).map_err(|error| {
        err!("{}", crate::diagnostics::render_one(error.as_ref(), 80));
    })?;
    let agents = choices.iter().map(|c| c.as_ref().map(|c| c.agent()));
    let names = choices.iter().map(|c| c.as_ref().map(|c| c.name.clone()));
    Ok((agents.collect(), names.collect()))
}
