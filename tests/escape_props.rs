//! The configuration reader never panics: on arbitrary text, on arbitrary
//! bytes, and on soups of the language's own tokens (which reach deep into
//! the parser and the checks); what it accepts starts a game. Arbitrary
//! rulesets are reported or give meanings under which play never panics
//! and every listed move is accepted.

use proptest::prelude::*;
use relic::contract::Game;
use relic::escape::config::{parse_config, read_config_bytes};
use relic::escape::{EscapeGame, Variant};

const WORDS: &[&str] = &[
    "Coordinate",
    "type",
    "SQUARE",
    "hex",
    "TRIANGLE",
    "xMax",
    "yMax",
    ":",
    "0",
    "1",
    "3",
    "8",
    "-",
    "(",
    ")",
    ",",
    "[",
    "]",
    "Locations",
    "block",
    "EXIT",
    "clear",
    "player1",
    "PLAYER2",
    "player3",
    "Piece",
    "descriptors",
    "DOG",
    "snail",
    "frog",
    "HORSE",
    "bird",
    "omni",
    "LINEAR",
    "diagonal",
    "orthogonal",
    "skew",
    "distance",
    "fly",
    "JUMP",
    "unblock",
    "value",
    "stack",
    "Rules",
    "SCORE",
    "turn_limit",
    "POINT_CONFLICT",
    "remove",
    "/*",
    "*/",
    "Bird",
    "omin",
    "99999999999999999999",
];

fn soup() -> impl Strategy<Value = String> {
    let prefix = "Coordinate type : SQUARE xMax : 4 yMax : 0 ";
    prop::collection::vec(prop::sample::select(WORDS), 0..60)
        .prop_map(move |words| format!("{prefix}{}", words.join(" ")))
}

fn starts(text: &str) {
    if let Ok(config) = parse_config(text) {
        let game = EscapeGame::new(config, Variant::default());
        let _ = game.legal_actions();
    }
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,300}") {
        starts(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        if let Err(failure) = read_config_bytes("p.egc", bytes) {
            prop_assert!(!failure.report.is_ok());
            prop_assert!(!failure.render(80).is_empty());
        }
    }

    #[test]
    fn token_soup_never_panics(text in soup()) {
        starts(&text);
        let joined = text.replace(' ', "");
        starts(&joined);
    }
}

/// Ruleset lines, right and wrong, that a random ruleset is made of.
const RULESET_LINES: &[&str] = &[
    "no-move = \"draw\"",
    "no-move = \"higher-score\"",
    "no-move = \"drew\"",
    "illegal-move = \"loses\"",
    "[locations.CLEAR]\npassage = \"trap\"",
    "[locations.CLEAR]\nland = false",
    "[locations.CLEAR]\narrival = \"remove\"\nscore-multiplier = 0",
    "[locations.BLOCK]\npassage = \"open\"\nland = true",
    "[locations.BLOCK]\narrival = \"remove\"",
    "[locations.EXIT]\npassage = \"hurdle\"",
    "[locations.EXIT]\narrival = \"stay\"",
    "[locations.EXIT]\nscore-multiplier = 1000",
    "[locations.EXIT]\nscore-multiplier = -1",
    "[locations.EXTI]\nland = true",
    "[rules]\nSCORE = \"move-limit\"",
    "[rules]\nTURN_LIMIT = \"score-goal\"",
    "[rules]\nREMOVE = \"point-conflict\"",
    "[rules]\nPOINT_CONFLICT = \"remove-gaining\"",
    "[rules]\nREMOVE = \"forbidden\"",
    "[rules]\nSCORE = 3",
];

fn ruleset() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(RULESET_LINES), 0..5).prop_map(|lines| {
        format!(
            "game = \"escape\"\nextends = \"escape\"\n{}\n",
            lines.join("\n")
        )
    })
}

proptest! {
    /// Any ruleset either is reported or gives meanings under which a
    /// game plays without panicking, move after move.
    #[test]
    fn arbitrary_rulesets_are_reported_or_play(text in ruleset(), seed in any::<u64>()) {
        let rules = match relic::escape::ruleset::parse_escape(&text, "r.toml", None) {
            Ok(rules) => rules,
            Err(failure) => {
                prop_assert!(failure.problem_count() > 0);
                return Ok(());
            }
        };
        let config = parse_config(
            "Coordinate type : SQUARE xMax : 6 yMax : 6
             Locations : (1, 1) player1 dog (1, 3) exit (2, 2) block (6, 6) player2 horse
                 (3, 3) player1 bird (4, 4) player2 dog (5, 1) exit
             Piece descriptors : DOG omni [distance 3, value 2] HORSE linear [distance 4, jump]
                 BIRD orthogonal [fly 3]
             Rules : SCORE 4 TURN_LIMIT 6 REMOVE",
        )
        .unwrap();
        let mut game = EscapeGame::new(config, rules.variant);
        let mut pick = seed;
        for _ in 0..40 {
            let actions = game.legal_actions();
            if actions.is_empty() {
                break;
            }
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let action = actions[(pick >> 33) as usize % actions.len()];
            prop_assert!(game.apply(&action).is_ok(), "a listed move is legal");
        }
    }
}
