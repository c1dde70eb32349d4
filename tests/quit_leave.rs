//! `quit = "leave"`: in a game of three players or more a player who quits
//! leaves and the others play on, the turn passing over them, until one is
//! left in and wins; the same in a core ruleset and in the vocabulary.

use relic::contract::{Game, Outcome, Status, TextView};
use relic::harness::{Config, check};
use relic::lang::{CoreGame, parse_core_resolved};
use relic::vocab::{VocabGame, parse_vocab};

/// Three players placing stones on a 4x4 board; `ending` is what a turn
/// does after its stone (`->next`, or a rule that can end the game).
fn core_game(quit: &str, players: &str, ending: &str) -> CoreGame {
    let glyphs = ["\"A\"", "\"B\"", "\"C\""][..players.split(',').count()].join(", ");
    let rules = format!(
        "game = \"core\"\nname = \"Stones\"\nplayers = [{players}]\nquit = \"{quit}\"\n\
         rules = \"any {{empty}} [stone] mark {ending}\"\n\
         [board]\nwidth = 4\nheight = 4\n\
         [[kinds]]\nname = \"stone\"\nglyphs = [{glyphs}]\n"
    );
    let (_, program) = parse_core_resolved(&rules, "stones.toml", None).unwrap();
    CoreGame::new(program)
}

fn play<G: Game>(game: &mut G, text: &str) -> Vec<G::Event> {
    let action = game.parse_action(text).unwrap();
    game.apply(&action).unwrap()
}

const THREE: &str = "\"a\", \"b\", \"c\"";

#[test]
fn a_player_who_leaves_is_passed_over_and_the_last_one_in_wins() {
    let mut game = core_game("leave", THREE, "->next");
    play(&mut game, "a1");
    let events = play(&mut game, "quit");
    let said: Vec<String> = events.iter().map(|e| game.event_text(e)).collect();
    assert_eq!(said, ["b leaves the game."]);
    assert!(game.has_left(1) && !game.has_left(0));
    let mut shown = String::new();
    game.write_position(&mut shown);
    assert!(shown.ends_with("Left the game: b.\n"), "{shown}");
    assert_eq!(game.status(), Status::ToMove(2));
    play(&mut game, "b1");
    assert_eq!(game.status(), Status::ToMove(0), "the turn passes over b");
    play(&mut game, "c1");
    play(&mut game, "d1");
    play(&mut game, "quit");
    assert_eq!(game.status(), Status::Over(Outcome::Won(2)));
}

#[test]
fn leaving_is_part_of_the_position() {
    let mut left = core_game("leave", THREE, "->next");
    play(&mut left, "quit");
    // The same cells, player to move and turn, with nobody gone.
    let program = left.program().clone();
    let (cells, vars) = (program.start.clone(), program.start_values());
    let stayed = CoreGame::from_position(program, cells, vars, 1, 0);
    assert_eq!(
        (stayed.status(), stayed.turn()),
        (left.status(), left.turn())
    );
    assert_ne!(left, stayed);
}

#[test]
fn losing_with_one_other_player_in_makes_that_one_the_winner() {
    // A stone on d4 loses the game for its player.
    let mut game = core_game("leave", THREE, "( {@ d4} end(lose) | {! {@ d4}} ->next )");
    play(&mut game, "quit");
    assert_eq!(game.status(), Status::ToMove(1));
    play(&mut game, "d4");
    assert_eq!(game.status(), Status::Over(Outcome::Won(2)));
}

#[test]
fn with_two_players_leaving_is_resigning_and_loss_and_draw_end_play() {
    let mut two = core_game("leave", "\"a\", \"b\"", "->next");
    play(&mut two, "quit");
    assert_eq!(two.status(), Status::Over(Outcome::Quit(0)));
    let mut loss = core_game("loss", THREE, "->next");
    play(&mut loss, "quit");
    assert_eq!(loss.status(), Status::Over(Outcome::Quit(0)));
    let mut draw = core_game("draw", THREE, "->next");
    play(&mut draw, "quit");
    assert_eq!(draw.status(), Status::Over(Outcome::Draw));
}

#[test]
fn play_after_a_player_left_keeps_the_contract() {
    let mut game = core_game("leave", THREE, "->next");
    play(&mut game, "quit");
    let config = Config {
        seed: 3,
        games: 5,
        max_actions: 40,
    };
    let report = check(&game, &config).unwrap_or_else(|v| panic!("{v}"));
    assert!(report.applied > 0);
    let mut vocab = vocab_game("leave");
    play(&mut vocab, "quit");
    check(&vocab, &config).unwrap_or_else(|v| panic!("{v}"));
}

/// Three players placing marks on a 3x3 board in the vocabulary.
fn vocab_game(quit: &str) -> VocabGame {
    let rules = format!(
        "game = \"vocabulary\"\nname = \"Three\"\n[board]\nwidth = 3\nheight = 3\n\
         [[players]]\nname = \"Red\"\n[[players]]\nname = \"Blue\"\n[[players]]\nname = \"Green\"\n\
         [[kinds]]\nname = \"mark\"\nglyphs = [\"R\", \"B\", \"G\"]\n\
         [[actions]]\nname = \"place\"\nmechanic = \"place\"\n\
         [outcomes]\nquit = \"{quit}\"\n"
    );
    VocabGame::new(
        parse_vocab(&rules, "three.toml", None).unwrap_or_else(|f| panic!("{}", f.render(80))),
    )
}

#[test]
fn the_vocabulary_plays_on_without_a_player_who_leaves() {
    let mut game = vocab_game("leave");
    play(&mut game, "quit");
    assert!(game.has_left(0));
    let mut shown = String::new();
    game.write_position(&mut shown);
    assert!(shown.ends_with("Left the game: Red.\n"), "{shown}");
    assert_eq!(game.status(), Status::ToMove(1));
    play(&mut game, "a1");
    play(&mut game, "b1");
    assert_eq!(game.status(), Status::ToMove(1), "the turn passes over Red");
    play(&mut game, "quit");
    assert_eq!(game.status(), Status::Over(Outcome::Won(2)));
}
