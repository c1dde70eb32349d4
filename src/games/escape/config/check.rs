//! Raw entries to a checked [`Config`]: every problem the entries have,
//! alone or together, reported at once.

use std::collections::HashMap;

use miette::SourceSpan;

use crate::diagnostics::Span;
use crate::mechanics::movement::{Axis, Board, Mover, Pattern, Tiling};

use super::error::EgcError;
use super::lexer::Kw;
use super::raw::{Number, PieceName, RawConfig, RawDescriptor, RawLocation, Spanned};

/// The largest finite axis, and the largest coordinate on an infinite one.
const MAX_EXTENT: i64 = 1_000_000;
/// The largest distance a piece may move.
const MAX_DISTANCE: i64 = 1_000;
/// The largest value, score or turn limit.
const MAX_COUNT: i64 = 1_000_000;

/// A checked configuration: a board, its locations, its piece types and
/// its rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// The board's tiling and axes.
    pub board: Board,
    /// The locations as listed (each coordinate once).
    pub locations: Vec<Location>,
    /// The piece types as described.
    pub pieces: Vec<PieceType>,
    /// The rules in force.
    pub rules: Rules,
}

/// A location the configuration describes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// Where.
    pub at: (i32, i32),
    /// Its type.
    pub kind: LocationKind,
    /// The pieces on it at the start, all of one player: none, one, or a
    /// stack (bottom first; the top one is the one that moves).
    pub pieces: Vec<Placed>,
}

/// A location's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LocationKind {
    /// A plain location.
    Clear,
    /// Never landed on; crossed only by FLY or UNBLOCK.
    Block,
    /// A piece landing here leaves the board and scores.
    Exit,
}

impl LocationKind {
    /// Its name as configurations write it in upper case (`BLOCK`).
    pub fn upper(self) -> &'static str {
        match self {
            LocationKind::Clear => "CLEAR",
            LocationKind::Block => "BLOCK",
            LocationKind::Exit => "EXIT",
        }
    }
}

/// A piece placed at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    /// Its owner: 0 for PLAYER1, 1 for PLAYER2.
    pub player: usize,
    /// Its type: an index into [`Config::pieces`].
    pub kind: usize,
}

/// A piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceType {
    /// Its name in upper case (`HORSE`).
    pub name: &'static str,
    /// How it moves.
    pub mover: Mover,
    /// Its starting value (VALUE, 1 by default).
    pub value: u32,
}

/// The rule words a configuration writes, with their numbers; what each
/// word means is the ruleset's to say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// SCORE n.
    pub score: Option<u32>,
    /// TURN_LIMIT n.
    pub turn_limit: Option<u32>,
    /// POINT_CONFLICT is written.
    pub point_conflict: bool,
    /// REMOVE is written.
    pub remove: bool,
}

/// Checks `raw`, appending every problem; `None` when the board itself
/// could not be made out.
pub(super) fn check(source: &str, raw: &RawConfig, problems: &mut Vec<EgcError>) -> Option<Config> {
    let mut checker = Checker {
        len: source.len(),
        problems,
    };
    let board = checker.board(raw);
    let tiling = board.map_or(Tiling::Square, |b| b.tiling);
    let hex_at = raw.coordinates.first().map(|c| c.span);
    let (pieces, index) = checker.descriptors(&raw.descriptors, tiling, hex_at);
    let described: Vec<Kw> = raw
        .descriptors
        .iter()
        .filter_map(|d| d.name.value)
        .collect();
    let locations = checker.locations(&raw.locations, board, &index, &described);
    let rules = checker.rules(raw);
    Some(Config {
        board: board?,
        locations,
        pieces,
        rules,
    })
}

struct Checker<'p> {
    len: usize,
    problems: &'p mut Vec<EgcError>,
}

