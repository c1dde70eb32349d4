//! Control characters in names are refused at load (issue 16 item 8): a
//! record whose ruleset names a player `Green<ESC>]0;owned<BEL>` would
//! retitle the terminal when text mode printed it. The ruleset fixture
//! `tests/fixtures/rules/control-characters.toml` is snapshotted with the
//! other ruleset fixtures.

use crate::common;

const RECORD: &str = "tests/fixtures/records/control-characters.ron";

#[test]
fn a_record_with_escape_codes_in_a_name_is_refused() {
    for args in [&["replay", RECORD][..], &["play", "--load", RECORD]] {
        let out = common::run_relic(args, b"");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("rules::value::control_character"),
            "{stderr}"
        );
        assert!(!stderr.contains('\u{1b}'), "{args:?} printed the escape");
        assert!(!String::from_utf8_lossy(&out.stdout).contains('\u{1b}'));
    }
}

#[test]
fn line_ends_and_tabs_in_a_description_are_accepted() {
    let source = "extends = \"two-players\"\ndescription = \"Two lines\\nand\\ta tab.\"\n";
    assert!(relic::rules::parse_ruleset(source, "ok.toml", None).is_ok());
    let escape = "extends = \"two-players\"\ndescription = \"\\u001b[2J\"\n";
    let failure = relic::rules::parse_ruleset(escape, "bad.toml", None).unwrap_err();
    assert!(failure.render(80).contains("U+001B"));
}
