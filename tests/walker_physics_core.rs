//! Boulder Dash's cave physics in the core language
//! (`tests/fixtures/core-physics/boulder-physics.toml`, written with the
//! deterministic operations `scan`, `once` and `*!`) beside the walker's
//! own settling (`rulesets/boulder-dash.toml`'s `[physics]`, run by
//! `src/walker/settle.rs`) on seeded random caves: the same cave after
//! settling, square by square, and the same verdict on a crushed player.
//! Deliberately broken versions of the core form (the wrong scan order,
//! the rolls tried in the wrong order, no falling on after a roll) are
//! caught.

use std::collections::HashMap;
use std::sync::Arc;

use relic::contract::Game;
use relic::lang::{CoreGame, Program, parse_core_resolved};
use relic::walker::{Grid, builtin_walker};

const CORE: &str = include_str!("fixtures/core-physics/boulder-physics.toml");
const SIDE: i32 = 6;
const CAVES: u64 = 400;

fn core(source: &str) -> Arc<Program> {
    let (_, program) = parse_core_resolved(source, "boulder-physics.toml", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    program
}

/// A random cave: mostly rocks and empty squares, some of everything.
fn cave(seed: u64, kinds: &[u8]) -> Vec<u8> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..SIDE * SIDE)
        .map(|_| kinds[rng.usize(..kinds.len())])
        .collect()
}

/// The walker's settling of `squares` (row by row from the bottom): the
/// kinds' names square by square, and whether an end pattern matched.
fn walker_settle(squares: &[u8]) -> (Vec<String>, bool) {
    let program = builtin_walker("boulder-dash").unwrap().unwrap();
    let mut grid = Grid::from_kinds(
        SIDE as usize,
        SIDE as usize,
        squares.to_vec(),
        program.outside,
    );
    let end = program.physics.settle(&mut grid, &mut Vec::new());
    let names = grid
        .kinds()
        .map(|k| program.kinds[usize::from(k)].name.clone())
        .collect();
    (names, end.is_some())
}

/// The core program's settling of the same cave.
fn core_settle(program: &Arc<Program>, names: &[String]) -> (Vec<String>, bool) {
    let code: HashMap<&str, u8> = (program.pieces.iter().enumerate())
        .map(|(i, p)| (program.kinds[usize::from(p.kind)].as_str(), i as u8 + 1))
        .chain([("empty", 0)])
        .collect();
    let board = &program.board;
    let mut cells = vec![0; board.cells()];
    for (i, name) in names.iter().enumerate() {
        let (x, y) = (i as i32 % SIDE, i as i32 / SIDE);
        let cell = board.at_xy(x as u16, y as u16).unwrap();
        cells[usize::from(cell)] = code[name.as_str()];
    }
    let vars = program.start_values();
    let mut game = CoreGame::from_position(program.clone(), cells, vars, 0, 0);
    let actions = game.legal_actions();
    assert_eq!(actions.len(), 1, "physics is no choice");
    let crushed = match game.write_action(&actions[0]).as_str() {
        "crushed" => true,
        "still" => false,
        other => panic!("notation {other}"),
    };
    game.apply(&actions[0]).unwrap();
    let after = (0..SIDE * SIDE)
        .map(|i| {
            let cell = board.at_xy((i % SIDE) as u16, (i / SIDE) as u16).unwrap();
            match game.cells()[usize::from(cell)] {
                0 => "empty".to_owned(),
                c => program.kinds[usize::from(program.pieces[usize::from(c - 1)].kind)].clone(),
            }
        })
        .collect();
    (after, crushed)
}

/// What random caves are made of: mostly rocks and empty squares.
fn cave_kinds(walker: &relic::walker::Program) -> Vec<u8> {
    let names = [
        "empty", "empty", "empty", "rock", "rock", "rock", "player", "wall", "earth", "diamond",
    ];
    names
        .iter()
        .map(|n| walker.kind_named(n).unwrap())
        .collect()
}

/// The seeds of the caves where `source` settles otherwise than the walker.
fn differences(source: &str) -> Vec<u64> {
    let walker = builtin_walker("boulder-dash").unwrap().unwrap();
    let kinds: Vec<u8> = [
        "empty", "empty", "empty", "rock", "rock", "rock", "player", "wall", "earth", "diamond",
    ]
    .iter()
    .map(|n| walker.kind_named(n).unwrap())
    .collect();
    let program = core(source);
    (0..CAVES)
        .filter(|&seed| {
            let squares = cave(seed, &kinds);
            let names: Vec<String> = (squares.iter())
                .map(|&k| walker.kinds[usize::from(k)].name.clone())
                .collect();
            walker_settle(&squares) != core_settle(&program, &names)
        })
        .collect()
}

#[test]
fn the_core_form_settles_every_cave_as_the_walker_does() {
    assert_eq!(differences(CORE), Vec::<u64>::new());
    // The caves are not already at rest: most of them move.
    let walker = builtin_walker("boulder-dash").unwrap().unwrap();
    let kinds = cave_kinds(&walker);
    let moved = (0..CAVES)
        .filter(|&seed| {
            let squares = cave(seed, &kinds);
            let before: Vec<String> = (squares.iter())
                .map(|&k| walker.kinds[usize::from(k)].name.clone())
                .collect();
            walker_settle(&squares).0 != before
        })
        .count();
    assert!(moved as u64 > CAVES / 2, "{moved} caves moved");
}

#[test]
fn some_caves_crush_the_player_and_some_do_not() {
    let walker = builtin_walker("boulder-dash").unwrap().unwrap();
    let kinds: Vec<u8> = ["empty", "rock", "player"]
        .iter()
        .map(|n| walker.kind_named(n).unwrap())
        .collect();
    let verdicts: Vec<bool> = (0..50)
        .map(|seed| walker_settle(&cave(seed, &kinds)).1)
        .collect();
    assert!(verdicts.contains(&true) && verdicts.contains(&false));
}

#[test]
fn broken_core_forms_are_caught() {
    let broken = [
        ("top-down scan", CORE.replace("scan(n e,", "scan(s e,")),
        (
            "rolls east first",
            CORE.replace(
                "once(fall | roll-west | roll-east)",
                "once(fall | roll-east | roll-west)",
            ),
        ),
        ("no fall after a roll", CORE.replace(") fall*!)*!", "))*!")),
        (
            "falling marks kept",
            CORE.replace("{falling} [rock])", "{falling} [falling])"),
        ),
    ];
    for (what, source) in broken {
        assert_ne!(source, CORE, "{what}: the replacement applies");
        assert!(!differences(&source).is_empty(), "{what} is not caught");
    }
}
