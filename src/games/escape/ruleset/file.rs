//! An Escape ruleset file as written: what each word of a configuration
//! means (its location types, its rule words), what an illegal move costs
//! and what having no move does, each as a named option of a shared
//! mechanic ([`crate::mechanics`]); and the conversions to and from the
//! checked [`Variant`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::mechanics::capture::Capture;
use crate::mechanics::race::NoMove;
use crate::mechanics::squares::{Arrival, Passage, SquareRule};

use super::super::state::DEFAULT_COLOURS;
use super::super::variant::{CountRule, IllegalMove, Variant};

/// An Escape ruleset file (every key optional but `game`; a key left out
/// means what the 2021 rules say).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct EscapeRuleset {
    /// Always `escape`.
    pub game: String,
    /// The ruleset's display name.
    #[serde(default)]
    pub name: String,
    /// One sentence about the ruleset.
    #[serde(default)]
    pub description: String,
    /// What an illegal move does: `retry` (nothing; the same player tries again) or `loses` (the mover loses).
    #[serde(default)]
    pub illegal_move: IllegalMove,
    /// What the player to move having no legal move does: `loses` (that player loses), `draw`, or `higher-score` (the higher score wins, equal scores draw).
    #[serde(default)]
    pub no_move: NoMoveWord,
    /// What each location type of a configuration does (`CLEAR`, `BLOCK`, `EXIT`).
    #[serde(default)]
    pub locations: Locations,
    /// What each word of a configuration's `Rules` section means (`SCORE`, `TURN_LIMIT`, `POINT_CONFLICT`, `REMOVE`).
    #[serde(default)]
    pub rules: RuleWords,
    /// The two players, PLAYER1 first: how the browser draws each (its pieces, seat dot, turn bar and log).
    #[serde(default = "players")]
    #[schemars(length(min = 2, max = 2))]
    pub players: Vec<PlayerWord>,
}

/// How the browser draws one player.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct PlayerWord {
    /// The player's colour: a CSS colour name (`blue`, `forestgreen`) or `#rrggbb`.
    pub colour: String,
}

fn players() -> Vec<PlayerWord> {
    (DEFAULT_COLOURS.iter())
        .map(|c| PlayerWord {
            colour: (*c).to_owned(),
        })
        .collect()
}

/// What each location type does.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct Locations {
    /// A CLEAR location (and every location a configuration does not list).
    #[serde(rename = "CLEAR", default = "clear")]
    pub clear: LocationWord,
    /// A BLOCK location.
    #[serde(rename = "BLOCK", default = "block")]
    pub block: LocationWord,
    /// An EXIT location.
    #[serde(rename = "EXIT", default = "exit")]
    pub exit: LocationWord,
}

/// What one location type does.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct LocationWord {
    /// How paths cross it: `open` (anyone), `wall` (only FLY or UNBLOCK; never jumped), `trap` (FLY or JUMP; any other path that crosses it ends there) or `hurdle` (FLY or JUMP; no other path crosses it).
    pub passage: PassageWord,
    /// Whether a move may end on it.
    pub land: bool,
    /// What happens to a piece that arrives: `stay`, or `remove` (it leaves the board and its owner scores its value times `score-multiplier`).
    pub arrival: ArrivalWord,
    /// Points per point of value a piece scores when a `remove` location removes it (0: none).
    #[serde(default = "one")]
    #[schemars(range(min = 0, max = 1000))]
    pub score_multiplier: u32,
}

/// How paths cross a location.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(super) enum PassageWord {
    /// Anyone may cross it.
    Open,
    /// Only FLY or UNBLOCK cross it; it is never jumped.
    Wall,
    /// FLY and JUMP cross it; any other path that crosses it ends there.
    Trap,
    /// FLY and JUMP cross it; no other path crosses it.
    Hurdle,
}

/// What happens to a piece that arrives.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(super) enum ArrivalWord {
    /// The piece stays there.
    Stay,
    /// The piece leaves the board and its owner scores its value times `score-multiplier`.
    Remove,
}

