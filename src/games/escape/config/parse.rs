//! Tokens to a [`RawConfig`]: the 2021 tool's syntax
//!
//! ```text
//! configuration : coordinateType dimension+ (locations | descriptors | rules)* EOF
//! coordinateType: COORDINATE TYPE? ':' (HEX | SQUARE | TRIANGLE)
//! dimension     : (xMax | yMax) ':' INTEGER
//! locations     : LOCATIONS ':' (coordinate (BLOCK | CLEAR | EXIT)? (PLAYER piece)?)+
//! descriptors   : PIECE DESCRIPTORS ':' (piece pattern '[' attribute (',' attribute)* ']')+
//! rules         : RULES ':' (rule INTEGER?)+
//! coordinate    : '(' '-'? INTEGER ',' '-'? INTEGER ')'
//! ```
//!
//! read by recursive descent that recovers after a problem (at the next
//! entry or section), so that one run reports every problem. Signs are
//! accepted before every number here; the checker says where they make no
//! sense.

use crate::diagnostics::Span;

use super::error::EgcError;
use super::lexer::{Kw, Tok, Token};
use super::raw::{Number, PieceName, RawConfig, RawDescriptor, RawLocation, RawRule, Spanned};
use super::suggest;

const PIECES: [Kw; 5] = [Kw::Bird, Kw::Dog, Kw::Frog, Kw::Horse, Kw::Snail];
const PATTERNS: [Kw; 5] = [Kw::Diagonal, Kw::Linear, Kw::Omni, Kw::Orthogonal, Kw::Skew];
const ATTRIBUTES: [Kw; 6] = [
    Kw::Distance,
    Kw::Fly,
    Kw::Jump,
    Kw::Stack,
    Kw::Unblock,
    Kw::Value,
];
const RULES: [Kw; 4] = [Kw::PointConflict, Kw::Remove, Kw::Score, Kw::TurnLimit];
const LOCATION_TYPES: [Kw; 3] = [Kw::Block, Kw::Clear, Kw::Exit];
const COORDINATE_NAMES: [Kw; 3] = [Kw::Hex, Kw::Square, Kw::Triangle];
const SECTIONS: [Kw; 3] = [Kw::Locations, Kw::Piece, Kw::Rules];

/// A problem was reported at the current token; the caller recovers.
struct Reported;

type Step<T = ()> = Result<T, Reported>;

/// Reads `tokens` of `source` into entries, appending every problem to
/// `problems`.
pub(super) fn parse(source: &str, tokens: &[Token], problems: &mut Vec<EgcError>) -> RawConfig {
    let mut parser = Parser {
        source,
        tokens,
        at: 0,
        problems,
        raw: RawConfig::default(),
    };
    parser.configuration();
    parser.raw
}

struct Parser<'a, 'p> {
    source: &'a str,
    tokens: &'a [Token],
    at: usize,
    problems: &'p mut Vec<EgcError>,
    raw: RawConfig,
}

impl Parser<'_, '_> {
    fn peek(&self) -> Option<Token> {
        self.tokens.get(self.at).copied()
    }

    fn peek_kw(&self) -> Option<Kw> {
        match self.peek()?.tok {
            Tok::Kw(kw) => Some(kw),
            _ => None,
        }
    }

    fn bump(&mut self) -> Option<Token> {
        let token = self.peek()?;
        self.at += 1;
        Some(token)
    }

    fn text(&self, span: Span) -> &str {
        &self.source[span.start..span.end]
    }

    /// The span to report at: the current token, or the end of the file.
    fn here(&self) -> Span {
        self.peek()
            .map_or(Span::new(self.source.len(), self.source.len()), |t| t.span)
    }

    /// Reports that `expected` (these keywords, or `what`) should come here.
    fn unexpected(&mut self, what: &str, keywords: &[Kw]) -> Reported {
        let token = self.peek();
        let found = match token {
            None => "the end of the file".to_owned(),
            Some(t) => format!("`{}`", self.text(t.span)),
        };
        let word = token
            .filter(|t| t.tok == Tok::Word)
            .map(|t| self.text(t.span));
        let help = suggest::help(word, keywords, what);
        let at = self.here().to_source_span(self.source.len());
        self.problems.push(EgcError::Unexpected {
            expected: what.to_owned(),
            found,
            help,
            at,
        });
        Reported
    }

    fn expect_punct(&mut self, c: char) -> Step<Span> {
        match self.peek() {
            Some(t) if t.tok == Tok::Punct(c) => {
                self.at += 1;
                Ok(t.span)
            }
            _ => Err(self.unexpected(&format!("`{c}`"), &[])),
        }
    }

    fn is_header(kw: Option<Kw>) -> bool {
        matches!(
            kw,
            Some(Kw::Locations | Kw::Piece | Kw::Rules | Kw::Coordinate | Kw::XMax | Kw::YMax)
        )
    }

    /// Skips tokens up to the next header or the next token `starts`.
    fn recover(&mut self, starts: impl Fn(Tok) -> bool) {
        while let Some(t) = self.peek() {
            if Self::is_header(self.peek_kw()) || starts(t.tok) {
                return;
            }
            self.at += 1;
        }
    }

