//! Seeded random games reduced to one number, and the published counts of
//! the vocabulary's classic games (`tests/fixtures/vocab-counts.toml`):
//! what `vocab_same_games.rs`, `vocab_perft.rs` and `vocab_lowered.rs`
//! compare.

use relic::contract::{Game, Status};

/// FNV-1a over every action written in the notation, its index in the
/// legal list, and each game's end, for `games` seeded random games from
/// `start`; and the number of actions played.
pub fn fingerprint<G: Game>(start: &G, games: u64) -> (u64, u64) {
    let (mut hash, mut turns) = (0xcbf2_9ce4_8422_2325_u64, 0);
    let mut mix = |bytes: &[u8]| {
        for &b in bytes {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    for seed in 0..games {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut game = start.clone();
        while let Status::ToMove(_) = game.status() {
            let legal = game.legal_actions();
            let pick = rng.usize(..legal.len());
            let written = game.write_action(&legal[pick]);
            mix(format!("{pick}/{} {written};", legal.len()).as_bytes());
            game.apply(&legal[pick]).expect("a listed action applies");
            turns += 1;
        }
        mix(format!("{:?}|", game.status()).as_bytes());
    }
    (hash, turns)
}

/// `tests/fixtures/vocab-counts.toml`.
#[derive(serde::Deserialize)]
pub struct VocabCounts {
    /// Each published count.
    pub count: Vec<Count>,
}

/// A published count: of which ruleset, what is counted, where from.
#[derive(serde::Deserialize)]
pub struct Count {
    pub ruleset: String,
    pub measure: String,
    pub source: String,
    pub counts: Vec<u64>,
}

/// The counts of `tests/fixtures/vocab-counts.toml`.
pub fn vocab_counts() -> VocabCounts {
    let text = include_str!("../fixtures/vocab-counts.toml");
    toml::from_str(text).expect("vocab-counts.toml reads")
}
