//! The 60 instances of the labyrinth exhaustive-search benchmark (read in
//! place from the shared folder). Without being given the depth, the
//! solver finds exactly the stated number of turns for green from `from`
//! collecting g1, and every answer (to the relic, and to the relic and
//! home) replays through text mode, token by token, with no input refused,
//! reaching the goal in exactly the stated number of turns.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use relic::board::{BoardLimits, Pos, read_board_file};
use relic::engine::Game;
use relic::rules::{Rules, load_ruleset};
use relic::solver::{Answer, Solution, SolveRequest, solve};
use relic::text::TextSession;

const SOLO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/solo-green.toml"
);

/// One instance from `instances.toml`.
struct Instance {
    name: String,
    board: String,
    from: Pos,
    turns: usize,
}

fn instances(dir: &Path) -> Vec<Instance> {
    let text = std::fs::read_to_string(dir.join("instances.toml")).unwrap();
    let table: toml::Table = text.parse().unwrap();
    let list = table["instance"].as_array().unwrap();
    list.iter()
        .map(|item| {
            let field = |key: &str| item[key].as_str().unwrap().to_string();
            let from = field("from");
            let (x, y) = from.split_once(',').unwrap();
            Instance {
                name: field("name"),
                board: field("board"),
                from: Pos::new(x.parse::<u8>().unwrap() - 1, y.parse::<u8>().unwrap() - 1),
                turns: item["turns"].as_integer().unwrap() as usize,
            }
        })
        .collect()
}

/// Green alone, standing on the instance's `from`.
fn start(dir: &Path, instance: &Instance) -> Game {
    let rules = Arc::new(Rules::new(load_ruleset(Path::new(SOLO)).unwrap()));
    // A puzzle: green starts on `from`, so a relic may lie on its corner.
    let limits = BoardLimits {
        homes: Vec::new(),
        ..rules.limits()
    };
    let Ok(board) = read_board_file(&dir.join(&instance.board), &limits) else {
        panic!("{}: the board does not read", instance.name);
    };
    let game = Game::new(rules, &board).unwrap();
    game.with_start(0, instance.from).unwrap()
}

fn solved(game: &Game, request: &SolveRequest, name: &str) -> Solution {
    match solve(game, request).unwrap() {
        Answer::Solved(solution) => solution,
        other => panic!("{name}: {other:?}"),
    }
}

/// Types every input of `solution` into a text session on `game`; each
/// must be accepted. Returns the game after each turn's inputs.
fn replay(game: &Game, solution: &Solution, name: &str) -> Vec<Game> {
    let mut session = TextSession::new(game.clone(), Vec::new());
    session.start().unwrap();
    let mut after = Vec::new();
    for line in solution.input_lines() {
        for token in line.split_whitespace() {
            let accepted = session.history().len();
            session.handle_token(Some(token)).unwrap();
            let now = session.history().len();
            assert_eq!(now, accepted + 1, "{name}: `{token}` of `{line}` refused");
        }
        after.push(session.game().clone());
    }
    after
}

#[test]
fn every_instance_is_solved_minimally_and_every_answer_replays_in_text_mode() {
    let Some(dir) = common::shared_dir("benchmarks/labyrinth-exhsearch") else {
        return;
    };
    let all = instances(&dir);
    assert_eq!(all.len(), 60);
    for instance in &all {
        let name = &instance.name;
        let game = start(&dir, instance);
        let relic_only = SolveRequest {
            return_home: false,
            ..SolveRequest::new(0)
        };
        let solution = solved(&game, &relic_only, name);
        assert_eq!(solution.turns.len(), instance.turns, "{name}");
        assert_eq!(solution.relics.len(), 1, "{name}");
        let after = replay(&game, &solution, name);
        let collected: Vec<u8> = after.iter().map(|g| g.players()[0].collected).collect();
        let mut expected = vec![0; instance.turns - 1];
        expected.push(1);
        assert_eq!(collected, expected, "{name}: g1 in exactly the last turn");
        let shorter = SolveRequest {
            depth: instance.turns as u32 - 1,
            ..relic_only
        };
        assert_eq!(
            solve(&game, &shorter).unwrap(),
            Answer::NoSolution,
            "{name}"
        );

        let home = solved(&game, &SolveRequest::new(0), name);
        assert!(
            home.returns_home && home.turns.len() >= instance.turns,
            "{name}"
        );
        let after = replay(&game, &home, name);
        let won: Vec<bool> = after.iter().map(|g| g.winner() == Some(0)).collect();
        let mut expected = vec![false; home.turns.len() - 1];
        expected.push(true);
        assert_eq!(won, expected, "{name}: green wins in exactly the last turn");
    }
}
