//! Moving Maze's things as the vocabulary's `[[kinds]]`: the tile shapes
//! (straight, corner, junction, crossing) with their open sides, the
//! relics of each colour and the players' adventurers with their homes,
//! each with the glyph text mode and board files show. The kinds follow
//! from the board format and the ruleset's players, so a `[[kinds]]` table
//! changes nothing: `relic rules show --expanded` writes them, and the
//! loader checks each one it reads against what it describes.

use serde::Serialize;

use super::error::MazeRulesError;
pub use super::lowered::{KindRole, MazeKind};
use super::schema::Ruleset;
use crate::config::Problem;
use crate::config::tree::{Node, Origin};
use crate::config::validate::{source_span, suggestion_help};
use crate::games::moving_maze::board::{Direction, Sides};

/// The tile shapes of the board format: name and open sides.
const SHAPES: [(&str, [bool; 4]); 4] = [
    ("straight", [true, false, true, false]),
    ("corner", [true, true, false, false]),
    ("junction", [true, true, true, false]),
    ("crossing", [true, true, true, true]),
];

/// Every kind of thing a game under `ruleset` has: the four tile shapes,
/// a relic per relic colour, an adventurer per player.
///
/// ```
/// use relic::rules::{Rules, kinds_of};
/// let kinds = kinds_of(Rules::standard().ruleset());
/// assert_eq!(kinds[0].name, "straight");
/// assert_eq!(kinds[0].glyph, "║");
/// assert!(kinds.iter().any(|k| k.name == "adventurer-green" && k.glyph == "G"));
/// ```
pub fn kinds_of(ruleset: &Ruleset) -> Vec<MazeKind> {
    let plain = |name: String, role, glyph: char| MazeKind {
        name,
        role,
        glyph: glyph.to_string(),
        sides: Vec::new(),
        gbf: None,
        owner: None,
        home: None,
    };
    let tiles = SHAPES.iter().map(|(name, flags)| {
        let sides = Sides::from_flags(*flags);
        MazeKind {
            sides: Direction::ALL
                .into_iter()
                .filter(|d| sides.is_open(*d))
                .collect(),
            gbf: Some(gbf_bits(sides)),
            ..plain(name.to_string(), KindRole::Tile, sides.glyph())
        }
    });
    let relics = ruleset.board.relic_colours.iter().map(|&letter| {
        let owner = ruleset.players.iter().find(|p| p.relic == letter);
        MazeKind {
            owner: owner.map(|p| p.colour.clone()),
            ..plain(format!("relic-{letter}"), KindRole::Relic, letter)
        }
    });
    let adventurers = ruleset.players.iter().map(|p| MazeKind {
        owner: Some(p.colour.clone()),
        home: Some(p.corner),
        ..plain(
            format!("adventurer-{}", p.colour),
            KindRole::Adventurer,
            p.initial,
        )
    });
    tiles.chain(relics).chain(adventurers).collect()
}

/// The four side bits as board files write them.
fn gbf_bits(sides: Sides) -> String {
    sides
        .flags()
        .iter()
        .map(|&open| if open { '1' } else { '0' })
        .collect()
}

