//! What the words of a configuration mean, as a ruleset says it: each
//! location type's [`SquareRule`], each rule word's mechanic, what an
//! illegal move costs and what having no move does. [`Variant::default`]
//! is the base ruleset (`rulesets/escape.toml`): the 2021 readings.
//!
//! ```
//! use relic::escape::{CountRule, Variant};
//! use relic::escape::config::{LocationKind, Rules};
//! use relic::mechanics::capture::Capture;
//! let variant = Variant::default();
//! assert!(variant.square(LocationKind::Exit).removes());
//! let rules = Rules { turn_limit: Some(10), remove: true, ..Rules::default() };
//! assert_eq!(variant.race(&rules).move_limit, Some(20));
//! assert_eq!(variant.capture(&rules), Capture::Remove);
//! let later = Variant { turn_limit: CountRule::MoveLimit, ..variant };
//! assert_eq!(later.race(&rules).move_limit, Some(10));
//! ```

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::mechanics::capture::Capture;
use crate::mechanics::movement::ExitCrossing;
use crate::mechanics::race::{NoMove, ScoreRace};
use crate::mechanics::squares::{Arrival, Passage, SquareRule};

use super::config::{LocationKind, Rules};

/// What a configuration's words mean in one ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// What an illegal move does.
    pub illegal_move: IllegalMove,
    /// What a CLEAR location does.
    pub clear: SquareRule,
    /// What a BLOCK location does.
    pub block: SquareRule,
    /// What an EXIT location does.
    pub exit: SquareRule,
    /// What the player to move having no legal move does.
    pub no_move: NoMove,
    /// What `SCORE n` means.
    pub score: CountRule,
    /// What `TURN_LIMIT n` means.
    pub turn_limit: CountRule,
    /// What `POINT_CONFLICT` means.
    pub point_conflict: Capture,
    /// What `REMOVE` means.
    pub remove: Capture,
}

impl Default for Variant {
    fn default() -> Variant {
        Variant {
            illegal_move: IllegalMove::Retry,
            clear: SquareRule::OPEN,
            block: SquareRule {
                passage: Passage::Wall,
                land: false,
                arrival: Arrival::Stay,
            },
            exit: SquareRule {
                passage: Passage::Trap,
                land: true,
                arrival: Arrival::Remove {
                    score_multiplier: 1,
                },
            },
            no_move: NoMove::Loses,
            score: CountRule::ScoreGoal,
            turn_limit: CountRule::RoundLimit,
            point_conflict: Capture::PointConflict,
            remove: Capture::Remove,
        }
    }
}

/// What a rule word with a number (`SCORE n`, `TURN_LIMIT n`) means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountRule {
    /// The first player with at least n points wins.
    ScoreGoal,
    /// Play ends after n rounds (each player moving once); the higher
    /// score wins, equal scores draw.
    RoundLimit,
    /// Play ends after n single moves; the higher score wins, equal
    /// scores draw.
    MoveLimit,
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

impl Variant {
    /// What a location of type `kind` does.
    pub fn square(&self, kind: LocationKind) -> SquareRule {
        match kind {
            LocationKind::Clear => self.clear,
            LocationKind::Block => self.block,
            LocationKind::Exit => self.exit,
        }
    }

    /// How paths treat the squares they see as exits: the first location
    /// type (CLEAR, BLOCK, EXIT) that is a trap or a hurdle says (a
    /// checked ruleset has no trap and hurdle both).
    pub fn crossing(&self) -> ExitCrossing {
        [self.clear, self.block, self.exit]
            .iter()
            .find_map(|rule| rule.passage.crossing())
            .unwrap_or_default()
    }

    /// The race `rules` set: each number word's mechanic with its number
    /// (the lower number when two words set the same one).
    pub fn race(&self, rules: &Rules) -> ScoreRace {
        let mut race = ScoreRace {
            no_move: self.no_move,
            ..ScoreRace::default()
        };
        for (n, meaning) in [
            (rules.score, self.score),
            (rules.turn_limit, self.turn_limit),
        ] {
            let Some(n) = n else { continue };
            let keep = |old: Option<u64>, new: u64| Some(old.map_or(new, |old| old.min(new)));
            match meaning {
                CountRule::ScoreGoal => race.goal = Some(race.goal.map_or(n, |goal| goal.min(n))),
                CountRule::RoundLimit => race.move_limit = keep(race.move_limit, u64::from(n) * 2),
                CountRule::MoveLimit => race.move_limit = keep(race.move_limit, u64::from(n)),
            }
        }
        race
    }

    /// What landing on an opponent does under `rules`: the meaning of the
    /// capture word written, if any (a checked configuration has one at
    /// most); else nothing may land on a piece.
    pub fn capture(&self, rules: &Rules) -> Capture {
        if rules.point_conflict {
            self.point_conflict
        } else if rules.remove {
            self.remove
        } else {
            Capture::Forbidden
        }
    }
}
