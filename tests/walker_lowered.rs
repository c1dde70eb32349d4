//! The walker-physics family's physics lowered into the core
//! (`relic::walker::lower::physics_core`, driven by each program's data)
//! beside the walker's own settling, on every shipped walker-physics
//! ruleset (`rulesets/boulder-dash.toml`, `rulesets/boulder-dash-variants/`)
//! and seeded random caves: after settling, the same square in every
//! place and the same end pattern (or none). Deliberately broken lowerings
//! (the wrong scan order, rules tried in the wrong order, no `then` chain,
//! falling marks kept) are caught. The whole game (moves included) is
//! proven in `tests/walker_core_games.rs`.

use crate::common;

use std::collections::HashMap;
use std::sync::Arc;

use relic::contract::Game;
use relic::games::{CoreRules, Registered};
use relic::lang::{CoreGame, Program as CoreProgram, parse_core_resolved};
use relic::walker::lower::{PHYSICS_WORD_STILL, physics_core};
use relic::walker::{Grid, Program};

const WIDTH: i32 = 6;
const HEIGHT: i32 = 5;
const CAVES: u64 = 150;

fn core(source: &str) -> Arc<CoreProgram> {
    let (_, program) = parse_core_resolved(source, "lowered.toml", None)
        .unwrap_or_else(|e| panic!("{}\n{source}", e.render(80)));
    program
}

/// A random cave of `walker`'s kinds: empty squares and the kinds its
/// rules move more often than the rest.
fn cave(walker: &Program, seed: u64) -> Vec<u8> {
    let mut pool = Vec::new();
    for k in 0..walker.kinds.len() as u8 {
        let weight = match (k == walker.empty, walker.physics.moves_kind[usize::from(k)]) {
            (true, _) => 4,
            (false, true) => 3,
            _ => 1,
        };
        pool.extend(std::iter::repeat_n(k, weight));
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..WIDTH * HEIGHT)
        .map(|_| pool[rng.usize(..pool.len())])
        .collect()
}

/// The walker's settling: kinds' names square by square (rows from the
/// bottom) and the end pattern that matched, by name.
fn walker_settle(walker: &Program, squares: &[u8]) -> (Vec<String>, Option<String>) {
    let mut grid = Grid::from_kinds(
        WIDTH as usize,
        HEIGHT as usize,
        squares.to_vec(),
        walker.outside,
    );
    let end = walker.physics.settle(&mut grid, &mut Vec::new());
    let names = grid
        .kinds()
        .map(|k| walker.kinds[usize::from(k)].name.clone())
        .collect();
    (names, end.map(|e| walker.physics.ends[e].name.clone()))
}

/// The lowered core program's settling of the same squares.
fn core_settle(
    walker: &Program,
    core: &Arc<CoreProgram>,
    squares: &[u8],
) -> (Vec<String>, Option<String>) {
    let glyph_code: HashMap<&str, u8> = (core.pieces.iter().enumerate())
        .map(|(i, p)| (p.glyph.as_str(), i as u8 + 1))
        .collect();
    let board = &core.board;
    let cell = |i: i32| usize::from(board.at_xy((i % WIDTH) as u16, (i / WIDTH) as u16).unwrap());
    let mut cells = vec![0; board.cells()];
    for (i, &k) in squares.iter().enumerate() {
        if k != walker.empty {
            let glyph = walker.kinds[usize::from(k)].glyph.to_string();
            cells[cell(i as i32)] = glyph_code[glyph.as_str()];
        }
    }
    let mut game = CoreGame::from_position(core.clone(), cells, core.start_values(), 0, 0);
    let actions = game.legal_actions();
    assert_eq!(actions.len(), 1, "settling is no choice");
    let word = game.write_action(&actions[0]);
    game.apply(&actions[0]).unwrap();
    let glyph_kind: HashMap<char, &str> = (walker.kinds.iter())
        .map(|k| (k.glyph, k.name.as_str()))
        .collect();
    let names = (0..WIDTH * HEIGHT)
        .map(|i| match game.cells()[cell(i)] {
            0 => walker.kinds[usize::from(walker.empty)].name.clone(),
            c => {
                let glyph = &core.pieces[usize::from(c - 1)].glyph;
                glyph_kind[&glyph.chars().next().unwrap()].to_owned()
                    + if glyph.ends_with('*') {
                        " (falling)"
                    } else {
                        ""
                    }
            }
        })
        .collect();
    let end = (walker.physics.ends.iter())
        .find(|e| word == e.name.replace(|c: char| !c.is_ascii_alphanumeric(), "-"))
        .map(|e| e.name.clone());
    assert!(end.is_some() || word == PHYSICS_WORD_STILL, "{word}");
    (names, end)
}

