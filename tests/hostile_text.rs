//! Files holding control characters never reach the terminal raw (issue
//! 31 item 7): a report's excerpt, message, labels and help show them
//! visibly (`␛`, `␇`), and a ruleset whose texts (messages, player names,
//! kind glyphs) hold them is refused at load with
//! `rules::value::control_character`, for `relic check`, `relic rules
//! check` and text play alike.

use crate::common;

use std::path::Path;

/// Runs relic in `dir` and returns stdout and stderr, checking that
/// neither holds an ESC or a BEL byte.
fn run_clean(dir: &Path, args: &[&str], stdin: &[u8]) -> (Option<i32>, String) {
    let out = common::run_relic_in(dir, args, stdin);
    for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        // ESC, BEL and CSI (U+009B, two bytes in UTF-8).
        for raw in [&[0x1b_u8][..], &[0x07], &[0xc2, 0x9b]] {
            assert!(
                !bytes.windows(raw.len()).any(|w| w == raw),
                "{args:?} wrote the bytes {raw:02x?} to {stream}:\n{}",
                String::from_utf8_lossy(bytes)
            );
        }
    }
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

#[test]
fn a_board_s_escape_codes_are_shown_as_pictures() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.gbf"), "\x1b[31mX\x1b]0;t\x07\n").unwrap();
    let (status, text) = run_clean(dir.path(), &["check", "bad.gbf"], b"");
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("␛[31mX␛]0;t␇"), "{text}");
    let (_, json) = run_clean(dir.path(), &["check", "--format", "json", "bad.gbf"], b"");
    assert!(json.contains("\"code\": \"gbf::size::fields\""), "{json}");
}

#[test]
fn an_escape_configuration_s_control_characters_are_shown_as_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let text = "Coordinate type : SQUARE\nxMax : 8\x07\nyMax : 8\nLocations :\n    (1,1) player1 \x1b]0;x\x07snail\n";
    std::fs::write(dir.path().join("bad.egc"), text).unwrap();
    let (status, text) = run_clean(dir.path(), &["check", "bad.egc"], b"");
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains('␇'), "{text}");
}

/// A vocabulary ruleset with control characters in a message, a player's
/// name and a glyph, each written as a TOML escape.
const HOSTILE_RULESET: &str = r#"extends = "tic-tac-toe"

[[players]]
name = "X\u001b]0;owned\u0007"

[[players]]
name = "O"

[[kinds]]
name = "mark"
glyphs = ["\u009b", "O"]

[messages]
won = "\u001b[2J{player} wins"
"#;

#[test]
fn a_ruleset_s_control_characters_are_refused_in_every_text() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hostile.toml"), HOSTILE_RULESET).unwrap();
    let (status, text) = run_clean(dir.path(), &["rules", "check", "hostile.toml"], b"");
    assert_eq!(status, Some(1), "{text}");
    for key in [
        "`players[0].name`",
        "`kinds[0].glyphs[0]`",
        "`messages.won`",
    ] {
        assert!(text.contains(key), "{key} is not reported:\n{text}");
    }
    assert_eq!(
        text.matches("rules::value::control_character").count(),
        3,
        "{text}"
    );
    let (_, json) = run_clean(
        dir.path(),
        &["rules", "check", "--format", "json", "hostile.toml"],
        b"",
    );
    assert!(json.contains("U+001B") && json.contains("U+009B"), "{json}");
}

#[test]
fn text_play_refuses_a_ruleset_with_control_characters_before_printing_anything() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hostile.toml"), HOSTILE_RULESET).unwrap();
    let args = ["play", "--ruleset", "hostile.toml", "text"];
    let (status, text) = run_clean(dir.path(), &args, b"a1\nb1\nquit\n");
    assert_ne!(status, Some(0), "{text}");
    assert!(text.contains("rules::value::control_character"), "{text}");
}

#[test]
fn line_ends_and_tabs_stay_allowed_outside_names() {
    let dir = tempfile::tempdir().unwrap();
    let ruleset = "extends = \"tic-tac-toe\"\ndescription = \"Two lines\\nand\\ta tab.\"\n\n[messages]\nwon = \"{player} wins!\\n\\tWell played.\"\n";
    std::fs::write(dir.path().join("fine.toml"), ruleset).unwrap();
    let (status, text) = run_clean(dir.path(), &["rules", "check", "fine.toml"], b"");
    assert_eq!(status, Some(0), "{text}");
}
