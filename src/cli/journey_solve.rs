//! `relic solve LEVELS --ruleset maze-runner` (any level-walking ruleset):
//! the fewest steps that win a level file, by the generic search
//! ([`crate::search`]) with the level-walking step bound
//! ([`StepBound`]). Uses of items are free; so is leaving a level.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use serde::Serialize;

use super::search_answer::SearchAnswer;
use super::solve_args::{SolveArgs, SolveFormat, refuse_maze_only};
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
    if let Some(refused) = refuse_maze_only(args, "level-walking games") {
        return refused;
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

fn report(
    game: &Journey,
    found: &Found<crate::walker::journey::Action>,
    format: SolveFormat,
    file: Option<&Path>,
) -> ExitCode {
    let answer = SearchAnswer::new(found, |a| game.write_action(a));
    match format {
        SolveFormat::Json => {
            let json = JsonAnswer {
                solved: answer.cost.is_some(),
                outcome: answer.outcome,
                steps: answer.cost,
                inputs: &answer.inputs,
                nodes: answer.nodes,
            };
            let text = serde_json::to_string_pretty(&json).unwrap_or_default();
            crate::output::outln!("{text}");
        }
        SolveFormat::Human => human(&answer, file),
    }
    answer.status()
}

/// The winning inputs on stdout, a summary on stderr.
fn human(answer: &SearchAnswer, file: Option<&Path>) {
    let name = file.map_or_else(
        || "the default levels".to_owned(),
        |p| p.display().to_string(),
    );
    for input in &answer.inputs {
        crate::output::outln!("{input}");
    }
    let nodes = answer.nodes;
    match answer.cost {
        Some(cost) => crate::output::errln!(
            "{name}: won in {cost} steps ({} inputs; {nodes} positions searched)",
            answer.inputs.len()
        ),
        None if answer.outcome == "no solution" => crate::output::errln!(
            "{name}: cannot be won: every way loses first ({nodes} positions searched)"
        ),
        None => crate::output::errln!("{name}: no answer within {nodes} positions (raise --nodes)"),
    }
}
