//! The solver with single steps only and no collecting on a push: a relic
//! the slide pushes the adventurer onto is collected only by stepping off
//! and back, and an isolated tile does not allow that. Its answers are
//! minimal (a brute-force search over the engine's own steps agrees) and
//! play through the engine in the stated number of turns.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use relic::board::{Board, Direction, Pos, parse_board};
use relic::engine::{Action, Game, Phase, State};
use relic::games::moving_maze::text::{Command as Input, parse_command};
use relic::rules::{Rules, load_ruleset};
use relic::solver::{SolveRequest, solve};

const STEPS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/solo-green-steps.toml"
);

fn rules() -> Arc<Rules> {
    Arc::new(Rules::new(load_ruleset(Path::new(STEPS)).unwrap()))
}

/// A random 3x3 or 5x5 board; green's relic is on the floating tile for
/// odd seeds, so answers that push the adventurer off a line land it on
/// the relic.
fn board(side: u8, seed: u64, rules: &Rules) -> Board {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let shapes = [
        "1100", "0110", "0011", "1001", "1010", "0101", "1110", "0111",
    ];
    let cells = usize::from(side) * usize::from(side);
    let mut shape = || shapes[rng.random_range(0..shapes.len())];
    let floating_relic = if seed % 2 == 1 { "g1" } else { "xx" };
    let mut text = format!("{side} {side}\n1\n{}{floating_relic}\n", shape());
    let green = if seed % 2 == 1 {
        usize::MAX
    } else {
        1 + seed as usize % (cells - 1)
    };
    for y in 0..usize::from(side) {
        let row: Vec<String> = (0..usize::from(side))
            .map(|x| {
                let at = y * usize::from(side) + x;
                let relic = match at {
                    _ if at == green => "g1",
                    _ if at == cells - 1 => "y1",
                    _ if at == cells - side as usize => "r1",
                    _ if at == side as usize - 1 => "b1",
                    _ => "xx",
                };
                format!("{}{relic}", shape())
            })
            .collect();
        text += &row.join(" ");
        text += "\n";
    }
    parse_board(&text, &rules.limits()).unwrap()
}

/// The fewest turns to collect g1, trying every orientation, slide and
/// walk of single steps the engine allows.
fn brute_force(game: &Game, depth: u32) -> Option<u32> {
    let mut level = vec![game.clone()];
    let mut seen: HashSet<State> = HashSet::new();
    for turn in 1..=depth {
        let mut next = Vec::new();
        for state in &level {
            for slid in slides(state) {
                for end in walks(&slid) {
                    if end.players()[0].collected > 0 {
                        return Some(turn);
                    }
                    if seen.insert(end.state().clone()) {
                        next.push(end);
                    }
                }
            }
        }
        level = next;
    }
    None
}

fn slides(game: &Game) -> Vec<Game> {
    let mut all = Vec::new();
    let mut turned = game.clone();
    for _ in 0..4 {
        for slide in turned.legal_slides().collect::<Vec<_>>() {
            let mut slid = turned.clone();
            slid.apply(Action::Slide(slide)).unwrap();
            all.push(slid);
        }
        turned.apply(Action::RotateClockwise).unwrap();
    }
    all
}

/// Every state a walk of steps may end the turn in (a collection ends it).
fn walks(slid: &Game) -> Vec<Game> {
    let mut ends = Vec::new();
    let mut queue = vec![slid.clone()];
    let mut seen = HashSet::new();
    while let Some(game) = queue.pop() {
        if game.phase() != Phase::Move {
            ends.push(game);
            continue;
        }
        if !seen.insert(game.state().clone()) {
            continue;
        }
        let mut done = game.clone();
        done.apply(Action::Done).unwrap();
        ends.push(done);
        for direction in Direction::ALL {
            let mut stepped = game.clone();
            if stepped.apply(Action::Step(direction)).is_ok() {
                queue.push(stepped);
            }
        }
    }
    ends
}

fn play(game: &mut Game, lines: &[String]) {
    for token in lines.iter().flat_map(|line| line.split_whitespace()) {
        let Input::Act(action) = parse_command(token, game) else {
            panic!("`{token}` is not an input");
        };
        game.apply(action)
            .unwrap_or_else(|e| panic!("`{token}`: {e}"));
    }
}

#[test]
fn answers_step_off_and_back_and_are_minimal() {
    let rules = rules();
    let (mut solved, mut off_and_back) = (0, 0);
    for (side, seeds) in [(3u8, 0..40u64), (5, 100..116)] {
        for seed in seeds {
            let start = Pos::new(seed as u8 % side, (seed / 3) as u8 % side);
            let game = Game::new(rules.clone(), &board(side, seed, &rules)).unwrap();
            let mut game = game.with_start(0, start).unwrap();
            let request = SolveRequest {
                depth: 3,
                return_home: false,
                ..SolveRequest::new(0)
            };
            let answer = solve(&game, &request).unwrap().solution().cloned();
            let turns = answer.as_ref().map(|s| s.turns.len() as u32);
            assert_eq!(turns, brute_force(&game, 3), "{side}x{side}, seed {seed}");
            let Some(solution) = answer else { continue };
            let lines = solution.input_lines();
            play(&mut game, &lines);
            assert_eq!(game.players()[0].collected, 1, "seed {seed}: {lines:?}");
            solved += 1;
            let last = lines.last().unwrap();
            off_and_back += usize::from(
                ["n s", "s n", "e w", "w e"]
                    .iter()
                    .any(|p| last.contains(p)),
            );
        }
    }
    assert!(solved >= 20, "too few solvable boards: {solved}");
    assert!(off_and_back >= 1, "no answer stepped off and back");
}
