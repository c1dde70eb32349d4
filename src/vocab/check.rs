//! The semantic check of a vocabulary ruleset: every problem across its
//! tables at once (names, glyphs, the setup, directions on this board,
//! keys that mean nothing for a mechanic, contradictions, rules and
//! outcomes that can never happen), each pointed at the exact bytes, inside
//! strings where the problem is inside one.

use miette::SourceSpan;

use super::compile::{Kind, glyph_code, line_axes, resolve, setup_tokens};
use super::error::VocabError;
use super::geometry::Geometry;
use super::messages::{DEFAULTS, unfillable};
use super::schema::*;
use crate::config::tree::Node;
use crate::config::validate::{source_span, suggestion_help};

/// One step of a path into the ruleset tree.
#[derive(Clone, Copy)]
pub(super) enum Step<'a> {
    /// A table key.
    Key(&'a str),
    /// An array index.
    At(usize),
}

use Step::{At, Key};

mod flow;
mod keys;

/// A problem and the file it points into.
pub(super) type Found = (usize, VocabError);

struct Checker<'a> {
    ruleset: &'a VocabRuleset,
    root: &'a Node,
    sources: &'a [String],
    geometry: Geometry,
    out: Vec<Found>,
}

/// Checks `ruleset`, read from `root` (whose files' texts are `sources`).
pub(super) fn check(ruleset: &VocabRuleset, root: &Node, sources: &[String]) -> Vec<Found> {
    let b = &ruleset.board;
    let mut checker = Checker {
        ruleset,
        root,
        sources,
        geometry: Geometry::new(b.shape, b.width.min(16), b.height.min(16), b.coordinates),
        out: Vec::new(),
    };
    checker.names();
    checker.kinds();
    if checker.board() {
        checker.setup();
    }
    checker.directions();
    checker.actions();
    checker.stacking();
    checker.outcomes();
    checker.messages();
    checker.flow();
    checker.out
}

