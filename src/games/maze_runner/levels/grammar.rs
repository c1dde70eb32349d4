//! The pest parser for level files. Private to `levels`: it yields raw
//! levels (a header's words and the non-blank rows, each spanned), which
//! `check` turns into a [`super::LevelFile`].

use pest::Parser;
use pest_derive::Parser;

use crate::diagnostics::Span;

#[derive(Parser)]
#[grammar = "../grammar/levels.pest"]
struct LevelsParser;

/// One word of a header line and where it is.
#[derive(Clone, Copy, Debug)]
pub(super) struct Word<'a> {
    pub text: &'a str,
    pub span: Span,
}

/// One level as written: its header line and its non-blank rows, trimmed.
#[derive(Clone, Debug)]
pub(super) struct RawLevel<'a> {
    /// The whole header line, without its line end.
    pub header: Span,
    /// The header's words after `Maze`.
    pub words: Vec<Word<'a>>,
    /// The rows, trimmed of surrounding blanks (blank lines left out).
    pub rows: Vec<Word<'a>>,
}

/// Splits `source` into its levels. The grammar accepts any text, so this
/// fails only on an internal error, reported as a span and a message.
pub(super) fn parse_levels(source: &str) -> Result<Vec<RawLevel<'_>>, (Span, String)> {
    let file = LevelsParser::parse(Rule::file, source)
        .map_err(syntax_error)?
        .next()
        .expect("the file rule always yields one pair");
    let levels = file
        .into_inner()
        .filter(|pair| pair.as_rule() == Rule::level)
        .map(|level| {
            let mut inner = level.into_inner();
            let header = inner.next().expect("a level starts with its header");
            let words = header
                .clone()
                .into_inner()
                .map(|w| word(source, w))
                .collect();
            let rows = inner
                .filter_map(|row| row.into_inner().next())
                .map(|cells| word(source, cells))
                .collect();
            RawLevel {
                header: span_of(&header),
                words,
                rows,
            }
        })
        .collect();
    Ok(levels)
}

fn span_of(pair: &pest::iterators::Pair<'_, Rule>) -> Span {
    Span::new(pair.as_span().start(), pair.as_span().end())
}

fn word<'a>(source: &'a str, pair: pest::iterators::Pair<'a, Rule>) -> Word<'a> {
    let span = span_of(&pair);
    Word {
        text: &source[span.start..span.end],
        span,
    }
}

/// The one place a pest error becomes ours: byte offsets, never columns.
fn syntax_error(error: pest::error::Error<Rule>) -> (Span, String) {
    let span = match error.location {
        pest::error::InputLocation::Pos(at) => Span::new(at, at),
        pest::error::InputLocation::Span((start, end)) => Span::new(start, end),
    };
    (span, error.variant.message().into_owned())
}