impl Checker<'_> {
    fn at(&self, span: Span) -> SourceSpan {
        span.to_source_span(self.len)
    }

    /// A number's value if it is within `min..=max`, else a report.
    fn bounded(&mut self, number: &Number, what: &str, min: i64, max: i64) -> Option<i64> {
        let value = number.value?;
        let at = self.at(number.span);
        if value < 0 && min >= 0 {
            self.problems.push(EgcError::Negative {
                what: what.to_owned(),
                at,
            });
        } else if value == 0 && min > 0 {
            let help = format!("give {what} from 1 to {max}");
            self.problems.push(EgcError::Zero {
                what: what.to_owned(),
                help,
                at,
            });
        } else if value > max || value < min {
            let help = format!("{what} is at most {max}");
            self.problems.push(EgcError::TooLarge {
                text: value.to_string(),
                help,
                at,
            });
        } else {
            return Some(value);
        }
        None
    }

    fn board(&mut self, raw: &RawConfig) -> Option<Board> {
        let first = raw.coordinates.first()?;
        for again in &raw.coordinates[1..] {
            let (at, first) = (self.at(again.span), self.at(first.span));
            self.problems.push(EgcError::CoordinateTwice { at, first });
        }
        let tiling = match first.value {
            Kw::Hex => Some(Tiling::Hex),
            Kw::Square => Some(Tiling::Square),
            _ => {
                let at = self.at(first.span);
                self.problems.push(EgcError::Triangle { at });
                None
            }
        };
        let x = self.axis(raw, Kw::XMax, first.span);
        let y = self.axis(raw, Kw::YMax, first.span);
        Some(Board {
            tiling: tiling?,
            x: x?,
            y: y?,
        })
    }

    fn axis(&mut self, raw: &RawConfig, which: Kw, board_at: Span) -> Option<Axis> {
        let name = which.upper();
        let mut declared = raw
            .dimensions
            .iter()
            .filter(|(axis, _)| axis.value == which);
        let Some((first, value)) = declared.next() else {
            let at = self.at(board_at);
            self.problems.push(EgcError::AxisMissing { axis: name, at });
            return None;
        };
        for (again, _) in declared {
            let (at, first) = (self.at(again.span), self.at(first.span));
            self.problems.push(EgcError::AxisTwice {
                axis: name,
                at,
                first,
            });
        }
        let max = self.bounded(value, &format!("`{name}`"), 0, MAX_EXTENT)?;
        Some(if max == 0 {
            Axis::Infinite
        } else {
            Axis::Finite(max as u32)
        })
    }
}

/// A keyword's name in upper case, for messages and the API.
fn upper(kw: Kw) -> &'static str {
    kw.upper()
}

impl Checker<'_> {
    fn descriptors(
        &mut self,
        raw: &[RawDescriptor],
        tiling: Tiling,
        board_at: Option<Span>,
    ) -> (Vec<PieceType>, HashMap<Kw, usize>) {
        let mut pieces = Vec::new();
        let mut index: HashMap<Kw, usize> = HashMap::new();
        let mut seen: HashMap<Kw, Span> = HashMap::new();
        for descriptor in raw {
            let piece = self.descriptor(descriptor, tiling, board_at);
            let Some(name) = descriptor.name.value else {
                continue;
            };
            if let Some(&first) = seen.get(&name) {
                let (at, first) = (self.at(descriptor.name.span), self.at(first));
                self.problems.push(EgcError::DescribedTwice {
                    name: upper(name),
                    at,
                    first,
                });
                continue;
            }
            seen.insert(name, descriptor.name.span);
            if let Some(piece) = piece {
                index.insert(name, pieces.len());
                pieces.push(piece);
            }
        }
        (pieces, index)
    }

    fn descriptor(
        &mut self,
        raw: &RawDescriptor,
        tiling: Tiling,
        board_at: Option<Span>,
    ) -> Option<PieceType> {
        let pattern = raw.pattern.and_then(|p| self.pattern(p, tiling, board_at));
        if raw.attributes.is_empty() {
            return None; // `[]`, reported by the parser
        }
        let attributes = self.attributes(raw)?;
        let name = raw.name.value?;
        let distance = match (attributes.fly, attributes.distance) {
            (Some(Some(fly)), None) => Some(fly),
            (_, Some(distance)) if !matches!(attributes.fly, Some(Some(_))) => Some(distance),
            (fly, _) => {
                let problem = if matches!(fly, Some(Some(_))) {
                    "gives its distance twice"
                } else {
                    "has no distance"
                };
                let at = self.at(raw.name.span);
                let name = upper(name).to_owned();
                self.problems
                    .push(EgcError::FlyDistance { name, problem, at });
                None
            }
        };
        let mover = Mover {
            pattern: pattern?,
            budget: distance?,
            fly: attributes.fly.is_some(),
            jump: attributes.jump,
            unblock: attributes.unblock,
        };
        Some(PieceType {
            name: upper(name),
            mover,
            value: attributes.value.unwrap_or(1),
        })
    }

    fn pattern(
        &mut self,
        pattern: Spanned<Kw>,
        tiling: Tiling,
        board_at: Option<Span>,
    ) -> Option<Pattern> {
        let at = self.at(pattern.span);
        let on_hex = tiling == Tiling::Hex;
        match pattern.value {
            Kw::Linear => Some(Pattern::Linear),
            Kw::Omni => Some(Pattern::Omni),
            Kw::Orthogonal if !on_hex => Some(Pattern::Orthogonal),
            Kw::Diagonal if !on_hex => Some(Pattern::Diagonal),
            Kw::Orthogonal | Kw::Diagonal => {
                let board = self.at(board_at.unwrap_or(pattern.span));
                let name = upper(pattern.value);
                self.problems.push(EgcError::PatternOnHex {
                    pattern: name,
                    at,
                    board,
                });
                None
            }
            _ => {
                self.problems.push(EgcError::Skew { at });
                None
            }
        }
    }
}