impl<'a> Checker<'a> {
    /// The node at `path`, or the nearest ancestor written.
    fn node(&self, path: &[Step]) -> &'a Node {
        let mut node = self.root;
        for step in path {
            let next = match *step {
                Key(k) => node.get(k),
                At(i) => node.items().get(i),
            };
            match next {
                Some(n) => node = n,
                None => break,
            }
        }
        node
    }

    /// Whether the value at `path` is written (not a default).
    fn written(&self, path: &[Step]) -> bool {
        let mut node = self.root;
        for step in path {
            let next = match *step {
                Key(k) => node.get(k),
                At(i) => node.items().get(i),
            };
            match next {
                Some(n) => node = n,
                None => return false,
            }
        }
        true
    }

    fn at(&self, path: &[Step]) -> (usize, SourceSpan) {
        let node = self.node(path);
        (node.at.file, source_span(node.at))
    }

    /// The bytes `start..end` of the string value at `path`, inside the
    /// quotes when the string is written without escapes.
    fn inside(&self, path: &[Step], start: usize, end: usize) -> (usize, SourceSpan) {
        let node = self.node(path);
        match node.inside_string(&self.sources[node.at.file], start, end) {
            Some(at) => (at.file, source_span(at)),
            None => self.at(path),
        }
    }

    fn push(&mut self, file: usize, error: VocabError) {
        self.out.push((file, error));
    }

    fn names(&mut self) {
        let r = self.ruleset;
        let players: Vec<&str> = r.players.iter().map(|p| p.name.as_str()).collect();
        let kinds: Vec<&str> = r.kinds.iter().map(|k| k.name.as_str()).collect();
        let actions: Vec<&str> = r.actions.iter().map(|a| a.name.as_str()).collect();
        self.unique("player", "players", &players);
        self.unique("kind", "kinds", &kinds);
        self.unique("action", "actions", &actions);
    }

    fn unique(&mut self, what: &'static str, table: &str, names: &[&str]) {
        self.unique_at(what, &[Key(table)], names);
    }

    /// Names given twice in the array of tables at `table`.
    fn unique_at(&mut self, what: &'static str, table: &[Step], names: &[&str]) {
        let path = |i: usize| [table, &[At(i), Key("name")]].concat();
        for (i, name) in names.iter().enumerate() {
            if let Some(first) = names[..i].iter().position(|n| n == name) {
                let (file, span) = self.at(&path(i));
                let (first_file, first_span) = self.at(&path(first));
                let first = (first_file == file).then_some(first_span);
                let name = (*name).to_owned();
                self.push(
                    file,
                    VocabError::DuplicateName {
                        what,
                        name,
                        span,
                        first,
                    },
                );
            }
        }
    }

    fn kinds(&mut self) {
        let players = self.ruleset.players.len();
        let mut seen: Vec<(String, usize, usize)> = Vec::new();
        for (k, kind) in self.ruleset.kinds.iter().enumerate() {
            let path = [Key("kinds"), At(k), Key("glyphs")];
            if kind.glyphs.len() != players {
                let (file, span) = self.at(&path);
                let error = VocabError::GlyphCount {
                    kind: kind.name.clone(),
                    count: kind.glyphs.len(),
                    players,
                    span,
                };
                self.push(file, error);
            }
            for (g, glyph) in kind.glyphs.iter().enumerate() {
                let (file, span) = self.at(&[Key("kinds"), At(k), Key("glyphs"), At(g)]);
                let length = glyph.chars().count();
                if !(1..=3).contains(&length) || glyph.contains(char::is_whitespace) || glyph == "."
                {
                    self.push(
                        file,
                        VocabError::BadGlyph {
                            glyph: glyph.clone(),
                            span,
                        },
                    );
                } else if let Some(&(_, fk, fg)) = seen.iter().find(|s| &s.0 == glyph) {
                    let (first_file, first) =
                        self.at(&[Key("kinds"), At(fk), Key("glyphs"), At(fg)]);
                    let first = (first_file == file).then_some(first);
                    self.push(
                        file,
                        VocabError::GlyphClash {
                            glyph: glyph.clone(),
                            span,
                            first,
                        },
                    );
                } else {
                    seen.push((glyph.clone(), k, g));
                }
            }
        }
    }

    /// Checks the board's size and neighbours; false when it is too large
    /// to check the setup against.
    fn board(&mut self) -> bool {
        let b = &self.ruleset.board;
        let cells = usize::from(b.width) * usize::from(b.height);
        if cells > MAX_CELLS {
            let (file, span) = self.at(&[Key("board")]);
            self.push(file, VocabError::BoardTooLarge { cells, span });
            return false;
        }
        let path = [Key("board"), Key("neighbours")];
        let expected = match b.shape {
            Shape::Square if !matches!(b.neighbours, 4 | 8) => Some("square boards have 4 or 8"),
            Shape::Hex if self.written(&path) => Some("hex boards always have 6"),
            _ => None,
        };
        if let Some(expected) = expected {
            let (file, span) = self.at(&path);
            self.push(
                file,
                VocabError::Neighbours {
                    value: b.neighbours,
                    expected,
                    span,
                },
            );
        }
        true
    }

    fn setup(&mut self) {
        let b = &self.ruleset.board;
        if b.setup.is_empty() {
            return;
        }
        if b.setup.len() != usize::from(b.height) {
            let (file, span) = self.at(&[Key("board"), Key("setup")]);
            let found = b.setup.len();
            self.push(
                file,
                VocabError::SetupRows {
                    found,
                    height: b.height,
                    span,
                },
            );
        }
        let kinds = kinds_of(self.ruleset);
        let mut glyphs: Vec<&str> = vec!["."];
        glyphs.extend(
            self.ruleset
                .kinds
                .iter()
                .flat_map(|k| k.glyphs.iter().map(String::as_str)),
        );
        for (r, row) in b.setup.iter().enumerate() {
            let path = [Key("board"), Key("setup"), At(r)];
            let tokens = setup_tokens(row);
            if tokens.len() != usize::from(b.width) {
                let (file, span) = self.inside(&path, 0, row.len());
                let error = VocabError::SetupWidth {
                    row: r + 1,
                    found: tokens.len(),
                    width: b.width,
                    span,
                };
                self.push(file, error);
            }
            for (offset, glyph) in tokens {
                if glyph_code(glyph, &kinds).is_none() {
                    let (file, span) = self.inside(&path, offset, offset + glyph.len());
                    let help = suggestion_help(glyph, "the glyphs are", &glyphs);
                    self.push(
                        file,
                        VocabError::SetupGlyph {
                            glyph: glyph.to_owned(),
                            span,
                            help,
                        },
                    );
                }
            }
        }
    }

    fn directions(&mut self) {
        let hex = self.ruleset.board.shape == Shape::Hex;
        for (p, player) in self.ruleset.players.iter().enumerate() {
            if let Some(direction) = player.forward {
                let path = [Key("players"), At(p), Key("forward")];
                self.absolute_direction(&path, direction);
            }
        }
        for (a, action) in self.ruleset.actions.iter().enumerate() {
            if let Some(direction) = action.drop {
                self.absolute_direction(&[Key("actions"), At(a), Key("drop")], direction);
            }
            for (d, &direction) in action.directions.iter().enumerate() {
                if resolve(&self.geometry, direction, 0, 8).is_empty() {
                    let path = [Key("actions"), At(a), Key("directions"), At(d)];
                    self.no_direction(&path, direction, hex);
                }
            }
        }
    }

    /// A direction that must name one absolute direction of this board.
    fn absolute_direction(&mut self, path: &[Step], direction: Direction) {
        let name = super::compile::direction_name(direction);
        if self.geometry.direction(&name).is_none() {
            self.no_direction(path, direction, self.ruleset.board.shape == Shape::Hex);
        }
    }

    fn no_direction(&mut self, path: &[Step], direction: Direction, hex: bool) {
        let (file, span) = self.at(path);
        let names: Vec<&str> = self.geometry.directions().iter().map(|d| d.0).collect();
        let help = format!("the directions of this board are {}", names.join(", "));
        let direction = super::compile::direction_name(direction);
        let shape = if hex { "hex" } else { "square" };
        self.push(
            file,
            VocabError::Direction {
                direction,
                shape,
                span,
                help,
            },
        );
    }

    fn actions(&mut self) {
        let r = self.ruleset;
        for (a, action) in r.actions.iter().enumerate() {
            self.unused_keys(a, action);
            for (k, name) in action.kinds.iter().enumerate() {
                self.kind_name(&[Key("actions"), At(a), Key("kinds"), At(k)], name);
            }
            if action.onto == Some(Onto::Cover) && r.stacking.cover == Cover::None {
                let (file, span) = self.at(&[Key("actions"), At(a), Key("onto")]);
                self.push(file, VocabError::Contradiction {
                    message: format!("action `{}` covers pieces, but `stacking.cover` is `none`", action.name),
                    span,
                    label: "covers".into(),
                    help: "set `[stacking] cover = \"larger\"` (or `\"any\"`), or use `onto = \"empty\"`".into(),
                });
            }
            self.never_acts(a, action);
            self.browser_key(a, action);
        }
        if r.actions.iter().all(|a| a.mechanic == Mechanic::Pass) {
            let (file, span) = self.at(&[Key("actions")]);
            let message = "no action ever changes the board: every action passes".to_owned();
            let help = "add a `place` or `move` action".to_owned();
            self.push(
                file,
                VocabError::Never {
                    message,
                    span,
                    help,
                },
            );
        }
    }

    fn kind_name(&mut self, path: &[Step], name: &str) {
        let names: Vec<&str> = self.ruleset.kinds.iter().map(|k| k.name.as_str()).collect();
        if !names.contains(&name) {
            let (file, span) = self.at(path);
            let help = suggestion_help(name, "the kinds are", &names);
            self.push(
                file,
                VocabError::UnknownName {
                    what: "kind",
                    name: name.to_owned(),
                    span,
                    help,
                },
            );
        }
    }

    fn unused_keys(&mut self, a: usize, action: &ActionSpec) {
        let m = action.mechanic;
        let place = m == Mechanic::Place;
        let moves = m == Mechanic::Move;
        let effect = matches!(
            m,
            Mechanic::Transport | Mechanic::Blast | Mechanic::Rotate | Mechanic::Neutralise
        );
        let ringed = matches!(m, Mechanic::Transport | Mechanic::Blast | Mechanic::Rotate);
        let keys: [(&str, bool, &str); 12] = [
            (
                "kinds",
                !(action.kinds.is_empty() || place || moves),
                "`place` and `move`",
            ),
            (
                "onto",
                action.onto.is_some() && !(place || moves || effect),
                "`place`, `move` and effect",
            ),
            ("drop", action.drop.is_some() && !place, "`place`"),
            ("pattern", action.pattern.is_some() && !moves, "`move`"),
            (
                "directions",
                !action.directions.is_empty() && !moves,
                "`move`",
            ),
            ("distance", action.distance.is_some() && !moves, "`move`"),
            (
                "wrap",
                action.wrap && !(moves || ringed),
                "`move`, `transport`, `blast` and `rotate`",
            ),
            (
                "when",
                action.when.is_some() && m != Mechanic::Pass,
                "`pass`",
            ),
            (
                "cover_only",
                action.cover_only.is_some() && !(place && action.onto == Some(Onto::Cover)),
                "`place` with `onto = \"cover\"`",
            ),
            ("uses", action.uses.is_some() && !effect, "effect"),
            ("sinks", action.sinks && m != Mechanic::Blast, "`blast`"),
            (
                "turns",
                action.turns.is_some() && m != Mechanic::Neutralise,
                "`neutralise`",
            ),
        ];
        let mechanic = super::compile::kebab(action.mechanic);
        for (key, unused, users) in keys {
            if unused {
                let (file, span) = self.at(&[Key("actions"), At(a), Key(key)]);
                let help = format!("`{key}` is used by {users} actions; remove it here");
                self.push(
                    file,
                    VocabError::KeyUnused {
                        key: key.into(),
                        mechanic: mechanic.clone(),
                        span,
                        help,
                    },
                );
            }
        }
        self.effect_onto(a, action, effect);
        if action.drop.is_some() && action.onto.is_some_and(|o| o != Onto::Empty) {
            let (file, span) = self.at(&[Key("actions"), At(a), Key("onto")]);
            self.push(
                file,
                VocabError::Contradiction {
                    message: "a dropped piece always comes to rest on an empty square".into(),
                    span,
                    label: "not empty".into(),
                    help: "leave `onto` out of a `drop` action".into(),
                },
            );
        }
    }

    /// Effects name their target (`empty`, `own`, `opponent` or `piece`);
    /// `own` and `piece` are for effects only.
    fn effect_onto(&mut self, a: usize, action: &ActionSpec, effect: bool) {
        let problem = match (effect, action.onto) {
            (true, None) => Some((
                "name",
                "an effect needs `onto`: the square it is used on".to_owned(),
                "this effect has no `onto`",
                "add `onto = \"empty\"`, `\"own\"`, `\"opponent\"` or `\"piece\"`",
            )),
            (true, Some(Onto::Cover | Onto::EmptyOrOpponent)) => Some((
                "onto",
                "an effect is used on `empty`, `own`, `opponent` or `piece` squares".to_owned(),
                "this target",
                "choose one of `empty`, `own`, `opponent`, `piece`",
            )),
            (false, Some(Onto::Own | Onto::Piece)) => Some((
                "onto",
                "`own` and `piece` are targets of effects, not of placing or moving".to_owned(),
                "this target",
                "use `empty`, `opponent`, `empty-or-opponent` or `cover`",
            )),
            _ => None,
        };
        if let Some((key, message, label, help)) = problem {
            let (file, span) = self.at(&[Key("actions"), At(a), Key(key)]);
            self.push(
                file,
                VocabError::Contradiction {
                    message,
                    span,
                    label: label.into(),
                    help: help.into(),
                },
            );
        }
    }

    /// A `place` rule whose kinds are never in reserve, or a `move` rule
    /// whose kinds never reach the board.
    fn never_acts(&mut self, a: usize, action: &ActionSpec) {
        let r = self.ruleset;
        if (action.kinds.iter()).any(|n| !r.kinds.iter().any(|k| &k.name == n)) {
            return; // reported as an unknown kind
        }
        let applies = |k: &KindSpec| action.kinds.is_empty() || action.kinds.contains(&k.name);
        let in_reserve = |k: &KindSpec| k.reserve != Some(0);
        let message = match action.mechanic {
            Mechanic::Place if !r.kinds.iter().any(|k| applies(k) && in_reserve(k)) => {
                format!(
                    "action `{}` places pieces, but none of its kinds is ever in a reserve",
                    action.name
                )
            }
            Mechanic::Move => {
                let in_setup = |k: usize| {
                    let glyphs = &r.kinds[k].glyphs;
                    r.board.setup.iter().any(|row| {
                        setup_tokens(row)
                            .iter()
                            .any(|(_, g)| glyphs.iter().any(|x| x == g))
                    })
                };
                let placed = |k: &KindSpec| {
                    in_reserve(k)
                        && r.actions.iter().any(|p| {
                            p.mechanic == Mechanic::Place
                                && (p.kinds.is_empty() || p.kinds.contains(&k.name))
                        })
                };
                if r.kinds
                    .iter()
                    .enumerate()
                    .any(|(i, k)| applies(k) && (in_setup(i) || placed(k)))
                {
                    return;
                }
                format!(
                    "action `{}` moves pieces, but none of its kinds is ever on the board",
                    action.name
                )
            }
            _ => return,
        };
        let (file, span) = self.at(&[Key("actions"), At(a), Key("name")]);
        let help = "put its kinds in the setup or in a reserve, or remove the action".to_owned();
        self.push(
            file,
            VocabError::Never {
                message,
                span,
                help,
            },
        );
    }
}

