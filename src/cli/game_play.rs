//! `relic play` for every game but Moving Maze (whose session keeps the
//! specification's messages, in `play.rs`): text or browser, people and
//! the generic bots of `--bots`, `--save`, `--load` and `--record`, all
//! through the registry and the contract.

use std::io::{self, BufWriter};
use std::process::ExitCode;

use super::common::{PlayArgs, UNKNOWN_MODE};
use super::game_serve::play_in_browser;
use super::game_session::{ALL_COMPUTER_TURN_LIMIT, Kept, Start, seat_agents};
use crate::bots::{BoxedAgent, seeded_rng};
use crate::games::{GameVisitor, Playable, with_game};
use crate::output::{err, outln};
use crate::save::RecordKeeper;
use crate::text::{TextSession, play_with_agents};

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
                super::common::eprint_diagnostic(error);
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
            super::usage::fail(super::usage::CliError::TerminalIo {
                reason: error.to_string(),
            })
        }
        _ => status,
    }
}
