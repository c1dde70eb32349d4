//! `extends` across games and long chains (issue 31 items 8 and 11): a
//! ruleset without a `game` key takes the game of what it extends, a
//! `game` key that disagrees says which game each side is for, and a long
//! chain without a cycle is told apart from a cycle.

use std::path::Path;

use crate::common;

fn relic(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = common::run_relic_in(dir, args, b"");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

#[test]
fn a_file_that_extends_a_built_in_takes_its_game() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("c4.toml"),
        "extends = \"connect-four\"\nname = \"Mine\"\n",
    )
    .unwrap();
    // A file without a `game` key that extends the first one: followed too.
    std::fs::write(
        dir.path().join("c4b.toml"),
        "extends = \"c4.toml\"\nname = \"Mine too\"\n",
    )
    .unwrap();
    for file in ["c4.toml", "c4b.toml"] {
        let (status, text) = relic(dir.path(), &["rules", "check", file]);
        assert_eq!(status, Some(0), "{file}: {text}");
        let (status, text) = relic(dir.path(), &["play", "--ruleset", file, "text"]);
        assert_eq!(status, Some(0), "{file}: {text}");
    }
    let rules = relic::games::load_game_rules(&dir.path().join("c4b.toml")).unwrap();
    assert_eq!(rules.id(), relic::games::GameId::Vocabulary);
}

