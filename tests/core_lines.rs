//! Short lines of play of the core games from a position (FEN, or board
//! rows for a ruleset extending the game) (`tests/fixtures/core-lines.toml`):
//! each move legal, a refused move refused with the position unchanged,
//! and the game standing where its rules say (whose turn, or who won, and
//! variables' values), checked by one generic test.

use std::collections::BTreeMap;

use relic::contract::{Game, Outcome, Status};
use relic::lang::{CoreGame, builtin_core, fen, parse_core_resolved};
use serde::Deserialize;

#[derive(Deserialize)]
struct Lines {
    line: Vec<Line>,
}

#[derive(Deserialize)]
struct Line {
    ruleset: String,
    about: String,
    fen: Option<String>,
    /// Board rows, for a game FEN cannot set up.
    setup: Option<Vec<String>>,
    moves: String,
    refused: Option<String>,
    after: Option<String>,
    result: String,
    #[serde(default)]
    values: BTreeMap<String, i32>,
}

/// Where a game stands, in the fixture's words.
fn standing(game: &CoreGame) -> String {
    match game.status() {
        Status::ToMove(seat) => format!("{} to move", game.seat_name(seat)),
        Status::Over(Outcome::Won(seat)) => format!("{} wins", game.seat_name(seat)),
        Status::Over(Outcome::Draw) => "draw".to_owned(),
        Status::Over(other) => format!("{other:?}"),
    }
}

/// Plays `line`; what went otherwise than it says, if anything.
fn play(line: &Line) -> Result<(), String> {
    let mut game = start(line)?;
    for text in line.moves.split_whitespace() {
        let action = game
            .parse_action(text)
            .map_err(|e| format!("{text}: {e}"))?;
        game.apply(&action)
            .map_err(|e| format!("{text} refused: {e}"))?;
    }
    if let Some(text) = &line.refused {
        let before = game.clone();
        let refused = game.parse_action(text).map(|action| game.apply(&action));
        if matches!(refused, Ok(Ok(_))) {
            return Err(format!("{text} was played"));
        }
        if game != before
            || game
                .legal_actions()
                .iter()
                .any(|a| game.write_action(a) == *text)
        {
            return Err(format!(
                "{text} refused, but the position changed or lists it"
            ));
        }
    }
    // The placement and the side to move: the counts after them are the
    // writer's.
    if let Some(after) = &line.after {
        let written = fen::write_fen(&game);
        let reached: Vec<&str> = written.split(' ').take(2).collect();
        if reached.join(" ") != *after {
            return Err(format!("reached {written}, not {after}"));
        }
    }
    for (name, value) in &line.values {
        let slot = (game.program().variables.iter())
            .find(|v| v.name == *name)
            .map(|v| usize::from(v.slot))
            .ok_or_else(|| format!("no variable {name}"))?;
        if game.values()[slot] != *value {
            return Err(format!("{name} is {}, not {value}", game.values()[slot]));
        }
    }
    match standing(&game) {
        found if found == line.result => Ok(()),
        found => Err(format!("{found}, not {}", line.result)),
    }
}

/// The line's start: its FEN position, its board rows in a ruleset
/// extending the game, or (neither given) the game's own start.
fn start(line: &Line) -> Result<CoreGame, String> {
    let program = builtin_core(&line.ruleset)
        .expect("built in")
        .expect("valid");
    match (&line.fen, &line.setup) {
        (Some(text), None) => {
            fen::start_from_fen(program, "line.fen", text).map_err(|failure| failure.render(80))
        }
        (None, Some(rows)) => {
            let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
            let source = format!(
                "game = \"core\"\nextends = \"{}\"\n[board]\nsetup = [{}]\n",
                line.ruleset,
                rows.join(", ")
            );
            let (_, program) = parse_core_resolved(&source, "line.toml", None)
                .map_err(|failure| failure.render(80))?;
            Ok(CoreGame::new(program))
        }
        (None, None) => Ok(CoreGame::new(program)),
        (Some(_), Some(_)) => Err("give `fen` or `setup`, not both".to_owned()),
    }
}

#[test]
fn every_line_plays_as_its_rules_say() {
    let text = include_str!("fixtures/core-lines.toml");
    let lines: Lines = toml::from_str(text).expect("core-lines.toml reads");
    let failed: Vec<String> = (lines.line.iter())
        .filter_map(|line| {
            play(line)
                .err()
                .map(|e| format!("{}: {}: {e}", line.ruleset, line.about))
        })
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert!(lines.line.len() >= 20, "{} lines", lines.line.len());
}
