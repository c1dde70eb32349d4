//! Any bytes as the rules of a core ruleset (grammar/core-rules.pest),
//! given both as the `rules` string and as a macro of a small square-board
//! game: reading and compiling must never panic; rules that compile must
//! start a game whose first legal actions apply (a runaway search stops
//! with a fault, never a hang); rules that do not must come with problems
//! that render and serialise.

#![no_main]

use libfuzzer_sys::fuzz_target;
use relic::contract::Game;
use relic::lang::{CoreGame, parse_core_resolved, parse::parse_rules};

const HEAD: &str = "game = \"core\"\nname = \"Fuzz\"\nplayers = [\"a\", \"b\"]\n\
[board]\nwidth = 4\nheight = 3\n\
[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n\
[directions]\nforward = { a = \"n\", b = \"s\" }\n\
[[variables]]\nname = \"count\"\nmax = 9\n";

fuzz_target!(|data: &[u8]| {
    let Ok(rules) = std::str::from_utf8(data) else {
        return;
    };
    let _ = parse_rules(rules, 0);
    // A TOML basic string of the rules: every character escaped.
    let quoted: String = rules.chars().map(|c| format!("\\U{:08X}", c as u32)).collect();
    for toml in [
        format!("{HEAD}rules = \"{quoted}\"\n"),
        format!("{HEAD}rules = \"body ->next\"\n[macros]\nbody = \"{quoted}\"\n"),
    ] {
        match parse_core_resolved(&toml, "fuzz.toml", None) {
            Ok((_, program)) => {
                let game = CoreGame::new(program);
                for action in game.legal_actions().into_iter().take(3) {
                    let mut copy = game.clone();
                    copy.apply(&action).expect("a listed action applies");
                }
            }
            Err(failure) => {
                assert!(failure.problem_count() > 0, "rejected without a problem");
                for report in &failure.reports {
                    let _ = report.render(80);
                    let _ = report.json_diagnostics();
                }
            }
        }
    }
});
