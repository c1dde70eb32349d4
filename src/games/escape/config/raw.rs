//! A configuration as written: every entry with the spans of its parts,
//! before any check of what the entries mean together.

use crate::diagnostics::Span;

use super::lexer::Kw;

/// A value and where it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Its bytes.
    pub span: Span,
}

/// An integer as written (with its sign, if any); `None` when it was too
/// large to read (already reported).
pub type Number = Spanned<Option<i64>>;

/// The entries of a configuration file, in file order within each kind.
#[derive(Clone, Debug, Default)]
pub struct RawConfig {
    /// Each `Coordinate type : NAME` (one is expected).
    pub coordinates: Vec<Spanned<Kw>>,
    /// Each `xMax : N` and `yMax : N`.
    pub dimensions: Vec<(Spanned<Kw>, Number)>,
    /// Each location of every `Locations :` section.
    pub locations: Vec<RawLocation>,
    /// Each descriptor of every `Piece descriptors :` section.
    pub descriptors: Vec<RawDescriptor>,
    /// Each rule of every `Rules :` section.
    pub rules: Vec<RawRule>,
}

/// `(x, y) TYPE? (PLAYERn PIECE)*`: several pieces make a stack, the
/// first written at the bottom.
#[derive(Clone, Debug)]
pub struct RawLocation {
    /// The coordinates.
    pub x: Number,
    /// The second coordinate.
    pub y: Number,
    /// From `(` to `)`.
    pub span: Span,
    /// `block`, `clear` or `exit`.
    pub kind: Option<Spanned<Kw>>,
    /// Each piece's player number and type, bottom of the stack first.
    pub pieces: Vec<(Spanned<u8>, PieceName)>,
}

/// A piece type's name: a keyword, or an unknown word (already reported).
pub type PieceName = Spanned<Option<Kw>>;

/// `NAME PATTERN [ATTRIBUTE VALUE?, ...]`.
#[derive(Clone, Debug)]
pub struct RawDescriptor {
    /// The piece type.
    pub name: PieceName,
    /// The movement pattern, if one was written.
    pub pattern: Option<Spanned<Kw>>,
    /// The attributes in order.
    pub attributes: Vec<(Spanned<Kw>, Option<Number>)>,
}

/// `NAME VALUE?`.
#[derive(Clone, Debug)]
pub struct RawRule {
    /// The rule.
    pub name: Spanned<Kw>,
    /// Its value, if one was written.
    pub value: Option<Number>,
}
