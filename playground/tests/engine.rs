//! What the page asks of the engine, natively (the same code runs as
//! WebAssembly): problems with their spans in UTF-16 units, setups
//! checked once the ruleset loads, refusals in the game's words, and the
//! computers playing.

use relic_playground::{Playground, check};
use serde_json::Value;

fn checked(ruleset: &str, setup: &str) -> Value {
    serde_json::from_str(&check(ruleset, setup)).unwrap()
}

#[test]
fn every_problem_of_the_ruleset_is_found_with_its_span_in_utf16_units() {
    let ruleset = "# é😀\nextends = \"tic-tac-toe\"\nwidht = 3\ncolour = 4\n";
    let found = checked(ruleset, "");
    let problems = found["ruleset"].as_array().unwrap();
    assert_eq!(problems.len(), 2, "{found}");
    let first = &problems[0];
    assert!(!first["code"].as_str().unwrap().is_empty());
    assert_eq!(first["line"], 3);
    let utf16: Vec<u16> = ruleset.encode_utf16().collect();
    let (from, to) = (
        first["from"].as_u64().unwrap() as usize,
        first["to"].as_u64().unwrap() as usize,
    );
    assert_eq!(String::from_utf16(&utf16[from..to]).unwrap(), "widht");
    assert_eq!(found["setup"], Value::Array(Vec::new()));
}

#[test]
fn a_setup_is_checked_against_the_game_the_ruleset_names() {
    let found = checked("extends = \"moving-maze\"\n", "this is not a board\n");
    assert_eq!(found["ruleset"], Value::Array(Vec::new()));
    let problems = found["setup"].as_array().unwrap();
    assert!(!problems.is_empty(), "{found}");
    let opened = Playground::open(
        "extends = \"moving-maze\"\n",
        "this is not a board\n",
        "[]",
        1,
    );
    assert!(
        opened
            .err()
            .unwrap()
            .0
            .starts_with("The setup has a problem at line")
    );
}

#[test]
fn a_refused_action_changes_nothing_and_says_why() {
    let mut table = Playground::open("extends = \"tic-tac-toe\"\n", "", "[]", 1).unwrap();
    let before = table.message();
    let played: Value = serde_json::from_str(&table.play("b2").unwrap()).unwrap();
    assert_eq!(played["version"], 1);
    let again = table.play("b2").unwrap_err().0;
    assert!(!again.is_empty());
    assert!(table.play("zz9").is_err());
    let now: Value = serde_json::from_str(&table.message()).unwrap();
    assert_eq!(now["version"], 1);
    let restarted: Value = serde_json::from_str(&table.restart()).unwrap();
    assert_eq!(
        restarted["view"],
        serde_json::from_str::<Value>(&before).unwrap()["view"]
    );
}

#[test]
fn computers_play_a_whole_game() {
    let seats = "[\"random\", \"mcts:iterations=50\"]";
    let mut table = Playground::open("extends = \"tic-tac-toe\"\n", "", seats, 3).unwrap();
    let mut steps = 0;
    while let Some(message) = table.step() {
        steps += 1;
        let message: Value = serde_json::from_str(&message).unwrap();
        if message["status"]["over"] == true {
            break;
        }
    }
    assert!((5..=9).contains(&steps), "{steps}");
    assert!(table.step().is_none());
    let timed = Playground::open("extends = \"tic-tac-toe\"\n", "", "[\"mcts:ms=10\"]", 3);
    assert!(timed.err().unwrap().0.contains("iterations, not time"));
}

#[test]
fn undo_takes_back_the_persons_action_and_the_computers_reply() {
    let seats = "[null, \"random\"]";
    let mut table = Playground::open("extends = \"tic-tac-toe\"\n", "", seats, 5).unwrap();
    let start: Value = serde_json::from_str(&table.message()).unwrap();
    assert_eq!(start["can_undo"], false);
    assert!(table.undo().is_err(), "nothing to take back yet");
    let played: Value = serde_json::from_str(&table.play("b2").unwrap()).unwrap();
    assert_eq!(played["can_undo"], true);
    let replied: Value = serde_json::from_str(&table.step().unwrap()).unwrap();
    assert_eq!(replied["turn"], 2);
    let undone: Value = serde_json::from_str(&table.undo().unwrap()).unwrap();
    let text = undone["events"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("Took back 2 actions: ") && text.ends_with(", b2."),
        "{text}"
    );
    assert_eq!(undone["view"], start["view"]);
    assert_eq!(
        (undone["can_undo"].as_bool(), undone["turn"].as_u64()),
        (Some(false), Some(0))
    );
    assert!(table.undo().is_err());
}
