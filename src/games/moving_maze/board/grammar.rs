//! The pest parser for GBF. Private to `board`: it yields raw lines of
//! spanned fields, which `check` turns into a [`super::Board`].

use pest::Parser;
use pest_derive::Parser;

use crate::diagnostics::Span;

#[derive(Parser)]
#[grammar = "../grammar/gbf.pest"]
struct GbfParser;

/// Which part of the file a line is, by position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LineKind {
    Size,
    Count,
    Floating,
    Row,
}

/// One line of a GBF: its kind, the span of the whole line (without the
/// line end), and its blank-separated fields.
#[derive(Clone, Debug)]
pub(super) struct RawLine<'a> {
    pub kind: LineKind,
    pub span: Span,
    pub fields: Vec<Field<'a>>,
}

/// One blank-separated field and where it is.
#[derive(Clone, Debug)]
pub(super) struct Field<'a> {
    pub text: &'a str,
    pub span: Span,
}

/// A pest failure turned into a byte span and a message.
#[derive(Clone, Debug)]
pub(super) struct SyntaxError {
    pub span: Span,
    pub message: String,
}

/// Splits `source` into its lines of fields.
pub(super) fn parse_lines(source: &str) -> Result<Vec<RawLine<'_>>, SyntaxError> {
    // The grammar reads blanks as spaces only (which lets pest scan fields
    // fast); a tab becomes a space, byte for byte, so every span still
    // points into `source`.
    let spaced;
    let text = if source.contains('\t') {
        spaced = source.replace('\t', " ");
        spaced.as_str()
    } else {
        source
    };
    let file = GbfParser::parse(Rule::gbf, text)
        .map_err(syntax_error)?
        .next()
        .expect("the gbf rule always yields one pair");
    let lines = file
        .into_inner()
        .filter_map(|line| {
            let kind = match line.as_rule() {
                Rule::size_line => LineKind::Size,
                Rule::count_line => LineKind::Count,
                Rule::floating_line => LineKind::Floating,
                Rule::row_line => LineKind::Row,
                _ => return None,
            };
            let span = Span::new(line.as_span().start(), line.as_span().end());
            let fields = line
                .into_inner()
                .map(|field| Field {
                    text: &source[field.as_span().start()..field.as_span().end()],
                    span: Span::new(field.as_span().start(), field.as_span().end()),
                })
                .collect();
            Some(RawLine { kind, span, fields })
        })
        .collect();
    Ok(lines)
}

/// The one place a pest error becomes ours: byte offsets, never columns.
fn syntax_error(error: pest::error::Error<Rule>) -> SyntaxError {
    let span = match error.location {
        pest::error::InputLocation::Pos(at) => Span::new(at, at),
        pest::error::InputLocation::Span((start, end)) => Span::new(start, end),
    };
    let message = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            format!("unexpected input; expected {positives:?}")
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    SyntaxError { span, message }
}
