//! The pest grammar (`grammar/egc.pest`) turned into a list of spanned
//! tokens. The grammar accepts every input, so this never fails; what is
//! not a token of the language comes out as [`Tok::Word`] or
//! [`Tok::Other`] for the parser to report.

use pest::Parser;
use pest_derive::Parser;

use crate::diagnostics::Span;

#[derive(Parser)]
#[grammar = "../grammar/egc.pest"]
struct EgcParser;

/// A keyword of the language, whichever case it was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Kw {
    Coordinate,
    Type,
    Hex,
    Square,
    Triangle,
    XMax,
    YMax,
    Locations,
    Block,
    Clear,
    Exit,
    Piece,
    Descriptors,
    Bird,
    Dog,
    Frog,
    Horse,
    Snail,
    Diagonal,
    Linear,
    Omni,
    Orthogonal,
    Skew,
    Distance,
    Fly,
    Jump,
    Stack,
    Unblock,
    Value,
    Rules,
    PointConflict,
    Remove,
    Score,
    TurnLimit,
}

/// Every keyword with its spellings: the upper case (or capitalised)
/// form first, then the lower case one.
pub const KEYWORDS: [(Kw, &str, &str); 34] = [
    (Kw::Coordinate, "Coordinate", "coordinate"),
    (Kw::Type, "Type", "type"),
    (Kw::Hex, "HEX", "hex"),
    (Kw::Square, "SQUARE", "square"),
    (Kw::Triangle, "TRIANGLE", "triangle"),
    (Kw::XMax, "xMax", "xMax"),
    (Kw::YMax, "yMax", "yMax"),
    (Kw::Locations, "Locations", "locations"),
    (Kw::Block, "BLOCK", "block"),
    (Kw::Clear, "CLEAR", "clear"),
    (Kw::Exit, "EXIT", "exit"),
    (Kw::Piece, "Piece", "piece"),
    (Kw::Descriptors, "Descriptors", "descriptors"),
    (Kw::Bird, "BIRD", "bird"),
    (Kw::Dog, "DOG", "dog"),
    (Kw::Frog, "FROG", "frog"),
    (Kw::Horse, "HORSE", "horse"),
    (Kw::Snail, "SNAIL", "snail"),
    (Kw::Diagonal, "DIAGONAL", "diagonal"),
    (Kw::Linear, "LINEAR", "linear"),
    (Kw::Omni, "OMNI", "omni"),
    (Kw::Orthogonal, "ORTHOGONAL", "orthogonal"),
    (Kw::Skew, "SKEW", "skew"),
    (Kw::Distance, "DISTANCE", "distance"),
    (Kw::Fly, "FLY", "fly"),
    (Kw::Jump, "JUMP", "jump"),
    (Kw::Stack, "STACK", "stack"),
    (Kw::Unblock, "UNBLOCK", "unblock"),
    (Kw::Value, "VALUE", "value"),
    (Kw::Rules, "Rules", "rules"),
    (Kw::PointConflict, "POINT_CONFLICT", "point_conflict"),
    (Kw::Remove, "REMOVE", "remove"),
    (Kw::Score, "SCORE", "score"),
    (Kw::TurnLimit, "TURN_LIMIT", "turn_limit"),
];

impl Kw {
    /// The keyword's upper case (or capitalised) spelling.
    pub fn upper(self) -> &'static str {
        KEYWORDS.iter().find(|k| k.0 == self).map_or("", |k| k.1)
    }

    /// The keyword's lower case spelling.
    pub fn lower(self) -> &'static str {
        KEYWORDS.iter().find(|k| k.0 == self).map_or("", |k| k.2)
    }

    fn from_text(text: &str) -> Option<Kw> {
        KEYWORDS
            .iter()
            .find(|k| k.1 == text || k.2 == text)
            .map(|k| k.0)
    }
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A keyword.
    Kw(Kw),
    /// `PLAYER` or `player` and one digit: the digit.
    Player(u8),
    /// Decimal digits.
    Int,
    /// `:`, `[`, `]`, `,`, `(`, `)` or `-`.
    Punct(char),
    /// Letters that start no keyword.
    Word,
    /// One character that is none of the above.
    Other,
    /// A block comment that never ends (to the end of the file).
    Unclosed,
}

/// One token and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub tok: Tok,
    /// Its bytes.
    pub span: Span,
}

/// Cuts `source` into tokens, skipping white space and comments.
pub fn tokens(source: &str) -> Vec<Token> {
    let file = match EgcParser::parse(Rule::file, source) {
        Ok(mut pairs) => pairs.next(),
        Err(_) => None,
    };
    let Some(file) = file else {
        // Unreachable: the grammar accepts every input. Should it ever
        // fail, the whole file is one unknown token rather than a panic.
        let span = Span::new(0, source.len());
        return vec![Token {
            tok: Tok::Other,
            span,
        }];
    };
    file.into_inner()
        .filter_map(|pair| {
            let span = Span::new(pair.as_span().start(), pair.as_span().end());
            let text = pair.as_str();
            let tok = match pair.as_rule() {
                Rule::keyword => Tok::Kw(Kw::from_text(text)?),
                Rule::player => Tok::Player(text.as_bytes()[text.len() - 1] - b'0'),
                Rule::integer => Tok::Int,
                Rule::punct => Tok::Punct(text.chars().next()?),
                Rule::word => Tok::Word,
                Rule::other => Tok::Other,
                Rule::unclosed => Tok::Unclosed,
                _ => return None,
            };
            Some(Token { tok, span })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<Tok> {
        tokens(source).into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn no_word_boundaries() {
        assert_eq!(
            kinds("Piecedescriptors:snailomni[distance1]"),
            vec![
                Tok::Kw(Kw::Piece),
                Tok::Kw(Kw::Descriptors),
                Tok::Punct(':'),
                Tok::Kw(Kw::Snail),
                Tok::Kw(Kw::Omni),
                Tok::Punct('['),
                Tok::Kw(Kw::Distance),
                Tok::Int,
                Tok::Punct(']'),
            ]
        );
    }

    #[test]
    fn mixed_case_is_a_word_and_comments_nest() {
        assert_eq!(
            kinds("Bird /* a /* b */ c */ omni"),
            vec![Tok::Word, Tok::Kw(Kw::Omni)]
        );
        assert_eq!(kinds("x /* open"), vec![Tok::Word, Tok::Unclosed]);
        assert_eq!(
            kinds("player2 -3"),
            vec![Tok::Player(2), Tok::Punct('-'), Tok::Int]
        );
    }
}
