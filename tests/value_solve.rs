//! `relic solve` for games without a solver of their own: the value of a
//! position with best play (`relic::value`). The search's verdicts agree
//! with a plain minimax that prunes and remembers nothing, its lines end
//! as it says, and the command prints them, reads saved games and refuses
//! the options of the walking searches.

use crate::common;

use std::path::Path;

use rand::{RngExt, SeedableRng};
use relic::contract::{Game, Outcome, Seat, Status};
use relic::games::{GameVisitor, Playable, Setup, resolve_game_rules, with_game};
use relic::value::{Question, Verdict, solve};

/// A plain minimax score for `seat`: a win `ply` actions in scores
/// `1000 - ply`, a loss `ply - 1000`; positions `horizon` away score 0.
fn minimax<G: Game>(game: &G, seat: Seat, ply: i32, horizon: i32) -> i32 {
    match game.status() {
        Status::Over(Outcome::Won(winner)) if winner == seat => return 1000 - ply,
        Status::Over(Outcome::Won(_)) => return ply - 1000,
        Status::Over(_) => return 0,
        Status::ToMove(_) if ply >= horizon => return 0,
        Status::ToMove(_) => {}
    }
    let scores = game.legal_actions().into_iter().map(|action| {
        let mut child = game.clone();
        child.apply(&action).unwrap();
        minimax(&child, seat, ply + 1, horizon)
    });
    match game.status().to_move() == Some(seat) {
        true => scores.max().unwrap(),
        false => scores.min().unwrap(),
    }
}

/// The verdict as a minimax score (draws and undecided positions 0).
fn score(verdict: Verdict) -> i32 {
    match verdict {
        Verdict::Wins { actions } => 1000 - actions as i32,
        Verdict::Loses { actions } => actions as i32 - 1000,
        Verdict::Draw | Verdict::Undecided => 0,
        Verdict::OverBudget => panic!("over budget"),
    }
}

/// From positions a few random actions into the game, for each seat and
/// with and without a horizon: the search's verdict is minimax's, and its
/// line, played out, ends as the verdict says.
struct AgreesWithMinimax {
    seed: u64,
}

impl GameVisitor for AgreesWithMinimax {
    type Output = ();

    fn visit<G: Playable>(self, start: G) {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(self.seed);
        let mut game = start;
        for _ in 0..rng.random_range(2..5) {
            let action = game.random_action(&mut rng).unwrap();
            game.apply(&action).unwrap();
        }
        if game.status().is_over() {
            return;
        }
        for seat in 0..2 {
            for within in [None, Some(3)] {
                let question = Question {
                    seat,
                    within,
                    budget: 1_000_000,
                };
                let answer = solve(&game, &question, |_| {});
                let horizon = within.map_or(100, |w| w as i32);
                let expected = minimax(&game, seat, 0, horizon);
                assert_eq!(
                    score(answer.verdict),
                    expected,
                    "seed {} seat {seat}",
                    self.seed
                );
                ends_as_said(&game, seat, answer.verdict, &answer.line);
            }
        }
    }
}

/// Plays `line` from `game`: a win or a loss comes exactly at its end.
fn ends_as_said<G: Game>(game: &G, seat: Seat, verdict: Verdict, line: &[G::Action]) {
    let mut game = game.clone();
    for action in line {
        game.apply(action).unwrap();
    }
    match verdict {
        Verdict::Wins { actions } => {
            assert_eq!(line.len(), actions as usize);
            assert_eq!(game.status(), Status::Over(Outcome::Won(seat)));
        }
        Verdict::Loses { actions } => {
            assert_eq!(line.len(), actions as usize);
            assert_eq!(game.status(), Status::Over(Outcome::Won(1 - seat)));
        }
        Verdict::Draw => assert_eq!(game.status(), Status::Over(Outcome::Draw)),
        Verdict::Undecided | Verdict::OverBudget => {}
    }
}

#[test]
fn verdicts_agree_with_plain_minimax_on_tic_tac_toe() {
    let rules = resolve_game_rules(Path::new("tic-tac-toe")).unwrap();
    for seed in 0..12 {
        with_game(&rules, &Setup::Default, AgreesWithMinimax { seed }).unwrap();
    }
}

/// The whole of Tic-Tac-Toe: a draw, and a line that ends in one.
struct FromTheStart {
    budget: u64,
}

impl GameVisitor for FromTheStart {
    type Output = (Verdict, u64);

    fn visit<G: Playable>(self, game: G) -> (Verdict, u64) {
        let answer = solve(&game, &Question::new(0, self.budget), |_| {});
        ends_as_said(&game, 0, answer.verdict, &answer.line);
        (answer.verdict, answer.nodes)
    }
}

