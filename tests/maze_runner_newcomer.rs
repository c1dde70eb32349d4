//! Maze Runner as a newcomer meets it, the course's exact screen kept: an
//! `i` line names the item by everything after the first space, exactly;
//! a level without a door, or with characters no cell or item uses, is
//! warned about by `relic check` and still plays; an empty answer to the
//! file prompt plays the built-in levels; help (the legend, how to move,
//! what blocks a step) goes to standard error only.

use crate::common;

use std::path::Path;

use relic::walker::journey::journey_ruleset;

const NO_DOOR: &str = "tests/fixtures/maze-runner/warnings/no-door.txt";
const UNKNOWN: &str = "tests/fixtures/maze-runner/warnings/unknown-cells.txt";

/// Plays `moves` on `file` through the library (no help channel): stdout.
fn screen(file: &str, moves: &str) -> String {
    let program = journey_ruleset(Path::new("maze-runner")).unwrap().unwrap();
    let mut out = Vec::new();
    relic::cli::play_journey(program, Some(file), &mut moves.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// `relic check --ruleset maze-runner FILE`'s report (stdout, then
/// stderr), once it passed.
fn check(file: &str) -> String {
    let out = common::run_relic(["check", "--ruleset", "maze-runner", file], b"");
    let report =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    report
}

/// Runs `relic play --ruleset maze-runner` with `stdin`: (stdout, stderr).
fn play(stdin: &str) -> (String, String) {
    let out = common::run_relic(["play", "--ruleset", "maze-runner"], stdin.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (text(&out.stdout), text(&out.stderr))
}

#[test]
fn an_item_is_named_by_everything_after_the_first_space_exactly() {
    // Take the coin, then: two spaces, a trailing space, the wrong case,
    // then the name exactly.
    let out = screen(NO_DOOR, "d\ni  Coin\ni Coin \ni coin\ni Coin\ni Coin\n");
    let no_item = out.matches("\nNo item with that name!\n\n").count();
    assert_eq!(no_item, 3, "{out}");
    // The exact name uses the coin: its line leaves the inventory, and a
    // second use finds none held.
    assert_eq!(
        out.matches("\nYou don't have any of that item!\n\n")
            .count(),
        1,
        "{out}"
    );
    let frames: Vec<&str> = out.split("Enter a move: ").collect();
    assert!(frames[5].contains("Inventory\nEmpty\n"), "{}", frames[5]);
}

#[test]
fn a_level_without_a_door_is_a_warning_and_plays_until_lost() {
    let report = check(NO_DOOR);
    assert!(report.contains("levels::cell::missing"), "{report}");
    assert!(report.contains("1 warning"), "{report}");
    let out = screen(NO_DOOR, &"d\na\n".repeat(60));
    assert!(out.starts_with("####\nPC #\n####\n"), "{out}");
    assert!(out.ends_with("You lose :(\n"), "{out}");
}

#[test]
fn an_unknown_cell_character_is_warned_about_and_read_as_floor() {
    let report = check(UNKNOWN);
    assert_eq!(
        report.matches("levels::cell::unknown").count(),
        4,
        "{report}"
    );
    insta::assert_snapshot!("maze-runner-unknown-cells-check", report);
    // `x` and `?` are floor: the player walks over them to the door.
    let out = screen(UNKNOWN, "d\nd\n");
    assert!(out.contains("HP: 98\n"), "{out}");
}

#[test]
fn an_empty_answer_to_the_file_prompt_plays_the_built_in_levels() {
    let (stdout, stderr) = play("\nd\n");
    assert!(stdout.starts_with("Enter game file: #######\n"), "{stdout}");
    assert!(stdout.contains("\nEnter a move: "), "{stdout}");
    assert!(
        stderr.contains("press Enter to play the built-in levels"),
        "{stderr}"
    );
}

#[test]
fn help_goes_to_standard_error_and_the_screen_stays_the_courses() {
    let moves = "help\nxyz\nd\ni Sword\n";
    let (stdout, stderr) = play(&format!("\n{moves}"));
    let program = journey_ruleset(Path::new("maze-runner")).unwrap().unwrap();
    let levels = program.default_levels.clone().unwrap();
    let dir = std::env::temp_dir().join(format!("relic-newcomer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("levels.txt");
    std::fs::write(&file, levels).unwrap();
    let exact = screen(file.to_str().unwrap(), moves);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(stdout, format!("Enter game file: {exact}"));
    insta::assert_snapshot!("maze-runner-help-on-stderr", stderr);
}
