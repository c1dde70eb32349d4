//! `relic replay` for every game: the record (a replay or a saved game)
//! read and every action checked, then played back in text mode, or its
//! position served in the browser.

use std::io::{self, BufWriter};
use std::process::ExitCode;

use super::args::ReplayArgs;
use super::common::{UNKNOWN_MODE, announce, cannot_serve, open_browser};
use crate::games::{GameVisitor, Playable, with_game};
use crate::gui::{ServeOptions, start};
use crate::output::{err, outln};
use crate::save::{GameRecord, read_record_file};
use crate::text::play_back;

/// Runs `relic replay`: reads the record (a replay or a saved game),
/// checking every action, then plays it back in the terminal or serves the
/// position in the browser.
pub fn run(args: &ReplayArgs) -> ExitCode {
    let gui = match args.mode.as_deref() {
        None | Some("text") => false,
        Some("gui") => true,
        Some(_) => {
            outln!("{}", UNKNOWN_MODE);
            return ExitCode::from(1);
        }
    };
    let (record, _) = match read_record_file(&args.file) {
        Ok(read) => read,
        Err(report) => {
            err!("{}", report.render(80));
            return ExitCode::from(1);
        }
    };
    play_back_record(&record, gui, args)
}

/// Plays `record` back as its arguments ask.
fn play_back_record(record: &GameRecord, gui: bool, args: &ReplayArgs) -> ExitCode {
    let playback = Playback { record, gui, args };
    match with_game(record.rules(), &record.setup(), playback) {
        Ok(status) => status,
        Err(failure) => {
            err!("{}", failure.render(80));
            ExitCode::from(1)
        }
    }
}

/// Plays a record back on whatever game it is for.
struct Playback<'a> {
    record: &'a GameRecord,
    gui: bool,
    args: &'a ReplayArgs,
}

impl GameVisitor for Playback<'_> {
    type Output = ExitCode;

    fn visit<G: Playable>(self, game: G) -> ExitCode {
        let total = self.record.actions().len();
        let count = self.args.to.unwrap_or(total).min(total);
        let replayed = if self.gui { Some(count) } else { None };
        let (position, actions) = match self.record.replay(game.clone(), replayed) {
            Ok(replayed) => replayed,
            Err(error) => {
                super::common::eprint_diagnostic(error);
                return ExitCode::from(1);
            }
        };
        if self.gui {
            return serve_position(position, (count, total), self.args, self.record);
        }
        let stdout = BufWriter::new(io::stdout().lock());
        match play_back(game, &actions, Some(count), stdout) {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
                super::usage::fail(super::usage::CliError::TerminalIo {
                    reason: error.to_string(),
                })
            }
            _ => ExitCode::SUCCESS,
        }
    }
}

/// Serves the position after `count` actions until interrupted.
fn serve_position<G: Playable>(
    position: G,
    (count, total): (usize, usize),
    args: &ReplayArgs,
    record: &GameRecord,
) -> ExitCode {
    let server = match start(position, ServeOptions::default()) {
        Ok(server) => server,
        Err(error) => return cannot_serve("127.0.0.1", 0, &error),
    };
    announce(&server, record.rules().name());
    outln!(
        "The position after {count} of {total} actions of {}; play on from it, until interrupted (Ctrl-C).",
        args.file.display()
    );
    if !args.no_open {
        open_browser(server.url());
    }
    server.wait();
    ExitCode::SUCCESS
}
