//! Patterns worked out for every cell at once (`src/lang/setwise.rs`,
//! `src/lang/machine/setwise.rs`) change nothing a player sees: every
//! built-in core ruleset, the mixed ones and small rulesets that use
//! every instruction a region may hold are played side by side, one
//! game working the sets out and the other trying each cell, with the
//! same legal actions in the same order, the same cells and the same
//! status after every action. And where regions are found: after an
//! `any {test}` whose tests end in a pattern that only steps and tests,
//! and in patterns `{? any ...}` (or a pattern of one).

use crate::common;

use std::sync::Arc;

use common::side_by_side::{self, Sides};
use relic::lang::machine::work_out_sets;
use relic::lang::setwise::Origin;
use relic::lang::{CORE_BUILTINS, Program, builtin_core, parse_core_resolved};

/// Runs a call of the first game working sets out, of the second not.
fn sets_first(side: usize, f: &mut dyn FnMut()) {
    work_out_sets(side == 0);
    f();
    work_out_sets(true);
}

/// The first difference over `games` seeded games of at most `moves`
/// actions (two copies of the program, so that no listing is shared).
fn first_difference(program: Arc<Program>, games: u64, moves: usize) -> Option<String> {
    let sides = Sides {
        programs: (program.clone(), Arc::new((*program).clone())),
        list_second: true,
        around: &sets_first,
    };
    side_by_side::first_difference(&sides, games, moves)
}

#[test]
fn every_builtin_core_ruleset_plays_the_same_with_and_without_sets() {
    let mut with_regions = Vec::new();
    for (name, _) in CORE_BUILTINS {
        let program = builtin_core(name).unwrap().unwrap();
        if !program.setwise.regions.is_empty() {
            with_regions.push(*name);
        }
        let moves = if *name == "chess" { 40 } else { 100 };
        if let Some(d) = first_difference(program, 4, moves) {
            panic!("{name}: {d}");
        }
    }
    for name in ["othello", "checkers", "ataxx"] {
        assert!(with_regions.contains(&name), "{name} has regions");
    }
}

#[test]
fn mixed_rulesets_play_the_same_with_and_without_sets() {
    for path in [
        "rulesets/mixed/othello-gravity.toml",
        "rulesets/mixed/connect-four-blast.toml",
    ] {
        let program = common::core_files::program(path);
        if let Some(d) = first_difference(program, 6, 60) {
            panic!("{path}: {d}");
        }
    }
}

/// A two-player core ruleset on a 9x9 board (two words of cells, so
/// that shifts carry across words) whose rules are `rules`, with some
/// men of each side on it.
fn field(rules: &str, macros: &str) -> Arc<Program> {
    let board = r#"
[board]
width = 9
height = 9
setup = [
    "A...B....",
    ".B..A..B.",
    "..A...A..",
    "B..BB..A.",
    ".A.....B.",
    "...A.B...",
    "B.....A..",
    ".A..B....",
    "....A...B",
]
[directions]
ahead = { a = "n", b = "s" }
"#;
    two_men(rules, &format!("{board}[macros]\n{macros}\n"))
}

/// A core ruleset of players `a` and `b`, each with men, whose rules are
/// `rules`, its board (and anything else) given by `rest`.
fn two_men(rules: &str, rest: &str) -> Arc<Program> {
    let toml = format!(
        r#"
game = "core"
name = "Men"
players = ["a", "b"]
rules = "{rules}"
no_move_rules = "end(draw)"
[[kinds]]
name = "man"
glyphs = ["A", "B"]
{rest}"#
    );
    parse_core_resolved(&toml, "men.toml", None).unwrap().1
}