/// The attributes of one descriptor, checked.
#[derive(Default)]
struct Attributes {
    distance: Option<u32>,
    /// FLY, with its value if it had one.
    fly: Option<Option<u32>>,
    jump: bool,
    unblock: bool,
    value: Option<u32>,
}

impl Checker<'_> {
    /// The attributes, or `None` after a report.
    fn attributes(&mut self, raw: &RawDescriptor) -> Option<Attributes> {
        let mut seen: HashMap<Kw, Span> = HashMap::new();
        let mut out = Attributes::default();
        let mut ok = true;
        for (name, value) in &raw.attributes {
            if let Some(&first) = seen.get(&name.value) {
                let (at, first) = (self.at(name.span), self.at(first));
                self.problems.push(EgcError::AttributeTwice {
                    name: upper(name.value),
                    at,
                    first,
                });
                ok = false;
                continue;
            }
            seen.insert(name.value, name.span);
            ok &= self.attribute(name, value.as_ref(), &mut out);
        }
        ok.then_some(out)
    }

    /// Records one attribute in `out`; false after a report.
    fn attribute(
        &mut self,
        name: &Spanned<Kw>,
        value: Option<&Number>,
        out: &mut Attributes,
    ) -> bool {
        let title = upper(name.value);
        let at = self.at(name.span);
        let problem = match (name.value, value) {
            (Kw::Stack, _) => EgcError::Stack { at },
            (Kw::Distance | Kw::Value, None) => EgcError::AttributeValueMissing { name: title, at },
            (Kw::Jump | Kw::Unblock, Some(v)) => EgcError::AttributeValueUnexpected {
                name: title,
                at: self.at(v.span),
            },
            (Kw::Jump, None) => return set(&mut out.jump, true),
            (Kw::Unblock, None) => return set(&mut out.unblock, true),
            (Kw::Fly, None) => return set(&mut out.fly, Some(None)),
            (kw, Some(v)) => {
                let max = if kw == Kw::Value {
                    MAX_COUNT
                } else {
                    MAX_DISTANCE
                };
                let Some(n) = self.bounded(v, title, 1, max).map(|n| n as u32) else {
                    return false;
                };
                return match kw {
                    Kw::Fly => set(&mut out.fly, Some(Some(n))),
                    Kw::Distance => set(&mut out.distance, Some(n)),
                    _ => set(&mut out.value, Some(n)),
                };
            }
            (_, None) => return true,
        };
        self.problems.push(problem);
        false
    }
}

/// Sets `slot` to `value`; true.
fn set<T>(slot: &mut T, value: T) -> bool {
    *slot = value;
    true
}

