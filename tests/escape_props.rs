//! The configuration reader never panics: on arbitrary text, on arbitrary
//! bytes, and on soups of the language's own tokens (which reach deep into
//! the parser and the checks); what it accepts starts a game.

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
