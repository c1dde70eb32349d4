//! The registry is the front door: it picks the game from a ruleset's
//! `game` key before any game-specific parsing, and every generic command
//! (`perft`, `verify`, `sim`, `play`, `rules check/list`) reaches a
//! vocabulary game through it as it reaches Moving Maze.

use crate::common;

use std::path::Path;

use common::run_relic;
use relic::games::{
    GameId, GameRules, GameVisitor, Playable, Setup, builtin_game_rules, load_game_rules,
    parse_game_rules, resolve_game_rules, with_game,
};

const NARROW: &str = "tests/fixtures/registry/narrow-connect-four.toml";

/// What a tool sees of whatever game it is handed.
struct Describe;

impl GameVisitor for Describe {
    type Output = (usize, usize, String);

    fn visit<G: Playable>(self, game: G) -> (usize, usize, String) {
        let mut position = String::new();
        game.write_position(&mut position);
        (game.seat_count(), game.legal_actions().len(), position)
    }
}

#[test]
fn the_game_key_picks_the_loader() {
    let maze = load_game_rules(Path::new("rulesets/moving-maze.toml")).unwrap();
    assert_eq!(maze.id(), GameId::MovingMaze);
    let narrow = load_game_rules(Path::new(NARROW)).unwrap();
    assert_eq!(narrow.id(), GameId::Vocabulary);
    assert_eq!(narrow.name(), "Connect Four 5x6");
    let (seats, actions, position) = with_game(&narrow, &Setup::Default, Describe).unwrap();
    assert_eq!((seats, actions), (2, 5));
    assert_eq!(position.lines().count(), 7, "{position}");
}

#[test]
fn every_builtin_of_every_game_loads_through_the_registry() {
    for name in relic::games::builtin_names() {
        let rules = builtin_game_rules(name).unwrap().unwrap();
        let resolved = resolve_game_rules(Path::new(name)).unwrap();
        assert_eq!(rules.id(), resolved.id(), "{name}");
        let (seats, actions, _) = with_game(&rules, &Setup::Default, Describe).unwrap();
        assert!(seats >= 1 && actions >= 1, "{name}");
    }
}

#[test]
fn an_unknown_game_is_named_with_did_you_mean() {
    let failure = load_game_rules(Path::new("tests/fixtures/registry/unknown-game.toml"))
        .expect_err("no game is called vocabulry");
    assert!(!failure.unreadable);
    insta::assert_snapshot!(failure.render(80));
    let from_text = parse_game_rules("game = \"moving-mazes\"\n", "t.toml", None).unwrap_err();
    assert!(from_text.render(80).contains("did you mean `moving-maze`?"));
}

#[test]
fn a_game_without_setup_files_refuses_one() {
    let rules = builtin_game_rules("tic-tac-toe").unwrap().unwrap();
    let board = Setup::file("boards/classic-7x7.gbf");
    let failure = with_game(&rules, &board, Describe).unwrap_err();
    assert!(failure.render(80).contains("setup::none"));
    let maze = GameRules::from(relic::rules::Rules::standard());
    assert_eq!(with_game(&maze, &board, Describe).unwrap().0, 4);
}

