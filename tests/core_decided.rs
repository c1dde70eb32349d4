//! Listing an action at its last mark when the rest of the turn is
//! decided (`Program::decided`, `src/lang/decided.rs`), and following an
//! action from an anchored `any` at the cell of its next mark only
//! (`Program::anchored`, `src/lang/anchor.rs`), change nothing a player
//! sees: on every built-in core ruleset, on the vocabulary rulesets that
//! lower into the core and on Boulder Dash written in the core, seeded
//! random games are played twice, by the program as loaded and by the
//! same program with no instruction marked decided or anchored (every
//! action listed at the end of its path and followed through every cell,
//! as before the analyses), with the same legal actions in the same order,
//! the same cells, variables and status after every action.

use crate::common;

use std::sync::Arc;

use common::side_by_side::{self, Sides};
use relic::games::boulder_dash::read_board;
use relic::lang::program::Op;
use relic::lang::{CORE_BUILTINS, Program, builtin_core, parse_core_resolved};

/// The program, and the same with nothing decided nor anchored.
fn both(program: Arc<Program>) -> (Arc<Program>, Arc<Program>) {
    let mut plain = (*program).clone();
    plain.decided.iter_mut().for_each(|d| *d = false);
    plain.anchored.iter_mut().for_each(|a| *a = false);
    (program, Arc::new(plain))
}

/// The first difference over `games` seeded games of at most `moves`
/// actions between the program and the same with nothing decided nor
/// anchored, both listed at every turn.
fn first_difference(program: Arc<Program>, games: u64, moves: usize) -> Option<String> {
    let programs = both(program);
    let sides = Sides {
        programs,
        list_second: true,
        around: &side_by_side::plainly,
    };
    side_by_side::first_difference(&sides, games, moves)
}

/// The first difference over `games` seeded games of at most `moves`
/// actions between the program with nothing decided nor anchored, listed
/// at every turn, and `program` never listed: its actions are applied by
/// following their paths from the turn's start (where an anchored `any`
/// tries one cell), not from a kept listing.
fn followed_difference(program: Arc<Program>, games: u64, moves: usize) -> Option<String> {
    let (_, plain) = both(program.clone());
    let sides = Sides {
        programs: (plain, Arc::new((*program).clone())),
        list_second: false,
        around: &side_by_side::plainly,
    };
    side_by_side::first_difference(&sides, games, moves).map(|d| d + " (followed)")
}

#[test]
fn every_builtin_core_ruleset_plays_the_same_with_and_without_the_analyses() {
    let (mut decided, mut anchored) = (0, 0);
    for (name, _) in CORE_BUILTINS {
        let program = builtin_core(name).unwrap().unwrap();
        decided += program.decided.iter().filter(|d| **d).count();
        anchored += program.anchored.iter().filter(|a| **a).count();
        let wide = common::core_files::lists_thousands(&program);
        let (games, moves) = match (wide, *name == "chess") {
            (true, _) => (1, 6),
            (false, true) => (4, 40),
            (false, false) => (4, 80),
        };
        if let Some(d) = first_difference(program.clone(), games, moves)
            .or_else(|| followed_difference(program, games.div_ceil(2), moves))
        {
            panic!("{name}: {d}");
        }
    }
    assert!(decided > 0, "some built-in has a decided rest");
    assert!(anchored > 0, "some built-in has an anchored any");
}

#[test]
fn lowered_vocabulary_rulesets_play_the_same() {
    for name in [
        "tic-tac-toe",
        "connect-four",
        "breakthrough",
        "gobblet-gobblers",
    ] {
        let rules = relic::games::builtin_game_rules(name).unwrap().unwrap();
        let core = rules.core_toml().unwrap();
        let (_, program) = parse_core_resolved(&core, name, None).unwrap();
        if let Some(d) =
            first_difference(program.clone(), 6, 60).or_else(|| followed_difference(program, 2, 60))
        {
            panic!("{name}: {d}");
        }
    }
}

