//! Escape written in the core rules language ([`crate::lang`]) for one
//! configuration: [`escape_core`] writes a core ruleset whose one
//! interpreter plays the same game as the engine, move for move.
//!
//! Each location is a cell; a cell holds a stack: its location type at
//! the bottom where it is not CLEAR (the neutral kinds `block` and
//! `exit`), then its pieces, bottom first. A piece's kind is its type and
//! its current value (`dog_2`, glyphs `D2` for PLAYER1 and `d2` for
//! PLAYER2), so a conflict that reduces a piece turns it into the kind of
//! its lower value. A move takes the top piece off its square (leaving the
//! neutral `here` there while it moves, a square paths may cross and no
//! move ends on), walks the type's routes
//! ([`crate::mechanics::lower::Routes`]), and at the destination scores
//! (a location that removes the piece arriving, or an exit fallen into),
//! fights the stack there as the capture policy says, or stays. The
//! scores, the count of single moves (where a limit needs it), and for one
//! move the mover's value, the attack left in a conflict, the steps taken
//! and whether it fell are variables. The race ends as the rules words
//! say: a score goal, a move limit (the higher score wins), and the
//! ruleset's `no-move` for a player who cannot move. A move is written by
//! its two cells, `b2-c3` ([`core_action_text`]); under `illegal-move =
//! "loses"` a refused move is followed by `forfeit`.

mod rules;

use std::collections::BTreeSet;

use crate::contract::Game as _;
use crate::games::escape::config::LocationKind;
use crate::games::escape::{Action, EscapeGame};
use crate::lang::keywords::is_keyword;
use crate::mechanics::capture::Capture;
use crate::mechanics::lower::{Unlowered, board_spec, cell_name};
use crate::mechanics::movement::Coord;
use crate::mechanics::squares::{Arrival, Passage, SquareRule};

/// The most pieces a core game has (kinds times owners), less the
/// neutral kinds this form adds.
const MAX_PIECES: usize = 124;

/// The highest value a piece's glyph can carry (two digits).
const MAX_VALUE: u32 = 99;

/// Why a position does not lower into the core.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoCoreForm {
    /// The board is not a core board.
    #[error("{0}")]
    Board(#[from] Unlowered),
    /// Only a position with PLAYER1 to move lowers.
    #[error("only a position with PLAYER1 to move is written in the core")]
    SecondToMove,
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// A piece of this value (or one a conflict could give) has no glyph.
    #[error("a piece of value {0} is more than a core glyph can show (at most {MAX_VALUE})")]
    Value(u32),
    /// More kinds of piece and value than a core game holds.
    #[error(
        "the piece types and the values they can take make {0} core pieces (at most {MAX_PIECES})"
    )]
    TooManyPieces(usize),
    /// Location rules the core form does not write.
    #[error("the ruleset's {0} location rule is not written in the core yet")]
    Location(&'static str),
}

/// The core ruleset (TOML) that plays on from `game`, a position with
/// PLAYER1 to move on a finite board.
///
/// ```
/// use relic::contract::Game;
/// use relic::games::escape::core_form::escape_core;
/// use relic::games::escape::{EscapeGame, Variant, config::parse_config};
/// let config = parse_config("Coordinate type : SQUARE xMax : 3 yMax : 2
///     Locations : (1, 1) player1 dog (3, 2) exit (3, 1) player2 dog
///     Piece descriptors : DOG omni [distance 1]").unwrap();
/// let game = EscapeGame::new(config, Variant::default());
/// let toml = escape_core(&game).unwrap();
/// let (_, program) = relic::lang::parse_core_resolved(&toml, "escape.toml", None).unwrap();
/// let core = relic::lang::CoreGame::new(program);
/// let listed: Vec<String> = core.legal_actions().iter().map(|a| core.write_action(a)).collect();
/// assert_eq!(listed, ["a1-b1", "a1-b2", "a1-a2"]);
/// ```
pub fn escape_core(game: &EscapeGame) -> Result<String, NoCoreForm> {
    let titles = (
        "Escape",
        "Escape written in the core for one configuration.",
    );
    escape_core_titled(game, titles)
}

