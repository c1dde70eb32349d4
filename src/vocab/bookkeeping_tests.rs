//! The position's incrementally kept data always equals what a
//! from-scratch recomputation gives, on random play of every built-in
//! vocabulary ruleset: who shows on top of each square, the kind on top
//! and the full stacks, the neutral
//! squares, the reserve counts of reserve stacks, the emptiness above each
//! stack, the effects each player has used up, the lower bound on the
//! next status change of a neutral top (ending statuses at once changes
//! nothing), and the squares whose lines the next check
//! looks at (every full line goes through one).

use proptest::prelude::*;

use super::compile::{Cells, Program};
use super::schema::MAX_PLAYERS;
use super::{VOCAB_BUILTINS, VocabGame, builtin_vocab};
use crate::contract::{Game, Status};

/// The visible tops per player and the neutral squares, from the stacks,
/// as of turn `turn`.
fn tops_from_scratch(game: &VocabGame, turn: u32) -> ([Cells; MAX_PLAYERS], Cells) {
    let (mut tops, mut neutral) = ([0; MAX_PLAYERS], 0);
    for cell in 0..game.program.geometry.cells() as u8 {
        let h = usize::from(game.heights[usize::from(cell)]);
        if h == 0 {
            continue;
        }
        let (code, timer) = (game.top(cell), game.timer(cell, h - 1));
        if timer > turn {
            neutral |= 1 << cell;
        } else {
            tops[usize::from(Program::decode(code).1)] |= 1 << cell;
        }
    }
    (tops, neutral)
}

/// Every problem with `game`'s kept data, described.
fn problems(game: &VocabGame) -> Vec<String> {
    let mut found = Vec::new();
    // Statuses move on when the turn passes; the last turn of a game does
    // not pass (the final position shows what that turn left).
    // (A quit ends play without passing the turn.)
    let over = game.status.is_over();
    let shown = |turn| (game.tops, game.neutral) == tops_from_scratch(game, turn);
    if !(shown(game.turn) || over && shown(game.turn.saturating_sub(1))) {
        found.push("the tops or the neutral squares differ from the stacks".to_owned());
    }
    let height = usize::from(game.program.height);
    let covering = game.program.cover != super::schema::Cover::None;
    for kind in (0..game.program.kinds.len() as u8).filter(|_| covering) {
        let shown = (0..game.program.geometry.cells() as u8)
            .filter(|&c| game.top(c) != 0 && Program::decode(game.top(c)).0 == kind);
        if game.kind_tops(kind) != shown.fold(0, |m, c| m | 1 << c) {
            found.push(format!(
                "the squares topped by kind {kind} differ from the stacks"
            ));
        }
    }
    let full = (game.heights.iter().enumerate())
        .filter(|&(_, &h)| h >= game.program.height)
        .fold(0, |m: Cells, (c, _)| m | 1 << c);
    if covering && game.full() != full {
        found.push("the full squares differ from the stack heights".to_owned());
    }
    for (cell, &h) in game.heights.iter().enumerate() {
        let above = cell * height + usize::from(h)..(cell + 1) * height;
        let timers_clear = game
            .timers
            .get(above.clone())
            .is_none_or(|t| t.iter().all(|&t| t == 0));
        if game.pieces[above].iter().any(|&c| c != 0) || !timers_clear {
            found.push(format!(
                "square {cell} holds something above its height {h}"
            ));
        }
    }
    for player in 0..game.program.players.len() {
        let rules = game.program.rules.iter().enumerate();
        let used_up = (rules
            .filter(|&(r, rule)| rule.is_effect() && game.uses_left(player, r) == Some(0)))
        .fold(0u32, |m, (r, _)| m | 1 << r);
        if game.used_up[player] != used_up {
            found.push(format!(
                "player {player}'s used-up effects differ from the uses left"
            ));
        }
    }
    let (count, kinds) = (usize::from(game.program.stacks), game.program.kinds.len());
    for player in (0..game.program.players.len()).filter(|_| count > 0) {
        for kind in 0..kinds {
            let stacks = &game.stacks[player * count..(player + 1) * count];
            let held = stacks.iter().filter(|&&s| s >> kind & 1 == 1).count();
            if usize::from(game.reserves[player * kinds + kind]) != held {
                found.push(format!(
                    "player {player}'s reserve of kind {kind} is miscounted"
                ));
            }
        }
    }
    if over {
        return found;
    }
    let neutral = (0..game.program.geometry.cells() as u8).filter(|&c| game.neutral >> c & 1 == 1);
    for cell in neutral {
        let t = game.timer(cell, usize::from(game.heights[usize::from(cell)]) - 1);
        if game.expiry > t {
            found.push(format!(
                "the neutral top of square {cell}, whose status ends on turn {t}, is past the bound {}",
                game.expiry
            ));
        }
    }
    let lines = &game.program.lines.masks;
    for (player, &tops) in game.tops.iter().enumerate() {
        let unseen = lines.iter().any(|&m| m & !tops == 0 && m & game.fresh == 0);
        if game.program.effect_rules != 0 && unseen {
            found.push(format!(
                "player {player} has a full line the next check misses"
            ));
        }
    }
    let mut scanned = game.clone();
    scanned.expiry = 0;
    scanned.expire();
    if scanned != *game || (scanned.tops, scanned.neutral) != (game.tops, game.neutral) {
        found.push("ending statuses now changes the position".to_owned());
    }
    found
}

/// Plays a random game of `name` from `seed`, checking after every action.
fn check_random_game(name: &str, seed: u64) -> Result<(), TestCaseError> {
    let program = builtin_vocab(name).expect("built in").expect("valid");
    let mut game = VocabGame::new(program);
    let mut rng = fastrand::Rng::with_seed(seed);
    prop_assert_eq!(
        problems(&game),
        Vec::<String>::new(),
        "{} at the start",
        name
    );
    while let Status::ToMove(_) = game.status() {
        let legal = game.legal_actions();
        let action = legal[rng.usize(..legal.len())];
        game.apply(&action).expect("a listed action applies");
        let written = game.write_action(&action);
        prop_assert_eq!(
            problems(&game),
            Vec::<String>::new(),
            "{} after {} ({:?})",
            name,
            written,
            game.status()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn kept_data_equals_a_recomputation(seed in any::<u64>()) {
        for (name, _) in VOCAB_BUILTINS {
            check_random_game(name, seed)?;
        }
    }
}