#[test]
fn tic_tac_toe_is_a_draw_and_a_small_budget_says_so_not_a_wrong_answer() {
    let rules = resolve_game_rules(Path::new("tic-tac-toe")).unwrap();
    let (verdict, nodes) =
        with_game(&rules, &Setup::Default, FromTheStart { budget: 1_000_000 }).unwrap();
    assert_eq!(verdict, Verdict::Draw);
    assert!(nodes < 100_000, "{nodes}");
    let (verdict, nodes) = with_game(&rules, &Setup::Default, FromTheStart { budget: 50 }).unwrap();
    assert_eq!((verdict, nodes), (Verdict::OverBudget, 51));
}

fn run(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    let output = common::run_relic(args.iter().copied(), stdin);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("relic-value-{}-{name}", std::process::id()))
}

#[test]
fn a_three_by_three_hex_is_a_first_player_win_and_its_line_verifies() {
    let ruleset = scratch("hex3.toml");
    let toml = "extends = \"hex\"\nname = \"Hex 3x3\"\n\n[board]\nwidth = 3\nheight = 3\n";
    std::fs::write(&ruleset, toml).unwrap();
    let ruleset = ruleset.to_str().unwrap();
    let (status, line, summary) = run(&["solve", ruleset], b"");
    assert_eq!(status, Some(0), "{summary}");
    assert!(
        summary.starts_with("red wins with best play, in 5 actions ("),
        "{summary}"
    );
    assert_eq!(line.lines().count(), 5, "{line}");
    let moves = scratch("hex3.moves");
    std::fs::write(&moves, &line).unwrap();
    let (status, end, stderr) = run(
        &["verify", "--ruleset", ruleset, moves.to_str().unwrap()],
        b"",
    );
    assert_eq!(status, Some(0), "{stderr}");
    assert!(end.contains("red has won"), "{end}");
    for file in [Path::new(ruleset), &moves] {
        std::fs::remove_file(file).unwrap();
    }
}

#[test]
fn a_saved_game_is_solved_for_the_player_to_move_or_the_one_named() {
    let save = scratch("ttt.ron");
    let save = save.to_str().unwrap();
    // X took a corner, O an edge next to it: X wins.
    let (status, _, stderr) = run(
        &["play", "--ruleset", "tic-tac-toe", "--save", save],
        b"a1\nb1\n",
    );
    assert_eq!(status, Some(0), "{stderr}");
    let (status, line, summary) = run(&["solve", "--load", save], b"");
    assert_eq!(status, Some(0), "{summary}");
    assert!(
        summary.starts_with("X wins with best play, in 5 actions"),
        "{summary}"
    );
    assert_eq!(line.lines().count(), 5);
    let (status, json, _) = run(
        &["solve", "--load", save, "--player", "o", "--format", "json"],
        b"",
    );
    assert_eq!(status, Some(0));
    let answer: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(answer["outcome"], "loses");
    assert_eq!(answer["player"], "O");
    assert_eq!(answer["actions"], 5);
    std::fs::remove_file(save).unwrap();
}

#[test]
fn a_built_in_name_where_the_setup_goes_is_the_ruleset() {
    let (status, line, summary) = run(&["solve", "tic-tac-toe"], b"");
    assert_eq!(status, Some(0), "{summary}");
    assert!(
        summary.starts_with("Best play is a draw for X ("),
        "{summary}"
    );
    assert_eq!(line.lines().count(), 9, "{line}");
}

#[test]
fn a_horizon_and_a_budget_leave_the_answer_open_with_status_1() {
    let (status, json, _) = run(
        &[
            "solve",
            "--ruleset",
            "connect-four",
            "--depth",
            "4",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(status, Some(1));
    let answer: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(answer["outcome"], "undecided");
    assert_eq!(answer["within"], 4);
    assert_eq!(answer["line"].as_array().unwrap().len(), 4);
    let (status, line, summary) = run(
        &["solve", "--ruleset", "connect-four", "--nodes", "1000"],
        b"",
    );
    assert_eq!(status, Some(1));
    assert_eq!(line, "");
    // Deepened a few actions before the budget ran out: no four in a row
    // can be forced in the first actions.
    let searched = "neither a win nor a loss for Red is forced within ";
    assert!(
        summary.contains("met its budget of 1000 positions"),
        "{summary}"
    );
    assert!(summary.contains(searched), "{summary}");
}

#[test]
fn the_walking_searches_options_and_unknown_players_are_refused() {
    for (option, value) in [
        ("--from", "2,2"),
        ("--relics", "1"),
        ("--others", "random"),
        ("--player", "Z"),
    ] {
        let (status, _, stderr) = run(&["solve", "--ruleset", "tic-tac-toe", option, value], b"");
        assert_eq!(status, Some(2), "{option}: {stderr}");
        let expected = match option {
            "--player" => "there is no player `Z`",
            _ => "leave out",
        };
        assert!(stderr.contains(expected), "{option}: {stderr}");
    }
}
