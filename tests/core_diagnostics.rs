//! Core rulesets with problems (`tests/fixtures/core-bad/`) are reported
//! with every problem at once, as snapshotted (without colour at width
//! 80), each with a `core::` or `rules::` code, a label and a help line;
//! the expanded form of every built-in core ruleset reads back to the same
//! program; a runaway rule stops play with a clear message.

use crate::common;

use relic::contract::{Game, Outcome, TextView};
use relic::games::{CoreRules, Registered};
use relic::lang::{CORE_BUILTINS, CoreGame, builtin_core, load_core_resolved, parse_core_resolved};

#[test]
fn every_bad_core_fixture_is_reported_as_snapshotted() {
    let files = common::fixture_files("tests/fixtures/core-bad", "toml");
    assert!(files.len() >= 3);
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let failure = load_core_resolved(&path).expect_err(&stem);
        for report in &failure.reports {
            for diagnostic in report.json_diagnostics() {
                let code = &diagnostic.code;
                assert!(
                    code.starts_with("core::") || code.starts_with("rules::"),
                    "{stem}: {code}"
                );
                assert!(diagnostic.help.is_some(), "{stem}: {diagnostic:?}");
                assert!(diagnostic.line.is_some(), "{stem}: {diagnostic:?}");
            }
        }
        insta::assert_snapshot!(format!("core-{stem}-human"), failure.render(80));
    }
}

#[test]
fn the_expanded_form_reads_back_to_the_same_program() {
    for (name, source) in CORE_BUILTINS {
        let rules = CoreRules::parse_rules(source, name, None).unwrap();
        let expanded = CoreRules::expanded_toml(&rules);
        assert!(!expanded.contains("[macros]"), "{name}");
        let again = CoreRules::parse_rules(&expanded, "expanded", None)
            .unwrap_or_else(|e| panic!("{name}:\n{}", e.render(80)));
        assert_eq!(again.program.ops, rules.program.ops, "{name}");
        let resolved = CoreRules::resolved_toml(&rules);
        let back = CoreRules::parse_rules(&resolved, "resolved", None).unwrap();
        assert_eq!(back.program, rules.program, "{name}");
    }
}

#[test]
fn a_runaway_rule_stops_play_with_a_message() {
    let toml = "game = \"core\"\nname = \"Runaway\"\nplayers = [\"a\", \"b\"]\nrules = \"any ([stone] [empty])* mark ->next\"\n[board]\nwidth = 2\nheight = 1\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n";
    let (_, program) = parse_core_resolved(toml, "runaway.toml", None).unwrap();
    let game = CoreGame::new(program);
    assert_eq!(game.status().outcome(), Some(Outcome::Stopped));
    assert!(game.legal_actions().is_empty());
    let mut text = String::new();
    game.write_position(&mut text);
    assert!(game.fault().is_some());
}

#[test]
fn refused_actions_leave_the_position_unchanged() {
    let mut game = CoreGame::new(builtin_core("chess").unwrap().unwrap());
    let before = game.clone();
    for text in ["e2e5", "e7e5", "a1a2"] {
        let action = game.parse_action(text).unwrap();
        assert!(game.apply(&action).is_err(), "{text}");
        assert_eq!(game, before);
    }
    assert!(game.parse_action("z9z9").is_err());
    let castle = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"];
    for text in castle {
        let action = game.parse_action(text).unwrap();
        game.apply(&action)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let mut text = String::new();
    game.write_position(&mut text);
    assert!(text.contains("R K"), "{text}");
}

#[test]
fn fools_mate_is_checkmate_and_a_threefold_repetition_draws() {
    let mut game = CoreGame::new(builtin_core("chess").unwrap().unwrap());
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.apply(&game.parse_action(text).unwrap()).unwrap();
    }
    assert_eq!(game.status().outcome(), Some(Outcome::Won(1)));
    let mut game = CoreGame::new(builtin_core("chess").unwrap().unwrap());
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for text in shuffle.iter().chain(&shuffle) {
        game.apply(&game.parse_action(text).unwrap()).unwrap();
    }
    assert_eq!(game.status().outcome(), Some(Outcome::Draw));
}

#[test]
fn a_listing_that_faults_stops_play_and_perft_says_where() {
    // After `go`, whether there is an action is found at once (`stay`);
    // listing them all (as perft's last depth does, through `&self`)
    // meets a way of 25 marks, one more than an action holds, which must
    // not read as no move.
    let toml = "game = \"core\"\nname = \"Long\"\nplayers = [\"a\", \"b\"]\nrules = \"{$ k == 0} mark(go) [$ k = 1] ->next | {$ k == 1} (mark(stay) ->next | (any mark){25} ->next)\"\n[board]\nwidth = 2\nheight = 1\n[[kinds]]\nname = \"stone\"\nglyph = \"o\"\n[[variables]]\nname = \"k\"\nmax = 1\n";
    let (_, program) = parse_core_resolved(toml, "many.toml", None).unwrap();
    let start = CoreGame::new(program);
    let report = relic::perft::perft_report(&start, 2, false);
    let stopped = report.stopped.expect("stopped");
    assert_eq!((stopped.depth, stopped.action.as_str()), (1, "go"));
    assert!(stopped.message.contains("parts"), "{}", stopped.message);
}

#[test]
fn an_unused_macro_may_stack_its_parameter() {
    let toml = "game = \"core\"\nname = \"Unused\"\nplayers = [\"a\", \"b\"]\nrules = \"any {empty} mark ->next\"\n[board]\nwidth = 2\nheight = 1\n[[kinds]]\nname = \"stone\"\nglyphs = [\"X\", \"O\"]\n[macros]\n\"put(m)\" = \"[push m] [become m]\"\n";
    let loaded = parse_core_resolved(toml, "unused.toml", None).map_err(|e| e.render(80));
    assert!(loaded.is_ok(), "{}", loaded.err().unwrap_or_default());
}

#[test]
fn a_ruleset_sets_its_own_step_limit() {
    let rules = |limit: &str| {
        format!(
            "game = \"core\"\nname = \"Limit\"\nplayers = [\"a\", \"b\"]\n{limit}rules = \"any {{empty}} [stone] any {{empty}} [stone] mark ->next\"\n[board]\nwidth = 12\nheight = 12\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n"
        )
    };
    let game = |limit: &str| {
        let (_, program) = parse_core_resolved(&rules(limit), "limit.toml", None).unwrap();
        CoreGame::new(program)
    };
    let plain = game("");
    assert_eq!(plain.legal_actions().len(), 144);
    assert!(plain.fault().is_none());
    let low = game("step_limit = 1000\n");
    assert!(low.legal_actions().is_empty());
    assert_eq!(low.status().outcome(), Some(Outcome::Stopped));
    let message = low.stopped_by_rules().unwrap();
    assert!(message.contains("more than 1000 steps"), "{message}");
    let raised = game("step_limit = 100000000\n");
    assert_eq!(raised.legal_actions(), plain.legal_actions());
    let refused = parse_core_resolved(&rules("step_limit = 10\n"), "limit.toml", None).unwrap_err();
    assert!(
        refused.render(80).contains("`step_limit` is 10"),
        "{}",
        refused.render(80)
    );
}
