//! How the browser draws a kind of piece: a shape and a symbol, in its
//! owner's colour. Shared by every game family whose rulesets declare
//! `draw` for their kinds (the vocabulary's `[kinds.draw]`, the core's
//! `[[kinds]] draw`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How the browser draws a kind of piece, in its owner's colour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceDraw {
    /// The piece's shape: `disc`, `ring`, `square`, `diamond`, or a
    /// built-in chess figure (`pawn`, `knight`, `bishop`, `rook`, `queen`,
    /// `king`). Left out: the glyph alone, as a large letter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "PieceShape")]
    pub shape: Option<PieceShape>,
    /// The text drawn on the shape (1 to 3 characters, such as a size
    /// `1` or a chess glyph `♞`), the same for every player; `""` for
    /// none. Left out: each player's glyph on discs, rings, squares and
    /// diamonds, nothing on chess figures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 3))]
    pub symbol: Option<String>,
}

impl PieceDraw {
    /// Whether it says nothing (each player's glyph as a letter).
    pub fn is_plain(&self) -> bool {
        *self == PieceDraw::default()
    }
}

/// A shape the browser draws a piece as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PieceShape {
    /// A filled circle (a counter, a disc).
    Disc,
    /// A circle outline (a ring, an O).
    Ring,
    /// A filled square with rounded corners.
    Square,
    /// A filled diamond.
    Diamond,
    /// A chess pawn.
    Pawn,
    /// A chess knight.
    Knight,
    /// A chess bishop.
    Bishop,
    /// A chess rook.
    Rook,
    /// A chess queen.
    Queen,
    /// A chess king.
    King,
}

impl PieceShape {
    /// Its name in the browser view.
    pub fn name(self) -> &'static str {
        match self {
            PieceShape::Disc => "disc",
            PieceShape::Ring => "ring",
            PieceShape::Square => "square",
            PieceShape::Diamond => "diamond",
            PieceShape::Pawn => "pawn",
            PieceShape::Knight => "knight",
            PieceShape::Bishop => "bishop",
            PieceShape::Rook => "rook",
            PieceShape::Queen => "queen",
            PieceShape::King => "king",
        }
    }

    /// Whether it is a figure that carries no text by default.
    pub fn is_figure(self) -> bool {
        !matches!(
            self,
            PieceShape::Disc | PieceShape::Ring | PieceShape::Square | PieceShape::Diamond
        )
    }
}
