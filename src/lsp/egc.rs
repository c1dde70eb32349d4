//! Hover and completion in an Escape configuration (`.egc`), on the
//! configuration reader's own tokens: a keyword says which section it
//! belongs to and what it is; a location type and a rule word also show
//! what the built-in `escape` ruleset makes of it (its option and that
//! option's reference entry); completion offers the words of the section
//! the cursor is in.

use crate::games::GameId;
use crate::games::escape::config::{Kw, Tok, tokens};

use super::complete::Completion;
use super::setup_words::{builtin_tree, reference, string};

/// The sections of a configuration, by the keyword that opens each.
const SECTIONS: [Kw; 4] = [Kw::Coordinate, Kw::Locations, Kw::Piece, Kw::Rules];

/// What each keyword is, in the configuration language.
fn about(kw: Kw) -> &'static str {
    use Kw::*;
    match kw {
        Coordinate | Type => "opens the board: `Coordinate type : SQUARE xMax : 8 yMax : 8`",
        Hex | Square | Triangle => "a tiling of the board (`Coordinate type`)",
        XMax | YMax => "the board's largest coordinate on that axis",
        Locations => "opens the locations: `(x, y)` then a location type or the pieces there",
        Block | Clear | Exit => "a location type",
        Piece | Descriptors => {
            "opens the piece descriptors: a piece type, a movement, `[attributes]`"
        }
        Bird | Dog | Frog | Horse | Snail => "a piece type (how it moves is its descriptor's)",
        Diagonal | Linear | Omni | Orthogonal | Skew => "a direction of movement of a piece type",
        Distance | Fly | Jump | Stack | Unblock | Value => {
            "a piece attribute, in a descriptor's `[...]`: `distance n`, `fly n`, `jump n`, `value n`, `stack`, `unblock`"
        }
        Rules => "opens the rules: the rule words in force",
        PointConflict | Remove | Score | TurnLimit => "a rule word",
    }
}

/// The hover text at byte `offset` of configuration `text`.
///
/// ```
/// let text = "Coordinate type : SQUARE xMax : 8 yMax : 8\nRules : SCORE 3";
/// let words = relic::lsp::egc::hover(text, 52).unwrap();
/// assert!(words.contains("score-goal"), "{words}");
/// ```
pub fn hover(text: &str, offset: usize) -> Option<String> {
    let token =
        (tokens(text).into_iter()).find(|t| t.span.start <= offset && offset <= t.span.end)?;
    let written = &text[token.span.start..token.span.end];
    let kw = match token.tok {
        Tok::Kw(kw) => kw,
        Tok::Player(n) => {
            return Some(format!(
                "**`{written}`**: player {n}'s piece follows (a piece type)"
            ));
        }
        _ => return None,
    };
    let mut out = format!("**`{written}`**: {}", about(kw));
    if let Some(meaning) = ruleset_meaning(kw) {
        out += &format!("\n\n---\n\n{meaning}");
    }
    Some(out)
}

/// What the built-in `escape` ruleset makes of a location type or a rule
/// word.
fn ruleset_meaning(kw: Kw) -> Option<String> {
    let root = builtin_tree("escape")?;
    match kw {
        Kw::Block | Kw::Clear | Kw::Exit => {
            let table = root.get("locations")?.get(kw.upper())?;
            let lines: Vec<String> = (table.entries().iter())
                .map(|entry| {
                    let keys = ["locations", kw.upper(), entry.key.as_str()];
                    let value = string(table, &entry.key);
                    match value {
                        Some(_) => reference(GameId::Escape, &keys, value.as_deref()),
                        None => format!("`{}` = {}", keys.join("."), value_text(&entry.value)),
                    }
                })
                .collect();
            Some(format!(
                "In the `escape` ruleset:\n\n{}",
                lines.join("\n\n")
            ))
        }
        Kw::PointConflict | Kw::Remove | Kw::Score | Kw::TurnLimit => {
            let value = string(root.get("rules")?, kw.upper())?;
            let keys = ["rules", kw.upper()];
            Some(format!(
                "In the `escape` ruleset: {}",
                reference(GameId::Escape, &keys, Some(&value))
            ))
        }
        _ => None,
    }
}

fn value_text(node: &crate::config::tree::Node) -> String {
    use crate::config::tree::NodeKind;
    match &node.kind {
        NodeKind::Int(Some(n)) => n.to_string(),
        NodeKind::Bool(b) => b.to_string(),
        other => format!("{other:?}"),
    }
}

/// The words of the section the cursor is in (upper case, as the
/// course's files write them).
///
/// ```
/// let text = "Coordinate type : SQUARE xMax : 8 yMax : 8\nRules : ";
/// let words = relic::lsp::egc::completions(text, text.len());
/// assert!(words.iter().any(|c| c.insert == "TURN_LIMIT"));
/// assert!(!words.iter().any(|c| c.insert == "OMNI"));
/// ```
pub fn completions(text: &str, offset: usize) -> Vec<Completion> {
    let before = (tokens(text).into_iter())
        .filter(|t| t.span.end <= offset)
        .filter_map(|t| match t.tok {
            Tok::Kw(kw) if SECTIONS.contains(&kw) => Some(kw),
            _ => None,
        })
        .next_back();
    use Kw::*;
    let words: &[Kw] = match before {
        None => &[Coordinate],
        Some(Coordinate) => &[Hex, Square, Triangle, XMax, YMax, Locations],
        Some(Locations) => &[Block, Clear, Exit, Bird, Dog, Frog, Horse, Snail, Piece],
        Some(Piece) => &[
            Bird, Dog, Frog, Horse, Snail, Diagonal, Linear, Omni, Orthogonal, Skew, Distance, Fly,
            Jump, Stack, Unblock, Value, Rules,
        ],
        Some(_) => &[PointConflict, Remove, Score, TurnLimit],
    };
    let mut out: Vec<Completion> = (words.iter())
        .map(|&kw| Completion {
            insert: kw.upper().to_owned(),
            kind: "value",
            about: about(kw).to_owned(),
        })
        .collect();
    if before == Some(Locations) {
        out.extend((1..=2).map(|n| Completion {
            insert: format!("PLAYER{n}"),
            kind: "value",
            about: format!("player {n}'s piece follows (a piece type)"),
        }));
    }
    out
}
