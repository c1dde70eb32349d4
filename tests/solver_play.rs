//! The solver's answers are minimal (a brute-force search over the
//! engine's own legal actions agrees on generated boards) and playable
//! (its printed inputs, played by the engine and by `relic play`, collect
//! the relics in the stated number of turns).

use crate::common;

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use relic::board::{Board, parse_board, read_board_file};
use relic::engine::{Action, Game, Phase, State, positions};
use relic::games::moving_maze::text::{Command as Input, parse_command};
use relic::rules::{Rules, load_ruleset};
use relic::solver::{SolveRequest, solve};

const SOLO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/solo-green.toml"
);

fn solo_rules() -> Arc<Rules> {
    Arc::new(Rules::new(load_ruleset(Path::new(SOLO)).unwrap()))
}

/// A random valid board: no closed tiles, one relic of each colour, none
/// on a corner.
fn random_board(side: u8, seed: u64, rules: &Rules) -> Board {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let shapes = [
        "1100", "0110", "0011", "1001", "1010", "0101", "1110", "0111", "1011", "1101",
    ];
    let cells = side as usize * side as usize;
    let mut relics = vec!["xx"; cells];
    // Not on the corners: a relic on its own player's start corner is refused.
    let corners = [0, side as usize - 1, cells - side as usize, cells - 1];
    for colour in ["g1", "y1", "r1", "b1"] {
        loop {
            let at = rng.random_range(0..cells);
            if relics[at] == "xx" && !corners.contains(&at) {
                relics[at] = colour;
                break;
            }
        }
    }
    let mut text = format!(
        "{side} {side}\n1\n{}xx\n",
        shapes[rng.random_range(0..shapes.len())]
    );
    for y in 0..side as usize {
        let row: Vec<String> = (0..side as usize)
            .map(|x| {
                format!(
                    "{}{}",
                    shapes[rng.random_range(0..shapes.len())],
                    relics[y * side as usize + x]
                )
            })
            .collect();
        text += &row.join(" ");
        text += "\n";
    }
    parse_board(&text, &rules.limits()).unwrap()
}

/// The fewest turns for the only player to collect a relic, by trying
/// every orientation, slide and destination the engine allows.
fn brute_force(game: &Game, depth: u32) -> Option<u32> {
    let mut level: Vec<Game> = vec![game.clone()];
    let mut seen: HashSet<State> = HashSet::new();
    for turn in 1..=depth {
        let mut next = Vec::new();
        for state in &level {
            for turned in orientations(state) {
                for slide in turned.legal_slides().collect::<Vec<_>>() {
                    let mut slid = turned.clone();
                    slid.apply(Action::Slide(slide)).unwrap();
                    if slid.players()[0].collected > 0 {
                        return Some(turn);
                    }
                    for end in endings(&slid) {
                        if end.players()[0].collected > 0 {
                            return Some(turn);
                        }
                        if seen.insert(end.state().clone()) {
                            next.push(end);
                        }
                    }
                }
            }
        }
        level = next;
    }
    None
}

fn orientations(game: &Game) -> Vec<Game> {
    let mut all = vec![game.clone()];
    for _ in 0..3 {
        let mut turned = all.last().unwrap().clone();
        turned.apply(Action::RotateClockwise).unwrap();
        all.push(turned);
    }
    all
}

fn endings(slid: &Game) -> Vec<Game> {
    if slid.phase() != Phase::Move {
        return vec![slid.clone()];
    }
    let here = slid.players()[0].pos;
    let mut ends = Vec::new();
    for dest in positions(slid.reachable_from(here), slid.maze().width()) {
        let mut moved = slid.clone();
        moved.apply(Action::MoveTo(dest)).unwrap();
        if moved.phase() == Phase::Move {
            moved.apply(Action::Done).unwrap();
        }
        ends.push(moved);
    }
    ends
}

#[test]
fn solver_agrees_with_brute_force_on_generated_boards() {
    let rules = solo_rules();
    let mut solved = 0;
    for (side, depth, boards) in [(3u8, 3u32, 20u64), (5, 2, 6)] {
        for seed in 0..boards {
            let board = random_board(side, seed * 31 + u64::from(side), &rules);
            let game = Game::new(rules.clone(), &board).unwrap();
            let request = SolveRequest {
                depth,
                return_home: false,
                ..SolveRequest::new(0)
            };
            let ours = solve(&game, &request)
                .unwrap()
                .solution()
                .map(|s| s.turns.len() as u32);
            assert_eq!(
                ours,
                brute_force(&game, depth),
                "{side}x{side} board, seed {seed}"
            );
            solved += usize::from(ours.is_some());
        }
    }
    assert!(
        solved >= 10,
        "too few boards had a solution to compare: {solved}"
    );
}

