//! The one notation of vocabulary games, the same for every ruleset:
//!
//! | action | written | example |
//! | --- | --- | --- |
//! | place | the square, after `KIND@` when several kinds can be placed | `b2`, `large@b2` |
//! | drop | the line: a column for drops north or south, a row for east or west | `d`, `disc@d` |
//! | move | the two squares joined by `-` | `e2-e3` |
//! | place from a reserve stack | the stack's number, `@`, the square | `2@b2` |
//! | an effect | the rule's name, `@`, the square, and `:n` (pieces a transport moves) or `:cw`/`:ccw` (a rotation) | `bomb@b2`, `transporter@c3:2`, `shifter@b2:ccw` |
//! | pass | `pass` | |
//! | lose the turn | `forfeit`, or `forfeit:RULE` spending an effect | `forfeit:bomb` |
//! | quit | `quit` | |
//!
//! Squares are written as the board's `coordinates` say (`b2` or `2,2`).
//! Reading ignores case and surrounding white space, accepts any unique
//! prefix of a kind's name, and `x` in place of `-`; in a game where
//! pieces only move (moves, no placements), two squares separated by
//! white space (`e2 e3`) are a move too, which text mode reads from one
//! line (`Game::joins_next`).

use super::compile::Program;
use super::schema::Mechanic;
use super::state::{Action, NO_RULE, VocabGame};
use crate::contract::{Game, NotationError};

/// Writes `action` in the notation.
pub fn write(program: &Program, action: &Action) -> String {
    let g = &program.geometry;
    match *action {
        Action::Place { kind, at } => with_kind(program, kind, false, g.name(at)),
        Action::Drop { kind, at } => with_kind(program, kind, true, line_of(program, at)),
        Action::Move { from, to } => format!("{}-{}", g.name(from), g.name(to)),
        Action::Pass => "pass".into(),
        Action::Quit => "quit".into(),
        Action::PlaceFrom { stack, at } => format!("{}@{}", u16::from(stack) + 1, g.name(at)),
        Action::Effect { rule, at, arg } => {
            let Some(r) = program.rules.get(usize::from(rule)) else {
                return format!("rule{rule}@{}", g.name(at));
            };
            match r.mechanic {
                Mechanic::Transport => format!("{}@{}:{arg}", r.name, g.name(at)),
                Mechanic::Rotate if arg == 0 => format!("{}@{}:cw", r.name, g.name(at)),
                Mechanic::Rotate => format!("{}@{}:ccw", r.name, g.name(at)),
                _ => format!("{}@{}", r.name, g.name(at)),
            }
        }
        Action::Forfeit { rule } => match program.rules.get(usize::from(rule)) {
            Some(r) => format!("forfeit:{}", r.name),
            None => "forfeit".into(),
        },
    }
}

/// Reads `forfeit` or `forfeit:RULE`.
fn forfeit(program: &Program, text: &str) -> Option<Result<Action, NotationError>> {
    let rest = text.strip_prefix("forfeit")?;
    if rest.is_empty() {
        return Some(Ok(Action::Forfeit { rule: NO_RULE }));
    }
    let name = rest.strip_prefix(':')?.trim();
    Some(
        effect_rule(program, name)
            .map(|rule| Action::Forfeit { rule })
            .ok_or_else(|| NotationError::new(format!("`{name}` is not an effect of this game."))),
    )
}

/// The index of the effect rule named `name` (ignoring case).
fn effect_rule(program: &Program, name: &str) -> Option<u8> {
    let index = (program.rules.iter())
        .position(|r| r.is_effect() && r.name.eq_ignore_ascii_case(name.trim()))?;
    Some(index as u8)
}

/// Reads `RULE@SQUARE[:ARG]` for effect rule `rule`.
fn effect(program: &Program, rule: u8, target: &str) -> Result<Action, NotationError> {
    let (square_text, arg_text) = match target.split_once(':') {
        Some((s, a)) => (s, Some(a.trim())),
        None => (target, None),
    };
    let at = square(program, square_text)?;
    let mechanic = program.rules[usize::from(rule)].mechanic;
    let arg = match (mechanic, arg_text) {
        (Mechanic::Transport, Some(n)) => n.parse::<u8>().map_err(|_| {
            NotationError::new(format!("`{n}` is not a number of pieces (1 to 255)."))
        })?,
        (Mechanic::Transport, None) => {
            return Err(NotationError::new("Say how many pieces: `RULE@SQUARE:N`."));
        }
        (Mechanic::Rotate, Some("cw")) => 0,
        (Mechanic::Rotate, Some("ccw")) => 1,
        (Mechanic::Rotate, _) => {
            return Err(NotationError::new("Say which way: `:cw` or `:ccw`."));
        }
        (_, None) => 0,
        (_, Some(extra)) => {
            return Err(NotationError::new(format!(
                "`:{extra}` is not needed here."
            )));
        }
    };
    Ok(Action::Effect { rule, at, arg })
}