    fn configuration(&mut self) {
        if self.peek_kw() == Some(Kw::Coordinate) {
            self.coordinate_type();
        } else {
            self.unexpected("`Coordinate type :`", &[Kw::Coordinate]);
            self.recover(|_| false);
            if self.peek_kw() == Some(Kw::Coordinate) {
                self.coordinate_type();
            }
        }
        while matches!(self.peek_kw(), Some(Kw::XMax | Kw::YMax)) {
            self.dimension();
        }
        while let Some(token) = self.peek() {
            match self.peek_kw() {
                Some(Kw::Locations) => self.section(Kw::Locations),
                Some(Kw::Piece) => self.section(Kw::Piece),
                Some(Kw::Rules) => self.section(Kw::Rules),
                Some(Kw::Coordinate) => {
                    self.late("the coordinate type", token.span);
                    self.coordinate_type();
                }
                Some(Kw::XMax | Kw::YMax) => {
                    self.late("a dimension", token.span);
                    self.dimension();
                }
                _ => {
                    self.unexpected(
                        "a section (`Locations :`, `Piece descriptors :` or `Rules :`)",
                        &SECTIONS,
                    );
                    self.at += 1;
                    self.recover(|_| false);
                }
            }
        }
    }

    fn late(&mut self, what: &'static str, span: Span) {
        let at = span.to_source_span(self.source.len());
        self.problems.push(EgcError::Order { what, at });
    }

    fn coordinate_type(&mut self) {
        self.bump();
        if self.peek_kw() == Some(Kw::Type) {
            self.bump();
        }
        let step = self
            .expect_punct(':')
            .and_then(|_| self.keyword_of(&COORDINATE_NAMES, "a coordinate type (SQUARE or HEX)"));
        match step {
            Ok(name) => self.raw.coordinates.push(name),
            Err(Reported) => self.recover(|_| false),
        }
    }

    fn dimension(&mut self) {
        let Some(token) = self.bump() else { return };
        let Tok::Kw(axis) = token.tok else { return };
        let axis = Spanned {
            value: axis,
            span: token.span,
        };
        match self.expect_punct(':').and_then(|_| self.number()) {
            Ok(value) => self.raw.dimensions.push((axis, value)),
            Err(Reported) => self.recover(|_| false),
        }
    }

    /// The next token if it is one of `keywords`; else a report.
    fn keyword_of(&mut self, keywords: &[Kw], what: &str) -> Step<Spanned<Kw>> {
        match self.peek() {
            Some(Token {
                tok: Tok::Kw(kw),
                span,
            }) if keywords.contains(&kw) => {
                self.at += 1;
                Ok(Spanned { value: kw, span })
            }
            _ => Err(self.unexpected(what, keywords)),
        }
    }

    /// `-`? INTEGER.
    fn number(&mut self) -> Step<Number> {
        let start = self.here();
        let negative = self.peek().is_some_and(|t| t.tok == Tok::Punct('-'));
        if negative {
            self.at += 1;
        }
        let digits = match self.peek() {
            Some(t) if t.tok == Tok::Int => t.span,
            _ => return Err(self.unexpected("a number", &[])),
        };
        self.at += 1;
        let span = Span::new(start.start, digits.end);
        let text = &self.source[span.start..span.end];
        // The sign is a token of its own: `- 3` is -3.
        let magnitude = self.source[digits.start..digits.end].parse::<i64>().ok();
        let value = magnitude.map(|v| if negative { -v } else { v });
        if value.is_none() {
            self.problems.push(EgcError::TooLarge {
                text: text.to_owned(),
                help: "numbers in a configuration are at most a few thousand".to_owned(),
                at: span.to_source_span(self.source.len()),
            });
        }
        Ok(Spanned { value, span })
    }

    /// A number if one comes next.
    fn optional_number(&mut self) -> Step<Option<Number>> {
        match self.peek().map(|t| t.tok) {
            Some(Tok::Int | Tok::Punct('-')) => self.number().map(Some),
            _ => Ok(None),
        }
    }

    /// A section header and its entries, up to the next header.
    fn section(&mut self, kind: Kw) {
        let Some(header) = self.bump() else { return };
        let mut span = header.span;
        if kind == Kw::Piece {
            match self.keyword_of(&[Kw::Descriptors], "`descriptors` after `Piece`") {
                Ok(word) => span.end = word.span.end,
                Err(Reported) => return self.recover(|_| false),
            }
        }
        if self.expect_punct(':').is_err() {
            return self.recover(|_| false);
        }
        let mut entries = 0;
        while self.peek().is_some() && !Self::is_header(self.peek_kw()) {
            entries += 1;
            let step = match kind {
                Kw::Locations => self.location(),
                Kw::Piece => self.descriptor(),
                _ => self.rule(),
            };
            if step.is_err() {
                self.at +=
                    usize::from(self.at < self.tokens.len() && !Self::is_header(self.peek_kw()));
                self.recover(|tok| starts_entry(kind, tok));
            }
        }
        if entries == 0 {
            let name = self.source[span.start..span.end].to_owned();
            self.problems.push(EgcError::EmptySection {
                section: name,
                at: span.to_source_span(self.source.len()),
            });
        }
    }