/// Plays one turn per line of `inputs` through the engine.
fn play_inputs(game: &mut Game, lines: &[String]) {
    for line in lines {
        for token in line.split_whitespace() {
            let Input::Act(action) = parse_command(token, game) else {
                panic!("`{token}` is not an input");
            };
            game.apply(action)
                .unwrap_or_else(|e| panic!("`{token}`: {e}"));
        }
    }
}

#[test]
fn printed_inputs_collect_the_relics_in_the_stated_turns() {
    let rules = solo_rules();
    for seed in 0..12 {
        let board = random_board(5, 700 + seed, &rules);
        let mut game = Game::new(rules.clone(), &board).unwrap();
        let request = SolveRequest {
            depth: 4,
            ..SolveRequest::new(0)
        };
        let Some(solution) = solve(&game, &request).unwrap().solution().cloned() else {
            continue;
        };
        play_inputs(&mut game, &solution.input_lines());
        assert_eq!(
            game.winner(),
            Some(0),
            "seed {seed}: collect g1 and get home"
        );
        let turns = solution.turns.len() as u32;
        assert_eq!(
            game.turn(),
            turns - 1,
            "seed {seed}: the winning turn does not end"
        );
    }
}

#[test]
fn relic_play_accepts_what_relic_solve_prints() {
    let Some(dir) = common::shared_dir("benchmarks/labyrinth-exhsearch") else {
        return;
    };
    let relic = env!("CARGO_BIN_EXE_relic");
    let rules = solo_rules();
    for name in ["exhsearch_s7_d3_num1.gbf", "exhsearch_s9_d2_num4.gbf"] {
        let path = dir.join(name);
        let board = read_board_file(&path, &rules.limits()).ok().unwrap();
        let game = Game::new(rules.clone(), &board).unwrap();
        let solution = solve(&game, &SolveRequest::new(0))
            .unwrap()
            .solution()
            .cloned()
            .unwrap();
        let solve_out = Command::new(relic)
            .args(["solve", path.to_str().unwrap(), "--ruleset", SOLO])
            .output()
            .unwrap();
        assert!(solve_out.status.success());
        let inputs = String::from_utf8(solve_out.stdout).unwrap();
        assert_eq!(inputs, solution.to_string());
        let mut play = Command::new(relic)
            .args(["play", path.to_str().unwrap(), "--ruleset", SOLO])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        play.stdin
            .take()
            .unwrap()
            .write_all(inputs.as_bytes())
            .unwrap();
        let transcript = String::from_utf8(play.wait_with_output().unwrap().stdout).unwrap();
        assert!(transcript.contains("Green has won."), "{name}");
        let turns = transcript.matches("End of Green's turn.").count();
        assert_eq!(turns + 1, solution.turns.len(), "{name}");
        assert!(!transcript.contains("Invalid input."), "{name}");
    }
}

const SOLO_LARGE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/solo-green-large.toml"
);

#[test]
fn on_the_13x13_board_the_answer_plays_in_text_mode() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("boards/giant-13x13.gbf");
    let rules = Arc::new(Rules::new(load_ruleset(Path::new(SOLO_LARGE)).unwrap()));
    let board = read_board_file(&path, &rules.limits()).ok().unwrap();
    let game = Game::new(rules, &board).unwrap();
    let request = SolveRequest {
        relics: 2,
        ..SolveRequest::new(0)
    };
    let solution = solve(&game, &request).unwrap().solution().cloned().unwrap();
    let mut session = relic::text::TextSession::new(game, Vec::new());
    session.start().unwrap();
    for line in solution.input_lines() {
        for token in line.split_whitespace() {
            let accepted = session.history().len();
            session.handle_token(Some(token)).unwrap();
            assert_eq!(session.history().len(), accepted + 1, "`{token}` refused");
        }
    }
    let (game, out) = session.into_parts();
    assert_eq!(game.players()[0].collected, 2);
    assert_eq!(game.turn() as usize, solution.turns.len());
    let transcript = String::from_utf8(out).unwrap();
    assert!(
        transcript.contains(" 13 "),
        "the board is drawn with 13 columns"
    );
    let text = Command::new(env!("CARGO_BIN_EXE_relic"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "play",
            "boards/giant-13x13.gbf",
            "--ruleset",
            "large-boards",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut text = text;
    text.stdin
        .take()
        .unwrap()
        .write_all(b"r n12 quit\n")
        .unwrap();
    let out = String::from_utf8(text.wait_with_output().unwrap().stdout).unwrap();
    assert!(out.contains("Inserting at n12."), "{out}");
    assert!(out.contains("Game has been quit."), "{out}");
}
