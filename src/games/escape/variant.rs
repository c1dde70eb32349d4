//! The choices the specification leaves to the rules (its readings and
//! the course's later years): what an illegal move costs, what a turn
//! limit counts, and whether a path may cross an exit.

use serde::Deserialize;

use crate::mechanics::movement::ExitCrossing;

/// How a game of Escape plays where the specification allows more than
/// one reading; the default is the readings of the 2021 version.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Variant {
    /// What an illegal move does.
    #[serde(default)]
    pub illegal_move: IllegalMove,
    /// What TURN_LIMIT counts.
    #[serde(default)]
    pub turn_limit_counts: TurnCount,
    /// What a path that crosses an exit (without FLY or JUMP) does.
    #[serde(default, with = "crossing")]
    pub exit_crossing: ExitCrossing,
}

/// What an illegal move does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IllegalMove {
    /// Nothing changes; the same player tries again.
    #[default]
    Retry,
    /// The moving player loses.
    Loses,
}

/// What TURN_LIMIT counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnCount {
    /// Rounds: each player moving once.
    #[default]
    Rounds,
    /// Single moves.
    Moves,
}

mod crossing {
    use serde::{Deserialize, Deserializer};

    use crate::mechanics::movement::ExitCrossing;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ExitCrossing, D::Error> {
        match String::deserialize(d)?.as_str() {
            "falls-in" => Ok(ExitCrossing::FallIn),
            "illegal" => Ok(ExitCrossing::Illegal),
            other => Err(serde::de::Error::unknown_variant(other, &["falls-in", "illegal"])),
        }
    }
}