impl Checker<'_> {
    fn locations(
        &mut self,
        raw: &[RawLocation],
        board: Option<Board>,
        index: &HashMap<Kw, usize>,
        described: &[Kw],
    ) -> Vec<Location> {
        let mut seen: HashMap<(i64, i64), Span> = HashMap::new();
        let mut out = Vec::new();
        for location in raw {
            let at = self.coordinates(location, board);
            let kind = match location.kind.map(|k| k.value) {
                Some(Kw::Block) => LocationKind::Block,
                Some(Kw::Exit) => LocationKind::Exit,
                _ => LocationKind::Clear,
            };
            let pieces = self.stack(location, kind, index, described);
            let Some((x, y)) = at else { continue };
            if let Some(&first) = seen.get(&(x, y)) {
                let (at, first) = (self.at(location.span), self.at(first));
                self.problems
                    .push(EgcError::LocationTwice { x, y, at, first });
                continue;
            }
            seen.insert((x, y), location.span);
            out.push(Location {
                at: (x as i32, y as i32),
                kind,
                pieces,
            });
        }
        out
    }

    /// The pieces `location` places (those that check), with a report of
    /// a stack whose pieces belong to different players.
    fn stack(
        &mut self,
        location: &RawLocation,
        kind: LocationKind,
        index: &HashMap<Kw, usize>,
        described: &[Kw],
    ) -> Vec<Placed> {
        let mut pieces = Vec::new();
        for piece in &location.pieces {
            if let Some(Some(placed)) = self.placed(piece, index, described) {
                pieces.push(placed);
            }
        }
        let Some((first, rest)) = location.pieces.split_first() else {
            return pieces;
        };
        if kind != LocationKind::Clear {
            let kind_at = self.at(location.kind.map_or(location.span, |k| k.span));
            let kind = if kind == LocationKind::Block {
                "a BLOCK"
            } else {
                "an EXIT"
            };
            let last = location.pieces.last().map_or(first.1.span, |p| p.1.span);
            let at = self.at(Span::new(first.0.span.start, last.end));
            self.problems
                .push(EgcError::PieceOnObstacle { kind, at, kind_at });
        }
        if let Some(other) = rest.iter().find(|p| p.0.value != first.0.value) {
            let (at, first) = (self.at(other.0.span), self.at(first.0.span));
            self.problems.push(EgcError::StackOwners { at, first });
        }
        pieces
    }

    /// The location's coordinates, if they are numbers on the board.
    fn coordinates(&mut self, location: &RawLocation, board: Option<Board>) -> Option<(i64, i64)> {
        let x = self.bounded(&location.x, "a coordinate", -MAX_EXTENT, MAX_EXTENT);
        let y = self.bounded(&location.y, "a coordinate", -MAX_EXTENT, MAX_EXTENT);
        let (x, y) = (x?, y?);
        let board = board?;
        if board.contains((x as i32, y as i32)) {
            return Some((x, y));
        }
        let extent = |axis: Axis| match axis {
            Axis::Finite(max) => format!("1 to {max}"),
            Axis::Infinite => "any integer".to_owned(),
        };
        let help = format!(
            "x runs {} and y {} on this board",
            extent(board.x),
            extent(board.y)
        );
        let at = self.at(location.span);
        self.problems.push(EgcError::OffBoard { x, y, help, at });
        None
    }

    /// The piece placed by `location`: `None` after a report, `Some(None)`
    /// when there is none.
    fn placed(
        &mut self,
        &(player, name): &(Spanned<u8>, PieceName),
        index: &HashMap<Kw, usize>,
        described: &[Kw],
    ) -> Option<Option<Placed>> {
        if !(1..=2).contains(&player.value) {
            let at = self.at(player.span);
            self.problems.push(EgcError::UnknownPlayer {
                number: player.value,
                at,
            });
        }
        let name_at = name.span;
        let name = name.value?;
        let Some(&kind) = index.get(&name) else {
            if described.contains(&name) {
                return None;
            }
            let at = self.at(name_at);
            self.problems.push(EgcError::Undescribed {
                name: upper(name),
                at,
            });
            return None;
        };
        (1..=2).contains(&player.value).then_some(Some(Placed {
            player: usize::from(player.value - 1),
            kind,
        }))
    }
}

impl Checker<'_> {
    fn rules(&mut self, raw: &RawConfig) -> Rules {
        let mut seen: HashMap<Kw, Span> = HashMap::new();
        let mut rules = Rules::default();
        for rule in &raw.rules {
            let name = upper(rule.name.value);
            if let Some(&first) = seen.get(&rule.name.value) {
                let (at, first) = (self.at(rule.name.span), self.at(first));
                self.problems.push(EgcError::RuleTwice { name, at, first });
                continue;
            }
            seen.insert(rule.name.value, rule.name.span);
            let at = self.at(rule.name.span);
            match (rule.name.value, &rule.value) {
                (Kw::Score | Kw::TurnLimit, None) => {
                    self.problems.push(EgcError::RuleValueMissing { name, at });
                }
                (Kw::PointConflict | Kw::Remove, Some(value)) => {
                    let at = self.at(value.span);
                    self.problems
                        .push(EgcError::RuleValueUnexpected { name, at });
                }
                (Kw::Score, Some(v)) => {
                    rules.score = self.bounded(v, name, 1, MAX_COUNT).map(|v| v as u32)
                }
                (Kw::TurnLimit, Some(v)) => {
                    rules.turn_limit = self.bounded(v, name, 1, MAX_COUNT).map(|v| v as u32)
                }
                (kw, None) => {
                    self.exclusive(kw, rule.name.span, &seen);
                    rules.remove |= kw == Kw::Remove;
                    rules.point_conflict |= kw == Kw::PointConflict;
                }
                _ => {}
            }
        }
        rules
    }

    /// Reports REMOVE and POINT_CONFLICT written together.
    fn exclusive(&mut self, kw: Kw, span: Span, seen: &HashMap<Kw, Span>) {
        let other = if kw == Kw::Remove {
            Kw::PointConflict
        } else {
            Kw::Remove
        };
        if let Some(&first) = seen.get(&other) {
            let (at, first) = (self.at(span), self.at(first));
            self.problems.push(EgcError::Exclusive { at, first });
        }
    }
}
