//! The interpreter's remembered probe answers (`src/lang/machine/memo.rs`)
//! change nothing a player sees: on every built-in core ruleset and on the
//! vocabulary rulesets that lower into the core, seeded random games are
//! played twice side by side, one game's searches remembering probes'
//! answers from one position to the next and the other's running every
//! probe, with the same legal actions in the same order, the same cells
//! and the same status and events after every action.

use crate::common;

use std::sync::Arc;

use common::side_by_side::{self, Sides};
use relic::contract::Game;
use relic::lang::machine::remember_probes;
use relic::lang::{CORE_BUILTINS, CoreGame, Program, builtin_core, parse_core_resolved};

/// `f` run with the memo on or off, and the memo on again after.
fn with_memo<T>(on: bool, f: impl FnOnce() -> T) -> T {
    remember_probes(on);
    let result = f();
    remember_probes(true);
    result
}

/// Runs a call of the first game with the memo, of the second without.
fn memo_on_first(side: usize, f: &mut dyn FnMut()) {
    with_memo(side == 0, f)
}

/// The first difference over `games` seeded games of at most `moves`
/// actions. The two games hold two copies of the program (so that they do
/// not share a kept listing) that share their remembered answers.
fn first_difference(program: Arc<Program>, games: u64, moves: usize) -> Option<String> {
    let sides = Sides {
        programs: (program.clone(), Arc::new((*program).clone())),
        list_second: true,
        around: &memo_on_first,
    };
    side_by_side::first_difference(&sides, games, moves)
}

#[test]
fn every_builtin_core_ruleset_plays_the_same_with_and_without_the_memo() {
    for (name, _) in CORE_BUILTINS {
        let program = builtin_core(name).unwrap().unwrap();
        let wide = common::core_files::lists_thousands(&program);
        let (games, moves) = match (wide, *name == "chess") {
            (true, _) => (1, 8),
            (false, true) => (5, 60),
            (false, false) => (5, 100),
        };
        if let Some(d) = first_difference(program, games, moves) {
            panic!("{name}: {d}");
        }
    }
}

#[test]
fn lowered_vocabulary_rulesets_play_the_same_with_and_without_the_memo() {
    for name in [
        "tic-tac-toe",
        "connect-four",
        "breakthrough",
        "gobblet-gobblers",
        "stacked-tic-tac-toe",
    ] {
        let rules = relic::games::builtin_game_rules(name).unwrap().unwrap();
        let core = rules.core_toml().unwrap();
        let (_, program) = parse_core_resolved(&core, name, None).unwrap();
        if let Some(d) = first_difference(program, 5, 60) {
            panic!("{name}: {d}");
        }
    }
}

/// A probe read before and after a move that changes what it reads: the
/// king of a position where one move gives check and another does not.
#[test]
fn an_answer_is_not_given_again_once_a_cell_it_read_changed() {
    let program = builtin_core("chess").unwrap().unwrap();
    let copy = Arc::new((*program).clone());
    // 1. e4 f5 2. Qh5+: after f5 the king's diagonal to h5 is open.
    let line = ["e2e4", "f7f5", "d1h5"];
    let (mut a, mut b) = (CoreGame::new(program), CoreGame::new(copy));
    for text in line {
        let move_a = a.parse_action(text).unwrap();
        with_memo(true, || a.apply(&move_a)).unwrap();
        let move_b = b.parse_action(text).unwrap();
        with_memo(false, || b.apply(&move_b)).unwrap();
        let listed = with_memo(true, || a.legal_actions());
        assert_eq!(
            listed,
            with_memo(false, || b.legal_actions()),
            "after {text}"
        );
    }
    // In check from h5 along h5-g6-f7-e8: g6 blocks; nothing else reaches
    // g6 or f7 but the king, and f7 is attacked.
    let written: Vec<String> = a
        .legal_actions()
        .iter()
        .map(|m| a.write_action(m))
        .collect();
    assert_eq!(written, ["g7g6"], "black's only answer to Qh5+");
}