fn stdout_of(args: &[&str], stdin: &[u8]) -> String {
    let out = run_relic(args, stdin);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn perft_counts_a_vocabulary_file_and_a_builtin() {
    let narrow = stdout_of(&["perft", NARROW, "--depth", "3"], b"");
    assert_eq!(narrow, "depth leaves\n1 5\n2 25\n3 125\n");
    let four = stdout_of(&["perft", "connect-four", "--depth", "4"], b"");
    assert_eq!(four, "depth leaves\n1 7\n2 49\n3 343\n4 2401\n");
}

#[test]
fn verify_plays_a_vocabulary_game_without_a_setup_file() {
    let moves = "tests/fixtures/registry/x-wins.moves";
    let end = stdout_of(&["verify", moves, "--ruleset", "tic-tac-toe"], b"");
    let verdict = "The game is over: X has won.\n";
    assert_eq!(
        end,
        format!("3  X . .\n2  X O .\n1  X O .\n   a b c\n{verdict}")
    );
    let taken = "tests/fixtures/registry/taken.moves";
    let out = run_relic(["verify", taken, "--ruleset", "tic-tac-toe"], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("action 2 (`a1`), on line 3"), "{stderr}");
    let board = "boards/classic-7x7.gbf";
    let out = run_relic(["verify", board, moves, "--ruleset", "tic-tac-toe"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("takes no setup file")
    );
}

#[test]
fn sim_plays_a_vocabulary_game() {
    let args = ["sim", "--ruleset", "tic-tac-toe", "--games", "30"];
    let table = stdout_of(&[&args[..], &["--bots", "random"]].concat(), b"");
    assert!(table.contains("Tic-tac-toe"), "{table}");
    assert!(table.contains("X (random) wins"), "{table}");
    // Marks on the board are a state at the end of a game, not a rate.
    let mean_at_end = |label: &str| -> f64 {
        let line = table.lines().find(|l| l.starts_with(label)).unwrap();
        line.split_whitespace().last().unwrap().parse().unwrap()
    };
    let (all, x, o) = (
        mean_at_end("pieces shown at the end"),
        mean_at_end("X pieces shown at the end"),
        mean_at_end("O pieces shown at the end"),
    );
    assert!(
        (all - (x + o)).abs() < 1e-3 && (5.0..=9.0).contains(&all),
        "{table}"
    );
    assert!(x >= o && x - o <= 1.0, "{table}");
    assert!(!table.contains("per own turn"), "{table}");
    let out = run_relic([&args[..], &["--random-boards", "5x5:3"]].concat(), b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn rules_check_and_list_cover_every_game() {
    stdout_of(
        &["rules", "check", NARROW, "connect-four", "two-players"],
        b"",
    );
    let out = run_relic(
        [
            "rules",
            "check",
            "tests/fixtures/registry/unknown-game.toml",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let listed = stdout_of(&["rules", "list"], b"");
    for name in relic::games::builtin_names() {
        assert!(
            listed.lines().any(|l| l.starts_with(&format!("{name} "))),
            "{name}"
        );
    }
}

#[test]
fn moving_maze_only_commands_name_the_game_they_were_given() {
    let out = run_relic(["board", "new", "--ruleset", "connect-four"], b"");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("rules::game::unsupported"), "{stderr}");
    assert!(
        stderr.contains("`relic board new` is for Moving Maze only"),
        "{stderr}"
    );
}

#[test]
fn every_builtin_resolves_to_toml_that_reads_back_the_same() {
    for name in relic::games::builtin_names() {
        let rules = builtin_game_rules(name).unwrap().unwrap();
        let toml = rules.resolved_toml();
        let again = parse_game_rules(&toml, "resolved", None)
            .unwrap_or_else(|failure| panic!("{name}: {}", failure.render(80)));
        assert_eq!(again.id(), rules.id(), "{name}");
        assert_eq!(again.resolved_toml(), toml, "{name}");
        if let (GameRules::Vocabulary(a), GameRules::Vocabulary(b)) = (&rules, &again) {
            assert_eq!(a.program, b.program, "{name}");
        }
    }
}

#[test]
fn check_reads_the_setup_files_of_the_rulesets_game() {
    let valid = "tests/fixtures/escape/valid/compact.egc";
    let invalid = "tests/fixtures/escape/invalid/axis-twice.egc";
    let out = run_relic(["check", "--ruleset", "escape", valid, invalid], b"");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains(&format!("{valid}: ok")), "{stdout}");
    assert!(stdout.contains(&format!("{invalid}: invalid")), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("egc::"), "{stderr}");
    assert!(!stderr.contains("rules::game::unsupported"), "{stderr}");
}

#[test]
fn check_says_where_a_vocabulary_games_board_is_checked() {
    let out = run_relic(["check", "--ruleset", "connect-four", "x.txt"], b"");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("rules::game::unsupported"), "{stderr}");
    assert!(stderr.contains("rules check`"), "{stderr}");
}

#[test]
fn check_reads_a_core_games_fen_positions() {
    let valid = "tests/fixtures/core/kiwipete.fen";
    let invalid = "tests/fixtures/fen-bad/ranks.fen";
    let out = run_relic(["check", "--ruleset", "chess", valid, invalid], b"");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains(&format!("{valid}: ok")), "{stdout}");
    assert!(stdout.contains(&format!("{invalid}: invalid")), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("fen::"), "{stderr}");
    // A core game without FEN says why its position cannot be read.
    let out = run_relic(["check", "--ruleset", "hex", valid], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("fen::board"), "{stderr}");
}
