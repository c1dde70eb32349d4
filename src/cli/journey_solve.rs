//! `relic solve LEVELS --ruleset maze-runner` (any level-walking ruleset):
//! the fewest steps that win a level file, by the generic search
//! ([`crate::search`]) with the level-walking step bound
//! ([`StepBound`]). Uses of items are free; so is leaving a level.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use serde::Serialize;

use super::solve::{SolveArgs, SolveFormat};
use crate::contract::Game;
use crate::games::{Registered, Setup, WalkerLevels};
use crate::search::Found;
use crate::walker::journey::{Journey, Program, solve};

/// The JSON answer.
#[derive(Debug, Serialize)]
struct JsonAnswer<'a> {
    solved: bool,
    /// `solved`, `no solution` (proven) or `over budget`.
    outcome: &'static str,
    steps: Option<u32>,
    inputs: &'a [String],
    nodes: u64,
}

/// Runs `relic solve` for a level-walking ruleset: the level file is the
/// positional argument (the ruleset's default levels without one).
pub(super) fn run(program: Arc<Program>, args: &SolveArgs) -> ExitCode {
    if let Some(option) = maze_only_option(args) {
        crate::output::errln!(
            "relic: {option} is for Moving Maze; level-walking games have one player"
        );
        return ExitCode::from(2);
    }
    let setup = args
        .board
        .as_deref()
        .map_or(Setup::Default, |p| Setup::File(p.into()));
    let game = match WalkerLevels::start(&program, &setup) {
        Ok(game) => game,
        Err(failure) => {
            crate::output::err!("{}", failure.report.render(80));
            return ExitCode::from(2);
        }
    };
    let found = solve(&game, args.nodes);
    report(&game, &found, args.format, args.board.as_deref())
}

/// The first option given that only Moving Maze's solver takes.
pub(super) fn maze_only_option(args: &SolveArgs) -> Option<&'static str> {
    [
        (args.load.is_some(), "--load"),
        (args.player.is_some(), "--player"),
        (args.from.is_some(), "--from"),
        (args.relics.is_some(), "--relics"),
        (args.no_home, "--no-home"),
    ]
    .into_iter()
    .find_map(|(given, name)| given.then_some(name))
}

fn report(
    game: &Journey,
    found: &Found<crate::walker::journey::Action>,
    format: SolveFormat,
    file: Option<&Path>,
) -> ExitCode {
    let (inputs, steps, nodes, outcome) = match found {
        Found::Won {
            actions,
            cost,
            nodes,
        } => {
            let inputs: Vec<String> = actions.iter().map(|a| game.write_action(a)).collect();
            (inputs, Some(*cost), *nodes, "solved")
        }
        Found::NoWin { nodes } => (Vec::new(), None, *nodes, "no solution"),
        Found::OverBudget { nodes } => (Vec::new(), None, *nodes, "over budget"),
    };
    let name = file.map_or_else(
        || "the default levels".to_owned(),
        |p| p.display().to_string(),
    );
    match format {
        SolveFormat::Json => {
            let answer = JsonAnswer {
                solved: steps.is_some(),
                outcome,
                steps,
                inputs: &inputs,
                nodes,
            };
            crate::output::outln!(
                "{}",
                serde_json::to_string_pretty(&answer).unwrap_or_default()
            );
        }
        SolveFormat::Human => {
            for input in &inputs {
                crate::output::outln!("{input}");
            }
            match found {
                Found::Won { cost, .. } => crate::output::errln!(
                    "{name}: won in {cost} steps ({} inputs; {nodes} positions searched)",
                    inputs.len()
                ),
                Found::NoWin { .. } => crate::output::errln!(
                    "{name}: cannot be won: every way loses first ({nodes} positions searched)"
                ),
                Found::OverBudget { .. } => crate::output::errln!(
                    "{name}: no answer within {nodes} positions (raise --nodes)"
                ),
            }
        }
    }
    if steps.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