/// What is wrong with one key of a kind: the key, the message, the help.
type Wrong = (&'static str, String, String);

/// Checks the `[[kinds]]` tables read from `root` against the kinds of
/// `ruleset`: each must name one of them and say what it is
/// (`rules::lowered::kind`).
pub(super) fn check_kinds(given: &[MazeKind], ruleset: &Ruleset, root: &Node) -> Vec<Problem> {
    let known = kinds_of(ruleset);
    let names: Vec<&str> = known.iter().map(|k| k.name.as_str()).collect();
    let mut problems = Vec::new();
    for (index, kind) in given.iter().enumerate() {
        let name = &kind.name;
        let twice = given[..index].iter().any(|k| k.name == *name);
        let wrong = match known.iter().find(|k| k.name == *name) {
            _ if twice => Some((
                "name",
                format!("kind `{name}` is described twice"),
                "describe each kind once".to_owned(),
            )),
            Some(expected) => contradiction(kind, expected),
            None => Some((
                "name",
                format!("Moving Maze has no kind `{name}`"),
                suggestion_help(name, "the kinds are", &names),
            )),
        };
        if let Some((key, message, help)) = wrong {
            let origin = kind_at(root, index, key);
            let span = source_span(origin);
            let error = MazeRulesError::LoweredKind {
                message,
                span,
                help,
            };
            problems.push((origin.file, Box::new(error) as _));
        }
    }
    problems
}

/// `value` as TOML writes it.
fn written<T: Serialize>(value: &T) -> String {
    toml::Value::try_from(value).map_or_else(|_| "?".to_owned(), |v| v.to_string())
}

/// The first key of `kind` that says otherwise than `expected`.
fn contradiction(kind: &MazeKind, expected: &MazeKind) -> Option<Wrong> {
    let name = &kind.name;
    let write = |key: &str, value: String| format!("write `{key} = {value}`");
    if kind.role != expected.role {
        let role = written(&expected.role);
        let why = format!("`{name}` is {}, not {}", role, written(&kind.role));
        return Some(("role", why, write("role", role)));
    }
    if expected.role == KindRole::Tile {
        return tile_contradiction(kind, expected);
    }
    if kind.glyph != expected.glyph {
        let why = format!(
            "`{name}` is drawn `{}`, not `{}`",
            expected.glyph, kind.glyph
        );
        return Some(("glyph", why, write("glyph", written(&expected.glyph))));
    }
    if kind.owner != expected.owner {
        let (why, help) = match &expected.owner {
            Some(owner) => (
                format!("`{name}` belongs to `{owner}`"),
                write("owner", written(owner)),
            ),
            None => (
                format!("no player collects `{name}`"),
                "leave `owner` out".to_owned(),
            ),
        };
        return Some(("owner", why, help));
    }
    let home = expected
        .home
        .as_ref()
        .map_or_else(|| "nowhere".to_owned(), written);
    (kind.home != expected.home).then(|| {
        let why = format!("`{name}` starts at {home}");
        ("home", why, write("home", home))
    })
}

/// A tile kind's sides must be a quarter turn of its shape, drawn and
/// written as those sides are.
fn tile_contradiction(kind: &MazeKind, expected: &MazeKind) -> Option<Wrong> {
    let name = &kind.name;
    let sides_of = |list: &[Direction]| {
        let mut flags = [false; 4];
        list.iter().for_each(|d| flags[*d as usize] = true);
        Sides::from_flags(flags)
    };
    let sides = sides_of(&kind.sides);
    let shape = sides_of(&expected.sides);
    let turns = [1, 2, 3].map(|n| (0..n).fold(shape, |s, _| s.rotated_clockwise()));
    let turned = sides == shape || turns.contains(&sides);
    if !turned || kind.sides.len() != sides.count() as usize {
        let why = format!(
            "a {name} is open on `{}` or a quarter turn of it",
            gbf_bits(shape)
        );
        let help = format!("write `sides = {}`", written(&expected.sides));
        return Some(("sides", why, help));
    }
    let glyph = sides.glyph().to_string();
    if kind.glyph != glyph {
        let why = format!(
            "text mode draws these sides `{glyph}`, not `{}`",
            kind.glyph
        );
        return Some(("glyph", why, format!("write `glyph = \"{glyph}\"`")));
    }
    let bits = gbf_bits(sides);
    match &kind.gbf {
        Some(given) if *given != bits => {
            let why = format!("board files write these sides `{bits}`, not `{given}`");
            Some(("gbf", why, format!("write `gbf = \"{bits}\"`")))
        }
        _ => None,
    }
}

/// Where `key` of kind table `index` was written (the table when it was
/// left out).
fn kind_at(root: &Node, index: usize, key: &str) -> Origin {
    let table = root.get("kinds").and_then(|k| k.items().get(index));
    let at = table.map_or(root.at, |t| t.at);
    table.and_then(|t| t.get(key)).map_or(at, |n| n.at)
}
