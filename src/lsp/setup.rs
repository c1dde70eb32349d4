//! Hover and completion in setup files: Moving Maze boards (GBF), Escape
//! configurations (`.egc`, [`super::egc`]), FEN positions
//! ([`super::fen`]), Boulder Dash caves and Maze Runner level files
//! (hover only, [`super::grids`]).
//!
//! A setup file is read against the built-in ruleset of its format, the
//! one `relic check` and `relic perft` use without `--ruleset`:
//! `moving-maze` for a board, `escape` for a configuration, `chess` for
//! a FEN position. What the words mean comes from that ruleset (a relic
//! letter's player, a piece letter's kind, a rule word's option) and from
//! the game's JSON Schema, the source of the rulesets' own hover.

use super::complete::Completion;
use super::diagnose::Kind;
use super::setup_words::{boundary, builtin_tree, field_at, line_at, string};

/// The hover text (Markdown) at byte `offset` of the setup `text`.
///
/// ```
/// use relic::lsp::{diagnose::Kind, setup::hover};
/// let board = "3 3\n1\n0101xx\n0110g1 1110xx 0011xx\n";
/// let words = hover(Kind::Board, board, 14).unwrap();
/// assert!(words.contains("row 1, column 1"), "{words}");
/// assert!(words.contains("Green"), "{words}");
/// ```
pub fn hover(kind: Kind, text: &str, offset: usize) -> Option<String> {
    let offset = boundary(text, offset);
    match kind {
        Kind::Board => board_hover(text, offset),
        Kind::Configuration => super::egc::hover(text, offset),
        Kind::Fen => super::fen::hover(text, offset),
        Kind::Cave => super::grids::cave_hover(text, offset),
        Kind::Levels => super::grids::levels_hover(text, offset),
        Kind::Ruleset => None,
    }
}

/// The completions at byte `offset` of the setup `text`: the words of a
/// configuration's section, the letters of a FEN field. A board, a cave
/// and a level file are grids of single characters: nothing to complete.
pub fn completions(kind: Kind, text: &str, offset: usize) -> Vec<Completion> {
    let offset = boundary(text, offset);
    match kind {
        Kind::Configuration => super::egc::completions(text, offset),
        Kind::Fen => super::fen::completions(text, offset),
        Kind::Board | Kind::Ruleset | Kind::Cave | Kind::Levels => Vec::new(),
    }
}

/// A GBF field: the size, the relic count, the floating tile or a tile of
/// the maze (its open sides and its relic, whose player is the
/// `moving-maze` ruleset's with that relic letter).
fn board_hover(text: &str, offset: usize) -> Option<String> {
    let (number, start, line) = line_at(text, offset);
    let (index, from, to) = field_at(line, offset - start)?;
    let field = &line[from..to];
    let what = match (number, index) {
        (0, 0) => "the board's width (columns)".to_owned(),
        (0, 1) => "the board's height (rows)".to_owned(),
        (0, _) => "nothing: the first line holds the width and the height".to_owned(),
        (1, _) => "K, the number of relics of each colour".to_owned(),
        (2, _) => format!("the floating tile: {}", tile(field)),
        (row, column) => format!(
            "the tile at row {}, column {}: {}",
            row - 2,
            column + 1,
            tile(field)
        ),
    };
    Some(format!("**`{field}`**: {what}"))
}

/// A GBF tile's open sides (north first, clockwise) and relic.
fn tile(field: &str) -> String {
    let bytes = field.as_bytes();
    let sides = ["north", "east", "south", "west"];
    let open: Vec<&str> = (sides.iter().zip(bytes))
        .filter(|(_, b)| **b == b'1')
        .map(|(s, _)| *s)
        .collect();
    let open = match open.is_empty() {
        true => "closed on every side".to_owned(),
        false => format!("open {}", open.join(", ")),
    };
    let relic = match field.get(4..6) {
        Some("xx") | None => "no relic".to_owned(),
        Some(relic) => relic_owner(relic),
    };
    format!("{open}; {relic}")
}

/// Whose relic `g1` is, by the `moving-maze` ruleset's relic letters.
fn relic_owner(relic: &str) -> String {
    let mut chars = relic.chars();
    let letter = chars.next().map(String::from).unwrap_or_default();
    let order = chars.as_str();
    let letter = letter.as_str();
    let owner = builtin_tree("moving-maze").and_then(|root| {
        let players = root.get("players")?.items().to_vec();
        let player = players
            .iter()
            .find(|p| string(p, "relic").as_deref() == Some(letter))?;
        string(player, "name")
    });
    match owner {
        Some(name) => format!("relic {order} of {name} (relic letter `{letter}`)"),
        None => format!("relic {order} of the player with relic letter `{letter}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hover and completion at every byte of odd setups (multi-byte
    /// characters, fields cut short, empty lines) answer or decline,
    /// never panic.
    #[test]
    fn every_offset_of_odd_setups_is_answered_without_panic() {
        let odd = [
            (Kind::Board, "3 3\n1\n01é1g\n0110gé 1110xx 0011\n\n"),
            (Kind::Board, "é"),
            (
                Kind::Configuration,
                "Coordinate type : SQUARE /* é */ xMax : é\nRules : SCORE",
            ),
            (Kind::Fen, "rnbéqkbnr/ppp w KQé - 0 1\n\n8/8 b"),
            (Kind::Fen, ""),
        ];
        for (kind, text) in odd {
            for offset in 0..=text.len() + 1 {
                let offset = offset.min(text.len());
                let _ = hover(kind, text, offset);
                let _ = completions(kind, text, offset);
            }
        }
    }
}