pub(super) fn with_kind(program: &Program, kind: u8, drop: bool, target: String) -> String {
    if placeable(program, drop).count_ones() > 1 {
        format!("{}@{target}", program.kinds[usize::from(kind)].name)
    } else {
        target
    }
}

/// Whether pieces only move in this game: it has `move` rules and no
/// `place` rules (with or without `drop`), so two squares separated by a
/// space (`a2 a4`) are one move.
pub fn moves_only(program: &Program) -> bool {
    let moves = (program.rules.iter()).any(|r| r.mechanic == Mechanic::Move);
    moves && placeable(program, false) == 0 && placeable(program, true) == 0
}

/// The kinds (bits) that `place` rules (with or without `drop`) can place.
fn placeable(program: &Program, drop: bool) -> u16 {
    (program.rules.iter())
        .filter(|r| r.mechanic == Mechanic::Place && r.drop.is_some() == drop)
        .fold(0, |m, r| m | r.kinds)
}

/// How the drop line through `at` is written: its column for drops north
/// or south, its row for east or west, else the square where it starts.
pub fn line_of(program: &Program, at: u8) -> String {
    let g = &program.geometry;
    let fall = (program.rules.iter()).find_map(|r| r.drop).unwrap_or(4);
    let (_, dx, dy) = g.directions()[usize::from(fall)];
    let (x, y) = g.xy(at);
    match (dx, dy) {
        (0, _) => g.column_name(x),
        (_, 0) => (y + 1).to_string(),
        _ => g.name(at),
    }
}

/// Reads an action written in the notation. (The game's `parse_action`
/// ends an error with how to type the actions legal now:
/// [`super::hints::how_to_act`].)
///
/// ```
/// use relic::contract::Game;
/// use relic::vocab::{VocabGame, builtin_vocab};
/// let game = VocabGame::new(builtin_vocab("connect-four").unwrap().unwrap());
/// assert_eq!(
///     game.parse_action("4").unwrap_err().message,
///     "`4` is not a line of the board. Type a column a to g, for example d."
/// );
/// ```
pub fn parse(game: &VocabGame, text: &str) -> Result<Action, NotationError> {
    let program = game.program();
    let text = text.trim().to_ascii_lowercase();
    match text.as_str() {
        "pass" => return Ok(Action::Pass),
        "quit" => return Ok(Action::Quit),
        "" => return Err(NotationError::new("Type an action.")),
        _ => {}
    }
    if let Some(result) = forfeit(program, &text) {
        return result;
    }
    if let Some((prefix, target)) = text.split_once('@') {
        if let Some(rule) = effect_rule(program, prefix) {
            return effect(program, rule, target);
        }
        if program.stacks > 0 {
            let stack = prefix
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|s| (1..=program.stacks).contains(s));
            let Some(stack) = stack else {
                return Err(NotationError::new(format!(
                    "`{prefix}` is not a reserve stack: 1 to {}.",
                    program.stacks
                )));
            };
            return Ok(Action::PlaceFrom {
                stack: stack - 1,
                at: square(program, target)?,
            });
        }
    }
    if let Some(result) = move_action(program, &text) {
        return result;
    }
    if moves_only(program) {
        return spaced_move(game, &text);
    }
    let (kind, target) = match text.split_once('@') {
        Some((kind, target)) => (Some(kind_named(program, kind)?), target),
        None => (None, text.as_str()),
    };
    let drops = placeable(program, true);
    let places = placeable(program, false);
    if drops != 0 && (places == 0 || program.geometry.parse(target).is_none()) {
        let kind = kind.map_or_else(|| only_kind(program, drops), Ok)?;
        return Ok(Action::Drop {
            kind,
            at: drop_target(game, target)?,
        });
    }
    let kind = kind.map_or_else(|| only_kind(program, places), Ok)?;
    Ok(Action::Place {
        kind,
        at: square(program, target)?,
    })
}