#[test]
fn boulder_dash_in_the_core_plays_the_same() {
    for (file, walker) in common::walker_physics_rulesets() {
        let text =
            std::fs::read_to_string("tests/fixtures/boulder-dash/game-files/board.board").unwrap();
        let cave = read_board(&walker, &text).unwrap();
        let core = relic::walker::lower::walker_core(&walker, &cave);
        let (_, program) = parse_core_resolved(&core, "cave", None).unwrap();
        assert!(program.decided.iter().any(|d| *d), "{}", file.display());
        if let Some(d) =
            first_difference(program.clone(), 8, 40).or_else(|| followed_difference(program, 2, 40))
        {
            panic!("{}: {d}", file.display());
        }
    }
}

/// The comparison sees a wrong analysis: chess with every instruction
/// taken as decided lists moves that leave the king attacked.
#[test]
fn a_wrong_analysis_is_caught() {
    let chess = builtin_core("chess").unwrap().unwrap();
    let mut wrong = (*chess).clone();
    wrong.decided.iter_mut().for_each(|d| *d = true);
    assert!(first_difference(Arc::new(wrong), 4, 40).is_some());
}

/// The comparison sees a wrong anchoring: Boulder Dash's player is found
/// by `any` and moves before its move is marked, so following a move only
/// from the cell of its first mark finds nothing (a listed move is played
/// from the listing, so only moves followed from the turn's start show
/// it).
#[test]
fn a_wrong_anchoring_is_caught() {
    let (_, walker) = common::walker_physics_rulesets()
        .into_iter()
        .next()
        .unwrap();
    let text =
        std::fs::read_to_string("tests/fixtures/boulder-dash/game-files/board.board").unwrap();
    let cave = read_board(&walker, &text).unwrap();
    let core = relic::walker::lower::walker_core(&walker, &cave);
    let (_, program) = parse_core_resolved(&core, "cave", None).unwrap();
    let mut wrong = (*program).clone();
    for (pc, op) in wrong.ops.iter().enumerate() {
        if matches!(op, Op::Any | Op::AnyOf(_)) {
            wrong.anchored[pc] = true;
        }
    }
    assert!(followed_difference(Arc::new(wrong), 4, 40).is_some());
}

/// A finish that compares two values three ways, tests a pattern and its
/// negation written through a macro (`{! x}` with `x` a pattern), or
/// assigns a count to a variable with room for every cell, leaves the
/// rest after the last mark decided, and plays the same as with nothing
/// decided; so is a pattern and its negation that flood fill.
#[test]
fn comparisons_of_two_values_and_patterns_of_patterns_are_seen_through() {
    let finish = [
        "( {$ count{own} > count{enemy}} end(win) | {$ count{own} == count{enemy}} ->next | {$ count{enemy} > count{own}} end(lose) )",
        "( {! full} ->next | full end(draw) )",
        "[$ a = count{own}] ( {$ a > 4} end(win) | {$ a <= 4} ->next )",
        // Two copies of a flood fill (`reach` of a plain move) read alike.
        "( {? joined} end(win) | {! joined} ->next )",
    ];
    for rules in finish {
        let toml = format!(
            "game = \"core\"\nname = \"Finish\"\nplayers = [\"x\", \"y\"]\n\
             rules = \"any {{empty}} mark [stone] {rules}\"\n\
             [macros]\nfull = \"{{? {{! any {{empty}}}}}}\"\n\
             joined = \"{{? @a1 {{own}} reach((n | e) {{own}}) {{@ c3}}}}\"\n\
             [board]\nwidth = 3\nheight = 3\n[[kinds]]\nname = \"stone\"\nglyphs = [\"X\", \"O\"]\n\
             [[variables]]\nname = \"a\"\nmax = 9\n"
        );
        let (_, program) = parse_core_resolved(&toml, "finish", None)
            .unwrap_or_else(|failure| panic!("{}", failure.render(80)));
        let mark = program.ops.iter().position(|op| *op == Op::Mark).unwrap();
        assert!(
            program.decided[mark + 1],
            "{rules}: the rest after the mark"
        );
        assert_eq!(first_difference(program, 8, 12), None, "{rules}");
    }
}
