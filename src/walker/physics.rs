//! Cell physics as data: two-dimensional rewrite patterns (fall, roll,
//! anything a ruleset writes), run in a declared scan order and repeated
//! until nothing fires.
//!
//! A rule is a small grid of cell matchers (`match`) and writes
//! (`becomes`), rows from the top. It is anchored at its *subject*: the
//! first cell, reading rows from the top, that holds a kind other than
//! the empty one and that the rule changes (the falling rock). Each pass
//! visits every square in scan order; at a square the rules are tried in
//! order with their subject there, and the first that matches fires.
//! After it fires, the rules in its `then` list are tried again and again
//! at the cell its subject went to (its *destination*: the first changed
//! cell that is not empty afterwards), so a rock falls until it lands.
//!
//! Termination is checked at load: every rule must lower the sum of the
//! heights of the non-empty cells it covers, so no sequence of firings is
//! longer than that sum over the whole board.
//!
//! Squares carry one bit of state, *falling*: set by a write marked `*`,
//! matched by a matcher marked `*`, and cleared on every square when a
//! settling ends, after the end patterns ([`Physics::ends`]) are checked.
//!
//! Settling looks only where something changed: a grid that was stable
//! (no rule fires anywhere) stays stable except around the squares a move
//! wrote, so only the squares whose patterns cover a written square are
//! visited, in scan order, pass after pass, exactly as a full scan would
//! visit them (see [`Physics::settle_logged`]); the rest of the board is
//! never read. A board that may not be stable is scanned whole first.

use super::grid::FALLING;
use super::schema::{EndOutcome, Scan, Timing};

/// What one cell of a pattern matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Matcher {
    /// Anything (`?`).
    Any,
    /// This kind, falling or at rest.
    Kind(u8),
    /// This kind, falling (`O*`).
    Falling(u8),
}

impl Matcher {
    /// The test as bytes: a square's byte `b` matches when
    /// `b & mask == value`.
    pub fn mask_value(self) -> (u8, u8) {
        match self {
            Matcher::Any => (0, 0),
            Matcher::Kind(k) => (!FALLING, k),
            Matcher::Falling(k) => (0xFF, k | FALLING),
        }
    }

    /// Whether a square holding `kind` (falling or not) matches.
    #[inline]
    pub fn accepts(self, kind: u8, falling: bool) -> bool {
        match self {
            Matcher::Any => true,
            Matcher::Kind(k) => k == kind,
            Matcher::Falling(k) => k == kind && falling,
        }
    }
}

/// What a rule writes into one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Write {
    /// Leave the square as it is (`?`).
    Keep,
    /// Put this kind there, falling or at rest.
    Set {
        /// The kind.
        kind: u8,
        /// Whether it is falling.
        falling: bool,
    },
}

/// One cell of a compiled pattern, relative to the subject: `dx` east,
/// `dy` north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Columns east of the subject.
    pub dx: i32,
    /// Rows north of the subject.
    pub dy: i32,
    /// What must be there.
    pub matcher: Matcher,
    /// What is written there.
    pub write: Write,
}

/// One cell of a pattern as the hot path reads it: offsets, the test as
/// a mask and a value on the square's byte, the byte written if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Probe {
    pub(super) dx: i32,
    pub(super) dy: i32,
    pub(super) mask: u8,
    pub(super) value: u8,
    pub(super) write: Option<u8>,
}

/// Probes for `cells`, and the box they span: `[west, east, south, north]`
/// offsets from the subject.
fn probes(cells: &[Cell]) -> (Vec<Probe>, [i32; 4]) {
    let mut reach = [0; 4];
    let probes = (cells.iter())
        .map(|c| {
            reach = [
                reach[0].min(c.dx),
                reach[1].max(c.dx),
                reach[2].min(c.dy),
                reach[3].max(c.dy),
            ];
            let (mask, value) = c.matcher.mask_value();
            let write = match c.write {
                Write::Keep => None,
                Write::Set { kind, falling } => Some(kind | if falling { FALLING } else { 0 }),
            };
            Probe {
                dx: c.dx,
                dy: c.dy,
                mask,
                value,
                write,
            }
        })
        .collect();
    (probes, reach)
}