/// The seeds of the caves `lowered` settles otherwise than `walker`.
fn differences(walker: &Program, lowered: &str) -> Vec<u64> {
    let core = core(lowered);
    (0..CAVES)
        .filter(|&seed| {
            let squares = cave(walker, seed);
            walker_settle(walker, &squares) != core_settle(walker, &core, &squares)
        })
        .collect()
}

#[test]
fn every_shipped_ruleset_settles_the_same_in_the_core() {
    for (file, walker) in common::walker_physics_rulesets() {
        let lowered = physics_core(&walker, WIDTH as u16, HEIGHT as u16);
        let wrong = differences(&walker, &lowered);
        assert!(
            wrong.is_empty(),
            "{}: caves {wrong:?} differ\n{lowered}",
            file.display()
        );
        // The caves are not at rest already, and some end a game.
        let mut moved = 0;
        let mut ended = 0;
        for seed in 0..CAVES {
            let squares = cave(&walker, seed);
            let (after, end) = walker_settle(&walker, &squares);
            let before: Vec<String> = squares
                .iter()
                .map(|&k| walker.kinds[usize::from(k)].name.clone())
                .collect();
            moved += usize::from(after != before);
            ended += usize::from(end.is_some());
        }
        assert!(
            moved as u64 > CAVES / 2,
            "{}: {moved} moved",
            file.display()
        );
        assert!(
            ended > 0 || walker.physics.ends.is_empty(),
            "{}",
            file.display()
        );
    }
}

/// Boulder Dash with one more rule that reads the outside: a rock resting
/// on a wall (off the board too) slides east onto an empty square beside
/// it. The shipped rulesets never match the outside kind.
fn wall_slide() -> Arc<Program> {
    let source = std::fs::read_to_string("rulesets/boulder-dash.toml").unwrap()
        + "\n[[physics.rules]]\nname = \"slide\"\nmatch = [[\"O\", \"_\"], [\"#\", \"_\"]]\nbecomes = [[\"_\", \"_\"], [\"?\", \"O*\"]]\nthen = [\"fall\"]\n";
    relic::walker::parse_walker(&source, "wall-slide.toml", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)))
}

#[test]
fn a_rule_reading_the_outside_settles_the_same_in_the_core() {
    let walker = wall_slide();
    let lowered = physics_core(&walker, WIDTH as u16, HEIGHT as u16);
    assert!(lowered.contains("({! "), "{lowered}");
    assert_eq!(
        differences(&walker, &lowered),
        Vec::<u64>::new(),
        "{lowered}"
    );
    let broken = lowered.replace("({! ", "({? ");
    assert!(
        !differences(&walker, &broken).is_empty(),
        "the outside not read is not caught"
    );
}

#[test]
fn a_ruleset_without_physics_lowers_to_a_settling_that_changes_nothing() {
    let source = std::fs::read_to_string("rulesets/boulder-dash.toml").unwrap();
    let cut = source.find("[physics]").unwrap();
    let walker = relic::walker::parse_walker(&source[..cut], "still.toml", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    assert!(walker.physics.rules.is_empty());
    let lowered = physics_core(&walker, WIDTH as u16, HEIGHT as u16);
    assert_eq!(
        differences(&walker, &lowered),
        Vec::<u64>::new(),
        "{lowered}"
    );
}

#[test]
fn the_lowered_physics_reads_back_to_the_same_program() {
    for (file, walker) in common::walker_physics_rulesets() {
        let lowered = physics_core(&walker, WIDTH as u16, HEIGHT as u16);
        let rules = CoreRules::parse_rules(&lowered, "lowered", None).unwrap();
        let expanded = CoreRules::expanded_toml(&rules);
        let again = CoreRules::parse_rules(&expanded, "expanded", None)
            .unwrap_or_else(|e| panic!("{}: {}", file.display(), e.render(80)));
        assert_eq!(again.program.ops, rules.program.ops, "{}", file.display());
    }
}

#[test]
fn broken_lowerings_are_caught() {
    let (_, walker) = (common::walker_physics_rulesets().into_iter())
        .find(|(f, _)| f.ends_with("boulder-dash.toml"))
        .unwrap();
    let lowered = physics_core(&walker, WIDTH as u16, HEIGHT as u16);
    let broken = [
        ("top-down scan", lowered.replace("scan(n e,", "scan(s e,")),
        (
            "rules in the wrong order",
            lowered.replace(
                "once(rule_0 | rule_1 | rule_2)",
                "once(rule_0 | rule_2 | rule_1)",
            ),
        ),
        (
            "no then chain",
            lowered.replace(" once({$ last == 1}", " {$ last == 0} once({$ last == 1}"),
        ),
        (
            "falling marks kept",
            lowered.replace("} [rock])", "} [rock_falling])"),
        ),
    ];
    for (what, source) in broken {
        assert_ne!(source, lowered, "{what}: the change applies");
        assert!(
            !differences(&walker, &source).is_empty(),
            "{what} is not caught"
        );
    }
}