/// What having no legal move does.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(super) enum NoMoveWord {
    /// The player who cannot move loses, whatever the scores.
    #[default]
    Loses,
    /// The game is drawn.
    Draw,
    /// The higher score wins; equal scores draw.
    HigherScore,
}

/// What each rule word means.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct RuleWords {
    /// What `SCORE n` means: `score-goal` (the first player with n points wins), `round-limit` (play ends after n rounds, the higher score winning) or `move-limit` (after n single moves).
    #[serde(rename = "SCORE", default = "score_goal")]
    pub score: CountWord,
    /// What `TURN_LIMIT n` means: `score-goal`, `round-limit` or `move-limit`.
    #[serde(rename = "TURN_LIMIT", default = "round_limit")]
    pub turn_limit: CountWord,
    /// What `POINT_CONFLICT` means: `point-conflict` (the lower value is removed, the higher loses as much), `remove` (the mover removes the piece it lands on), `remove-gaining` (and adds its value to its own) or `forbidden` (landing on an opponent stays illegal).
    #[serde(rename = "POINT_CONFLICT", default = "point_conflict")]
    pub point_conflict: CaptureWord,
    /// What `REMOVE` means: `point-conflict`, `remove`, `remove-gaining` or `forbidden`.
    #[serde(rename = "REMOVE", default = "remove")]
    pub remove: CaptureWord,
}

/// What a rule word with a number means.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(super) enum CountWord {
    /// The first player with at least n points wins.
    ScoreGoal,
    /// Play ends after n rounds (each player moving once); the higher score wins, equal scores draw.
    RoundLimit,
    /// Play ends after n single moves; the higher score wins, equal scores draw.
    MoveLimit,
}

/// What a capture word means.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(super) enum CaptureWord {
    /// Landing on an opponent's piece stays illegal.
    Forbidden,
    /// The lower value is removed and the higher loses as much; equal values remove both.
    PointConflict,
    /// The mover removes the piece it lands on.
    Remove,
    /// The mover removes the piece it lands on and adds its value to its own.
    RemoveGaining,
}

fn one() -> u32 {
    1
}

fn word(rule: SquareRule) -> LocationWord {
    LocationWord::from(rule)
}

fn clear() -> LocationWord {
    word(Variant::default().clear)
}

fn block() -> LocationWord {
    word(Variant::default().block)
}

fn exit() -> LocationWord {
    word(Variant::default().exit)
}

fn score_goal() -> CountWord {
    Variant::default().score.into()
}

fn round_limit() -> CountWord {
    Variant::default().turn_limit.into()
}

fn point_conflict() -> CaptureWord {
    Variant::default().point_conflict.into()
}

fn remove() -> CaptureWord {
    Variant::default().remove.into()
}

impl Default for Locations {
    fn default() -> Locations {
        Locations {
            clear: clear(),
            block: block(),
            exit: exit(),
        }
    }
}

impl Default for RuleWords {
    fn default() -> RuleWords {
        RuleWords {
            score: score_goal(),
            turn_limit: round_limit(),
            point_conflict: point_conflict(),
            remove: remove(),
        }
    }
}

impl EscapeRuleset {
    /// The meanings this file gives.
    pub fn variant(&self) -> Variant {
        Variant {
            illegal_move: self.illegal_move,
            clear: self.locations.clear.into(),
            block: self.locations.block.into(),
            exit: self.locations.exit.into(),
            no_move: self.no_move.into(),
            score: self.rules.score.into(),
            turn_limit: self.rules.turn_limit.into(),
            point_conflict: self.rules.point_conflict.into(),
            remove: self.rules.remove.into(),
        }
    }