/// [`escape_core`] with the ruleset's `(name, description)`.
///
/// ```
/// # use relic::games::escape::{EscapeGame, Variant, config::parse_config};
/// use relic::games::escape::core_form::escape_core_titled;
/// # let config = parse_config("Coordinate type : SQUARE xMax : 3 yMax : 2
/// #     Locations : (1, 1) player1 dog (3, 1) player2 dog
/// #     Piece descriptors : DOG omni [distance 1]").unwrap();
/// # let game = EscapeGame::new(config, Variant::default());
/// let toml = escape_core_titled(&game, ("Escape \"later\"", "Exits are hurdles.")).unwrap();
/// assert!(toml.contains(r#"name = 'Escape "later"'"#));
/// ```
pub fn escape_core_titled(game: &EscapeGame, titles: (&str, &str)) -> Result<String, NoCoreForm> {
    match game.status() {
        crate::contract::Status::Over(_) => return Err(NoCoreForm::Over),
        crate::contract::Status::ToMove(1) => return Err(NoCoreForm::SecondToMove),
        _ => {}
    }
    let writer = Writer::new(game)?;
    Ok(writer.toml(titles))
}

/// The engine's `action` in the core form's notation: a move by its two
/// cells (`b2-c3`, column `x`, row `y`), `quit` for resigning, `forfeit`.
///
/// ```
/// use relic::games::escape::Action;
/// use relic::games::escape::core_form::core_action_text;
/// assert_eq!(core_action_text(Action::Move { from: (2, 2), to: (3, 4) }), "b2-c4");
/// assert_eq!(core_action_text(Action::Resign), "quit");
/// ```
pub fn core_action_text(action: Action) -> String {
    match action {
        Action::Move { from, to } => format!("{}-{}", cell_name(from), cell_name(to)),
        Action::Resign => "quit".to_owned(),
        Action::Forfeit => "forfeit".to_owned(),
    }
}

/// The glyphs the core form writes for the stack at `at` (its location
/// type where not CLEAR, `#` or `X`; then its pieces, bottom first, each
/// its type's letter, upper case for PLAYER1, and its value: `D2`, `d2`).
///
/// ```
/// use relic::games::escape::core_form::cell_glyphs;
/// use relic::games::escape::{EscapeGame, Variant, config::parse_config};
/// let config = parse_config("Coordinate type : SQUARE xMax : 3 yMax : 2
///     Locations : (1, 1) player1 dog player1 dog (3, 1) player2 dog (2, 2) exit
///     Piece descriptors : DOG omni [distance 1, value 2]").unwrap();
/// let game = EscapeGame::new(config, Variant::default());
/// assert_eq!(cell_glyphs(&game, (1, 1)), ["D2", "D2"]);
/// assert_eq!(cell_glyphs(&game, (2, 2)), ["X"]);
/// assert_eq!(cell_glyphs(&game, (3, 1)), ["d2"]);
/// assert!(cell_glyphs(&game, (2, 1)).is_empty());
/// ```
pub fn cell_glyphs(game: &EscapeGame, at: Coord) -> Vec<String> {
    let config = &game.table().config;
    stack_glyphs(
        game,
        &type_letters(config.pieces.iter().map(|t| t.name)),
        at,
    )
}

/// [`cell_glyphs`] with the types' letters known.
fn stack_glyphs(game: &EscapeGame, letters: &[char], at: Coord) -> Vec<String> {
    let mut stack = Vec::new();
    match game.terrain(at) {
        LocationKind::Block => stack.push("#".to_owned()),
        LocationKind::Exit => stack.push("X".to_owned()),
        LocationKind::Clear => {}
    }
    for &(_, piece) in game.stack(at) {
        stack.push(glyph(letters[piece.kind], piece.value, piece.owner));
    }
    stack
}

/// A piece's glyph: its type's letter (upper case for PLAYER1, lower for
/// PLAYER2) and its value.
fn glyph(letter: char, value: u32, owner: usize) -> String {
    let letter = match owner {
        0 => letter,
        _ => letter.to_ascii_lowercase(),
    };
    format!("{letter}{value}")
}

/// A piece type's names in the core.
struct TypeWords {
    /// The type's index in the configuration.
    index: usize,
    /// Its name in the core (`dog`), its kinds' prefix.
    name: String,
    /// The letter of its glyphs (upper case).
    letter: char,
    /// The values its pieces can take, lowest first.
    values: Vec<u32>,
}

impl TypeWords {
    /// The kind of this type's pieces of value `value`.
    fn kind(&self, value: u32) -> String {
        format!("{}_{value}", self.name)
    }
}

/// What the rules texts are written from.
struct Writer<'a> {
    game: &'a EscapeGame,
    types: Vec<TypeWords>,
    /// The points still on the board: what any score can still grow by
    /// (its multiplier aside).
    points_left: u32,
}

