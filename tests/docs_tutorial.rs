//! The tutorial (`docs/tutorial-new-game.md`) works as written: its TOML
//! blocks, saved as it says, make a ruleset that checks, plays and counts
//! as the page claims, and its three-line variant fails as the page says.

mod common;

use common::run_relic;

/// The page's TOML blocks, in order.
fn toml_blocks() -> Vec<String> {
    let page = std::fs::read_to_string("docs/tutorial-new-game.md").unwrap();
    let mut blocks = Vec::new();
    let mut rest = page.as_str();
    while let Some(start) = rest.find("```toml\n") {
        let body = &rest[start + "```toml\n".len()..];
        let end = body.find("```").unwrap();
        blocks.push(body[..end].to_owned());
        rest = &body[end..];
    }
    blocks
}

/// The game's file and its variant's, written in a fresh folder.
fn write_tutorial() -> (tempfile::TempDir, String, String) {
    let blocks = toml_blocks();
    assert_eq!(blocks.len(), 6, "five tables and a variant");
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("corner-race.toml");
    std::fs::write(&game, blocks[..5].join("\n")).unwrap();
    let variant = dir.path().join("corner-race-7.toml");
    std::fs::write(&variant, &blocks[5]).unwrap();
    let path = |p: std::path::PathBuf| p.display().to_string();
    (dir, path(game), path(variant))
}

#[test]
fn the_tutorials_game_checks_plays_and_counts() {
    let (_dir, game, _) = write_tutorial();
    let check = run_relic(["rules", "check", game.as_str()], b"");
    assert_eq!(check.status.code(), Some(0), "{check:?}");
    let perft = run_relic(["perft", game.as_str(), "--depth", "2"], b"");
    let counts = String::from_utf8(perft.stdout).unwrap();
    // By hand: three runners with 2, 3 and 2 steps for each side.
    assert!(
        counts.contains("1 7\n") && counts.contains("2 49\n"),
        "{counts}"
    );
    let play = run_relic(["play", "--ruleset", game.as_str()], b"a1-a2\nc5-c4\n");
    let text = String::from_utf8(play.stdout).unwrap();
    assert!(text.contains("White moves from a1 to a2."), "{text}");
    assert!(text.contains("Black moves from c5 to c4."), "{text}");
}

#[test]
fn the_tutorials_variant_fails_as_the_page_says() {
    let (_dir, _, variant) = write_tutorial();
    let check = run_relic(["rules", "check", variant.as_str()], b"");
    assert_eq!(check.status.code(), Some(1));
    let stderr = String::from_utf8(check.stderr).unwrap();
    assert!(stderr.contains("vocab::setup::width"), "{stderr}");
}