/// The kinds as the compiler sees them, for glyph lookups.
fn kinds_of(ruleset: &VocabRuleset) -> Vec<Kind> {
    (ruleset.kinds.iter())
        .map(|k| Kind {
            name: k.name.clone(),
            glyphs: k.glyphs.clone(),
            size: k.size,
            reserve: k.reserve,
        })
        .collect()
}

impl Checker<'_> {
    fn stacking(&mut self) {
        let r = self.ruleset;
        let sizes = r.kinds.iter().map(|k| k.size);
        let (min, max) = (sizes.clone().min().unwrap_or(1), sizes.max().unwrap_or(1));
        if r.stacking.cover == Cover::Larger && min == max {
            let (file, span) = self.at(&[Key("stacking"), Key("cover")]);
            self.push(file, VocabError::StackWithoutSizes { size: min, span });
        }
        if r.stacking.cover == Cover::None && r.stacking.height.is_some() {
            let (file, span) = self.at(&[Key("stacking"), Key("height")]);
            self.push(
                file,
                VocabError::Contradiction {
                    message: "`stacking.height` is given but `stacking.cover` is `none`".into(),
                    span,
                    label: "no stacks".into(),
                    help: "set `cover = \"larger\"` or `\"any\"`, or remove `height`".into(),
                },
            );
        }
        if r.reserve.stacks.is_some() {
            for (k, kind) in r.kinds.iter().enumerate() {
                if kind.reserve.is_some() {
                    let (file, span) = self.at(&[Key("kinds"), At(k), Key("reserve")]);
                    self.push(file, VocabError::Contradiction {
                        message: format!("kind `{}` has a `reserve` count, but `reserve.stacks` fills every stack with one of each kind", kind.name),
                        span,
                        label: "a count".into(),
                        help: "remove `reserve` from the kinds, or `stacks` from `[reserve]`".into(),
                    });
                }
            }
        }
        let captures = r
            .actions
            .iter()
            .any(|a| matches!(a.onto, Some(Onto::Opponent | Onto::EmptyOrOpponent)));
        let finite = r.kinds.iter().any(|k| k.reserve.is_some());
        if r.reserve.refill == Refill::Captured && !(captures && finite) {
            let (file, span) = self.at(&[Key("reserve"), Key("refill")]);
            let why = if captures {
                "every reserve is unlimited"
            } else {
                "no action captures"
            };
            self.push(file, VocabError::Contradiction {
                message: format!("`reserve.refill` is `captured`, but {why}"),
                span,
                label: "never refills".into(),
                help: "give kinds a `reserve` count and an action `onto` an opponent, or remove `refill`".into(),
            });
        }
    }

    fn outcomes(&mut self) {
        let r = self.ruleset;
        if let Some(line) = &r.outcomes.line {
            let b = &r.board;
            let longest = (line_axes(b.shape, &line.directions).iter())
                .map(|&(dx, dy)| match (dx, dy) {
                    (_, 0) => b.width,
                    (0, _) => b.height,
                    _ => b.width.min(b.height),
                })
                .max()
                .unwrap_or(0);
            if line.length > longest {
                let (file, span) = self.at(&[Key("outcomes"), Key("line"), Key("length")]);
                self.push(
                    file,
                    VocabError::LineTooLong {
                        length: line.length,
                        longest,
                        span,
                    },
                );
            }
        }
        if let Some(reach) = &r.outcomes.reach {
            for (k, name) in reach.kinds.iter().enumerate() {
                self.kind_name(&[Key("outcomes"), Key("reach"), Key("kinds"), At(k)], name);
            }
        }
        if r.outcomes.turn_limit.is_none() {
            self.endless();
        }
    }

    /// A move rule that can take a piece back where it came from, with no
    /// turn limit to end play.
    fn endless(&mut self) {
        let r = self.ruleset;
        let n = self.geometry.directions().len() as u8;
        for (a, action) in r.actions.iter().enumerate() {
            if action.mechanic != Mechanic::Move {
                continue;
            }
            let back = action.pattern == Some(Pattern::Anywhere) || {
                let dirs: Vec<u8> = (r.actions.iter())
                    .filter(|x| x.mechanic == Mechanic::Move)
                    .flat_map(|x| {
                        if x.directions.is_empty() {
                            vec![Direction::All]
                        } else {
                            x.directions.clone()
                        }
                    })
                    .flat_map(|d| resolve(&self.geometry, d, 0, r.board.neighbours))
                    .collect();
                let own: Vec<u8> = (if action.directions.is_empty() {
                    vec![Direction::All]
                } else {
                    action.directions.clone()
                })
                .into_iter()
                .flat_map(|d| resolve(&self.geometry, d, 0, r.board.neighbours))
                .collect();
                own.iter().any(|d| dirs.contains(&((d + n / 2) % n))) || action.wrap
            };
            if back {
                let (file, span) = self.at(&[Key("actions"), At(a), Key("name")]);
                self.push(file, VocabError::Endless { span });
                return;
            }
        }
    }

    fn messages(&mut self) {
        let given = serde_json::to_value(&self.ruleset.messages).unwrap_or_default();
        for (key, _, allowed) in DEFAULTS {
            let Some(text) = given.get(*key).and_then(serde_json::Value::as_str) else {
                continue;
            };
            let path = [Key("messages"), Key(key)];
            for found in unfillable(key, text, allowed) {
                let (file, span) = self.inside(&path, found.range.start, found.range.end);
                let error = VocabError::Placeholder {
                    key: (*key).into(),
                    name: found.name,
                    span,
                    help: found.help,
                };
                self.push(file, error);
            }
        }
    }
}
