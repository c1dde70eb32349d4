//! Moving Maze's `[messages]`: a ruleset's texts reach text mode with
//! their placeholders filled, whatever they hold; the defaults are the
//! specification's; the schema lists every key.

use std::sync::Arc;

use proptest::prelude::*;

use relic::board::{BoardLimits, parse_board};
use relic::contract::TextView;
use relic::engine::{Action, Game, IllegalAction};
use relic::games::moving_maze::board::{Direction, SlideAt};
use relic::rules::{Fill, MESSAGE_CATALOG, MazeMessage, Rules, lowered_toml, parse_ruleset};

/// A 3x3 board of our own: Green's relic one step south of its corner.
const BOARD: &str =
    "3 3\n1\n1010xx\n0110xx 0101xx 0011r1\n1110g1 0101xx 1011xx\n1100y1 0101b1 1001xx\n";

fn game_under(toml: &str) -> Game {
    let ruleset = parse_ruleset(toml, "messages.toml", None).expect("valid");
    let rules = Arc::new(Rules::new(ruleset));
    let board = parse_board(BOARD, &BoardLimits::default()).unwrap();
    Game::new(rules, &board).unwrap()
}

#[test]
fn refusals_and_reports_fill_every_placeholder_they_may_use() {
    let mut game = game_under(
        r#"
[messages]
odd_positions = "{player} cannot slide at {indicator}."
no_path_to = "{player}: nothing leads to column {x}, row {y}."
slid = "{player} slides at {indicator}."
stepped = "{player} walks {direction}."
south = "down"
"#,
    );
    let mut out = String::new();
    let odd = IllegalAction::FixedLine {
        at: SlideAt::new(Direction::North, 1),
        lines: relic::rules::Lines::Even,
    };
    game.write_refusal(&odd, &mut out);
    game.write_refusal_as_typed(
        &IllegalAction::NoPathTo(relic::board::Pos::new(8, 0)),
        "09,01",
        &mut out,
    );
    assert_eq!(
        out,
        "Green cannot slide at n1.\nGreen: nothing leads to column 9, row 1.\n"
    );
    let slid = game
        .apply(Action::Slide(SlideAt::new(Direction::North, 2)))
        .unwrap();
    let mut out = String::new();
    game.write_events(&slid, &mut out);
    assert!(out.starts_with("Green slides at n2.\n"), "{out}");
    // The step collects Green's relic and ends the turn: the report still
    // names the player who moved.
    let stepped = game.apply(Action::Step(Direction::South)).unwrap();
    let mut out = String::new();
    game.write_events(&stepped, &mut out);
    assert!(out.starts_with("Green walks down.\n"), "{out}");
}

#[test]
fn the_defaults_are_the_specifications_texts() {
    let standard = Rules::standard();
    let messages = standard.messages();
    let text = |m, fill| messages.text(m, fill);
    assert_eq!(
        text(
            MazeMessage::OffBoard,
            Fill::default().direction(Direction::West)
        ),
        "Cannot move west: off the board."
    );
    assert_eq!(
        text(
            MazeMessage::Slid,
            Fill::default().indicator(SlideAt::new(Direction::East, 4))
        ),
        "Inserting at e4."
    );
    assert_eq!(
        text(MazeMessage::Quit, Fill::default()),
        "Game has been quit."
    );
    assert_eq!(
        text(MazeMessage::Scoreboard, Fill::default().count(2)),
        "Relics collected /2:"
    );
    // Every key has its default, and the lowered form writes each.
    let lowered = lowered_toml(standard.ruleset());
    for (key, default, _) in MESSAGE_CATALOG {
        let line = format!("{key} = {}", toml::Value::from(*default));
        assert!(lowered.contains(&line), "no {line} in the lowered form");
    }
}

#[test]
fn the_schema_lists_every_message_key() {
    let schema = relic::rules::json_schema();
    let reference = schema["properties"]["messages"]["allOf"][0]["$ref"]
        .as_str()
        .or(schema["properties"]["messages"]["$ref"].as_str())
        .unwrap();
    let name = reference.trim_start_matches("#/definitions/");
    let table = &schema["definitions"][name];
    let keys = table["propertyNames"]["enum"].as_array().unwrap();
    assert_eq!(keys.len(), MESSAGE_CATALOG.len());
    for (key, default, _) in MESSAGE_CATALOG {
        let about = table["properties"][key]["description"].as_str().unwrap();
        assert!(about.contains(default), "{key}: {about}");
    }
}

proptest! {
    /// Any text for any key either loads (and then every message can be
    /// written) or is refused with a diagnostic; nothing panics, and a
    /// text without braces is printed as written.
    #[test]
    fn any_message_text_loads_or_is_refused(index in 0..MESSAGE_CATALOG.len(), text in "\\PC{0,40}") {
        let key = MESSAGE_CATALOG[index].0;
        let toml = format!("[messages]\n{key} = {}\n", toml::Value::from(text.as_str()));
        match parse_ruleset(&toml, "any.toml", None) {
            Ok(ruleset) => {
                prop_assert_eq!(ruleset.messages.iter().nth(index).unwrap().1, text.as_str());
                let rules = Rules::new(ruleset);
                let fill = Fill::default().player("Green").direction(Direction::North).count(3);
                let written = rules.messages().text(message_at(index), fill);
                if !text.contains('{') {
                    prop_assert_eq!(written, text);
                }
            }
            Err(failure) => {
                let codes: Vec<String> = failure.reports[0].json_diagnostics().into_iter().map(|d| d.code).collect();
                prop_assert!(text.contains('{'), "{codes:?}");
                prop_assert!(codes.iter().all(|c| c == "rules::message::placeholder"), "{codes:?}");
            }
        }
    }
}

/// The message whose catalog index is `index`.
fn message_at(index: usize) -> MazeMessage {
    assert_eq!(MazeMessage::ALL.len(), MESSAGE_CATALOG.len());
    let message = MazeMessage::ALL[index];
    assert_eq!(message.key(), MESSAGE_CATALOG[index].0);
    message
}
