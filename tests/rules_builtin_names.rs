//! Built-in ruleset names: `relic rules list` shows each with its
//! description, and a misspelt name gets "did you mean" (issue 16 item 21).

use crate::common;

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

/// Every game's ruleset loader reads its files, texts and built-in names
/// through `config::RulesetSource`: no file outside `src/config/` starts a
/// `Loader` or names a file's identity in an `extends` chain itself.
#[test]
fn every_ruleset_loader_reads_through_ruleset_source() {
    fn visit(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if !path.ends_with("config") {
                    visit(&path, found);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for needle in ["Loader::new(", "identity_of("] {
                    if text.contains(needle) {
                        found.push(format!("{}: {needle}", path.display()));
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    visit(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    assert!(found.is_empty(), "{found:#?}");
}
