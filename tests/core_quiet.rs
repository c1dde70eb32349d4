//! The cells a scan knows quiet (`src/lang/quiet.rs`,
//! `src/lang/machine/quiet.rs`) change nothing a player sees: games whose
//! rules scan the board (Boulder Dash's core form on the shipped caves,
//! the mixed rulesets that settle pieces, every built-in core ruleset)
//! are played side by side, one game's scans skipping the cells they know
//! quiet and the other's running their body at every cell, with the same
//! legal actions in the same order, the same cells and the same status
//! after every action. And which scans keep quiet cells: those whose
//! body, before it changes anything, only moves along fixed ways and
//! tests cells, beyond the scanned cell itself.

use crate::common;

use std::sync::Arc;

use common::side_by_side::{self, Sides};
use relic::lang::machine::keep_quiet_cells;
use relic::lang::program::Op;
use relic::lang::{CORE_BUILTINS, Program, builtin_core, parse_core_resolved};

/// Runs a call of the first game skipping quiet cells, of the second not.
fn quiet_first(side: usize, f: &mut dyn FnMut()) {
    keep_quiet_cells(side == 0);
    f();
    keep_quiet_cells(true);
}

/// The first difference over `games` seeded games of at most `moves`
/// actions (two copies of the program, so that no listing is shared).
fn first_difference(program: Arc<Program>, games: u64, moves: usize) -> Option<String> {
    let sides = Sides {
        programs: (program.clone(), Arc::new((*program).clone())),
        list_second: true,
        around: &quiet_first,
    };
    side_by_side::first_difference(&sides, games, moves)
}

/// Boulder Dash's core form for the cave file `path`.
fn cave_program(path: &str) -> Arc<Program> {
    let walker = relic::walker::builtin_walker("boulder-dash")
        .unwrap()
        .unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let cave = relic::games::boulder_dash::read_board(&walker, &text).unwrap();
    let toml = relic::walker::lower::walker_core(&walker, &cave);
    parse_core_resolved(&toml, path, None).unwrap().1
}

#[test]
fn boulder_dash_caves_play_the_same_with_and_without_quiet_cells() {
    for cave in [
        "boards/cave-8x8.board",
        "boards/cave-20x12.board",
        "boards/cave-40x22.board",
    ] {
        let program = cave_program(cave);
        assert!(
            !program.quiet.is_empty(),
            "{cave}: the settling keeps quiet cells"
        );
        if let Some(d) = first_difference(program, 8, 120) {
            panic!("{cave}: {d}");
        }
    }
}

#[test]
fn settling_rulesets_play_the_same_with_and_without_quiet_cells() {
    for path in [
        "rulesets/mixed/connect-four-blast.toml",
        "rulesets/mixed/connect-four-rolling.toml",
        "rulesets/mixed/escape-upright.toml",
    ] {
        let program = common::core_files::program(path);
        assert!(
            !program.quiet.is_empty(),
            "{path}: its scan keeps quiet cells"
        );
        if let Some(d) = first_difference(program, 8, 60) {
            panic!("{path}: {d}");
        }
    }
    for (name, _) in CORE_BUILTINS {
        let program = builtin_core(name).unwrap().unwrap();
        if let Some(d) = first_difference(program, 2, 40) {
            panic!("{name}: {d}");
        }
    }
}

/// A one-player core ruleset on an empty 3x4 board whose rules are
/// `rules`.
fn sand(rules: &str) -> Arc<Program> {
    sand_on(rules, ["...", "...", "...", "..."])
}

/// [`sand`] from the rows `setup` (north first).
fn sand_on(rules: &str, setup: [&str; 4]) -> Arc<Program> {
    let toml = format!(
        r#"
game = "core"
name = "Sand"
players = ["a"]
rules = "{rules}"
[board]
width = 3
height = 4
setup = {setup:?}
[[kinds]]
name = "grain"
glyph = "g"
[[variables]]
name = "level"
max = 9
"#
    );
    parse_core_resolved(&toml, "sand.toml", None).unwrap().1
}

#[test]
fn copies_of_one_settling_share_one_set_and_one_guard() {
    let program = cave_program("boards/cave-40x22.board");
    let sets: std::collections::BTreeSet<u16> = program.quiet.iter().map(|q| q.set).collect();
    let guards: std::collections::BTreeSet<u32> = program.quiet.iter().map(|q| q.guard).collect();
    assert!(
        program.quiet.len() > 1,
        "the settling is written after every move"
    );
    assert_eq!((sets.len(), guards.len()), (1, 1));
    // A rock's footprint: itself, below, beside and below beside.
    let readers = &program.quiet_readers[0];
    let cells = program.board.cells() as u16;
    let most = (0..cells).map(|c| readers.of(c).len()).max().unwrap();
    assert!(
        (4..=6).contains(&most),
        "{most} scanned cells read one cell"
    );
}

#[test]
fn only_scans_that_look_beyond_their_cell_through_fixed_ways_keep_quiet_cells() {
    let keeps = |body: &str| {
        let program = sand(&format!(
            "any {{empty}} [grain] mark scan(n e, {body}) ->next"
        ));
        let scans = program
            .ops
            .iter()
            .filter(|op| matches!(op, Op::Scan(..)))
            .count();
        assert_eq!(scans, 1);
        !program.quiet.is_empty()
    };
    assert!(keeps("{grain} <s {empty}> [empty] s [grain]"));
    assert!(keeps("{grain} s {empty} [grain] n [empty]"));
    assert!(keeps(
        "once({grain} <s {empty}> [empty] s [grain] | {grain} <w {empty}> [empty] w [grain])"
    ));
    // Only the scanned cell: the scan's guard of first tests does as much.
    assert!(!keeps("{grain} [empty]"));
    // A value read before any change, a walk of unbounded length.
    assert!(!keeps("{grain} {$ level == 0} <s {empty}> [empty]"));
    assert!(!keeps("{grain} (s {grain})* s {empty} [grain]"));
}

/// A pass skips a quiet cell only while its footprint is unchanged: a
/// grain resting on another (quiet after the turn's first settling) falls
/// once the one beneath is taken away.
#[test]
fn a_quiet_cell_wakes_when_a_cell_of_its_footprint_changes() {
    let fall = "scan(n e, {grain} <s {empty}> [empty] s [grain])*!";
    let program = sand_on(
        &format!("{fall} any {{grain}} mark [empty] {fall} ->next"),
        ["...", "...", ".g.", ".g."],
    );
    assert!(!program.quiet.is_empty());
    let game = common::core_files::played(&program, &["b1"]);
    let board = &game.program().board;
    let code = |name: &str| game.cells()[usize::from(board.cell(name).unwrap())];
    assert_eq!((code("b1"), code("b2")), (1, 0), "the grain above fell");
    let game = common::core_files::played(&program, &["b2"]);
    assert_eq!(game.cells().iter().filter(|&&c| c == 1).count(), 1);
}