/// A move written `from-to` (or `fromxto`), if `text` is one: two squares,
/// or a refusal when a side is missing in a game that moves pieces. In a
/// game without moves a lone `x` or `-` is left to be read as a square or
/// a line, which refuses it as one.
fn move_action(program: &Program, text: &str) -> Option<Result<Action, NotationError>> {
    let (from, to) = text
        .split_once(['-', 'x'])
        .filter(|_| !text.contains('@'))?;
    if from.trim().is_empty() || to.trim().is_empty() {
        let moves = (program.rules.iter()).any(|r| r.mechanic == Mechanic::Move);
        let message = format!("`{text}` is not a move: write two squares joined by `-`.");
        return moves.then(|| Err(NotationError::new(message)));
    }
    let squares = square(program, from).and_then(|from| Ok((from, square(program, to)?)));
    Some(squares.map(|(from, to)| Action::Move { from, to }))
}

/// In a game where pieces only move: a move written as two squares
/// separated by white space (`a2 a4`), or the refusal of anything else,
/// which says how a move is written.
fn spaced_move(game: &VocabGame, text: &str) -> Result<Action, NotationError> {
    let program = game.program();
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    let squares: Vec<u8> = (words.iter())
        .filter_map(|w| program.geometry.parse(w))
        .collect();
    let message = match (words.as_slice(), squares.as_slice()) {
        (_, &[from, to]) if words.len() == 2 => return Ok(Action::Move { from, to }),
        ([one], &[at]) => {
            let from_here = (game.legal_actions().into_iter())
                .find(|a| matches!(a, Action::Move { from, .. } if *from == at));
            match from_here {
                Some(example) => format!(
                    "`{one}` is only a square: a move names where the piece goes too, for example {}.",
                    write(program, &example)
                ),
                None => format!("`{one}` is only a square: a move is two squares joined by `-`."),
            }
        }
        _ => format!("`{text}` is not a move: pieces move from one square to another."),
    };
    Err(NotationError::new(message))
}

fn square(program: &Program, text: &str) -> Result<u8, NotationError> {
    program.geometry.parse(text.trim()).ok_or_else(|| {
        NotationError::new(format!("`{}` is not a square of the board.", text.trim()))
    })
}

fn kind_named(program: &Program, text: &str) -> Result<u8, NotationError> {
    let text = text.trim();
    let exact = program
        .kinds
        .iter()
        .position(|k| k.name.eq_ignore_ascii_case(text));
    let prefixed: Vec<usize> = (program.kinds.iter().enumerate())
        .filter(|(_, k)| !text.is_empty() && k.name.to_ascii_lowercase().starts_with(text))
        .map(|(i, _)| i)
        .collect();
    match (exact, prefixed.as_slice()) {
        (Some(i), _) | (None, &[i]) => Ok(i as u8),
        _ => {
            let names: Vec<&str> = program.kinds.iter().map(|k| k.name.as_str()).collect();
            Err(NotationError::new(format!(
                "`{text}` is not a kind of piece: {}.",
                names.join(", ")
            )))
        }
    }
}

fn only_kind(program: &Program, kinds: u16) -> Result<u8, NotationError> {
    match kinds.count_ones() {
        0 => Err(NotationError::new("Pieces cannot be placed in this game.")),
        1 => Ok(kinds.trailing_zeros() as u8),
        _ => {
            let names: Vec<String> = (0..program.kinds.len())
                .filter(|k| kinds >> k & 1 == 1)
                .map(|k| format!("{}@", program.kinds[k].name))
                .collect();
            Err(NotationError::new(format!(
                "Say which piece: {}.",
                names.join(", ")
            )))
        }
    }
}

/// The square a piece dropped into the line `text` comes to rest on (the
/// line's entry square when the line is full, which `apply` refuses).
fn drop_target(game: &VocabGame, text: &str) -> Result<u8, NotationError> {
    let program = game.program();
    let g = &program.geometry;
    let Some(rule) = program.rules.iter().find(|r| r.drop.is_some()) else {
        return Err(NotationError::new("Pieces cannot be dropped in this game."));
    };
    let wanted = |&entry: &u8| {
        let (x, y) = g.xy(entry);
        line_of(program, entry) == text.trim()
            || g.parse_column(text).is_some_and(|c| c == x)
                && line_of(program, entry) == g.column_name(x)
            || g.parse_row(text).is_some_and(|r| r == y)
                && line_of(program, entry) == (y + 1).to_string()
    };
    let Some(entry) = rule.entries.iter().copied().find(wanted) else {
        return Err(NotationError::new(format!(
            "`{}` is not a line of the board.",
            text.trim()
        )));
    };
    Ok(game.landing(rule, entry).unwrap_or(entry))
}
