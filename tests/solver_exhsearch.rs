//! The 60 instances of the labyrinth exhaustive-search benchmark (read in
//! place from the shared folder): the solver finds exactly the stated
//! number of turns for green from `from` collecting g1.

mod common;

use std::path::Path;

use relic::board::{Pos, read_board_file};
use relic::engine::Game;
use relic::rules::Rules;
use relic::solver::{SolveRequest, solve};

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

#[test]
fn solver_finds_the_stated_number_of_turns_on_every_instance() {
    let Some(dir) = common::shared_dir("benchmarks/labyrinth-exhsearch") else {
        return;
    };
    let rules = Rules::standard();
    let all = instances(&dir);
    assert_eq!(all.len(), 60);
    for instance in all {
        let Ok(board) = read_board_file(&dir.join(&instance.board), &rules.limits()) else {
            panic!("{}: the board does not read", instance.name);
        };
        let game = Game::new(rules.clone(), &board).unwrap();
        let request = SolveRequest {
            from: Some(instance.from),
            depth: instance.turns as u32,
            return_home: false,
            ..SolveRequest::new(0)
        };
        let solution = solve(&game, &request)
            .unwrap()
            .solution()
            .cloned()
            .unwrap_or_else(|| {
                panic!(
                    "{}: no solution within {} turns",
                    instance.name, instance.turns
                )
            });
        assert_eq!(solution.turns.len(), instance.turns, "{}", instance.name);
        if instance.turns > 1 {
            let shorter = SolveRequest {
                depth: instance.turns as u32 - 1,
                ..request
            };
            assert!(
                solve(&game, &shorter).unwrap() == relic::solver::Answer::NoSolution,
                "{}",
                instance.name
            );
        }
    }
}
