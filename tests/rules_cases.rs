//! Data-driven rules tests: every `tests/fixtures/cases/*.toml` holds a
//! ruleset (a built-in name, or an inline table that may use `extends`), a
//! board in GBF, and inputs in text-mode notation, each with the events it
//! must cause or the reason it must be refused. One test runs them all.
//!
//! Per input, a case may also state the relics drawn afterwards
//! (`visible`), where the adventurers stand (`at`, in turn order) and the
//! phase (`phase`).

use crate::common;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;

use relic::board::{Relic, parse_board};
use relic::contract::{NotationError, TextView};
use relic::engine::{Event, Game, Phase};
use relic::games::moving_maze::text::{Command, parse_command};
use relic::rules::{BUILTIN_RULESETS, Rules, builtin_ruleset, parse_ruleset};

/// One case file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    /// What the case shows.
    description: String,
    /// A built-in ruleset's name, or a ruleset table.
    ruleset: toml::Value,
    /// The board, in GBF.
    board: String,
    /// The inputs, in order.
    play: Vec<Play>,
}

/// One input and what it must do.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Play {
    /// A text-mode token: `r`, `n2`, `e`, `3,1`, `done`, `quit`.
    input: String,
    /// The events it causes, described as `describe` writes them.
    events: Option<Vec<String>>,
    /// The message it is refused with (the state must stay unchanged).
    illegal: Option<String>,
    /// The relics drawn afterwards, sorted.
    visible: Option<Vec<String>>,
    /// Where the adventurers stand afterwards, in turn order.
    at: Option<Vec<String>>,
    /// The phase afterwards: `slide`, `move` or `over`.
    phase: Option<String>,
}

fn case_files() -> Vec<PathBuf> {
    common::fixture_files("tests/fixtures/cases", "toml")
}

fn rules_of(case: &Case, dir: &Path) -> Arc<Rules> {
    let ruleset = match &case.ruleset {
        toml::Value::String(name) => builtin_ruleset(name)
            .unwrap_or_else(|| panic!("no built-in ruleset {name}"))
            .unwrap(),
        toml::Value::Table(table) => {
            let text = toml::to_string(table).unwrap();
            parse_ruleset(&text, "inline ruleset", Some(dir)).unwrap()
        }
        other => panic!("ruleset must be a name or a table, not {other}"),
    };
    Arc::new(Rules::new(ruleset))
}

fn describe(event: &Event, rules: &Rules) -> String {
    let name = |seat: usize| rules.seats()[seat].name.clone();
    match *event {
        Event::Rotated { clockwise, tile } => {
            format!(
                "rotated {} to {tile}",
                if clockwise { "right" } else { "left" }
            )
        }
        Event::Slid { at, pushed_out } => format!("slid {at}, pushed out {pushed_out}"),
        Event::SlideSkipped => "slide skipped".into(),
        Event::Displaced { seat, from, to } => format!("{} displaced {from} -> {to}", name(seat)),
        Event::Moved {
            seat,
            from,
            to,
            step: Some(direction),
        } => format!("{} moved {direction} {from} -> {to}", name(seat)),
        Event::Moved { seat, from, to, .. } => format!("{} moved {from} -> {to}", name(seat)),
        Event::RelicCollected {
            seat,
            relic,
            collected,
        } => format!("{} collected {relic} ({collected})", name(seat)),
        Event::AllRelicsCollected { seat } => format!("{} has all their relics", name(seat)),
        Event::TurnEnded { seat } => format!("end of {}'s turn", name(seat)),
        Event::Won { seat } => format!("{} won", name(seat)),
        Event::Quit => "quit".into(),
    }
}

/// The relics drawn now, on the maze and the floating tile, sorted.
fn visible_relics(game: &Game) -> Vec<String> {
    let maze = game.maze();
    let mut relics: Vec<Relic> = (0..maze.height())
        .flat_map(|y| (0..maze.width()).map(move |x| relic::board::Pos::new(x, y)))
        .filter_map(|pos| maze.tile(pos).relic())
        .chain(game.floating().relic())
        .filter(|&relic| game.is_relic_visible(relic))
        .collect();
    relics.sort_by_key(|r| (r.colour(), r.order()));
    relics.iter().map(ToString::to_string).collect()
}

/// Runs one input; returns what went wrong, if anything.
/// Plays one input; a refusal is worded as text mode words it, with the
/// ruleset's `[messages]`.
fn run_play(game: &mut Game, play: &Play) -> Result<(), String> {
    let mut said = String::new();
    let outcome = match parse_command(&play.input, game) {
        Command::Invalid => {
            game.write_notation_error(&NotationError::new(""), &mut said);
            Err(said.trim_end().to_owned())
        }
        Command::Act(action) => {
            let before = game.clone();
            let result = game.apply(action);
            if result.is_err() && *game != before {
                return Err("an illegal action changed the state".into());
            }
            result.map_err(|illegal| {
                game.write_refusal_as_typed(&illegal, &play.input, &mut said);
                said.trim_end().to_owned()
            })
        }
    };
    let rules = game.rules().clone();
    match (&outcome, &play.events, &play.illegal) {
        (Ok(events), Some(expected), None) => {
            let actual: Vec<String> = events.iter().map(|e| describe(e, &rules)).collect();
            check("events", expected, &actual)?;
        }
        (Err(message), None, Some(expected)) => check("illegal", expected, message)?,
        _ => return Err(format!("expected events xor illegal; got {outcome:?}")),
    }
    if let Some(expected) = &play.visible {
        check("visible", expected, &visible_relics(game))?;
    }
    if let Some(expected) = &play.at {
        let actual: Vec<String> = game.players().iter().map(|p| p.pos.to_string()).collect();
        check("at", expected, &actual)?;
    }
    if let Some(expected) = &play.phase {
        let actual = match game.phase() {
            Phase::Slide => "slide",
            Phase::Move => "move",
            Phase::Over => "over",
        };
        check("phase", expected, &actual.to_owned())?;
    }
    Ok(())
}

fn check<T: PartialEq + std::fmt::Debug + ?Sized>(
    what: &str,
    expected: &T,
    actual: &T,
) -> Result<(), String> {
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "{what}: expected {expected:#?}\n  actual {actual:#?}"
        ))
    }
}

#[test]
fn every_rules_case_plays_as_written() {
    let files = case_files();
    assert!(files.len() >= 20, "the cases cover every rule and variant");
    let mut failures = String::new();
    let mut rulesets_used = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let case: Case =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!case.description.is_empty());
        rulesets_used.push(builtin_name(&case.ruleset));
        let rules = rules_of(&case, path.parent().unwrap());
        let board = parse_board(&case.board, &rules.limits())
            .unwrap_or_else(|e| panic!("{}: board: {e:?}", path.display()));
        let mut game = Game::new(rules, &board).unwrap();
        for (index, play) in case.play.iter().enumerate() {
            if let Err(problem) = run_play(&mut game, play) {
                let name = path.file_name().unwrap().to_string_lossy();
                let _ = writeln!(
                    failures,
                    "{name}, input {} `{}`: {problem}",
                    index + 1,
                    play.input
                );
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{failures}");
    for (name, _) in BUILTIN_RULESETS {
        assert!(
            rulesets_used.iter().any(|used| used == name),
            "no case plays {name}"
        );
    }
}

/// The built-in ruleset a case plays, or extends.
fn builtin_name(ruleset: &toml::Value) -> String {
    let name = match ruleset {
        toml::Value::Table(table) => table.get("extends").and_then(toml::Value::as_str),
        other => other.as_str(),
    };
    name.unwrap_or_default().to_owned()
}