/// A compiled rewrite rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Its name.
    pub name: String,
    /// The kind at its subject (a quick filter).
    pub subject: u8,
    /// Its cells, the subject's first.
    pub cells: Vec<Cell>,
    /// Where the subject goes, relative to the subject.
    pub destination: (i32, i32),
    /// Rules tried at the destination after it fires, by index.
    pub then: Vec<usize>,
    pub(super) probes: Vec<Probe>,
    pub(super) reach: [i32; 4],
    /// The first probe to test: 1 when the subject's is a plain kind
    /// test, which the subject filter has already made.
    pub(super) test_from: usize,
}

impl Rule {
    /// The rule named `name` moving `subject`, with `cells` (the
    /// subject's first) and `destination` relative to the subject.
    pub fn new(
        name: String,
        subject: u8,
        cells: Vec<Cell>,
        destination: (i32, i32),
        then: Vec<usize>,
    ) -> Rule {
        let (probes, reach) = probes(&cells);
        let test_from = usize::from(
            cells
                .first()
                .is_some_and(|c| (c.dx, c.dy) == (0, 0) && c.matcher == Matcher::Kind(subject)),
        );
        Rule {
            name,
            subject,
            cells,
            destination,
            then,
            probes,
            reach,
            test_from,
        }
    }
}

/// A compiled end pattern: play ends when it matches a settled grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct End {
    /// Its name (`crushed`).
    pub name: String,
    /// The kind at its first non-`?` cell (a quick filter).
    pub subject: u8,
    /// Its cells, relative to that cell; writes are all `Keep`.
    pub cells: Vec<Cell>,
    /// How play ends.
    pub outcome: EndOutcome,
    pub(super) probes: Vec<Probe>,
    pub(super) reach: [i32; 4],
}

impl End {
    /// The end pattern named `name`: `cells` relative to its first, which
    /// holds `subject`.
    pub fn new(name: String, subject: u8, cells: Vec<Cell>, outcome: EndOutcome) -> End {
        let (probes, reach) = probes(&cells);
        End {
            name,
            subject,
            cells,
            outcome,
            probes,
            reach,
        }
    }
}

/// The physics of a walker game, compiled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Physics {
    /// When the grid settles.
    pub timing: Timing,
    /// The scan order.
    pub scan: Scan,
    /// The rules, in the order they are tried.
    pub rules: Vec<Rule>,
    /// The end patterns.
    pub ends: Vec<End>,
    /// For each kind: whether some rule has it as its subject.
    pub moves_kind: Vec<bool>,
    /// Every offset from a rule's subject to one of its cells: a square
    /// written may change what fires at the square that far back.
    pub(super) reach: Vec<(i32, i32)>,
}

/// A piece that physics moved, for front ends to animate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Motion {
    /// The rule that fired.
    pub rule: u8,
    /// Where the subject was.
    pub from: (i32, i32),
    /// Where it went.
    pub to: (i32, i32),
}

impl Physics {
    /// The physics of `rules` and `ends` on a ruleset of `kinds` kinds.
    pub fn new(
        timing: Timing,
        scan: Scan,
        rules: Vec<Rule>,
        ends: Vec<End>,
        kinds: usize,
    ) -> Physics {
        let mut moves_kind = vec![false; kinds];
        let mut reach = Vec::new();
        for rule in &rules {
            moves_kind[rule.subject as usize] = true;
            for c in &rule.cells {
                if !reach.contains(&(c.dx, c.dy)) {
                    reach.push((c.dx, c.dy));
                }
            }
        }
        Physics {
            timing,
            scan,
            rules,
            ends,
            moves_kind,
            reach,
        }
    }
}
