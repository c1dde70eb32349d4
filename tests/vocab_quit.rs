//! What quitting means is a ruleset key (`[outcomes] quit`): by default the
//! quitter resigns (`Outcome::Quit`, a loss); `quit = "draw"` (Stacked
//! Tic-Tac-Toe, as the course rules) ends play in a draw, in the game, in
//! text mode, in game records and in how bots and `relic sim` score it.

use crate::common;

use relic::contract::{Evaluate, Game, Outcome, Status, TextView};
use relic::vocab::{Event, VocabGame, builtin_vocab, load_vocab};

fn fixture() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/vocab-quit-draw.toml")
}

fn quit(mut game: VocabGame) -> (VocabGame, Vec<Event>) {
    let events = game.apply(&game.parse_action("quit").unwrap()).unwrap();
    (game, events)
}

#[test]
fn quitting_is_a_loss_by_default() {
    let (game, events) = quit(VocabGame::new(
        builtin_vocab("tic-tac-toe").unwrap().unwrap(),
    ));
    assert_eq!(game.status(), Status::Over(Outcome::Quit(0)));
    assert_eq!(events, [Event::Ended(Outcome::Quit(0))]);
    assert_eq!(game.evaluate(0), 0.0);
}

#[test]
fn quitting_draws_where_the_ruleset_says_so() {
    let start = VocabGame::new(builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap());
    let mut game = start.clone();
    game.apply(&game.legal_actions()[0]).unwrap();
    let (game, events) = quit(game);
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
    assert_eq!(
        events,
        [Event::Quit { seat: 1 }, Event::Ended(Outcome::Draw)]
    );
    // Bots and `relic sim` score the end as a draw for both seats.
    assert_eq!((game.evaluate(0), game.evaluate(1)), (0.5, 0.5));
    // The end is told in the ruleset's words, as the course prints it.
    let mut text = String::new();
    game.write_outcome(&mut text);
    assert_eq!(text, "Quit, draw!\n");
    // A quit-draw is a different position from a drawn board.
    assert_ne!(game, start);
}

#[test]
fn text_mode_and_its_record_end_in_a_draw() {
    let dir = std::env::temp_dir().join(format!("relic-vocab-quit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("quit.ron");
    let (ruleset, file) = (fixture(), record.to_str().unwrap().to_string());
    let args = [
        "play",
        "--ruleset",
        ruleset.to_str().unwrap(),
        "--record",
        &file,
    ];
    let out = common::run_relic(args, b"b2\nquit\n");
    assert!(out.status.success(), "{out:?}");
    let live = String::from_utf8(out.stdout).unwrap();
    let end = "O quits: the game is drawn.\nThe game is a draw.\n";
    assert!(live.contains(end), "{live}");
    // The record keeps the quit (a resignation is left out of records):
    // played back, it ends the same way.
    let out = common::run_relic(["replay", &file], b"");
    assert!(out.status.success(), "{out:?}");
    let replayed = String::from_utf8(out.stdout).unwrap();
    assert!(
        replayed.contains(&format!("): quit\n{end}")) && replayed.contains("O to move ("),
        "{replayed}"
    );
    let program = load_vocab(&fixture()).unwrap();
    let (game, _) = quit(VocabGame::new(program));
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
}
