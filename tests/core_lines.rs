//! Short lines of play of the core games from a position
//! (`tests/fixtures/core-lines.toml`): each move legal, a refused move
//! refused with the position unchanged, and the game standing where its
//! rules say (whose turn, or who won), checked by one generic test.

use relic::contract::{Game, Outcome, Status};
use relic::lang::{CoreGame, builtin_core, fen};
use serde::Deserialize;

#[derive(Deserialize)]
struct Lines {
    line: Vec<Line>,
}

#[derive(Deserialize)]
struct Line {
    ruleset: String,
    about: String,
    fen: String,
    moves: String,
    refused: Option<String>,
    after: Option<String>,
    result: String,
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
    let program = builtin_core(&line.ruleset)
        .expect("built in")
        .expect("valid");
    let mut game = fen::start_from_fen(program, "line.fen", &line.fen)
        .map_err(|failure| failure.render(80))?;
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
    let written = fen::write_fen(&game);
    let reached: Vec<&str> = written.split(' ').take(2).collect();
    if let Some(after) = &line.after
        && reached.join(" ") != *after
    {
        return Err(format!("reached {written}, not {after}"));
    }
    match standing(&game) {
        found if found == line.result => Ok(()),
        found => Err(format!("{found}, not {}", line.result)),
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
