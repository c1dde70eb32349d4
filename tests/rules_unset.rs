//! `unset`: a variant removes keys of the ruleset it extends before its
//! own merge over it, for every game family; a key unset and written again
//! starts afresh; an `unset` without `extends` is refused.

use std::path::Path;

use crate::common;

fn relic(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = common::run_relic_in(dir, args, b"");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

fn shown(dir: &Path, flags: &[&str], file: &str) -> String {
    let args: Vec<&str> = ["rules", "show"]
        .iter()
        .chain(flags)
        .chain([&file])
        .copied()
        .collect();
    let (status, text) = relic(dir, &args);
    assert_eq!(status, Some(0), "{text}");
    text
}

#[test]
fn a_core_variant_removes_an_inherited_rule() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    write("kept.toml", "extends = \"chess\"\nname = \"Kept\"\n");
    write(
        "no-repetition.toml",
        "extends = \"chess\"\nunset = [\"repetition\"]\nname = \"No repetition\"\n",
    );
    assert!(shown(dir.path(), &["--expanded"], "kept.toml").contains("repetition = 3"));
    let text = shown(dir.path(), &["--expanded"], "no-repetition.toml");
    assert!(!text.contains("repetition = 3"), "{text}");
    let (status, text) = relic(dir.path(), &["perft", "no-repetition.toml", "--depth", "2"]);
    assert_eq!(status, Some(0), "{text}");
    assert!(text.contains("2 400"), "{text}");
}

#[test]
fn a_table_unset_and_written_again_starts_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    let parent = "game = \"core\"\nname = \"Parent\"\nplayers = [\"a\", \"b\"]\nrules = \"any {empty} [stone] mark ->next\"\n[board]\nwidth = 3\nheight = 3\nsetup = [\"...\", \".A.\", \"...\"]\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n";
    write("parent.toml", parent);
    // Merged, the parent's setup of three rows would not fit a 4x2 board.
    write(
        "merged.toml",
        "extends = \"parent.toml\"\n[board]\nwidth = 4\nheight = 2\n",
    );
    write(
        "afresh.toml",
        "extends = \"parent.toml\"\nunset = [\"board\"]\n[board]\nwidth = 4\nheight = 2\n",
    );
    let (status, _) = relic(dir.path(), &["rules", "check", "merged.toml"]);
    assert_eq!(status, Some(1));
    let (status, text) = relic(dir.path(), &["perft", "afresh.toml", "--depth", "2"]);
    assert_eq!(status, Some(0), "{text}");
    assert!(text.contains("1 8\n2 56"), "{text}");
}

#[test]
fn a_vocabulary_variant_removes_a_nested_key() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("c4.toml"),
        "extends = \"connect-four\"\nunset = [\"outcomes.line\"]\nname = \"Mine\"\n",
    )
    .unwrap();
    assert!(shown(dir.path(), &[], "connect-four").contains("[outcomes.line]"));
    let text = shown(dir.path(), &[], "c4.toml");
    assert!(!text.contains("[outcomes.line]"), "{text}");
    assert!(text.contains("[outcomes]"), "{text}");
}

#[test]
fn unset_without_extends_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = "unset = [\"repetition\"]\ngame = \"core\"\nname = \"Alone\"\nplayers = [\"a\", \"b\"]\nrules = \"any {empty} [stone] mark ->next\"\n[board]\nwidth = 3\nheight = 3\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n";
    std::fs::write(dir.path().join("alone.toml"), text).unwrap();
    let (status, text) = relic(dir.path(), &["rules", "check", "alone.toml"]);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("rules::unset::no_parent"), "{text}");
}
