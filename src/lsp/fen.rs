//! Hover and completion in a FEN position (`.fen`), read against the
//! built-in `chess` ruleset as `relic perft chess FILE.fen` reads it: a
//! field says which it is, with the reference entry of the `[fen]` key
//! that gives it its meaning; a piece letter names the ruleset's kind and
//! player (the kinds' `glyphs`), a side letter its player, a castling
//! letter the variable it sets.

use crate::config::tree::Node;
use crate::games::GameId;

use super::complete::Completion;
use super::setup_words::{builtin_tree, field_at, line_at, reference, string};

/// The fields of a FEN position, in order, and the `[fen]` key that says
/// what each means (none for the placement and the fullmove number).
const FIELDS: [(&str, Option<&str>); 6] = [
    (
        "the piece placement, rank 8 first (letters are pieces, digits runs of empty squares, `/` ends a rank)",
        None,
    ),
    ("the side to move", Some("sides")),
    ("the castling rights", Some("castling")),
    ("the en-passant square", Some("en_passant")),
    ("the halfmove clock", Some("halfmove")),
    ("the fullmove number (sets the turn count)", None),
];

/// The hover text at byte `offset` of FEN `text`.
///
/// ```
/// let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
/// let knight = relic::lsp::fen::hover(text, 1).unwrap();
/// assert!(knight.contains("knight") && knight.contains("black") && knight.contains("b8"), "{knight}");
/// let side = relic::lsp::fen::hover(text, 44).unwrap();
/// assert!(side.contains("side to move") && side.contains("white"), "{side}");
/// ```
pub fn hover(text: &str, offset: usize) -> Option<String> {
    let (_, start, line) = line_at(text, offset);
    let (index, from, to) = field_at(line, offset - start)?;
    let (what, key) = FIELDS.get(index).copied()?;
    let root = builtin_tree("chess")?;
    let field = &line[from..to];
    let at = (offset - start)
        .saturating_sub(from)
        .min(field.len().saturating_sub(1));
    let letter = field.get(at..).and_then(|s| s.chars().next());
    field.is_ascii().then_some(())?;
    let mut out = format!("**`{field}`**: field {} of 6, {what}", index + 1);
    let detail = match (index, letter) {
        (0, Some(c)) => placement(&root, field, at, c),
        (1, Some(c)) => side(&root, c),
        (2, Some(c)) => castling(&root, c),
        _ => None,
    };
    if let Some(detail) = detail {
        out = format!("**`{}`**: {detail}\n\n{out}", letter.unwrap_or(' '));
    }
    if let Some(key) = key {
        out += &format!(
            "\n\n---\n\n{}",
            reference(GameId::Core, &["fen", key], None)
        );
    }
    Some(out)
}

/// The players of `root`, in order.
fn players(root: &Node) -> Vec<String> {
    (root
        .get("players")
        .map(Node::items)
        .unwrap_or_default()
        .iter())
    .filter_map(|p| match &p.kind {
        crate::config::tree::NodeKind::Str(s) => Some(s.clone()),
        _ => None,
    })
    .collect()
}

/// The kind and player whose glyph is `letter`.
fn piece(root: &Node, letter: char) -> Option<(String, String)> {
    let players = players(root);
    for kind in root.get("kinds")?.items() {
        let glyphs = kind.get("glyphs").map(Node::items).unwrap_or_default();
        for (i, glyph) in glyphs.iter().enumerate() {
            if matches!(&glyph.kind, crate::config::tree::NodeKind::Str(g) if g.starts_with(letter))
            {
                let player = players.get(i).cloned().unwrap_or_default();
                return Some((string(kind, "name")?, player));
            }
        }
    }
    None
}

