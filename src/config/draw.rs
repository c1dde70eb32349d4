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
    /// The text drawn on the shape for each player, in player order,
    /// where the sides write a piece differently (Xiangqi's `["帥",
    /// "將"]`); instead of `symbol`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(length(max = 3)))]
    pub symbols: Vec<String>,
}

impl PieceDraw {
    /// The text drawn on a piece of this kind owned by `owner` (`None`:
    /// neutral): its player's entry of `symbols`, else `symbol`.
    ///
    /// ```
    /// use relic::config::draw::PieceDraw;
    /// let draw = PieceDraw { symbols: vec!["帥".into(), "將".into()], ..PieceDraw::default() };
    /// assert_eq!(draw.symbol_of(Some(1)), Some("將"));
    /// assert_eq!(PieceDraw::default().symbol_of(Some(0)), None);
    /// ```
    pub fn symbol_of(&self, owner: Option<usize>) -> Option<&str> {
        match owner.and_then(|o| self.symbols.get(o)) {
            Some(symbol) => Some(symbol),
            None => self.symbol.as_deref(),
        }
    }

    /// What is wrong with the per-player `symbols` of a kind that is
    /// `owned` (else neutral) in a game of `players`, if anything.
    ///
    /// ```
    /// use relic::config::draw::PieceDraw;
    /// let draw = PieceDraw { symbols: vec!["帥".into()], ..PieceDraw::default() };
    /// assert_eq!(draw.symbols_problem(true, 2).unwrap(), "has 1 symbols but the game has 2 players");
    /// assert_eq!(draw.symbols_problem(true, 1), None);
    /// ```
    pub fn symbols_problem(&self, owned: bool, players: usize) -> Option<String> {
        let n = self.symbols.len();
        let drawable = |s: &String| {
            let count = s.chars().count();
            (1..=3).contains(&count) && !s.trim().is_empty() && !s.chars().any(char::is_control)
        };
        match () {
            _ if n == 0 => None,
            _ if !owned => Some("is neutral but has `symbols` (one per player)".into()),
            _ if self.symbol.is_some() => Some("has both `symbol` and `symbols`".into()),
            _ if n != players => Some(format!(
                "has {n} symbols but the game has {players} players"
            )),
            _ => (self.symbols.iter().find(|s| !drawable(s)))
                .map(|s| format!("has symbol {s:?}, which cannot be drawn")),
        }
    }

    /// The symbols given, `symbol` then `symbols`, with the key path of
    /// each below `draw` (for checks).
    pub fn given_symbols(&self) -> Vec<(&str, Option<usize>)> {
        let one = self.symbol.iter().map(|s| (s.as_str(), None));
        let each = (self.symbols.iter().enumerate()).map(|(i, s)| (s.as_str(), Some(i)));
        one.chain(each).collect()
    }

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
