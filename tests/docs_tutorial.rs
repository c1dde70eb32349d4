//! The tutorial (`docs/tutorial-new-game.md`) works as written: its TOML
//! blocks, saved as it says, make a ruleset that checks, plays and counts
//! as the page claims, and its three-line variant fails as the page says;
//! part two's Othello, step by step in the core language, checks and
//! counts at every step and plays from its FEN position.

use crate::common;

use common::run_relic;

/// The page's TOML blocks, in order.
fn toml_blocks() -> Vec<String> {
    blocks_of("toml")
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

/// The page's blocks fenced as ```` ```LANG ```` (such as `toml core`).
fn blocks_of(lang: &str) -> Vec<String> {
    let page = std::fs::read_to_string("docs/tutorial-new-game.md").unwrap();
    let fence = format!("```{lang}\n");
    let mut blocks = Vec::new();
    let mut rest = page.as_str();
    while let Some(start) = rest.find(&fence) {
        let body = &rest[start + fence.len()..];
        let end = body.find("```").unwrap();
        blocks.push(body[..end].to_owned());
        rest = &body[end..];
    }
    blocks
}

/// Leaf counts printed by `relic perft FILE [SETUP] --depth N`.
fn counts(args: &[&str]) -> Vec<u64> {
    let perft = run_relic(["perft"].iter().chain(args), b"");
    assert_eq!(perft.status.code(), Some(0), "{perft:?}");
    (String::from_utf8(perft.stdout).unwrap().lines().skip(1))
        .map(|line| line.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn part_two_s_othello_checks_and_counts_at_every_step() {
    let steps = blocks_of("toml core");
    assert_eq!(steps.len(), 3, "three steps of Othello");
    let dir = tempfile::tempdir().unwrap();
    let names = ["my-othello.toml", "my-othello-2.toml", "my-othello-3.toml"];
    for (name, step) in names.iter().zip(&steps) {
        std::fs::write(dir.path().join(name), step).unwrap();
    }
    let path = |name: &str| dir.path().join(name).display().to_string();
    for name in names {
        let check = run_relic(["rules", "check", path(name).as_str()], b"");
        assert_eq!(check.status.code(), Some(0), "{name}: {check:?}");
    }
    assert_eq!(counts(&[&path(names[0]), "--depth", "1"]), [60]);
    assert_eq!(counts(&[&path(names[1]), "--depth", "3"]), [4, 12, 56]);
    assert_eq!(counts(&[&path(names[2]), "--depth", "4"]), [4, 12, 56, 244]);
    let fen = blocks_of("fen");
    assert_eq!(fen.len(), 1, "one FEN position");
    std::fs::write(dir.path().join("corner.fen"), &fen[0]).unwrap();
    let corner = path("corner.fen");
    assert_eq!(counts(&[&path(names[2]), &corner, "--depth", "2"]), [1, 1]);
    let play = run_relic(
        ["play", "--ruleset", &path(names[2]), &corner],
        b"pass\nc8\n",
    );
    let text = String::from_utf8(play.stdout).unwrap();
    assert!(
        text.contains("black plays pass") && text.contains("white wins"),
        "{text}"
    );
}
