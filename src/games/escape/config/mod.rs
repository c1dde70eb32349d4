//! Escape's game configuration files (`.egc`, the course's 2021
//! language): the pest grammar of its tokens (`grammar/egc.pest`), a
//! recovering parser to raw spanned entries, and the checks that turn them
//! into a [`Config`] or report every problem at once, each an [`EgcError`]
//! with a stable code, a label on the exact token and a help line.
//!
//! ```
//! use relic::games::escape::config::{parse_config, LocationKind};
//! let config = parse_config(
//!     "Coordinate type : SQUARE xMax : 8 yMax : 8
//!      Locations : (1, 1) player1 dog (4, 4) exit
//!      Piece descriptors : DOG omni [distance 2, value 3]
//!      Rules : SCORE 3",
//! )
//! .unwrap();
//! assert_eq!(config.pieces[0].name, "DOG");
//! assert_eq!(config.locations[1].kind, LocationKind::Exit);
//! assert_eq!(config.rules.score, Some(3));
//!
//! let problems = parse_config("Coordinate type : HEX xMax : 0 yMax : 0
//!     Piece descriptors : DOG diagonal [distance 0]").unwrap_err();
//! let codes: Vec<String> = problems.iter()
//!     .map(|p| miette::Diagnostic::code(p).unwrap().to_string()).collect();
//! assert_eq!(codes, ["egc::pattern::hex", "egc::value::zero"]);
//! ```

mod check;
mod error;
mod lexer;
mod parse;
mod raw;
mod suggest;

use std::path::Path;

pub use check::{Config, Location, LocationKind, PieceType, Placed, Rules};
pub use error::EgcError;
pub use lexer::{KEYWORDS, Kw, Tok, Token, tokens};

use crate::diagnostics::{FileReport, primary_label};
use crate::games::SetupFailure;

/// The largest configuration file read, in bytes.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Reads and checks a configuration's text: the checked [`Config`], or
/// every problem in file order.
pub fn parse_config(source: &str) -> Result<Config, Vec<EgcError>> {
    let tokens = lexer::tokens(source);
    let mut problems = Vec::new();
    for token in tokens.iter().filter(|t| t.tok == lexer::Tok::Unclosed) {
        let at = crate::diagnostics::Span::new(token.span.start, token.span.start + 2);
        problems.push(EgcError::UnclosedComment {
            at: at.to_source_span(source.len()),
        });
    }
    let tokens: Vec<_> = tokens
        .into_iter()
        .filter(|t| t.tok != lexer::Tok::Unclosed)
        .collect();
    let raw = parse::parse(source, &tokens, &mut problems);
    let config = check::check(source, &raw, &mut problems);
    problems.sort_by_key(|p| primary_label(p).map_or(usize::MAX, |l| l.offset()));
    match config {
        Some(config) if problems.is_empty() => Ok(config),
        _ => Err(problems),
    }
}

/// Reads the configuration file at `path`.
pub fn read_config_file(path: &Path) -> Result<Config, SetupFailure> {
    let name = path.display().to_string();
    match crate::files::read_regular(path, MAX_CONFIG_BYTES) {
        Ok(bytes) => read_config_bytes(&name, bytes),
        Err(failure) => {
            let problem = EgcError::Unreadable {
                path: name.clone(),
                reason: failure.reason(),
            };
            Err(failure_of(&name, String::new(), vec![problem], true))
        }
    }
}

/// Checks a configuration's bytes, read from the file called `name`.
pub fn read_config_bytes(name: &str, bytes: Vec<u8>) -> Result<Config, SetupFailure> {
    match String::from_utf8(bytes) {
        Ok(source) => parse_config(&source).map_err(|p| failure_of(name, source, p, false)),
        Err(error) => {
            let at = error.utf8_error().valid_up_to();
            let byte = format!("{:#04x}", error.as_bytes()[at]);
            let source = String::from_utf8_lossy(error.as_bytes()).into_owned();
            let span = crate::diagnostics::Span::new(at, at + 1);
            let problem = EgcError::Encoding {
                byte,
                at: span.to_source_span(source.len()),
            };
            Err(failure_of(name, source, vec![problem], false))
        }
    }
}

fn failure_of(
    name: &str,
    source: String,
    problems: Vec<EgcError>,
    unreadable: bool,
) -> SetupFailure {
    let problems = problems
        .into_iter()
        .map(|p| Box::new(p) as Box<dyn miette::Diagnostic + Send + Sync>)
        .collect();
    SetupFailure {
        report: FileReport {
            path: name.to_owned(),
            source,
            problems,
        },
        unreadable,
    }
}
