//! `relic solve BOARD --ruleset boulder-dash` (any walker-physics ruleset
//! with a `[goal]`): the fewest moves that clear the goal's kinds from the
//! board (every diamond taken) without play ending first, by the generic
//! search ([`crate::walker::solve`]). The answer is printed as a game
//! file (`COUNT W,H` then one move a line), ready for `relic verify`.

use std::process::ExitCode;
use std::sync::Arc;

use serde::Serialize;

use super::search_answer::{ProgressLine, SearchAnswer};
use super::solve_args::{SolveArgs, SolveFormat, refuse_maze_only};
use super::usage::{CliError, fail_in};
use crate::contract::Game;
use crate::games::boulder_dash::Cave;
use crate::games::{Registered, Setup, WalkerPhysics};
use crate::search::Found;
use crate::walker::{Action, Program, solve_reporting};

/// The JSON answer.
#[derive(Debug, Serialize)]
struct JsonAnswer<'a> {
    solved: bool,
    /// `solved`, `no solution` (proven) or `over budget`.
    outcome: &'static str,
    moves: Option<u32>,
    inputs: &'a [String],
    nodes: u64,
}

/// Runs `relic solve` for a walker-physics ruleset: status 0 with an
/// answer, 1 without, 2 when the board or the options are wrong.
pub(super) fn run(program: Arc<Program>, args: &SolveArgs) -> ExitCode {
    let json = args.format == SolveFormat::Json;
    if let Some(refused) = refuse_maze_only(args, "caves") {
        return refused;
    }
    if program.goal.is_empty() {
        let ruleset = args.ruleset.as_ref().map(|p| p.display().to_string());
        return fail_in(
            json,
            CliError::NoGoal {
                ruleset: ruleset.unwrap_or_else(|| program.name.clone()),
            },
        );
    }
    let setup = (args.board.as_deref()).map_or(Setup::Default, |p| Setup::File(p.into()));
    let cave = match WalkerPhysics::start(&program, &setup) {
        Ok(cave) => cave,
        Err(failure) => {
            crate::output::err!("{}", failure.render(80));
            return ExitCode::from(2);
        }
    };
    let mut line = ProgressLine::new(args.nodes);
    let found = solve_reporting(&cave, args.nodes, |p| line.report(p));
    line.finish();
    report(&cave, &found, args.format)
}

fn report(cave: &Cave, found: &Found<Action>, format: SolveFormat) -> ExitCode {
    let answer = SearchAnswer::new(found, |a| cave.write_action(a));
    match format {
        SolveFormat::Json => {
            let json = JsonAnswer {
                solved: answer.cost.is_some(),
                outcome: answer.outcome,
                moves: answer.cost,
                inputs: &answer.inputs,
                nodes: answer.nodes,
            };
            let text = serde_json::to_string_pretty(&json).unwrap_or_default();
            crate::output::outln!("{text}");
        }
        SolveFormat::Human => human(cave, found, &answer.inputs),
    }
    answer.status()
}

/// The game file on stdout, a summary on stderr.
fn human(cave: &Cave, found: &Found<Action>, inputs: &[String]) {
    let grid = cave.grid();
    match found {
        Found::Won { cost, nodes, .. } => {
            crate::output::outln!("{} {},{}", inputs.len(), grid.width(), grid.height());
            for input in inputs {
                crate::output::outln!("{input}");
            }
            crate::output::errln!("solved in {cost} moves ({nodes} positions searched)");
        }
        Found::NoWin { nodes } => crate::output::errln!(
            "no solution: every way loses or gets stuck first ({nodes} positions searched)"
        ),
        Found::OverBudget { nodes } => {
            crate::output::errln!("no answer within {nodes} positions (raise --nodes)")
        }
    }
}