/// A placement character: a piece (its kind, player and square), a run
/// of empty squares or the end of a rank.
fn placement(root: &Node, field: &str, at: usize, letter: char) -> Option<String> {
    let rank = 8 - field[..at].matches('/').count();
    let rank_start = field[..at].rfind('/').map_or(0, |i| i + 1);
    let file: u32 = (field[rank_start..at].chars())
        .map(|c| c.to_digit(10).unwrap_or(1))
        .sum();
    let square = format!("{}{rank}", char::from(b'a' + file.min(25) as u8));
    match letter {
        '/' => Some("the end of a rank".to_owned()),
        '1'..='9' => Some(format!("{letter} empty squares from {square}")),
        _ => {
            let (kind, player) = piece(root, letter)?;
            Some(format!(
                "a {kind} of {player} on {square} (kind `{kind}` of the `chess` ruleset)"
            ))
        }
    }
}

/// A side-to-move letter: the player it names.
fn side(root: &Node, letter: char) -> Option<String> {
    let sides = root.get("fen")?.get("sides")?.items();
    let i = sides.iter().position(
        |s| matches!(&s.kind, crate::config::tree::NodeKind::Str(w) if w.starts_with(letter)),
    )?;
    Some(format!("{} to move", players(root).get(i)?))
}

/// A castling letter: the variable it sets.
fn castling(root: &Node, letter: char) -> Option<String> {
    if letter == '-' {
        return Some("no castling rights".to_owned());
    }
    let right = root.get("fen")?.get("castling")?.get(&letter.to_string())?;
    Some(format!(
        "sets the variable `{}`",
        string(right, "variable")?
    ))
}

/// The letters of the field the cursor is in: the pieces in the
/// placement, the sides, the castling letters.
///
/// ```
/// let words = relic::lsp::fen::completions("rnbqkbnr/", 9);
/// assert!(words.iter().any(|c| c.insert == "N" && c.about.contains("knight")));
/// ```
pub fn completions(text: &str, offset: usize) -> Vec<Completion> {
    let Some(root) = builtin_tree("chess") else {
        return Vec::new();
    };
    let (_, start, line) = line_at(text, offset);
    let at = offset - start;
    let index = match field_at(line, at) {
        Some((index, ..)) => index,
        None => (line.get(..at.min(line.len())).unwrap_or(line))
            .split_whitespace()
            .count(),
    };
    let letters: Vec<(String, String)> = match index {
        0 => glyph_letters(&root),
        1 => (fen_key(&root, "sides")
            .map(Node::items)
            .unwrap_or_default()
            .iter())
        .filter_map(|s| Some((as_str(s)?, side(&root, as_str(s)?.chars().next()?)?)))
        .collect(),
        2 => (fen_key(&root, "castling")
            .map(Node::entries)
            .unwrap_or_default()
            .iter())
        .filter_map(|e| Some((e.key.clone(), castling(&root, e.key.chars().next()?)?)))
        .chain([("-".to_owned(), "no castling rights".to_owned())])
        .collect(),
        _ => Vec::new(),
    };
    (letters.into_iter())
        .map(|(insert, about)| Completion {
            insert,
            kind: "value",
            about,
        })
        .collect()
}

/// The value of `key` in the ruleset's `[fen]` table.
fn fen_key<'a>(root: &'a Node, key: &str) -> Option<&'a Node> {
    root.get("fen")?.get(key)
}

fn as_str(node: &Node) -> Option<String> {
    match &node.kind {
        crate::config::tree::NodeKind::Str(s) => Some(s.clone()),
        _ => None,
    }
}

/// Every piece letter of the ruleset, with its kind and player.
fn glyph_letters(root: &Node) -> Vec<(String, String)> {
    let players = players(root);
    let kinds = root.get("kinds").map(Node::items).unwrap_or_default();
    (kinds.iter())
        .flat_map(|kind| {
            let name = string(kind, "name").unwrap_or_default();
            let glyphs = kind.get("glyphs").map(Node::items).unwrap_or_default();
            (glyphs.iter().enumerate())
                .filter_map(|(i, g)| {
                    let player = players.get(i).cloned().unwrap_or_default();
                    Some((as_str(g)?, format!("a {name} of {player}")))
                })
                .collect::<Vec<_>>()
        })
        .collect()
}