impl<'a> Writer<'a> {
    fn new(game: &'a EscapeGame) -> Result<Writer<'a>, NoCoreForm> {
        board_spec(game.board())?;
        plain_locations(game)?;
        let points_left = game.pieces().map(|(_, p)| p.value).sum::<u32>();
        let types = type_words(game, points_left)?;
        let pieces = 2 * types.iter().map(|t| t.values.len()).sum::<usize>();
        if pieces > MAX_PIECES || types.len() > 26 {
            return Err(NoCoreForm::TooManyPieces(pieces));
        }
        Ok(Writer {
            game,
            types,
            points_left,
        })
    }

    fn capture(&self) -> Capture {
        self.game.table().capture
    }
}

/// The location rules the core form writes: CLEAR open to all, BLOCK a
/// wall where pieces stay, EXIT crossed only by jumps and fliers (a trap
/// whose pieces fall in and are removed, or a hurdle).
fn plain_locations(game: &EscapeGame) -> Result<(), NoCoreForm> {
    let variant = &game.table().variant;
    if variant.clear != SquareRule::OPEN {
        return Err(NoCoreForm::Location("CLEAR"));
    }
    if variant.block.passage != Passage::Wall || variant.block.arrival != Arrival::Stay {
        return Err(NoCoreForm::Location("BLOCK"));
    }
    let exit = variant.exit;
    match (exit.passage, exit.arrival) {
        (Passage::Hurdle, _) | (Passage::Trap, Arrival::Remove { .. }) => Ok(()),
        _ => Err(NoCoreForm::Location("EXIT")),
    }
}

/// Each piece type's names and the values its pieces can take: their
/// values now and at the start, down to 1 where conflicts reduce them, up
/// to every point on the board where captures gain them.
fn type_words(game: &EscapeGame, points_left: u32) -> Result<Vec<TypeWords>, NoCoreForm> {
    let config = &game.table().config;
    let names = core_names(config.pieces.iter().map(|t| t.name));
    let letters = type_letters(config.pieces.iter().map(|t| t.name));
    let mut types = Vec::new();
    for (index, piece) in config.pieces.iter().enumerate() {
        let now = game.pieces().filter(|(_, p)| p.kind == index);
        let mut values: BTreeSet<u32> = now.map(|(_, p)| p.value).collect();
        values.insert(piece.value);
        let (low, high) = (values.first().copied(), values.last().copied());
        let (mut low, mut high) = (low.unwrap_or(0), high.unwrap_or(0));
        match game.table().capture {
            Capture::PointConflict => low = low.min(1),
            Capture::RemoveGaining => high = high.max(points_left),
            Capture::Forbidden | Capture::Remove => {}
        }
        if high > MAX_VALUE {
            return Err(NoCoreForm::Value(high));
        }
        let values = match game.table().capture {
            Capture::PointConflict | Capture::RemoveGaining => (low..=high).collect(),
            _ => values.into_iter().collect(),
        };
        types.push(TypeWords {
            index,
            name: names[index].clone(),
            letter: letters[index],
            values,
        });
    }
    Ok(types)
}

/// The types' names in the core: the configuration's in lower case where
/// each is a plain word of the language, else `type1`, `type2`, ...
fn core_names<'n>(names: impl Iterator<Item = &'n str>) -> Vec<String> {
    let lower: Vec<String> = names.map(str::to_ascii_lowercase).collect();
    let plain = |s: &String| {
        s.starts_with(|c: char| c.is_ascii_alphabetic())
            && s.chars().all(|c| c.is_ascii_alphanumeric())
            && !is_keyword(s)
    };
    match lower.iter().all(plain) {
        true => lower,
        false => (1..=lower.len()).map(|i| format!("type{i}")).collect(),
    }
}

/// The types' glyph letters: their initials where no two share one, else
/// `A`, `B`, ... in order (the writer takes at most 26 types).
fn type_letters<'n>(names: impl Iterator<Item = &'n str>) -> Vec<char> {
    let initials: Vec<char> = names
        .map(|n| n.chars().next().unwrap_or('T').to_ascii_uppercase())
        .collect();
    let distinct = (1..initials.len()).all(|i| !initials[..i].contains(&initials[i]));
    let usable = initials.iter().all(char::is_ascii_uppercase);
    match distinct && usable {
        true => initials,
        false => (0..initials.len())
            .map(|i| char::from(b'A' + (i % 26) as u8))
            .collect(),
    }
}
