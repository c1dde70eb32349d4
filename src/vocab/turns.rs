//! Ruleset keys of turn flow, square states and text formats: what an
//! illegal action costs (`[turns]`), what quitting means (`[outcomes]
//! quit`), the glyphs of sinks and neutral
//! pieces (`[glyphs]`), the text format (`text`) and the covering
//! condition of `place` rules (`cover_only`). Part of [`super::schema`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Turn flow.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnSpec {
    /// What an illegal action costs: `refused` (nothing: the player tries
    /// again) or `lose-turn` (the turn passes to the next player; an
    /// effect tried illegally is spent). With `lose-turn`, losing the turn
    /// is itself a listed action (`forfeit`, `forfeit:RULE`).
    #[serde(default)]
    pub illegal: Illegal,
    /// The phases of a turn, in order (`[[turns.phases]]`): the actions
    /// each allows and how it ends; the turn passes after the last. Left
    /// out: one phase allowing every action, ending after one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 8))]
    pub phases: Vec<super::flow_spec::PhaseSpec>,
}

/// What an illegal action costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Illegal {
    /// The action is refused and the player tries again.
    #[default]
    Refused,
    /// The turn is lost; an effect tried is spent.
    LoseTurn,
}

pub use crate::config::quit::QuitResult;

/// Glyphs of things that are not pieces, for text views.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GlyphSpec {
    /// An empty square (default `.`).
    #[serde(default = "dot")]
    #[schemars(length(min = 1, max = 3))]
    pub empty: String,
    /// A sink (default `@`).
    #[serde(default = "at")]
    #[schemars(length(min = 1, max = 3))]
    pub sink: String,
    /// A piece that belongs to nobody for now (default `?`).
    #[serde(default = "question")]
    #[schemars(length(min = 1, max = 3))]
    pub neutral: String,
}

impl Default for GlyphSpec {
    fn default() -> GlyphSpec {
        GlyphSpec {
            empty: dot(),
            sink: at(),
            neutral: question(),
        }
    }
}

fn dot() -> String {
    ".".into()
}

fn at() -> String {
    "@".into()
}

fn question() -> String {
    "?".into()
}

/// How text mode reads and writes a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TextFormat {
    /// The one notation, one action per token; the generic board.
    #[default]
    Notation,
    /// Numbered instruction lines (`1 r c`, `4 r c r c`, `5 T r c n`, ...)
    /// and the exact board and statistics text of the Stacked Tic-Tac-Toe
    /// course (codec in `src/games/stacked_tictactoe/`).
    Instructions,
}

/// A condition on covering from the reserve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CoverOnly {
    /// Only an opponent's visible piece in a winning line where that
    /// opponent shows all but one of the line's pieces.
    Threat,
}
