//! `relic play --ruleset` plays vocabulary rulesets by built-in name and
//! by file, in text mode; a bad vocabulary ruleset is reported and exits 2.

use crate::common;

use common::run_relic;

#[test]
fn connect_four_by_name_is_played_to_a_win() {
    let out = run_relic(["play", "--ruleset", "connect-four"], b"d e d e d e d\n");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    insta::assert_snapshot!(text);
}

#[test]
fn a_file_is_played_and_refusals_are_printed() {
    let file = "rulesets/classic/breakthrough.toml";
    let out = run_relic(["play", "--ruleset", file], b"a2-a4 a2-a3\nquit\n");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("The piece on a2 cannot move to a4."),
        "{text}"
    );
    assert!(text.contains("White moves from a2 to a3."), "{text}");
    assert!(text.contains("Black quits."), "{text}");
}

#[test]
fn a_move_typed_as_two_squares_with_a_space_is_played() {
    let file = "rulesets/classic/breakthrough.toml";
    let input = b"a2 a3 b7 b6\na3\na4\nquit\n";
    let out = run_relic(["play", "--ruleset", file], input);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("White moves from a2 to a3."), "{text}");
    assert!(text.contains("Black moves from b7 to b6."), "{text}");
    // A square alone on its line waits for nothing: it is refused with
    // a move from it to type instead.
    assert!(
        text.contains(
            "`a3` is only a square: a move names where the piece goes too, for example a3-a4."
        ),
        "{text}"
    );
    assert!(text.contains("`a4` is only a square"), "{text}");
    assert!(text.contains("White quits."), "{text}");
}

#[test]
fn a_bad_vocabulary_ruleset_is_reported() {
    let out = run_relic(
        ["play", "--ruleset", "tests/fixtures/vocab/setup-glyph.toml"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(errors.contains("vocab::setup::glyph"), "{errors}");
}

#[test]
fn verify_reads_a_move_typed_with_a_space_as_text_play_does() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.txt");
    std::fs::write(&moves, "a2 a3 b7-b6\nc2 c3\n").unwrap();
    let moves = moves.to_str().unwrap();
    let out = run_relic(["verify", moves, "--ruleset", "breakthrough"], b"");
    let errors = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{errors}");
}