    /// The file that gives `variant`'s meanings and the players'
    /// `colours`.
    pub fn of(
        name: &str,
        description: &str,
        variant: &Variant,
        colours: &[String; 2],
    ) -> EscapeRuleset {
        EscapeRuleset {
            players: (colours.iter())
                .map(|colour| PlayerWord {
                    colour: colour.clone(),
                })
                .collect(),
            game: "escape".to_owned(),
            name: name.to_owned(),
            description: description.to_owned(),
            illegal_move: variant.illegal_move,
            no_move: variant.no_move.into(),
            locations: Locations {
                clear: word(variant.clear),
                block: word(variant.block),
                exit: word(variant.exit),
            },
            rules: RuleWords {
                score: variant.score.into(),
                turn_limit: variant.turn_limit.into(),
                point_conflict: variant.point_conflict.into(),
                remove: variant.remove.into(),
            },
        }
    }
}

impl From<LocationWord> for SquareRule {
    fn from(word: LocationWord) -> SquareRule {
        SquareRule {
            passage: match word.passage {
                PassageWord::Open => Passage::Open,
                PassageWord::Wall => Passage::Wall,
                PassageWord::Trap => Passage::Trap,
                PassageWord::Hurdle => Passage::Hurdle,
            },
            land: word.land,
            arrival: match word.arrival {
                ArrivalWord::Stay => Arrival::Stay,
                ArrivalWord::Remove => Arrival::Remove {
                    score_multiplier: word.score_multiplier,
                },
            },
        }
    }
}

impl From<SquareRule> for LocationWord {
    fn from(rule: SquareRule) -> LocationWord {
        let (arrival, score_multiplier) = match rule.arrival {
            Arrival::Stay => (ArrivalWord::Stay, 1),
            Arrival::Remove { score_multiplier } => (ArrivalWord::Remove, score_multiplier),
        };
        LocationWord {
            passage: match rule.passage {
                Passage::Open => PassageWord::Open,
                Passage::Wall => PassageWord::Wall,
                Passage::Trap => PassageWord::Trap,
                Passage::Hurdle => PassageWord::Hurdle,
            },
            land: rule.land,
            arrival,
            score_multiplier,
        }
    }
}

impl From<NoMoveWord> for NoMove {
    fn from(word: NoMoveWord) -> NoMove {
        match word {
            NoMoveWord::Loses => NoMove::Loses,
            NoMoveWord::Draw => NoMove::Draw,
            NoMoveWord::HigherScore => NoMove::HigherScore,
        }
    }
}

impl From<NoMove> for NoMoveWord {
    fn from(rule: NoMove) -> NoMoveWord {
        match rule {
            NoMove::Loses => NoMoveWord::Loses,
            NoMove::Draw => NoMoveWord::Draw,
            NoMove::HigherScore => NoMoveWord::HigherScore,
        }
    }
}

impl From<CountWord> for CountRule {
    fn from(word: CountWord) -> CountRule {
        match word {
            CountWord::ScoreGoal => CountRule::ScoreGoal,
            CountWord::RoundLimit => CountRule::RoundLimit,
            CountWord::MoveLimit => CountRule::MoveLimit,
        }
    }
}

impl From<CountRule> for CountWord {
    fn from(rule: CountRule) -> CountWord {
        match rule {
            CountRule::ScoreGoal => CountWord::ScoreGoal,
            CountRule::RoundLimit => CountWord::RoundLimit,
            CountRule::MoveLimit => CountWord::MoveLimit,
        }
    }
}

impl From<CaptureWord> for Capture {
    fn from(word: CaptureWord) -> Capture {
        match word {
            CaptureWord::Forbidden => Capture::Forbidden,
            CaptureWord::PointConflict => Capture::PointConflict,
            CaptureWord::Remove => Capture::Remove,
            CaptureWord::RemoveGaining => Capture::RemoveGaining,
        }
    }
}

impl From<Capture> for CaptureWord {
    fn from(rule: Capture) -> CaptureWord {
        match rule {
            Capture::Forbidden => CaptureWord::Forbidden,
            Capture::PointConflict => CaptureWord::PointConflict,
            Capture::Remove => CaptureWord::Remove,
            Capture::RemoveGaining => CaptureWord::RemoveGaining,
        }
    }
}
