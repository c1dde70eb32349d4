//! Maze Runner scenarios in text mode, one per rule, on the level files in
//! `tests/fixtures/maze-runner/levels/`; what the player reads is
//! snapshotted (long games: their last frames).

use crate::common;

use std::path::Path;

use relic::contract::{Game, Outcome, Status};
use relic::games::maze_runner::levels::read_level_file;
use relic::games::maze_runner::{level_syntax, new_game};
use relic::walker::journey::{Journey, journey_ruleset};

const LEVELS: &str = "tests/fixtures/maze-runner/levels";

/// Plays `input` on level file `name` under `ruleset`; the output.
fn play_with(ruleset: &str, name: &str, input: &str) -> String {
    let program = journey_ruleset(Path::new(ruleset)).unwrap().unwrap();
    let path = format!("{LEVELS}/{name}");
    let mut out = Vec::new();
    let status = relic::cli::play_journey(program, Some(&path), &mut input.as_bytes(), &mut out);
    assert_eq!(status.unwrap(), std::process::ExitCode::SUCCESS);
    String::from_utf8(out).unwrap()
}

fn play(name: &str, input: &str) -> String {
    play_with("maze-runner", name, input)
}

/// The game after `moves` (one per line) on level file `name`.
fn game_after(name: &str, moves: &str) -> Journey {
    let program = journey_ruleset(Path::new("maze-runner")).unwrap().unwrap();
    let path = Path::new(LEVELS).join(name);
    let (file, _) = read_level_file(&path, &level_syntax(&program)).unwrap();
    let mut game = new_game(program, &file);
    for line in moves.lines() {
        let action = game.parse_action(line).unwrap();
        let _ = game.apply(&action);
    }
    game
}

/// The last `frames` prompts' worth of `output`.
fn tail(output: &str, frames: usize) -> String {
    let cut: Vec<&str> = output.split("Enter a move: ").collect();
    cut[cut.len().saturating_sub(frames)..].join("Enter a move: ")
}

#[test]
fn lava_costs_five_more_and_kills_at_zero() {
    let output = play("lava-corridor.txt", &"d\na\n".repeat(20));
    insta::assert_snapshot!(tail(&output, 3));
    let game = game_after("lava-corridor.txt", &"d\na\n".repeat(20));
    assert_eq!(game.status(), Status::Over(Outcome::Lost(0)));
    assert_eq!(game.stats()[0], 0);
}

#[test]
fn hunger_and_thirst_reach_ten_at_the_fiftieth_step() {
    let moves = "d\na\n".repeat(25);
    let output = play("long-corridor.txt", &moves);
    insta::assert_snapshot!(tail(&output, 3));
    let before = game_after("long-corridor.txt", &("d\na\n".repeat(24) + "d\n"));
    assert_eq!(before.steps(), 49);
    assert_eq!(before.status(), Status::ToMove(0));
    let after = game_after("long-corridor.txt", &moves);
    assert_eq!(after.steps(), 50);
    assert_eq!(after.status(), Status::Over(Outcome::Lost(0)));
}

#[test]
fn stats_clamp_at_their_maximum_and_minimum() {
    // A potion at full HP stays at 100; water at thirst 0 stays at 0.
    let output = play("two-levels.txt", "d\nd\ni Potion\nd\ni Water\n");
    insta::assert_snapshot!(output);
}

#[test]
fn a_coinless_level_opens_its_door_at_the_first_step() {
    let output = play("coinless.txt", "d\nd\nd\nd\nd\nd\nd\n");
    insta::assert_snapshot!(output);
}

#[test]
fn items_are_carried_across_levels_and_a_used_up_name_re_enters_last() {
    let output = play("carry.txt", "d\nd\ni Potion\nd\nd\nd\nd\nd\ni Coin\n");
    insta::assert_snapshot!(output);
}

#[test]
fn every_kind_of_invalid_line_is_handled_as_the_course_does() {
    let input = "\n w\nw \nW\nx\ni\nix Potion\ni Nothing\ni Water\ni  Coin\nd\r\n";
    let output = play("two-levels.txt", input);
    insta::assert_snapshot!(output);
}

#[test]
fn a_blocked_step_prints_the_frame_again_and_changes_nothing() {
    let game = game_after("two-levels.txt", "w\ns\na");
    assert_eq!(game.steps(), 0);
    insta::assert_snapshot!(play("two-levels.txt", "w\n"));
}

#[test]
fn leaving_the_last_level_wins_without_a_frame() {
    let output = play("coinless.txt", &"d\n".repeat(7));
    assert!(output.ends_with(
        "Enter a move: Congratulations! You have finished all levels and won the game!\n"
    ));
}

#[test]
fn the_hardcore_variant_is_hungrier_and_its_lava_hotter() {
    let output = play_with("maze-runner-hardcore", "lava-corridor.txt", "d\na\nd\n");
    insta::assert_snapshot!(output);
}

#[test]
fn a_missing_level_file_is_named_and_exits_1() {
    let output = common::run_relic(["play", "--ruleset", "maze-runner"], b"no/such/file.txt\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(output.stdout, b"Enter game file: ");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("levels::io::unreadable"), "{stderr}");
}

#[test]
fn end_of_input_stops_quietly() {
    let output = common::run_relic(["play", "--ruleset", "maze-runner"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"Enter game file: ");
}

#[test]
fn a_mode_word_is_the_front_end_not_a_level_file() {
    // `text` names the front end: the game asks for its level file.
    let output = common::run_relic(["play", "--ruleset", "maze-runner", "text"], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert_eq!(output.stdout, b"Enter game file: ");
}

#[test]
fn keys_open_the_doors_of_their_colour_and_are_carried_to_the_next_level() {
    let output = play_with("maze-runner-keys", "keys.txt", &"d\n".repeat(10));
    insta::assert_snapshot!(output);
    assert!(output.ends_with("won the game!\n"), "{output}");
}

#[test]
fn fog_hides_the_cells_more_than_two_steps_away() {
    let output = play_with("maze-runner-fog", "two-levels.txt", "d\n");
    insta::assert_snapshot!(output);
}
