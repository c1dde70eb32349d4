//! The choices the specification leaves to the rules (its readings and
//! the course's later years): what an illegal move costs, what a turn
//! limit counts, and whether a path may cross an exit.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::mechanics::movement::ExitCrossing;

/// How a game of Escape plays where the specification allows more than
/// one reading; the default is the readings of the 2021 version.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// What an illegal move does.
    pub illegal_move: IllegalMove,
    /// What TURN_LIMIT counts.
    pub turn_limit_counts: TurnCount,
    /// What a path that crosses an exit (without FLY or JUMP) does.
    pub exit_crossing: ExitCrossing,
}

/// What an illegal move does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum IllegalMove {
    /// Nothing changes; the same player tries again.
    #[default]
    Retry,
    /// The moving player loses.
    Loses,
}

/// What TURN_LIMIT counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TurnCount {
    /// Rounds: each player moving once.
    #[default]
    Rounds,
    /// Single moves.
    Moves,
}

/// What a path that crosses an exit does, as rulesets write it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Crossing {
    /// The piece falls in at the first exit of its path.
    #[default]
    FallsIn,
    /// The path does not exist.
    Illegal,
}

impl From<Crossing> for ExitCrossing {
    fn from(crossing: Crossing) -> ExitCrossing {
        match crossing {
            Crossing::FallsIn => ExitCrossing::FallIn,
            Crossing::Illegal => ExitCrossing::Illegal,
        }
    }
}

impl From<ExitCrossing> for Crossing {
    fn from(crossing: ExitCrossing) -> Crossing {
        match crossing {
            ExitCrossing::FallIn => Crossing::FallsIn,
            ExitCrossing::Illegal => Crossing::Illegal,
        }
    }
}
