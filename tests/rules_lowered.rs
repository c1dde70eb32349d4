//! Moving Maze lowered to the vocabulary's tables (`relic rules show
//! --expanded`): for every shipped Moving Maze ruleset the lowered form
//! reads back to the same ruleset, compiles to the same flags, and a seeded
//! game plays the same actions and events under both. The lowered text of
//! the standard rules and of one variant are snapshots.

use std::sync::Arc;

use relic::contract::Game as Contract;
use relic::games::Setup;
use relic::games::moving_maze::{self, engine::Game};
use relic::rules::{BUILTIN_RULESETS, Rules, builtin_ruleset, lowered_toml, parse_ruleset};

/// The rules of built-in `name` and of its lowered form.
fn both(name: &str) -> (Arc<Rules>, Arc<Rules>, String) {
    let ruleset = builtin_ruleset(name).unwrap().unwrap();
    let lowered = lowered_toml(&ruleset);
    let reread = parse_ruleset(&lowered, "lowered.toml", None)
        .unwrap_or_else(|failure| panic!("{name}: {failure:?}\n{lowered}"));
    assert_eq!(
        reread, ruleset,
        "{name}: the lowered form reads back the same"
    );
    let rules = |r| Arc::new(Rules::new(r));
    (rules(ruleset), rules(reread), lowered)
}

/// A game of at most `turns` random actions (xorshift from `seed`), as the
/// notation and events of each action.
fn seeded_play(game: &Game, seed: u64, actions: usize) -> Vec<String> {
    let mut game = game.clone();
    let mut state = seed | 1;
    let mut played = Vec::new();
    for _ in 0..actions {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let action = legal[(state % legal.len() as u64) as usize];
        let text = game.write_action(&action);
        let events = Contract::apply(&mut game, &action).expect("a legal action applies");
        played.push(format!("{text} {events:?}"));
    }
    played
}

#[test]
fn every_shipped_ruleset_lowers_to_the_same_game() {
    for (name, _) in BUILTIN_RULESETS {
        let (shorthand, lowered, text) = both(name);
        let mut played = 0;
        for board in ["boards/learner-5x5.gbf", "boards/classic-7x7.gbf"] {
            let setup = Setup::file(board);
            let (Ok(a), Ok(b)) = (
                moving_maze::load(&shorthand, &setup),
                moving_maze::load(&lowered, &setup),
            ) else {
                // Boards the ruleset refuses are refused under both forms.
                let refused = moving_maze::load(&lowered, &setup).is_err();
                assert!(refused, "{name} on {board}\n{text}");
                continue;
            };
            assert_eq!(a.flags(), b.flags(), "{name} on {board}");
            for seed in [1, 7, 2026] {
                let (x, y) = (seeded_play(&a, seed, 300), seeded_play(&b, seed, 300));
                assert_eq!(x, y, "{name} on {board}, seed {seed}");
                played += x.len();
            }
        }
        assert!(played >= 50, "{name}: {played} actions in all");
    }
}

#[test]
fn the_lowered_form_is_a_fixed_point() {
    for (name, _) in BUILTIN_RULESETS {
        let (_, lowered, text) = both(name);
        assert_eq!(lowered_toml(lowered.ruleset()), text, "{name}");
    }
}

#[test]
fn lowered_standard_rules() {
    insta::assert_snapshot!(both("moving-maze").2);
}

#[test]
fn lowered_keep_moving_variant() {
    insta::assert_snapshot!(both("keep-moving").2);
}

#[test]
fn a_lowered_file_may_extend_the_shorthand_and_change_one_mechanic() {
    let text = "extends = \"moving-maze\"\n\n\
                [[actions]]\nname = \"slide\"\nmechanic = \"slide-line\"\nlast_exit = \"allowed\"\n\n\
                [[actions]]\nname = \"walk\"\nmechanic = \"walk-path\"\npaths = false\n\n\
                [[actions]]\nname = \"done\"\nmechanic = \"pass\"\n\n\
                [outcomes.relics]\nfinish = \"last-relic\"\n";
    let ruleset = parse_ruleset(text, "mine.toml", None).unwrap();
    assert!(!ruleset.slide.forbid_reverse);
    assert!(!ruleset.slide.rotate, "no rotate action: no rotation");
    assert!(ruleset.movement.steps && !ruleset.movement.pathfinding);
    assert_eq!(ruleset.win.condition, relic::rules::WinCondition::LastRelic);
    // A shorthand file extending a lowered one overrides it key by key.
    let dir = std::env::temp_dir().join(format!("relic-lowered-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("lowered.toml"), text).unwrap();
    let child = "extends = \"lowered.toml\"\n[movement]\npathfinding = true\n";
    let ruleset = parse_ruleset(child, "child.toml", Some(&dir)).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(ruleset.movement.pathfinding && !ruleset.slide.forbid_reverse);
}

#[test]
fn the_lowered_kinds_and_messages_follow_the_ruleset() {
    // Two players: the yellow and red relics belong to nobody; Dutch: the
    // messages are written with the ruleset's texts.
    let (_, _, two) = both("two-players");
    assert!(two.contains("name = \"relic-y\"\nrole = \"relic\"\nglyph = \"y\"\n\n"));
    assert!(two.contains("name = \"adventurer-blue\"\nrole = \"adventurer\"\nglyph = \"B\"\nowner = \"blue\"\nhome = \"bottom-right\"\n"));
    assert!(!two.contains("adventurer-red"));
    let (_, _, dutch) = both("dutch");
    assert!(dutch.contains("[messages]\ngame_over = \"Het spel is afgelopen.\"\n"));
    assert!(dutch.contains("west = \"westen\"\n"));
}

#[test]
fn a_lowered_kind_that_says_otherwise_is_refused() {
    let (_, _, text) = both("moving-maze");
    for (from, to) in [
        ("glyph = \"G\"", "glyph = \"Q\""),
        ("gbf = \"1100\"", "gbf = \"0011\""),
        ("owner = \"red\"\nhome", "owner = \"blue\"\nhome"),
        ("name = \"crossing\"", "name = \"cross\""),
    ] {
        assert!(text.contains(from), "{from}");
        let changed = text.replacen(from, to, 1);
        let failure = parse_ruleset(&changed, "lowered.toml", None).expect_err(to);
        let codes: Vec<String> = (failure.reports[0].json_diagnostics().into_iter())
            .map(|d| d.code)
            .collect();
        assert_eq!(codes, ["rules::lowered::kind"], "{to}");
    }
}
