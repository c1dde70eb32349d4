//! `relic solve` for every game without a solver of its own (the
//! vocabulary's and the core language's games, Escape): the value of the
//! position with best play for one player, and a line of best play, by
//! the generic search of [`crate::value`].

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use super::search_answer::ProgressLine;
use super::solve_args::{Others, SolveArgs, SolveFormat, refuse_first};
use super::usage::{CliError, fail_in};
use crate::contract::{Game, Seat};
use crate::games::{GameRules, GameVisitor, Playable, Setup, with_game};
use crate::output::{errln, outln};
use crate::save::GameRecord;
use crate::value::{Answer, DRAW_LINE, MAX_PLY, Question, Verdict, solve};

/// The JSON answer.
#[derive(Debug, Serialize)]
struct JsonAnswer<'a> {
    solved: bool,
    /// `wins`, `draw`, `loses`, `undecided` or `over budget`.
    outcome: &'static str,
    player: String,
    /// Actions until the win or the loss with best play.
    actions: Option<u32>,
    /// The horizon asked for (`--depth`), if any.
    within: Option<u32>,
    /// How many actions ahead the last search run to its end looked.
    searched: u32,
    line: &'a [String],
    nodes: u64,
}

/// Runs `relic solve` on `rules` from the setup given (or a saved game's
/// position): status 0 when the value is found, 1 when it is not, 2 when
/// the setup or the options are wrong.
pub(super) fn run(rules: &GameRules, args: &SolveArgs) -> ExitCode {
    if let Some(refused) = refuse_walk_options(args) {
        return refused;
    }
    let setup = (args.board.as_deref()).map_or(Setup::Default, |p| Setup::File(p.into()));
    finish(with_game(rules, &setup, Solver { args, record: None }))
}

/// Runs `relic solve --load SAVE` on the saved game `record` (read from
/// `path`), from the position it reached.
pub(super) fn run_saved(record: &GameRecord, path: &Path, args: &SolveArgs) -> ExitCode {
    if let Some(refused) = refuse_walk_options(args) {
        return refused;
    }
    let solver = Solver {
        args,
        record: Some((record, path)),
    };
    finish(with_game(record.rules(), &record.setup(), solver))
}

/// The status of a solve, or of a setup that could not be used (reported).
fn finish(done: Result<ExitCode, crate::games::SetupFailure>) -> ExitCode {
    match done {
        Ok(status) => status,
        Err(failure) => {
            crate::output::err!("{}", failure.render(80));
            ExitCode::from(2)
        }
    }
}

/// The options only the walking searches take (the player's start, its
/// relics, the others standing still or moving at random): this search
/// plays every seat.
fn refuse_walk_options(args: &SolveArgs) -> Option<ExitCode> {
    let given = [
        (args.from.is_some(), "--from"),
        (args.relics.is_some(), "--relics"),
        (args.no_home, "--no-home"),
        (args.others == Others::Random, "--others"),
    ];
    refuse_first(args, given, |option| {
        format!(
            "this game is solved with every player playing its best, from the setup's position: leave out {option}"
        )
    })
}

/// Solves the game it is given, from the saved position if there is one.
struct Solver<'a> {
    args: &'a SolveArgs,
    record: Option<(&'a GameRecord, &'a Path)>,
}

impl GameVisitor for Solver<'_> {
    type Output = ExitCode;

    fn visit<G: Playable>(self, start: G) -> ExitCode {
        let json = self.args.format == SolveFormat::Json;
        let game = match self.record {
            None => start,
            Some((record, path)) => match record.replay(start, None) {
                Ok((game, _)) => game,
                Err(error) => {
                    let (path, reason) = (path.display().to_string(), error.to_string());
                    return super::usage::fail(CliError::DoesNotReplay { path, reason });
                }
            },
        };
        let seat = match seat_of(self.args, &game) {
            Ok(seat) => seat,
            Err(error) => return fail_in(json, error),
        };
        let question = Question {
            seat,
            within: self.args.depth,
            budget: self.args.nodes,
        };
        let mut progress = ProgressLine::new(self.args.nodes);
        let answer = solve(&game, &question, |nodes| progress.report_positions(nodes));
        progress.finish();
        report(&game, seat, &answer, self.args)
    }
}

/// The seat `--player` names (by its name, in any case), else the one to
/// move, else (play is over) the first.
fn seat_of<G: Game>(args: &SolveArgs, game: &G) -> Result<Seat, CliError> {
    let names: Vec<String> = (0..game.seat_count()).map(|s| game.seat_name(s)).collect();
    match &args.player {
        None => Ok(game.status().to_move().unwrap_or(0)),
        Some(name) => (names.iter())
            .position(|n| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| CliError::UnknownPlayer {
                colour: name.clone(),
                players: names.join(", "),
            }),
    }
}

fn report<G: Game>(game: &G, seat: Seat, answer: &Answer<G::Action>, args: &SolveArgs) -> ExitCode {
    let line: Vec<String> = answer.line.iter().map(|a| game.write_action(a)).collect();
    let player = game.seat_name(seat);
    let (outcome, actions) = match answer.verdict {
        Verdict::Wins { actions } => ("wins", Some(actions)),
        Verdict::Draw => ("draw", None),
        Verdict::Loses { actions } => ("loses", Some(actions)),
        Verdict::Undecided => ("undecided", None),
        Verdict::OverBudget => ("over budget", None),
    };
    let solved = matches!(outcome, "wins" | "draw" | "loses");
    match args.format {
        SolveFormat::Json => {
            let json = JsonAnswer {
                solved,
                outcome,
                player,
                actions,
                within: args.depth,
                searched: answer.searched,
                line: &line,
                nodes: answer.nodes,
            };
            outln!(
                "{}",
                serde_json::to_string_pretty(&json).unwrap_or_default()
            );
        }
        SolveFormat::Human => {
            for action in &line {
                outln!("{action}");
            }
            errln!("{}", summary(&player, answer, args));
        }
    }
    ExitCode::from(if solved { 0 } else { 1 })
}

/// The verdict in words, for stderr.
fn summary<A>(player: &str, answer: &Answer<A>, args: &SolveArgs) -> String {
    let nodes = answer.nodes;
    let line = answer.line.len();
    let plural = |n: u32| if n == 1 { "" } else { "s" };
    match answer.verdict {
        Verdict::Wins { actions } => format!(
            "{player} wins with best play, in {actions} action{} ({nodes} positions searched); the line above is one way.",
            plural(actions)
        ),
        Verdict::Loses { actions } => format!(
            "{player} loses with best play, after {actions} action{} ({nodes} positions searched); the line above holds out longest.",
            plural(actions)
        ),
        Verdict::Draw if line == DRAW_LINE => format!(
            "Best play is a draw for {player} ({nodes} positions searched); the line above is its first {line} actions."
        ),
        Verdict::Draw => format!(
            "Best play is a draw for {player} ({nodes} positions searched); the line above is one way to it."
        ),
        Verdict::Undecided => format!(
            "Neither a win nor a loss for {player} is forced within {} actions ({nodes} positions searched){}.",
            args.depth.unwrap_or(MAX_PLY),
            if args.depth.is_some() {
                "; raise --depth"
            } else {
                ""
            }
        ),
        Verdict::OverBudget if answer.searched > 0 => format!(
            "The search met its budget of {} positions before deciding: neither a win nor a loss for {player} is forced within {} actions (raise --nodes).",
            args.nodes, answer.searched
        ),
        Verdict::OverBudget => format!(
            "The search met its budget of {} positions before deciding (raise --nodes).",
            args.nodes
        ),
    }
}
