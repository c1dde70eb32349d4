//! A walker ruleset compiled: kinds with their flags as small integers,
//! actions, and physics rules as cell offsets. The hot path reads only
//! this. [`compile`] checks across tables as it goes and reports every
//! problem it finds.

use miette::SourceSpan;

use super::error::WalkerError;
use super::physics::Physics;
use super::schema::{ActionSpec, DigRule, Direction, DrawSpec, KindSpec, Mode, WalkerRuleset};
use super::table::{Entry, id_named, id_of_glyph, id_where};
use crate::config::tree::Node;
use crate::config::validate::{source_span, suggestion_help};

mod patterns;

/// One kind of square, compiled.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    /// Its name.
    pub name: String,
    /// Its glyph.
    pub glyph: char,
    /// Walkable.
    pub passable: bool,
    /// Taken on entering.
    pub collectable: bool,
    /// Diggable.
    pub diggable: bool,
    /// Pushable, by direction (indexed as [`Direction::ALL`]).
    pub pushable: [bool; 4],
    /// How the browser draws it.
    pub draw: DrawSpec,
}

/// One action, compiled.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ActionDef {
    /// Its name.
    pub name: String,
    /// Its letter.
    pub letter: char,
    /// How it moves.
    pub mode: Mode,
    /// Its directions, in canonical order.
    pub directions: Vec<Direction>,
    /// The most steps.
    pub max_count: u8,
    /// For digs: which squares must be diggable.
    pub dig: DigRule,
}

/// A checked, compiled walker ruleset: what positions share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The game it is for (`walker-physics`).
    pub game: String,
    /// Its display name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The kinds, by id.
    pub kinds: Vec<Kind>,
    /// The actor's kind.
    pub actor: u8,
    /// The empty kind.
    pub empty: u8,
    /// The kind outside the board.
    pub outside: u8,
    /// The actions, in canonical order.
    pub actions: Vec<ActionDef>,
    /// The physics.
    pub physics: Physics,
    /// The kinds `relic solve` clears from the board (none: no goal).
    pub goal: Vec<u8>,
    /// The ruleset as it resolved after `extends` (its `extends` cleared):
    /// what records store and `relic rules show` prints.
    pub resolved: WalkerRuleset,
}

impl Entry for Kind {
    fn name(&self) -> &str {
        &self.name
    }

    fn glyph(&self) -> Option<char> {
        Some(self.glyph)
    }
}

impl Program {
    /// The kind written with `glyph`.
    pub fn kind_of_glyph(&self, glyph: char) -> Option<u8> {
        id_of_glyph(&self.kinds, glyph)
    }

    /// The kind named `name`.
    pub fn kind_named(&self, name: &str) -> Option<u8> {
        id_named(&self.kinds, name)
    }

    /// The action written with `letter`.
    pub fn action_of_letter(&self, letter: char) -> Option<u8> {
        id_where(&self.actions, |a| a.letter == letter)
    }
}

pub(super) use crate::config::tree::Step;
use Step::{At, Key};

pub(super) struct Compiler<'a> {
    root: &'a Node,
    out: Vec<(usize, WalkerError)>,
}

/// Checks `ruleset` (read from `root`) across its tables and compiles it,
/// or returns every problem with the file it is in.
pub fn compile(ruleset: &WalkerRuleset, root: &Node) -> Result<Program, Vec<(usize, WalkerError)>> {
    let mut c = Compiler {
        root,
        out: Vec::new(),
    };
    let kinds = c.kinds(ruleset);
    let role = |c: &mut Compiler, key: &'static str, name: &str| {
        c.kind_ref(&kinds, name, &[Key("roles"), Key(key)])
    };
    let actor = role(&mut c, "actor", &ruleset.roles.actor);
    let empty = role(&mut c, "empty", &ruleset.roles.empty);
    let outside = role(&mut c, "outside", &ruleset.roles.outside);
    let actions = c.actions(ruleset);
    let (actor, empty, outside) = (actor.unwrap_or(0), empty.unwrap_or(0), outside.unwrap_or(0));
    c.roles(&kinds, actor, empty, outside);
    let physics = c.physics(ruleset, &kinds, empty, actor);
    let goal = (ruleset.goal.clear.iter().enumerate())
        .filter_map(|(i, name)| c.kind_ref(&kinds, name, &[Key("goal"), Key("clear"), At(i)]))
        .collect();
    if !c.out.is_empty() {
        return Err(c.out);
    }
    Ok(Program {
        game: ruleset.game.clone(),
        name: ruleset.name.clone(),
        description: ruleset.description.clone(),
        kinds,
        actor,
        empty,
        outside,
        actions,
        physics,
        goal,
        resolved: WalkerRuleset {
            extends: None,
            ..ruleset.clone()
        },
    })
}

