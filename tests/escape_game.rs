//! Escape as a game: the invariant harness on random play from every
//! configuration fixture (and the shared ones when present), text play
//! snapshots, the ruleset variants, and `relic check` / `relic play` on
//! `.egc` files.

use crate::common;

use relic::contract::{Game, Outcome, Status};
use relic::escape::config::read_config_file;
use relic::escape::ruleset::builtin_escape;
use relic::escape::{EscapeGame, GameManager, Variant};
use relic::harness::{Config, check};

fn game(path: &str) -> EscapeGame {
    let config = read_config_file(path.as_ref()).unwrap_or_else(|f| panic!("{}", f.render(80)));
    EscapeGame::new(config, Variant::default())
}

#[test]
fn the_harness_holds_on_every_fixture() {
    let mut files = common::fixture_files("tests/fixtures/escape/valid", "egc");
    files.extend(common::fixture_files("tests/fixtures/escape/play", "egc"));
    if let Some(dir) = common::shared_dir("conformance/escape/configs") {
        let mut shared: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        shared.sort();
        files.extend(shared);
    }
    for path in files {
        let start = game(path.to_str().unwrap());
        let config = Config {
            seed: 7,
            games: 8,
            max_actions: 120,
        };
        let report = check(&start, &config).unwrap_or_else(|v| panic!("{}: {v}", path.display()));
        assert!(report.applied > 0, "{}", path.display());
    }
}

#[test]
fn text_play_is_as_the_snapshot_shows() {
    let out = common::run_relic(
        ["play", "tests/fixtures/escape/play/race.egc"],
        b"1,1 9,9\n1,1 2,2\n1,5 2,5\n2,2 1,3\nfoo\n3,3 3,4\n2,5 1,5\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    insta::assert_snapshot!("escape-text-race", String::from_utf8_lossy(&out.stdout));
    let hex = common::run_relic(
        ["play", "tests/fixtures/escape/valid/hex-infinite.egc"],
        b"0,0 -1,1\n",
    );
    insta::assert_snapshot!("escape-text-hex", String::from_utf8_lossy(&hex.stdout));
}

#[test]
fn relic_check_reads_configuration_files() {
    let ok = common::run_relic(["check", "tests/fixtures/escape/valid/compact.egc"], b"");
    assert_eq!(ok.status.code(), Some(0));
    let bad = common::run_relic(
        ["check", "tests/fixtures/escape/invalid/hex-patterns.egc"],
        b"",
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("egc::pattern::hex"));
    let json = common::run_relic(
        [
            "check",
            "--format",
            "json",
            "tests/fixtures/escape/invalid/rule-values.egc",
        ],
        b"",
    );
    assert!(String::from_utf8_lossy(&json.stdout).contains("egc::rule::duplicate"));
    let none = common::run_relic(["check", "tests/fixtures/escape/missing.egc"], b"");
    assert_eq!(none.status.code(), Some(2));
}

#[test]
fn the_later_rules_count_moves_and_forbid_crossing_exits() {
    let later = builtin_escape("escape-later").unwrap().unwrap();
    let config = read_config_file("tests/fixtures/escape/play/race.egc".as_ref()).unwrap();
    let mut manager = GameManager::new(config, later.variant);
    // The DOG's straight path from (1,1) to (1,4) crosses the exit at (1,3).
    assert!(!manager.move_piece((1, 1), (1, 4)));
    let strict = builtin_escape("escape-strict").unwrap().unwrap();
    let config = read_config_file("tests/fixtures/escape/play/race.egc".as_ref()).unwrap();
    let mut manager = GameManager::new(config, strict.variant);
    assert!(!manager.move_piece((1, 1), (9, 9)));
    assert_eq!(manager.result().as_deref(), Some("PLAYER2 wins"));
}

#[test]
fn resigning_ends_the_game() {
    let mut start = game("tests/fixtures/escape/play/race.egc");
    let resign = start.parse_action("resign").unwrap();
    start.apply(&resign).unwrap();
    assert_eq!(start.status(), Status::Over(Outcome::Won(1)));
}

#[test]
fn relic_sim_plays_a_configuration_through_the_registry() {
    let out = common::run_relic(
        [
            "sim",
            "--board",
            "tests/fixtures/escape/valid/square-all-rules.egc",
            "--games",
            "30",
            "--bots",
            "PLAYER1=mcts:iterations=30,PLAYER2=random",
            "-q",
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("PLAYER1 (mcts:iterations=30"), "{text}");
    assert!(text.contains("PLAYER2 (random) wins"), "{text}");
    assert!(text.contains("PLAYER1 points at the end"), "{text}");
    assert!(!text.contains("per own turn"), "{text}");
}

#[test]
fn computer_players_play_a_whole_game_in_text_mode() {
    let out = common::run_relic(
        [
            "play",
            "tests/fixtures/escape/play/race.egc",
            "--bots",
            "PLAYER1=mcts:iterations=20,PLAYER2=random",
        ],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let ends = ["PLAYER1 wins", "PLAYER2 wins", "draw"];
    assert!(ends.iter().any(|end| text.contains(end)), "{text}");
}
