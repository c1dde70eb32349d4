//! What a player quitting (resigning) does to the game: one type for every
//! game family whose rulesets say it (the vocabulary's `[outcomes] quit`,
//! the core's top-level `quit`), spelled the same for every author.
//!
//! ```
//! use relic::config::quit::QuitResult;
//! #[derive(serde::Deserialize)]
//! struct Rules { quit: QuitResult }
//! let rules: Rules = toml::from_str("quit = \"draw\"").unwrap();
//! assert_eq!(rules.quit, QuitResult::Draw);
//! // The core's first spelling, `lose`, still reads as `loss`.
//! let rules: Rules = toml::from_str("quit = \"lose\"").unwrap();
//! assert!(rules.quit.is_loss());
//! ```

use schemars::JsonSchema;

use crate::contract::{Game, Seat};
use serde::{Deserialize, Serialize};

/// What quitting means: the quitter resigns, play ends in a draw, or the
/// quitter leaves and the others play on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum QuitResult {
    /// The player who quits loses (resigns) and play ends; with two
    /// players the other wins.
    #[default]
    #[serde(alias = "lose")]
    Loss,
    /// Play ends in a draw, as in games where quitting declares one.
    Draw,
    /// The player who quits leaves the game and the others play on, the
    /// turn passing over the players who have left; the last player left
    /// in wins. With two players, the same as `loss`.
    Leave,
}

/// The players who have left a game (`quit = "leave"`), a bit each (at
/// most eight players): the one account the core and the vocabulary keep.
///
/// ```
/// use relic::config::quit::Left;
/// let mut left = Left::default();
/// left.add(1);
/// assert!(left.has(1) && !left.has(0));
/// assert_eq!((left.next_in(1, 3), left.in_play(3)), (2, 2));
/// assert_eq!((left.sole_other(0, 3), left.sole_other(0, 4)), (Some(2), None));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Left(u8);

impl Left {
    /// Whether `seat` has left.
    pub fn has(self, seat: Seat) -> bool {
        seat < 8 && self.0 & (1 << seat) != 0
    }

    /// Records that `seat` has left.
    pub fn add(&mut self, seat: Seat) {
        self.0 |= 1 << seat;
    }

    /// `seat`, or where they have left, the next of `players` after them
    /// who has not.
    pub fn next_in(self, seat: Seat, players: usize) -> Seat {
        let mut s = seat;
        while self.0 != 0 && self.has(s) {
            s = (s + 1) % players;
        }
        s
    }

    /// How many of `players` are still in.
    pub fn in_play(self, players: usize) -> usize {
        (0..players).filter(|&s| !self.has(s)).count()
    }

    /// The one player other than `seat` still in, if exactly one is: who
    /// wins when `seat` loses.
    pub fn sole_other(self, seat: Seat, players: usize) -> Option<Seat> {
        let mut others = (0..players).filter(|&s| s != seat && !self.has(s));
        match (others.next(), others.next()) {
            (Some(other), None) => Some(other),
            _ => None,
        }
    }
}

/// Ends a text view with the players of `game` who have left
/// (`quit = "leave"`), when any has: `Left the game: b, c.`
///
/// ```
/// # use relic::contract::Game;
/// let game = relic::lang::CoreGame::new(relic::lang::builtin_core("hex").unwrap().unwrap());
/// let mut out = String::new();
/// relic::config::quit::write_left(&game, |seat| seat == 1, &mut out);
/// assert_eq!(out, format!("Left the game: {}.\n", game.seat_name(1)));
/// ```
pub fn write_left<G: Game>(game: &G, has_left: impl Fn(Seat) -> bool, out: &mut String) {
    let gone: Vec<String> = (0..game.seat_count())
        .filter(|&seat| has_left(seat))
        .map(|seat| game.seat_name(seat))
        .collect();
    if !gone.is_empty() {
        out.push_str(&format!("Left the game: {}.\n", gone.join(", ")));
    }
}

impl QuitResult {
    /// Whether this is the default, `loss`.
    pub fn is_loss(&self) -> bool {
        *self == QuitResult::Loss
    }
}