    fn location(&mut self) -> Step {
        let open = match self.peek() {
            Some(t) if t.tok == Tok::Punct('(') => t.span,
            _ => {
                return Err(self.unexpected("a location `(x, y)`", &[]));
            }
        };
        self.at += 1;
        let x = self.number()?;
        self.expect_punct(',')?;
        let y = self.number()?;
        let close = self.expect_punct(')')?;
        let mut location = RawLocation {
            x,
            y,
            span: Span::new(open.start, close.end),
            kind: None,
            pieces: Vec::new(),
        };
        match self.peek().map(|t| t.tok) {
            Some(Tok::Kw(kw)) if LOCATION_TYPES.contains(&kw) => {
                location.kind = Some(self.keyword_of(&LOCATION_TYPES, "")?);
            }
            Some(Tok::Word) => {
                let what = "a location type (BLOCK, CLEAR, EXIT) or a player";
                return Err(self.unexpected(what, &LOCATION_TYPES));
            }
            _ => {}
        }
        while let Some(Token {
            tok: Tok::Player(n),
            span,
        }) = self.peek()
        {
            self.at += 1;
            let name = self.piece_name()?;
            location.pieces.push((Spanned { value: n, span }, name));
        }
        self.raw.locations.push(location);
        Ok(())
    }

    /// A piece type: a keyword, or a word (reported, and kept as unknown).
    fn piece_name(&mut self) -> Step<PieceName> {
        let what = "a piece type (BIRD, DOG, FROG, HORSE or SNAIL)";
        match self.peek() {
            Some(Token {
                tok: Tok::Word,
                span,
            }) => {
                self.unexpected(what, &PIECES);
                self.at += 1;
                Ok(Spanned { value: None, span })
            }
            _ => {
                let name = self.keyword_of(&PIECES, what)?;
                Ok(Spanned {
                    value: Some(name.value),
                    span: name.span,
                })
            }
        }
    }

    fn descriptor(&mut self) -> Step {
        let name = self.piece_name()?;
        let what = "a movement pattern (DIAGONAL, LINEAR, OMNI or ORTHOGONAL)";
        let pattern = match self.peek().map(|t| t.tok) {
            Some(Tok::Punct('[')) => None,
            Some(Tok::Word) => {
                self.unexpected(what, &PATTERNS);
                self.at += 1;
                let attributes = self.attributes()?;
                self.raw.descriptors.push(RawDescriptor {
                    name,
                    pattern: None,
                    attributes,
                });
                return Ok(());
            }
            _ => Some(self.keyword_of(&PATTERNS, what)?),
        };
        if pattern.is_none() {
            let name_text = self.text(name.span).to_owned();
            self.problems.push(EgcError::PatternMissing {
                name: name_text,
                at: name.span.to_source_span(self.source.len()),
            });
        }
        let attributes = self.attributes()?;
        self.raw.descriptors.push(RawDescriptor {
            name,
            pattern,
            attributes,
        });
        Ok(())
    }

    fn attributes(&mut self) -> Step<Vec<(Spanned<Kw>, Option<Number>)>> {
        let open = self.expect_punct('[')?;
        if let Some(t) = self.peek().filter(|t| t.tok == Tok::Punct(']')) {
            self.at += 1;
            self.problems.push(EgcError::EmptyAttributes {
                at: Span::new(open.start, t.span.end).to_source_span(self.source.len()),
            });
            return Ok(Vec::new());
        }
        let mut attributes = Vec::new();
        loop {
            let what = "an attribute (DISTANCE, FLY, JUMP, UNBLOCK or VALUE)";
            let name = self.keyword_of(&ATTRIBUTES, what)?;
            let value = self.optional_number()?;
            attributes.push((name, value));
            match self.peek().map(|t| t.tok) {
                Some(Tok::Punct(',')) => self.at += 1,
                Some(Tok::Punct(']')) => {
                    self.at += 1;
                    return Ok(attributes);
                }
                _ => return Err(self.unexpected("`,` or `]`", &[])),
            }
        }
    }

    fn rule(&mut self) -> Step {
        let what = "a rule (POINT_CONFLICT, REMOVE, SCORE or TURN_LIMIT)";
        let name = self.keyword_of(&RULES, what)?;
        let value = self.optional_number()?;
        self.raw.rules.push(RawRule { name, value });
        Ok(())
    }
}

/// Whether `tok` can start an entry of the section `kind`.
fn starts_entry(kind: Kw, tok: Tok) -> bool {
    match (kind, tok) {
        (Kw::Locations, Tok::Punct('(')) => true,
        (Kw::Piece, Tok::Kw(kw)) => PIECES.contains(&kw),
        (Kw::Rules, Tok::Kw(kw)) => RULES.contains(&kw),
        _ => false,
    }
}
