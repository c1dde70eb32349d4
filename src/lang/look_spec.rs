//! The file format of a core ruleset's `[browser]` table, read by serde
//! (a leaf, so that the ruleset's schema names it without the check in
//! [`super::look`]).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `[browser]`: how the browser draws the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BrowserSpec {
    /// Whether the squares alternate light and dark, as a chess board's
    /// (the south-west corner dark).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub checkered: bool,
    /// `squares` (a grid's default: pieces stand in squares) or `points`
    /// (a graph's default: pieces stand on points, joined by lines between
    /// neighbours: the orthogonal ones on a square grid, all six on a hex
    /// grid, the links on a graph).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardStyle>,
    /// Points drawn with a dot (Go's star points), by name. Left out on a
    /// graph: every point.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dots: Vec<String>,
    /// More straight lines, each between two points: `"d1 f3"` (the
    /// diagonals of Xiangqi's palaces).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<String>,
    /// Lines between two neighbouring points that are not drawn: `"b5 b6"`
    /// (Xiangqi's river). Only how the board looks: the rules still link
    /// the two points.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gaps: Vec<String>,
    /// Areas of the board drawn tinted, each named on its cells (Shogi's
    /// promotion zones, Tablut's throne and corners): only how the board
    /// looks, the rules say what they mean.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<ZoneSpec>,
}

/// One area of `[browser] zones`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZoneSpec {
    /// Its name, shown with each of its cells' names (`promotion zone`).
    pub name: String,
    /// Its cells: a cell's name, or a range `a7:i9` (every cell whose
    /// column and row lie between the corners', as in `{@ a7:i9}`).
    pub cells: Vec<String>,
    /// The tint's colour (a CSS colour name or `#rrggbb`, drawn faint);
    /// left out, brown, blue and green in the zones' order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
}

/// Whether pieces stand in squares or on points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum BoardStyle {
    /// Each cell a square (a hexagon on a hex grid).
    Squares,
    /// Each cell a point where lines cross.
    Points,
}