impl<'a> Compiler<'a> {
    fn node(&self, path: &[Step]) -> &'a Node {
        self.root.nearest(path)
    }

    fn at(&self, path: &[Step]) -> (usize, SourceSpan) {
        let node = self.node(path);
        (node.at.file, source_span(node.at))
    }

    pub(super) fn push(&mut self, path: &[Step], make: impl FnOnce(SourceSpan) -> WalkerError) {
        let (file, span) = self.at(path);
        self.out.push((file, make(span)));
    }

    fn kinds(&mut self, ruleset: &WalkerRuleset) -> Vec<Kind> {
        let mut kinds: Vec<Kind> = Vec::new();
        for (i, spec) in ruleset.kinds.iter().enumerate() {
            let glyph = spec.glyph.chars().next().unwrap_or('?');
            self.check_kind(&kinds, spec, i, glyph);
            let mut pushable = [false; 4];
            for d in &spec.pushable {
                pushable[*d as usize] = true;
            }
            kinds.push(Kind {
                name: spec.name.clone(),
                glyph,
                passable: spec.passable,
                collectable: spec.collectable,
                diggable: spec.diggable,
                pushable,
                draw: spec.draw.clone(),
            });
        }
        kinds
    }

    /// Kind `i` against the kinds before it: a name and a glyph of its
    /// own, a glyph patterns can read.
    fn check_kind(&mut self, before: &[Kind], spec: &KindSpec, i: usize, glyph: char) {
        if before.iter().any(|k| k.name == spec.name) {
            let name = spec.name.clone();
            self.push(&[Key("kinds"), At(i), Key("name")], |span| {
                WalkerError::Duplicate {
                    what: "kind name",
                    name,
                    span,
                }
            });
        }
        if before.iter().any(|k| k.glyph == glyph) {
            let name = spec.glyph.clone();
            self.push(&[Key("kinds"), At(i), Key("glyph")], |span| {
                WalkerError::Duplicate {
                    what: "glyph",
                    name,
                    span,
                }
            });
        }
        if "?*|".contains(glyph) || glyph.is_whitespace() {
            let glyph = spec.glyph.clone();
            self.push(&[Key("kinds"), At(i), Key("glyph")], |span| {
                WalkerError::ReservedGlyph { glyph, span }
            });
        }
    }

    fn kind_ref(&mut self, kinds: &[Kind], name: &str, path: &[Step]) -> Option<u8> {
        if let Some(i) = kinds.iter().position(|k| k.name == name) {
            return Some(i as u8);
        }
        let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
        let help = suggestion_help(name, "the kinds are", &names);
        let name = name.to_owned();
        self.push(path, |span| WalkerError::UnknownName {
            what: "kind",
            name,
            span,
            help,
        });
        None
    }

    fn roles(&mut self, kinds: &[Kind], actor: u8, empty: u8, outside: u8) {
        let bad = |c: &mut Self, key: &'static str, message: String, help: &str| {
            let help = help.to_owned();
            c.push(&[Key("roles"), Key(key)], |span| WalkerError::BadRole {
                message,
                span,
                help,
            });
        };
        if actor == empty {
            bad(
                self,
                "actor",
                "the actor and the empty kind are the same".into(),
                "the actor needs a kind of its own",
            );
        }
        let out = &kinds[outside as usize];
        if out.passable || out.diggable || out.pushable.contains(&true) {
            let message = format!("the outside kind `{}` can be entered", out.name);
            bad(
                self,
                "outside",
                message,
                "the outside kind must be neither passable, diggable nor pushable (a wall)",
            );
        }
        let e = &kinds[empty as usize];
        if !e.passable || e.collectable {
            let message = format!("the empty kind `{}` is not a plain passable square", e.name);
            bad(
                self,
                "empty",
                message,
                "mark the empty kind `passable = true` and not collectable",
            );
        }
    }

    fn actions(&mut self, ruleset: &WalkerRuleset) -> Vec<ActionDef> {
        let mut out: Vec<ActionDef> = Vec::new();
        for (i, spec) in ruleset.actions.iter().enumerate() {
            let letter = spec.letter.chars().next().unwrap_or('?');
            if out.iter().any(|a| a.letter == letter) {
                let name = spec.letter.clone();
                self.push(&[Key("actions"), At(i), Key("letter")], |span| {
                    WalkerError::Duplicate {
                        what: "action letter",
                        name,
                        span,
                    }
                });
            }
            self.check_action(spec, i, letter);
            out.push(ActionDef {
                name: spec.name.clone(),
                letter,
                mode: spec.mode,
                directions: spec.directions.clone(),
                max_count: spec.max_count,
                dig: spec.dig,
            });
        }
        out
    }

    /// Action `i` on its own: a letter the notation reads, and directions
    /// (each once) unless it is an `end` action.
    fn check_action(&mut self, spec: &ActionSpec, i: usize, letter: char) {
        if !letter.is_ascii_graphic() || "();NSEW".contains(letter) {
            self.bad_action(
                spec,
                i,
                "letter",
                "has a letter the notation cannot read",
                "use an ASCII letter or digit other than N, S, E and W",
            );
        }
        if spec.mode != Mode::End && spec.directions.is_empty() {
            self.bad_action(
                spec,
                i,
                "directions",
                "has no direction",
                "list the directions it may go, e.g. [\"N\", \"S\", \"E\", \"W\"]",
            );
        }
        let mut seen = Vec::new();
        for d in &spec.directions {
            if seen.contains(d) {
                self.bad_action(
                    spec,
                    i,
                    "directions",
                    "lists a direction twice",
                    "list each direction once",
                );
            }
            seen.push(*d);
        }
    }

    fn bad_action(&mut self, spec: &ActionSpec, i: usize, key: &str, message: &str, help: &str) {
        let (action, message, help) = (spec.name.clone(), message.to_owned(), help.to_owned());
        self.push(&[Key("actions"), At(i), Key(key)], |span| {
            WalkerError::BadAction {
                action,
                message,
                span,
                help,
            }
        });
    }
}
