//! The pest parser for FEN text (grammar/fen.pest). Private to `fen`: it
//! yields the raw position (the ranks' squares and the fields, each
//! spanned), which `check` reads against a ruleset.

use miette::SourceSpan;
use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "../grammar/fen.pest"]
struct FenParser;

/// A run of text and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Word<'a> {
    pub text: &'a str,
    pub span: SourceSpan,
}

/// One square (or run of empty squares) of a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Square<'a> {
    /// A number: that many empty squares.
    Empty(Word<'a>),
    /// A piece letter.
    Piece(Word<'a>),
}

/// A FEN position as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RawFen<'a> {
    /// The whole placement.
    pub placement: SourceSpan,
    /// The ranks, north first: each its span and squares.
    pub ranks: Vec<(SourceSpan, Vec<Square<'a>>)>,
    /// The fields after the placement.
    pub fields: Vec<Word<'a>>,
}

/// Reads `source`; the span where reading stopped when it holds no
/// placement.
pub(super) fn parse_fen(source: &str) -> Result<RawFen<'_>, SourceSpan> {
    let file = FenParser::parse(Rule::file, source)
        .map_err(|e| match e.location {
            pest::error::InputLocation::Pos(at) => SourceSpan::from((at, 0)),
            pest::error::InputLocation::Span((start, end)) => (start, end - start).into(),
        })?
        .next()
        .expect("the file rule yields one pair");
    let mut raw = RawFen {
        placement: (0, 0).into(),
        ranks: Vec::new(),
        fields: Vec::new(),
    };
    for pair in file.into_inner() {
        match pair.as_rule() {
            Rule::placement => {
                raw.placement = span_of(&pair);
                raw.ranks = pair.into_inner().map(rank).collect();
            }
            Rule::field => raw.fields.push(word(pair)),
            _ => {}
        }
    }
    Ok(raw)
}

fn rank(pair: Pair<'_, Rule>) -> (SourceSpan, Vec<Square<'_>>) {
    let span = span_of(&pair);
    let squares = pair
        .into_inner()
        .map(|p| match p.as_rule() {
            Rule::run => Square::Empty(word(p)),
            _ => Square::Piece(word(p)),
        })
        .collect();
    (span, squares)
}

fn span_of(pair: &Pair<'_, Rule>) -> SourceSpan {
    let s = pair.as_span();
    (s.start(), s.end() - s.start()).into()
}

fn word(pair: Pair<'_, Rule>) -> Word<'_> {
    Word {
        text: pair.as_str(),
        span: span_of(&pair),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ranks_squares_and_fields() {
        let raw = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1\n").unwrap();
        assert_eq!(raw.ranks.len(), 8);
        assert_eq!(raw.ranks[0].1.len(), 3);
        let fields: Vec<&str> = raw.fields.iter().map(|f| f.text).collect();
        assert_eq!(fields, ["w", "K", "-", "0", "1"]);
    }

    #[test]
    fn keeps_odd_letters_for_the_checker_and_refuses_only_blank_text() {
        let raw = parse_fen("r?k/ 3").unwrap();
        assert_eq!(raw.ranks.len(), 2);
        assert_eq!(
            raw.ranks[0].1[1],
            Square::Piece(Word {
                text: "?",
                span: (1, 1).into()
            })
        );
        assert_eq!(raw.fields[0].text, "3");
        assert!(parse_fen("").is_err());
        assert!(parse_fen(" \n ").is_err());
    }
}