/// Rules that use what a region may hold: steps, player directions,
/// slides, repetitions that are not one slide, chains of steps, jumps to
/// a cell, choices, nested and negated patterns, and `any` inside a
/// pattern; a region asked again after a change (its set worked out
/// anew for each first placement); and two regions alike but for what
/// they test (no copies of one another: neither reads the other's set).
const SHAPES: [(&str, &str); 9] = [
    (
        "any {empty} flank [man] mark ->next",
        r#"flank = "{? (n {enemy} (n {enemy})* n {own}) | (e {enemy})* e {own} | ahead ahead {empty}}""#,
    ),
    (
        "any {empty} {? (ne | sw) {enemy} (ne {enemy} ne {enemy})* ne {own}} [man] mark ->next | {! any {empty}} mark(pass) ->next",
        "",
    ),
    (
        "any {empty} {? n n e {own} | s s w {enemy}} {! e {enemy}} [man] mark ->next | mark(pass) ->next",
        "",
    ),
    (
        "any {empty} {? @a1 {empty} | w {own} {? n {empty}}} [man] mark ->next | mark(pass) ->next",
        "",
    ),
    (
        "any {empty} {! {? n {own}} | s {own}} [man] mark ->next | mark(pass) ->next",
        "",
    ),
    (
        "any {own} n {empty} [man] mark ->next | {! can} {? ->next can} mark(pass) ->next",
        r#"can = "{? any {empty} {? (w {enemy})* w {own} | ahead {own}}}""#,
    ),
    (
        "any {empty} {? n {own}} [man] mark ->next | any {empty} {? n {enemy}} mark(x) mark ->next",
        "",
    ),
    (
        "any {empty} [man] mark any {empty} {? n {own} | e e {own}} mark ->next | mark(pass) ->next",
        "",
    ),
    (
        "any {empty} {? (n | e) ({enemy} n)* {own}} [man] mark ->next | {! any {empty} {? s {own}}} mark(pass) ->next",
        "",
    ),
];

#[test]
fn every_shape_a_region_holds_plays_the_same_with_and_without_sets() {
    for (rules, macros) in SHAPES {
        let program = field(rules, macros);
        if let Some(d) = first_difference(program, 6, 40) {
            panic!("{rules}: {d}");
        }
    }
}

/// Two players on Nine Men's Morris's board of 24 points (a graph: its
/// links north are no fixed number of cells on, so a step back is taken
/// cell by cell) whose rules are `rules`.
fn morris(rules: &str) -> Arc<Program> {
    let board = r#"
[board]
shape = "graph"
width = 7
height = 7
points = ["a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4",
          "e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1"]
opposite = { e = "w", n = "s" }
[board.links]
e = ["a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3", "b2 d2 f2", "a1 d1 g1"]
n = ["a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7"]
"#;
    two_men(rules, board)
}

#[test]
fn a_graph_board_plays_the_same_with_and_without_sets() {
    let program = morris(
        "any {empty} {? (e {enemy})* e {own} | (n {enemy})* n {own} | s s {empty} | w {empty}} [man] mark ->next | mark(pass) ->next",
    );
    assert!(!program.setwise.regions.is_empty());
    if let Some(d) = first_difference(program, 8, 24) {
        panic!("{d}");
    }
}

#[test]
fn regions_are_found_after_an_any_and_in_patterns_that_start_with_one() {
    let origins = |rules: &str, macros: &str| -> Vec<Origin> {
        let program = field(rules, macros);
        (program.setwise.regions.iter()).map(|r| r.origin).collect()
    };
    let anys = |o: &[Origin]| o.iter().filter(|o| matches!(o, Origin::Any { .. })).count();
    // An `any`, its test and a probe; the pattern of a pattern of one.
    let o = origins(SHAPES[5].0, SHAPES[5].1);
    assert_eq!(anys(&o), 2, "{o:?}");
    assert_eq!(o.len() - anys(&o), 3, "{o:?}");
    // A mark before the pattern, a change inside it, a value read in it.
    assert!(origins("any {empty} mark {? n {own}} ->next", "").is_empty());
    assert!(origins("any {empty} {? n [man]} mark ->next", "").is_empty());
    assert!(origins("any {empty} {? {$ me == a}} mark ->next", "").is_empty());
}
