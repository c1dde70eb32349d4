//! Built-in ruleset names: `relic rules list` shows each with its
//! description, and a misspelt name gets "did you mean" (issue 16 item 21).

mod common;

use common::run_relic;

#[test]
fn rules_list_shows_every_builtin_with_its_description() {
    let out = run_relic(["rules", "list"], b"");
    assert!(out.status.success());
    let listed = String::from_utf8(out.stdout).unwrap();
    for name in relic::games::builtin_names() {
        assert!(
            listed.lines().any(|l| l.starts_with(&format!("{name} "))),
            "{name}"
        );
    }
    insta::assert_snapshot!(listed);
}

#[test]
fn a_misspelt_builtin_name_gets_did_you_mean() {
    for args in [
        &["play", "--ruleset", "two-player"][..],
        &["rules", "check", "two-player"],
        &["rules", "show", "lastrelic"],
    ] {
        let out = run_relic(args, b"");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        let wanted = if args[2] == "lastrelic" {
            "last-relic"
        } else {
            "two-players"
        };
        assert!(
            stderr.contains(&format!("did you mean `{wanted}`?")),
            "{stderr}"
        );
    }
}