#[test]
fn a_game_key_that_disagrees_with_what_it_extends_names_both_games() {
    let dir = tempfile::tempdir().unwrap();
    let text = "game = \"moving-maze\"\nextends = \"connect-four\"\n";
    std::fs::write(dir.path().join("mixed.toml"), text).unwrap();
    let (status, text) = relic(dir.path(), &["rules", "check", "mixed.toml"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("rules::extends::other_game"), "{text}");
    assert!(
        text.contains("this ruleset is for `moving-maze`, but `extends` names `connect-four`, a")
            && text.contains("`vocabulary` ruleset"),
        "{text}"
    );
    // A file with no `game` key is a Moving Maze ruleset, and says so.
    std::fs::write(dir.path().join("maze.toml"), "name = \"Plain\"\n").unwrap();
    let text = "game = \"vocabulary\"\nextends = \"maze.toml\"\n";
    std::fs::write(dir.path().join("other.toml"), text).unwrap();
    let (status, text) = relic(dir.path(), &["rules", "check", "other.toml"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("rules::extends::other_game"), "{text}");
    assert!(text.contains("`maze.toml` has no `game` key,"), "{text}");
}

/// Writes `count` files `r0.toml` (the one loaded) ... each extending the
/// next, the last extending the built-in `moving-maze`.
fn chain(dir: &Path, count: usize) {
    for i in 0..count {
        let parent = match i + 1 == count {
            true => "moving-maze".to_owned(),
            false => format!("r{}.toml", i + 1),
        };
        std::fs::write(
            dir.join(format!("r{i}.toml")),
            format!("extends = \"{parent}\"\n"),
        )
        .unwrap();
    }
}

#[test]
fn a_long_chain_without_a_cycle_loads_and_an_over_long_one_has_its_own_code() {
    let dir = tempfile::tempdir().unwrap();
    // 17 files and the built-in: refused as a cycle before.
    chain(dir.path(), 17);
    let (status, text) = relic(dir.path(), &["rules", "check", "r0.toml"]);
    assert_eq!(status, Some(0), "{text}");
    let dir = tempfile::tempdir().unwrap();
    // 63 files and the built-in: the most a chain may hold.
    chain(dir.path(), relic::config::MAX_DEPTH - 1);
    let (status, text) = relic(dir.path(), &["rules", "check", "r0.toml"]);
    assert_eq!(status, Some(0), "{text}");
    let dir = tempfile::tempdir().unwrap();
    chain(dir.path(), relic::config::MAX_DEPTH);
    let (status, text) = relic(dir.path(), &["rules", "check", "r0.toml"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("rules::extends::too_deep"), "{text}");
    assert!(!text.contains("rules::extends::cycle"), "{text}");
    assert!(
        text.contains("the `extends` chain from r0.toml holds more than 64 rulesets"),
        "{text}"
    );
}

#[test]
fn a_cycle_is_still_a_cycle() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.toml"), "extends = \"b.toml\"\n").unwrap();
    std::fs::write(dir.path().join("b.toml"), "extends = \"a.toml\"\n").unwrap();
    let (status, text) = relic(dir.path(), &["rules", "check", "a.toml"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("rules::extends::cycle"), "{text}");
}

/// A core ruleset with two kinds that its rules and setup name.
const TWO_KINDS: &str = r#"game = "core"
name = "Base"
players = ["white", "black"]
rules = "any {empty} [stone] mark ->next"

[board]
width = 3
height = 3
setup = ["X..", "...", "..o"]

[[kinds]]
name = "stone"
glyphs = ["S", "s"]

[[kinds]]
name = "block"
glyph = "X"

[[kinds]]
name = "orb"
glyphs = ["O", "o"]
"#;

#[test]
fn a_parent_broken_only_by_the_arrays_a_file_replaces_is_not_blamed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("base.toml"), TWO_KINDS).unwrap();
    let (status, text) = relic(dir.path(), &["rules", "check", "base.toml"]);
    assert_eq!(status, Some(0), "{text}");
    // Adding one kind replaces all three: the parent's setup and rules
    // name kinds that are gone.
    let child =
        "game = \"core\"\nextends = \"base.toml\"\n\n[[kinds]]\nname = \"tower\"\nglyph = \"T\"\n";
    std::fs::write(dir.path().join("child.toml"), child).unwrap();
    let (status, text) = relic(dir.path(), &["rules", "check", "child.toml"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("rules::extends::changed"), "{text}");
    assert!(!text.contains("rules::extends::invalid"), "{text}");
    assert!(
        text.contains("`base.toml` checks on its own, but not with what this file changes"),
        "{text}"
    );
    assert!(
        text.contains("replaces the 3 entries of `kinds` with 1"),
        "{text}"
    );
    assert!(
        text.contains("base.toml: ok on its own; ")
            && text.contains("with the changes of child.toml"),
        "{text}"
    );
    // Two files down: the file that extends the sound one is the one told,
    // and the file loaded is pointed at it.
    std::fs::write(
        dir.path().join("grandchild.toml"),
        "game = \"core\"\nextends = \"child.toml\"\n",
    )
    .unwrap();
    let (status, text) = relic(dir.path(), &["rules", "check", "grandchild.toml"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(
        text.contains("the ruleset `child.toml` that this extends has problems"),
        "{text}"
    );
    assert!(text.contains("rules::extends::changed"), "{text}");
    assert!(text.contains("with the changes of child.toml"), "{text}");
    // A parent with problems of its own is still blamed.
    let broken = TWO_KINDS.replace("[stone]", "[stome]");
    std::fs::write(dir.path().join("base.toml"), broken).unwrap();
    let (status, text) = relic(dir.path(), &["rules", "check", "child.toml"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("rules::extends::invalid"), "{text}");
    assert!(!text.contains("rules::extends::changed"), "{text}");
    assert!(!text.contains("ok on its own"), "{text}");
}

#[test]
fn a_file_without_a_game_key_whose_keys_are_another_game_s_is_told_which() {
    let dir = tempfile::tempdir().unwrap();
    let core = TWO_KINDS.replace("game = \"core\"\n", "");
    std::fs::write(dir.path().join("no-game.toml"), core).unwrap();
    let (status, text) = relic(dir.path(), &["rules", "check", "no-game.toml"]);
    assert_eq!(status, Some(1), "{text}");
    // The first problem reported.
    assert_eq!(
        text.find("rules::"),
        text.find("rules::game::missing"),
        "{text}"
    );
    assert!(text.contains("add `game = \"core\"` at the top"), "{text}");
    // A Moving Maze ruleset with a mistake of its own is not told so.
    std::fs::write(
        dir.path().join("maze.toml"),
        "name = \"Mine\"\n[slide]\nforbid_reverse = 3\n",
    )
    .unwrap();
    let (status, text) = relic(dir.path(), &["rules", "check", "maze.toml"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(!text.contains("rules::game::missing"), "{text}");
}
