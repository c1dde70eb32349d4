//! `forbid_repeat`: in random games of Go under positional superko on a
//! small board, the legal actions are exactly the plain rules' actions
//! less those that change the board into one seen before, and apply
//! refuses what the listing leaves out.

use relic::contract::Game;
use relic::lang::{CoreGame, parse_core_resolved};

const SIZE: &str = "[board]\nwidth = 4\nheight = 4\n";

fn game(head: &str) -> CoreGame {
    let text = format!("game = \"core\"\n{head}\n{SIZE}");
    let (_, program) = parse_core_resolved(&text, "small.toml", None)
        .map_err(|e| e.render(80))
        .unwrap();
    CoreGame::new(program)
}

/// Go-superko's own rules without the rule against repeats.
fn plain() -> CoreGame {
    game("extends = \"go\"\n\n[macros]\nliberty = \"{empty}\"\nunko = \"()\"\nsetko = \"()\"\n")
}

fn superko() -> CoreGame {
    game("extends = \"go-superko\"")
}

/// A small deterministic generator (no dependency on the crate's seeds).
fn next(seed: &mut u64) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed >> 16) as usize
}

#[test]
fn superko_lists_the_plain_actions_less_the_repeats() {
    let mut removed = 0;
    for start in 1..=40u64 {
        let mut seed = start.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let (mut ko, mut free) = (superko(), plain());
        let mut boards = vec![ko.cells().to_vec()];
        while ko.status().to_move().is_some() && ko.turn() < 300 {
            let mut expected = Vec::new();
            for action in free.legal_actions() {
                let mut after = free.clone();
                after.apply(&action).unwrap();
                let changes = after.cells() != free.cells();
                if changes && boards.iter().any(|b| b == after.cells()) {
                    removed += 1;
                    assert!(ko.apply(&action).is_err(), "{}", ko.write_action(&action));
                } else {
                    expected.push(action);
                }
            }
            let legal = ko.legal_actions();
            assert_eq!(legal, expected, "turn {} of game {start}", ko.turn());
            // Passes only when nothing else is left: long games meet more
            // of the cycles the rule is about.
            let placing: Vec<_> = (legal.iter())
                .filter(|a| ko.write_action(a) != "pass")
                .collect();
            let action = match placing.len() {
                0 => legal[0],
                n => *placing[next(&mut seed) % n],
            };
            ko.apply(&action).unwrap();
            free.apply(&action).unwrap();
            assert_eq!(ko.cells(), free.cells());
            boards.push(ko.cells().to_vec());
        }
    }
    assert!(
        removed > 40,
        "only {removed} repeats met: the test barely tries the rule"
    );
}
